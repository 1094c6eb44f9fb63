"""Reverse playback through both elements (issue 13), in real pipelines: a clip in Matroska with
MJPEG video (every frame a keyframe) and raw PCM audio, played with a seek at rate -1.

Expected values by hand: the clip has 60 frames at 30 fps (2 s) and 94 buffers of 1024 samples at
48 kHz (2.00533 s); with factor=2, T(t) = 2t.
"""
import os
import shutil
import subprocess
import tempfile
import time
import unittest

import timewarp_ref as ref


def make_clip(path):
    subprocess.run(
        ["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=60", "!",
         "video/x-raw,width=64,height=48,framerate=30/1", "!", "jpegenc", "!", "matroskamux", "name=m", "!",
         "filesink", "location=" + path,
         "audiotestsrc", "num-buffers=94", "samplesperbuffer=1024", "!",
         "audio/x-raw,format=S16LE,rate=48000,channels=1", "!", "m."], check=True)


def make_numbered_clip(path):
    """60 frames at 30 fps whose grey level is 4 x the frame number (MJPEG keeps it to +-2),
    and 94 x 1024 samples of audio at 48 kHz, in Matroska."""
    Gst = ref.gst()
    pipeline = Gst.parse_launch(
        "appsrc name=src format=time caps=video/x-raw,format=GRAY8,width=64,height=48,framerate=30/1 "
        "! videoconvert ! jpegenc ! matroskamux name=m ! filesink location=%s "
        "audiotestsrc num-buffers=94 samplesperbuffer=1024 ! audio/x-raw,format=S16LE,rate=48000,channels=1 ! m."
        % path)
    src = pipeline.get_by_name("src")
    pipeline.set_state(Gst.State.PLAYING)
    for n in range(60):
        buf = Gst.Buffer.new_wrapped(bytes([n * 4]) * (64 * 48))
        buf.pts = n * Gst.SECOND // 30
        buf.duration = (n + 1) * Gst.SECOND // 30 - buf.pts
        src.emit("push-buffer", buf)
    src.emit("end-of-stream")
    msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 20)
    pipeline.set_state(Gst.State.NULL)
    assert msg is not None and msg.type == Gst.MessageType.EOS


def play(path, rate, video_caps="video/x-raw,framerate=30/1", props="factor=2"):
    """Seeks the clip to [0, 4 s of output] at `rate` and plays it; returns per-sink buffer lists
    of (pts, duration, size, discont)."""
    Gst = ref.gst()
    pipeline = Gst.parse_launch(
        "filesrc location=%s ! matroskademux name=d d.video_0 ! queue ! jpegdec ! videotimewarp %s ! %s "
        "! appsink name=vs sync=false d.audio_0 ! queue ! audiotimewarp %s ! appsink name=as sync=false"
        % (path, props, video_caps, props))
    out = {"vs": [], "as": []}
    for name in out:
        sink = pipeline.get_by_name(name)
        sink.set_property("emit-signals", True)

        def on_sample(s, name=name):
            b = s.emit("pull-sample").get_buffer()
            out[name].append((b.pts, b.duration, b.get_size(), bool(b.get_flags() & Gst.BufferFlags.DISCONT)))
            return Gst.FlowReturn.OK
        sink.connect("new-sample", on_sample)
    pipeline.set_state(Gst.State.PAUSED)
    pipeline.get_state(10 * Gst.SECOND)
    for name in out:
        out[name].clear()
    assert pipeline.seek(rate, Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
                         Gst.SeekType.SET, 0, Gst.SeekType.SET, 4 * Gst.SECOND)
    pipeline.set_state(Gst.State.PLAYING)
    msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
    pipeline.set_state(Gst.State.NULL)
    if msg is None or msg.type != Gst.MessageType.EOS:
        raise ref.PipelineError(msg.parse_error()[0].message if msg else "timed out")
    return out


class ClipTestCase(unittest.TestCase):
    """Makes the class's clip (`make_clip` of a file name) once in a temporary folder."""
    make_clip = None

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="timewarp-reverse-")
        cls.clip = os.path.join(cls.dir, "clip.mkv")
        cls.make_clip(cls.clip)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, True)


