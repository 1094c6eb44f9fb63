"""Reverse playback through both elements (issue 13), in real pipelines: a clip in Matroska with
MJPEG video (every frame a keyframe) and raw PCM audio, played with a seek at rate -1.

Expected values by hand: the clip has 60 frames at 30 fps (2 s) and 94 buffers of 1024 samples at
48 kHz (2.00533 s); with factor=2, T(t) = 2t.
"""
import os
import shutil
import subprocess
import tempfile
import unittest

import timewarp_ref as ref


def make_clip(path):
    subprocess.run(
        ["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=60", "!",
         "video/x-raw,width=64,height=48,framerate=30/1", "!", "jpegenc", "!", "matroskamux", "name=m", "!",
         "filesink", "location=" + path,
         "audiotestsrc", "num-buffers=94", "samplesperbuffer=1024", "!",
         "audio/x-raw,format=S16LE,rate=48000,channels=1", "!", "m."], check=True)


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


class ReversePlaybackTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="timewarp-reverse-")
        cls.clip = os.path.join(cls.dir, "clip.mkv")
        make_clip(cls.clip)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, True)

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


if __name__ == "__main__":
    unittest.main()
