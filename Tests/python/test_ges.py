"""GES time effects (issue 21, item 2) with examples/python/ges_timewarp.py: a clip with
videotimewarp function=triangle factor=2 gets the duration-limit D*F(1), can be stretched to it,
renders to that length, and a seek lands on the frame at T^-1.

Hand calculation: the triangle with factor 2 and modifier 0.5 has F(1) = 1 + 0.25 = 1.25 (the bump
above 1 is a triangle of base 0.5 and height 1), so D = 2.4 s gives 3.0 s. T^-1 comes from the
closed-form F in timewarp_ref, inverted by bisection.
"""
import os
import shutil
import sys
import tempfile
import unittest

import timewarp_ref as ref

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "python"))

FRAMES, RATE, STEP = 60, 25, 4   # input frame n is grey level STEP * n


def T_inverse(y, D):
    lo, hi = 0.0, 10 * D
    for _ in range(200):
        mid = (lo + hi) / 2
        if ref.T("triangle", mid, D, factor=2.0) < y:
            lo = mid
        else:
            hi = mid
    return lo


def write_grey_ramp(path):
    """FRAMES frames of H.264 at RATE fps in MP4 whose frame n is grey level STEP * n, so a decoded
    frame tells its index."""
    Gst = ref.gst()
    p = Gst.parse_launch(
        "appsrc name=src format=time caps=video/x-raw,format=GRAY8,width=64,height=48,framerate=25/1 "
        "! videoconvert ! x264enc speed-preset=ultrafast qp-max=10 ! h264parse ! mp4mux ! filesink location=" + path)
    src = p.get_by_name("src")
    p.set_state(Gst.State.PLAYING)
    for n in range(FRAMES):
        buf = Gst.Buffer.new_wrapped(bytes([STEP * n]) * (64 * 48))
        buf.pts = n * Gst.SECOND // RATE
        buf.duration = Gst.SECOND // RATE
        src.emit("push-buffer", buf)
    src.emit("end-of-stream")
    msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR, 60)
    p.set_state(Gst.State.NULL)
    assert msg is not None and msg.type == Gst.MessageType.EOS


class GESClipFixture(unittest.TestCase):
    """A timeline over the grey-ramp clip (made once per class) with one effect made a time
    effect: the set-up the GES tests share."""

    @classmethod
    def setUpClass(cls):
        from gi.repository import GES
        ref.gst()
        GES.init()
        cls.tmp = tempfile.mkdtemp()
        cls.clip = os.path.join(cls.tmp, "ramp.mp4")
        write_grey_ramp(cls.clip)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def timeline_with(self, description):
        """A timeline holding the clip (video) with the effect `description`, made a time effect
        by examples/python/ges_timewarp.py; (timeline, clip, source duration)."""
        import ges_timewarp
        Gst = ref.gst()
        from gi.repository import GES
        timeline = GES.Timeline.new_audio_video()
        layer = timeline.append_layer()
        asset = GES.UriClipAsset.request_sync(Gst.filename_to_uri(self.clip))
        clip = layer.add_asset(asset, 0, 0, asset.get_duration(), GES.TrackType.VIDEO)
        effect = GES.Effect.new(description)
        self.assertFalse(effect.is_time_effect())
        ges_timewarp.make_time_effect(effect)
        self.assertTrue(effect.is_time_effect())
        self.assertTrue(clip.add(effect))
        return timeline, clip, asset.get_duration()

    def levels_after_seeks(self, timeline, positions):
        """The grey level of the frame the preview shows after an accurate flushing seek to each
        of `positions` (s), in order."""
        Gst = ref.gst()
        from gi.repository import GES
        pipeline = GES.Pipeline()
        pipeline.set_timeline(timeline)
        conv = Gst.parse_bin_from_description("videoconvert ! appsink name=s caps=video/x-raw,format=GRAY8", True)
        pipeline.preview_set_video_sink(conv)
        pipeline.set_state(Gst.State.PAUSED)
        levels = []
        try:
            self.assertEqual(pipeline.get_state(30 * Gst.SECOND)[0], Gst.StateChangeReturn.SUCCESS)
            bus = pipeline.get_bus()
            while bus.pop_filtered(Gst.MessageType.ASYNC_DONE):
                pass  # the preroll's
            for y in positions:
                self.assertTrue(pipeline.seek_simple(Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
                                                     int(y * Gst.SECOND)))
                # The seek's own preroll (get_state may answer before it started).
                done = ref.wait_bus(pipeline, Gst.MessageType.ASYNC_DONE | Gst.MessageType.ERROR, 30)
                self.assertEqual(done.type, Gst.MessageType.ASYNC_DONE)
                sample = conv.get_by_name("s").emit("try-pull-preroll", 10 * Gst.SECOND)
                self.assertIsNotNone(sample)
                buf = sample.get_buffer()
                ok, info = buf.map(Gst.MapFlags.READ)
                levels.append(info.data[64 * 24 + 32])
                buf.unmap(info)
        finally:
            pipeline.set_state(Gst.State.NULL)
        return levels

    def rendered_seconds(self, timeline):
        """Renders `timeline` to H.264 in Matroska and returns the written file's duration (s), as
        the discoverer reads it."""
        Gst = ref.gst()
        from gi.repository import GES, GstPbutils
        out = os.path.join(self.tmp, "render.mkv")
        profile = GstPbutils.EncodingContainerProfile.new(
            "mkv", None, Gst.Caps.from_string("video/x-matroska"), None)
        profile.add_profile(GstPbutils.EncodingVideoProfile.new(Gst.Caps.from_string("video/x-h264"), None, None, 0))
        pipeline = GES.Pipeline()
        pipeline.set_timeline(timeline)
        pipeline.set_render_settings(Gst.filename_to_uri(out), profile)
        pipeline.set_mode(GES.PipelineFlags.RENDER)
        pipeline.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 120)
        pipeline.set_state(Gst.State.NULL)
        self.assertEqual(msg.type, Gst.MessageType.EOS, msg.parse_error()[0].message if msg.type == Gst.MessageType.ERROR else "")
        info = GstPbutils.Discoverer.new(30 * Gst.SECOND).discover_uri(Gst.filename_to_uri(out))
        return info.get_duration() / Gst.SECOND


