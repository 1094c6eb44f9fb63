"""audiotimewarp pitch=preserve (issue 15) through gi: the property as gst-inspect shows it, a
GstController ramp on factor (live changes of the map), and reverse playback; the same with
pitch-engine=spectral (issue 34).

Expected values by hand: the ramp factor 1 + t/2 has T(t) = t + t²/4 (see test_live_control); the
reverse clip has 94 x 1024 samples, doubled by factor=2 (see test_reverse).
"""
import os
import shutil
import subprocess
import tempfile
import unittest

import timewarp_ref as ref
from test_live_control import bind_ramp, pull_all, ramp_T
from test_reverse import make_clip


class PitchPropertyTests(unittest.TestCase):
    def test_default_is_follow_and_both_nicks_are_listed(self):
        Gst = ref.gst()
        element = Gst.ElementFactory.make("audiotimewarp", None)
        self.assertEqual(element.get_property("pitch").value_nick, "follow")
        element.set_property("pitch", "preserve")
        self.assertEqual(element.get_property("pitch").value_nick, "preserve")
        text = subprocess.run(["gst-inspect-1.0", "audiotimewarp"], capture_output=True, text=True).stdout
        self.assertIn("GstTimeWarpPitch", text)
        self.assertIn("(0): follow", text)
        self.assertIn("(1): preserve", text)


class PitchEnginePropertyTests(unittest.TestCase):
    def test_default_is_wsola_and_both_nicks_are_listed(self):
        Gst = ref.gst()
        element = Gst.ElementFactory.make("audiotimewarp", None)
        self.assertEqual(element.get_property("pitch-engine").value_nick, "wsola")
        element.set_property("pitch-engine", "spectral")
        self.assertEqual(element.get_property("pitch-engine").value_nick, "spectral")
        text = subprocess.run(["gst-inspect-1.0", "audiotimewarp"], capture_output=True, text=True).stdout
        self.assertIn("GstTimeWarpPitchEngine", text)
        self.assertIn("(0): wsola", text)
        self.assertIn("(1): spectral", text)


class PitchLiveAndReverseTests(unittest.TestCase):
    engine = "wsola"

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="timewarp-pitch-")
        cls.clip = os.path.join(cls.dir, "clip.mkv")
        make_clip(cls.clip)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, True)

    def test_ramp_on_factor_is_followed_with_the_pitch_kept(self):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "audiotestsrc num-buffers=150 samplesperbuffer=960 ! audio/x-raw,format=F32LE,rate=48000,channels=1 "
            "! audiotimewarp name=a pitch=preserve pitch-engine=%s ! appsink name=as sync=false" % self.engine)
        bind_ramp([pipeline.get_by_name("a")])
        audio = pull_all(pipeline, ["as"])["as"]
        samples = sum(size for _, _, size in audio) // 4
        # 3 s of input: T(3) = 5 s of output, within 1 ms (48 samples), as in follow mode.
        self.assertLessEqual(abs(samples - round(ramp_T(3) * 48000)), 48, "audio has %d samples" % samples)
        for (p0, d0, _), (p1, _, _) in zip(audio, audio[1:]):
            self.assertEqual(p1, p0 + d0)

    def test_reverse_playback_has_the_forward_length_descending(self):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "filesrc location=%s ! matroskademux ! queue ! audiotimewarp factor=2 pitch=preserve "
            "pitch-engine=%s ! appsink name=as sync=false" % (self.clip, self.engine))
        audio = []
        sink = pipeline.get_by_name("as")
        sink.set_property("emit-signals", True)

        def on_sample(s):
            b = s.emit("pull-sample").get_buffer()
            audio.append((b.pts, b.duration, b.get_size()))
            return Gst.FlowReturn.OK
        sink.connect("new-sample", on_sample)
        pipeline.set_state(Gst.State.PAUSED)
        pipeline.get_state(10 * Gst.SECOND)
        audio.clear()
        self.assertTrue(pipeline.seek(-1.0, Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
                                      Gst.SeekType.SET, 0, Gst.SeekType.SET, 4 * Gst.SECOND))
        pipeline.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
        pipeline.set_state(Gst.State.NULL)
        self.assertIsNotNone(msg)
        self.assertEqual(msg.type, Gst.MessageType.EOS)
        self.assertEqual(sum(size for _, _, size in audio) // 2, 2 * 94 * 1024)
        for (p0, _, _), (p1, d1, _) in zip(audio, audio[1:]):
            self.assertEqual(p1 + d1, p0)  # descending and contiguous
        self.assertEqual(audio[-1][0], 0)


class SpectralLiveAndReverseTests(PitchLiveAndReverseTests):
    """The same ramp and reverse playback through pitch-engine=spectral."""
    engine = "spectral"


if __name__ == "__main__":
    unittest.main()
