"""GES time effects on audio and video together (issue 21, item 2) with
examples/python/ges_timewarp.py: a clip with a video and an audio track gets `videotimewarp` and
`audiotimewarp`, both `function=triangle factor=2`, made time effects through the helper. The clip
is stretched to its duration-limit and played through a GES pipeline into appsinks (sync=false),
and the output is compared with the closed form:

- triangle, factor 2, modifier 0.5: F(1) = 1.25, so D = 2.4 s gives 3.0 s of audio and of video;
- an audio tick at input time t starts at T(t) = D F(t/D) (timewarp_ref's closed form), and the
  first video frame showing input frame 25 t is within a frame of it.

The clip is made at test time: frame n is grey level 4n (so a frame tells its index) and the audio
is silence with a 10 ms 1 kHz tick at each of TICKS.
"""
import math
import os
import shutil
import sys
import tempfile
import threading
import unittest

import timewarp_ref as ref

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "python"))

FRAMES, RATE, STEP = 60, 25, 4          # input frame n is grey level STEP * n; D = 2.4 s
AUDIO_RATE = 48000
TICKS = (0.2, 0.6, 1.0, 1.4, 1.8, 2.2)  # input seconds, each on a frame's start
TICK_LEN = 0.010
D = FRAMES / RATE


def tick_samples():
    """Mono S16LE samples of D seconds: silence with a tick at each of TICKS."""
    n = int(D * AUDIO_RATE)
    samples = [0] * n
    for t in TICKS:
        start = round(t * AUDIO_RATE)
        for i in range(int(TICK_LEN * AUDIO_RATE)):
            samples[start + i] = int(20000 * math.sin(2 * math.pi * 1000 * i / AUDIO_RATE))
    return samples


def onsets(samples, rate, threshold=3000, gap=0.1):
    """Times (s) where |x| first exceeds `threshold` after at least `gap` s below it."""
    found, last = [], -1.0
    for i, x in enumerate(samples):
        if abs(x) > threshold:
            t = i / rate
            if t - last > gap:
                found.append(t)
            last = t
    return found