@unittest.skipUnless(ref.have_ges(), "needs gir1.2-ges-1.0 (make deps)")
class GESTimeEffectTests(GESClipFixture):
    def timeline(self):
        return self.timeline_with("videotimewarp function=triangle factor=2")

    def test_duration_limit_and_stretch(self):
        S = ref.gst().SECOND
        _, clip, D = self.timeline()
        self.assertEqual(D, FRAMES * S // RATE)
        self.assertAlmostEqual(clip.get_duration_limit() / S, 1.25 * D / S, delta=1e-6)
        self.assertTrue(clip.set_duration(clip.get_duration_limit()))
        self.assertAlmostEqual(clip.get_duration() / S, 3.0, delta=1e-6)

    def test_seek_lands_on_the_frame_at_the_inverse(self):
        Gst = ref.gst()
        timeline, clip, D = self.timeline()
        clip.set_duration(clip.get_duration_limit())
        positions = (0.4, 0.8, 1.2, 1.5, 2.2, 2.8)
        for y, level in zip(positions, self.levels_after_seeks(timeline, positions)):
            t = T_inverse(y, D / Gst.SECOND)
            # The frame shown is the input frame that covers T^-1(y): [n/25, (n+1)/25) holds it
            # (to 0.01 frame, for T^-1(y) on a frame's start).
            n = round(level / STEP)
            self.assertTrue(t * RATE - 1 < n <= t * RATE + 0.01, "seek to %.2f s: frame %d, T^-1 = %.4f s" % (y, n, t))

    def test_render_length(self):
        timeline, clip, _ = self.timeline()
        clip.set_duration(clip.get_duration_limit())
        # 3.0 s of output (D F(1) = 2.4 * 1.25), to a frame of the timeline's rate.
        self.assertAlmostEqual(self.rendered_seconds(timeline), 3.0, delta=0.05)


    @unittest.skipUnless(shutil.which("cc") and shutil.which("pkg-config"), "needs a C compiler")
    def test_c_helper(self):
        """examples/c: the same helper in C, compiled as an application would; D = 2.4 s gives a
        duration-limit of 2.4 * 1.25 = 3.000 s."""
        import subprocess
        c = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "c")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gst-editing-services-1.0"],
                               capture_output=True, text=True)
        if flags.returncode != 0:
            self.skipTest("needs libges-1.0-dev (make deps)")
        exe = os.path.join(self.tmp, "ges-time-effect")
        subprocess.run(["cc", "-Wall", "-Werror", "-o", exe, os.path.join(c, "ges-time-effect.c"),
                        os.path.join(c, "timewarp-ges.c")] + flags.stdout.split(), check=True, timeout=120)
        out = subprocess.run([exe, ref.gst().filename_to_uri(self.clip)], capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("source 2.400 s, duration-limit 3.000 s", out.stdout)

if __name__ == "__main__":
    unittest.main()
