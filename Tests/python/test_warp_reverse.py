"""`gst-warp-launch warp --reverse` (issue 13): a generated clip whose frame number is its grey
level, written backwards, decoded again by GStreamer. Expected values by hand: 60 frames at
30 fps (2 s) and 2 s of audio; reversed, the frames come in descending order and the file lasts
D = 2 s, or T(D) = 4 s with factor 2 (each frame shown twice at 30 fps).
"""
import os
import shutil
import subprocess
import tempfile
import unittest

import timewarp_ref as ref

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCH = os.path.join(ROOT, ".build", "release", "gst-warp-launch")


def make_numbered_mp4(path, audio=True):
    """H.264 (and AAC) in MP4: frame n is flat grey 4n (survives the encoder to +-2)."""
    Gst = ref.gst()
    pipeline = Gst.parse_launch(
        "appsrc name=src format=time caps=video/x-raw,format=I420,width=64,height=48,framerate=30/1 "
        "! x264enc speed-preset=ultrafast key-int-max=10 ! h264parse ! queue ! mp4mux name=m ! filesink location=%s "
        % path + ("audiotestsrc num-buffers=94 samplesperbuffer=1024 ! audio/x-raw,rate=48000,channels=1 "
                  "! avenc_aac ! queue ! m." if audio else ""))
    src = pipeline.get_by_name("src")
    pipeline.set_state(Gst.State.PLAYING)
    size = 64 * 48
    for n in range(60):
        buf = Gst.Buffer.new_wrapped(bytes([n * 4]) * size + bytes([128]) * (size // 2))
        buf.pts = n * Gst.SECOND // 30
        buf.duration = (n + 1) * Gst.SECOND // 30 - buf.pts
        src.emit("push-buffer", buf)
    src.emit("end-of-stream")
    msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
    pipeline.set_state(Gst.State.NULL)
    assert msg is not None and msg.type == Gst.MessageType.EOS


def decode(path, audio=True):
    """The frames' grey levels (as frame numbers), the audio length in seconds, and where the
    video and the audio end (PTS + duration of their last buffers, s)."""
    Gst = ref.gst()
    pipeline = Gst.parse_launch(
        "filesrc location=%s ! qtdemux name=d d.video_0 ! queue ! avdec_h264 ! videoconvert "
        "! video/x-raw,format=GRAY8 ! appsink name=vs sync=false " % path
        + ("d.audio_0 ! queue ! avdec_aac ! audioconvert ! audio/x-raw,format=F32LE ! appsink name=as sync=false"
           if audio else ""))
    frames, audio_parts, ends = [], [], {}
    for name, store in (("vs", frames), ("as", audio_parts)) if audio else (("vs", frames),):
        sink = pipeline.get_by_name(name)
        sink.set_property("emit-signals", True)

        def on_sample(s, name=name, store=store):
            sample = s.emit("pull-sample")
            b = sample.get_buffer()
            # Stream time (what a player shows): the edit lists of the file are applied.
            end = sample.get_segment().to_stream_time(Gst.Format.TIME, b.pts + b.duration)
            ends[name] = end / 1e9
            if name == "vs":
                ok, info = b.map(Gst.MapFlags.READ)
                store.append(round(sum(info.data[:64]) / 64 / 4))
                b.unmap(info)
            else:
                # caps[0], not get_structure(0): from GStreamer 1.26 on, the Python binding's
                # get_structure returns a context-manager wrapper without get_value.
                info = sample.get_caps()[0]
                store.append(b.get_size() / 4 / info.get_value("channels") / info.get_value("rate"))
            return Gst.FlowReturn.OK
        sink.connect("new-sample", on_sample)
    pipeline.set_state(Gst.State.PLAYING)
    msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
    pipeline.set_state(Gst.State.NULL)
    assert msg is not None and msg.type == Gst.MessageType.EOS
    return frames, sum(audio_parts), ends


class WarpReverseTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="timewarp-warp-reverse-")
        cls.video_only = os.path.join(cls.dir, "video.mp4")
        make_numbered_mp4(cls.video_only, audio=False)
        cls.clip = os.path.join(cls.dir, "av.mp4")
        make_numbered_mp4(cls.clip)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, True)

    def warp(self, source, name, *options):
        out = os.path.join(self.dir, name)
        r = subprocess.run([LAUNCH, "warp", source, out, "--reverse", "-y"] + list(options),
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr + r.stdout)
        self.assertIn("reversed", r.stdout)
        return out, r.stdout

    def test_reverse_writes_the_frames_in_descending_order(self):
        out, stdout = self.warp(self.video_only, "reversed.mp4", "--function", "constant", "--factor", "1")
        frames, _, _ = decode(out, audio=False)
        # D = 2 s: frame n occupies [2 - (n+1)/30, 2 - n/30), exactly one output slot each.
        self.assertEqual(frames, list(reversed(range(60))))
        self.assertIn("Output duration: 2.0", stdout)

    def test_reverse_with_a_curve_keeps_audio_and_video_together(self):
        out, stdout = self.warp(self.clip, "reversed-slow.mp4", "--function", "constant", "--factor", "2")
        frames, audio_seconds, ends = decode(out)
        # Every frame, descending, each shown about twice at 30 fps (the container's D is the
        # AAC track's, a little longer than the video's 2 s, so the first slot is frame 59's).
        self.assertEqual(frames[0], 59)
        self.assertEqual(frames[-1], 0)
        self.assertTrue(all(a >= b for a, b in zip(frames, frames[1:])))
        self.assertEqual(sorted(set(frames)), list(range(60)))
        # T(D) with the audio played backwards at half speed: 2 x 94 x 1024 samples of input
        # audio, within one AAC frame of padding.
        self.assertAlmostEqual(audio_seconds, 2 * 94 * 1024 / 48000, delta=1024 / 48000 + 1e-6)
        # Both turn around the same D: they end together within one AAC frame and one video frame.
        self.assertAlmostEqual(ends["vs"], ends["as"], delta=1024 / 48000 + 1 / 30)


if __name__ == "__main__":
    unittest.main()