class ReversePlaybackTests(ClipTestCase):
    make_clip = staticmethod(make_clip)

    def test_video_at_a_fixed_rate_fills_every_slot_descending(self):
        video = play(self.clip, -1.0)["vs"]
        # T(2 s) = 4 s at 30/1: slots 119 ... 0 at k/30 s, as forward playback gives.
        self.assertEqual([p for p, _, _, _ in video], [k * ref.SECOND // 30 for k in reversed(range(120))])
        forward = play(self.clip, 1.0)["vs"]
        self.assertEqual(len(forward), 120)

    def test_audio_reverse_has_the_forward_length_in_order_with_one_discont(self):
        audio = play(self.clip, -1.0)["as"]
        samples = sum(size for _, _, size, _ in audio) // 2
        # 94 * 1024 input samples at factor 2: exactly twice as many out.
        self.assertEqual(samples, 2 * 94 * 1024)
        for (p0, _, _, _), (p1, d1, _, _) in zip(audio, audio[1:]):
            self.assertEqual(p1 + d1, p0)  # descending and contiguous
        self.assertEqual(audio[-1][0], 0)
        # The demuxer delivers contiguous chunks: one run, one DISCONT.
        self.assertEqual(sum(1 for *_, d in audio if d), 1)


class ReversePropertyTests(ClipTestCase):
    """reverse=true in a plain pipeline string: the element asks the demuxer for reverse playback."""
    make_clip = staticmethod(make_numbered_clip)

    def play_to_eos(self, pipeline):
        Gst = ref.gst()
        pipeline.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
        pipeline.set_state(Gst.State.NULL)
        self.assertIsNotNone(msg, "no EOS within 30 s")
        self.assertEqual(msg.type, Gst.MessageType.EOS, msg.parse_error() if msg.type == Gst.MessageType.ERROR else "")

    def test_plain_pipeline_writes_the_clip_backwards(self):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "filesrc location=%s ! matroskademux name=d d.video_0 ! queue ! jpegdec "
            "! videotimewarp reverse=true factor=2 ! appsink name=vs sync=false "
            "d.audio_0 ! queue ! audiotimewarp reverse=true factor=2 ! appsink name=as sync=false" % self.clip)
        out = {"vs": [], "as": []}
        for name in out:
            sink = pipeline.get_by_name(name)
            sink.set_property("emit-signals", True)

            def on_sample(s, name=name):
                b = s.emit("pull-sample").get_buffer()
                ok, info = b.map(Gst.MapFlags.READ)
                out[name].append((b.pts, b.duration, b.get_size(), info.data[0] if name == "vs" else 0))
                b.unmap(info)
                return Gst.FlowReturn.OK
            sink.connect("new-sample", on_sample)
        self.play_to_eos(pipeline)
        video, audio = out["vs"], out["as"]
        # The container lasts 94 * 1024 / 48000 = 2.005333 s (the audio); reversed and doubled,
        # T(end) = 4.010667 s. Frames 59 ... 0, each shown twice at 30/1, from 0 up.
        pts = [p for p, _, _, _ in video]
        self.assertEqual(pts, [k * ref.SECOND // 30 for k in range(len(pts))])
        frames = [round(level / 4) for _, _, _, level in video]
        self.assertEqual(frames[0], 59)
        self.assertEqual(frames[-1], 0)
        self.assertTrue(all(a >= b for a, b in zip(frames, frames[1:])), frames)
        self.assertEqual(sorted(set(frames)), list(range(60)))
        # Slots over [0, T(end)): the last frame ends at T(end) - T(0) = 4.010667 s: 121 slots.
        self.assertEqual(len(video), 121)
        # Audio: ascending, contiguous, from 0, twice the input length.
        self.assertEqual(audio[0][0], 0)
        for (p0, d0, _, _), (p1, _, _, _) in zip(audio, audio[1:]):
            self.assertEqual(p1, p0 + d0)
        self.assertEqual(sum(size for _, _, size, _ in audio) // 2, 2 * 94 * 1024)

    def test_the_seek_waits_for_every_reverse_element_behind_the_demuxer(self):
        """The video branch holds its first buffer 300 ms before its decoder; the audio element
        has data long before. The one reverse seek must wait until the video element too has had
        a forward buffer (its decoder has negotiated by then, so the flush cannot catch it
        negotiating)."""
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "filesrc location=%s ! matroskademux name=d d.video_0 ! queue name=vq "
            "! jpegdec ! videotimewarp name=vw reverse=true factor=2 ! fakesink sync=false "
            "d.audio_0 ! queue ! audiotimewarp reverse=true factor=2 ! fakesink sync=false" % self.clip)
        seen = {"forward": 0, "reverse_segment": False}

        def probe(pad, info):
            if info.type & Gst.PadProbeType.BUFFER:
                if not seen["reverse_segment"]:
                    seen["forward"] += 1
            else:
                event = info.get_event()
                if event.type == Gst.EventType.SEGMENT and event.parse_segment().rate < 0:
                    seen["reverse_segment"] = True
            return Gst.PadProbeReturn.OK

        def hold_first(pad, info, held=[False]):
            if not held[0]:
                held[0] = True
                time.sleep(0.3)
            return Gst.PadProbeReturn.OK
        pipeline.get_by_name("vq").get_static_pad("src").add_probe(Gst.PadProbeType.BUFFER, hold_first)
        pipeline.get_by_name("vw").get_static_pad("sink").add_probe(
            Gst.PadProbeType.BUFFER | Gst.PadProbeType.EVENT_DOWNSTREAM, probe)
        self.play_to_eos(pipeline)
        self.assertTrue(seen["reverse_segment"])
        self.assertGreaterEqual(seen["forward"], 1)

if __name__ == "__main__":
    unittest.main()