@unittest.skipUnless(ref.have_ges(), "needs gir1.2-ges-1.0 (make deps)")
class GESAudioVideoTimeEffectTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        Gst = ref.gst()
        from gi.repository import GES
        GES.init()
        cls.tmp = tempfile.mkdtemp()
        cls.clip = os.path.join(cls.tmp, "ticks.mkv")
        p = Gst.parse_launch(
            "matroskamux name=mux ! filesink location=" + cls.clip + " "
            "appsrc name=v format=time caps=video/x-raw,format=GRAY8,width=64,height=48,framerate=25/1 "
            "! videoconvert ! x264enc speed-preset=ultrafast qp-max=10 ! h264parse ! queue ! mux.video_0 "
            "appsrc name=a format=time caps=audio/x-raw,format=S16LE,layout=interleaved,channels=1,rate=%d "
            "! queue ! mux.audio_0" % AUDIO_RATE)
        p.set_state(Gst.State.PLAYING)
        vsrc, asrc = p.get_by_name("v"), p.get_by_name("a")
        samples = tick_samples()
        chunk = AUDIO_RATE // 10
        for start in range(0, len(samples), chunk):
            part = samples[start:start + chunk]
            buf = Gst.Buffer.new_wrapped(b"".join(x.to_bytes(2, "little", signed=True) for x in part))
            buf.pts = start * Gst.SECOND // AUDIO_RATE
            buf.duration = len(part) * Gst.SECOND // AUDIO_RATE
            asrc.emit("push-buffer", buf)
        asrc.emit("end-of-stream")
        for n in range(FRAMES):
            buf = Gst.Buffer.new_wrapped(bytes([STEP * n]) * (64 * 48))
            buf.pts = n * Gst.SECOND // RATE
            buf.duration = Gst.SECOND // RATE
            vsrc.emit("push-buffer", buf)
        vsrc.emit("end-of-stream")
        msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR, 60)
        p.set_state(Gst.State.NULL)
        assert msg is not None and msg.type == Gst.MessageType.EOS, msg and msg.parse_error()
        cls.result = None

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def timeline(self):
        import ges_timewarp
        Gst = ref.gst()
        from gi.repository import GES
        timeline = GES.Timeline.new_audio_video()
        layer = timeline.append_layer()
        asset = GES.UriClipAsset.request_sync(Gst.filename_to_uri(self.clip))
        clip = layer.add_asset(asset, 0, 0, asset.get_duration(), GES.TrackType.UNKNOWN)
        kinds = {e.get_track_type() for e in clip.get_children(False)}
        self.assertEqual(kinds, {GES.TrackType.VIDEO, GES.TrackType.AUDIO})
        for description in ("videotimewarp function=triangle factor=2",
                            "audiotimewarp function=triangle factor=2"):
            effect = GES.Effect.new(description)
            ges_timewarp.make_time_effect(effect)
            self.assertTrue(effect.is_time_effect())
            self.assertTrue(clip.add(effect))
        return timeline, clip, asset.get_duration()

    def play(self):
        """Plays the stretched clip into appsinks; returns (video [(pts s, end s, level)],
        audio samples at AUDIO_RATE, audio first pts s), once per class."""
        if GESAudioVideoTimeEffectTests.result is not None:
            return GESAudioVideoTimeEffectTests.result
        Gst = ref.gst()
        from gi.repository import GES
        timeline, clip, _ = self.timeline()
        self.assertTrue(clip.set_duration(clip.get_duration_limit()))
        pipeline = GES.Pipeline()
        pipeline.set_timeline(timeline)
        vbin = Gst.parse_bin_from_description(
            "videoconvert ! appsink name=s sync=false emit-signals=true caps=video/x-raw,format=GRAY8", True)
        abin = Gst.parse_bin_from_description(
            "audioconvert ! audioresample ! appsink name=s sync=false emit-signals=true "
            "caps=audio/x-raw,format=S16LE,layout=interleaved,channels=1,rate=%d" % AUDIO_RATE, True)
        pipeline.preview_set_video_sink(vbin)
        pipeline.preview_set_audio_sink(abin)
        video, audio, first_audio = [], bytearray(), []
        lock = threading.Lock()

        def on_video(sink):
            buf = sink.emit("pull-sample").get_buffer()
            ok, info = buf.map(Gst.MapFlags.READ)
            level = info.data[64 * 24 + 32] if ok else -1
            buf.unmap(info)
            with lock:
                video.append((buf.pts / Gst.SECOND, (buf.pts + buf.duration) / Gst.SECOND, level))
            return Gst.FlowReturn.OK

        def on_audio(sink):
            buf = sink.emit("pull-sample").get_buffer()
            with lock:
                if not first_audio:
                    first_audio.append(buf.pts / Gst.SECOND)
                audio.extend(buf.extract_dup(0, buf.get_size()))
            return Gst.FlowReturn.OK

        vbin.get_by_name("s").connect("new-sample", on_video)
        abin.get_by_name("s").connect("new-sample", on_audio)
        pipeline.set_state(Gst.State.PLAYING)
        try:
            msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 120)
        finally:
            pipeline.set_state(Gst.State.NULL)
        self.assertIsNotNone(msg, "no EOS")
        self.assertEqual(msg.type, Gst.MessageType.EOS,
                         msg.parse_error()[0].message if msg.type == Gst.MessageType.ERROR else "")
        samples = [int.from_bytes(audio[i:i + 2], "little", signed=True) for i in range(0, len(audio) - 1, 2)]
        GESAudioVideoTimeEffectTests.result = (video, samples, first_audio[0] if first_audio else None)
        return GESAudioVideoTimeEffectTests.result

    def test_duration_limit_is_D_F1(self):
        S = ref.gst().SECOND
        _, clip, source = self.timeline()
        self.assertEqual(source, FRAMES * S // RATE)
        # Both effects give 1.25 D; the clip's limit is the smaller of the tracks'.
        self.assertAlmostEqual(clip.get_duration_limit() / S, 1.25 * D, delta=1e-6)
        self.assertTrue(clip.set_duration(clip.get_duration_limit()))
        self.assertAlmostEqual(clip.get_duration() / S, 3.0, delta=1e-6)

    def test_audio_and_video_lengths(self):
        video, samples, first_audio = self.play()
        frame = 1 / RATE
        self.assertAlmostEqual(first_audio, 0.0, delta=1e-6)
        audio_length = len(samples) / AUDIO_RATE
        video_length = video[-1][1]
        # D F(1) = 2.4 * 1.25 = 3.0 s, both to a frame; and the two within a frame of each other.
        self.assertAlmostEqual(audio_length, 3.0, delta=frame)
        self.assertAlmostEqual(video_length, 3.0, delta=frame)
        self.assertAlmostEqual(audio_length, video_length, delta=frame)

    def test_ticks_land_at_T_with_their_frames(self):
        video, samples, _ = self.play()
        heard = onsets(samples, AUDIO_RATE)
        self.assertEqual(len(heard), len(TICKS), "ticks heard at %s" % heard)
        frame = 1 / RATE
        for t, at in zip(TICKS, heard):
            expected = ref.T("triangle", t, D, factor=2.0)
            n = round(t * RATE)
            shown = [pts for pts, _, level in video if round(level / STEP) >= n]
            self.assertTrue(shown, "input frame %d never shown" % n)
            # Within a frame of T(t): the tick, and the first output frame showing input frame n.
            self.assertAlmostEqual(at, expected, delta=frame, msg="tick at input %.2f s" % t)
            self.assertAlmostEqual(shown[0], expected, delta=frame, msg="frame %d (input %.2f s)" % (n, t))
            self.assertAlmostEqual(at, shown[0], delta=frame, msg="tick vs frame at input %.2f s" % t)


if __name__ == "__main__":
    unittest.main()
