"""Control sources bound to `factor` (issue 21, item 4): the duration is integrated ahead of time,
so it is right in PAUSED and the same in both elements; a TriggerControlSource steps the factor
(as it does `volume`); DURATION_CHANGED is posted when the output duration changes.

Expected values, by hand:
- ramp: factor 1 at 0 s, 3 at 4 s, 0.5 at 8 s, linear, then held at 0.5 to D = 10 s:
  integral = 4 * (1 + 3) / 2 + 4 * (3 + 0.5) / 2 + 2 * 0.5 = 8 + 7 + 1 = 16.000 s.
- trigger: 1 at 0 s, 2 at 3 s, 1 at 6 s, each held to the next, D = 10 s:
  integral = 3 * 1 + 3 * 2 + 4 * 1 = 13.000 s; T(t) = t to 3 s, 3 + 2 (t - 3) to 6 s, 9 + (t - 6) after.
"""
import os
import shutil
import subprocess
import tempfile
import unittest

import timewarp_ref as ref

VIDEO = "videotestsrc num-buffers=300 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 ! videotimewarp name=w"


def controller():
    import gi
    gi.require_version("GstController", "1.0")
    from gi.repository import GstController
    return GstController


def ramp_source():
    GstController = controller()
    Gst = ref.gst()
    cs = GstController.InterpolationControlSource()
    cs.set_property("mode", GstController.InterpolationMode.LINEAR)
    for t, v in ((0, 1.0), (4, 3.0), (8, 0.5)):
        cs.set(t * Gst.SECOND, v)
    return cs


def trigger_source():
    GstController = controller()
    Gst = ref.gst()
    cs = GstController.TriggerControlSource()
    for t, v in ((0, 1.0), (3, 2.0), (6, 1.0)):
        cs.set(t * Gst.SECOND, v)
    return cs


def trigger_T(t):
    return t if t < 3 else 3 + 2 * (t - 3) if t < 6 else 9 + (t - 6)


class ControllerDurationTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # 10 s of audio whose parser knows the duration (audiotestsrc does not tell).
        cls.tmp = tempfile.mkdtemp()
        cls.wav = os.path.join(cls.tmp, "ten.wav")
        subprocess.run(["gst-launch-1.0", "-q", "audiotestsrc", "num-buffers=100", "samplesperbuffer=800", "!",
                        "audio/x-raw,format=S16LE,rate=8000,channels=1", "!", "wavenc", "!", "filesink",
                        "location=" + cls.wav], check=True, timeout=60)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def paused_duration(self, description, source):
        Gst = ref.gst()
        GstController = controller()
        p = Gst.parse_launch(description + " ! fakesink")
        w = p.get_by_name("w")
        w.add_control_binding(GstController.DirectControlBinding.new_absolute(w, "factor", source))
        p.set_state(Gst.State.PAUSED)
        try:
            self.assertEqual(p.get_state(10 * Gst.SECOND)[0], Gst.StateChangeReturn.SUCCESS)
            ok, d = p.query_duration(Gst.Format.TIME)
            self.assertTrue(ok)
            return d, w.get_property("output-duration")
        finally:
            p.set_state(Gst.State.NULL)

    def audio(self):
        return f"filesrc location={self.wav} ! wavparse ! audiotimewarp name=w"

    def test_ramp_duration_in_paused_in_both_elements(self):
        S = ref.gst().SECOND
        for description in (VIDEO, self.audio()):
            d, out = self.paused_duration(description, ramp_source())
            self.assertAlmostEqual(d / S, 16.0, delta=1e-6, msg=description)
            self.assertEqual(out, d, description)

    def test_trigger_duration_in_paused_in_both_elements(self):
        S = ref.gst().SECOND
        for description in (VIDEO, self.audio()):
            d, out = self.paused_duration(description, trigger_source())
            self.assertAlmostEqual(d / S, 13.0, delta=1e-6, msg=description)
            self.assertEqual(out, d, description)

    def test_lfo_duration_in_paused_and_after_playing(self):
        """An LFO sine (offset 1, amplitude 0.5, 0.25 Hz) on factor over D = 10 s:
        integral of 1 + 0.5 sin(pi t / 2) = 10 + 0.5 (1 - cos(5 pi)) / (pi / 2) = 10 + 2 / pi s,
        in PAUSED, and the same after playing to the end (the buffers' checks of the source find
        it unchanged)."""
        import math
        Gst = ref.gst()
        GstController = controller()
        lfo = GstController.LFOControlSource()
        lfo.set_property("waveform", GstController.LFOWaveform.SINE)
        lfo.set_property("frequency", 0.25)
        lfo.set_property("amplitude", 0.5)
        lfo.set_property("offset", 1.0)
        expected = 10 + 2 / math.pi
        d, out = self.paused_duration(VIDEO, lfo)
        self.assertAlmostEqual(d / Gst.SECOND, expected, delta=1e-6)
        p = Gst.parse_launch(VIDEO + " ! fakesink sync=false")
        w = p.get_by_name("w")
        w.add_control_binding(GstController.DirectControlBinding.new_absolute(w, "factor", lfo))
        p.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
        ok, d = p.query_duration(Gst.Format.TIME)
        p.set_state(Gst.State.NULL)
        self.assertEqual(msg.type, Gst.MessageType.EOS)
        self.assertAlmostEqual(d / Gst.SECOND, expected, delta=1e-6)

    def test_trigger_steps_the_factor_while_playing(self):
        Gst = ref.gst()
        GstController = controller()
        p = Gst.parse_launch(VIDEO + " ! video/x-raw,framerate=0/1 ! appsink name=sink sync=false")
        w = p.get_by_name("w")
        w.add_control_binding(GstController.DirectControlBinding.new_absolute(w, "factor", trigger_source()))
        pts = []

        def on_sample(s):
            pts.append(s.emit("pull-sample").get_buffer().pts)
            return Gst.FlowReturn.OK
        sink = p.get_by_name("sink")
        sink.set_property("emit-signals", True)
        sink.connect("new-sample", on_sample)
        p.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR | Gst.MessageType.WARNING, 30)
        ok, d = p.query_duration(Gst.Format.TIME)
        p.set_state(Gst.State.NULL)
        self.assertEqual(msg.type, Gst.MessageType.EOS)
        self.assertEqual(len(pts), 300)
        for n, x in enumerate(pts):
            self.assertAlmostEqual(x / 1e9, trigger_T(n / 30), delta=2e-6, msg="frame %d" % n)
        self.assertTrue(ok)
        self.assertAlmostEqual(d / Gst.SECOND, 13.0, delta=1e-6)

    @staticmethod
    def change_at_frame_150(p, change):
        """Calls `change()` in the probe of the 150th frame into element "w" (pts 149/30 s),
        counting from the first frame, preroll included."""
        Gst = ref.gst()
        seen = []

        def probe(pad, info):
            seen.append(info.get_buffer().pts)
            if len(seen) == 150:
                change()
            return Gst.PadProbeReturn.OK
        p.get_by_name("w").get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, probe)

    def play_counting_duration_changes(self, p):
        """Plays `p` to EOS; returns whether DURATION_CHANGED was posted and the duration at EOS (ns)."""
        Gst = ref.gst()
        p.set_state(Gst.State.PLAYING)
        changed = False
        bus = p.get_bus()
        while True:
            msg = bus.timed_pop_filtered(30 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR
                                         | Gst.MessageType.DURATION_CHANGED)
            if msg is None or msg.type != Gst.MessageType.DURATION_CHANGED:
                break
            changed = True
        ok, d = p.query_duration(Gst.Format.TIME)
        p.set_state(Gst.State.NULL)
        self.assertIsNotNone(msg, "no EOS within 30 s")
        self.assertEqual(msg.type, Gst.MessageType.EOS)
        self.assertTrue(ok)
        return changed, d

    def test_duration_changed_is_posted_when_a_change_moves_the_duration(self):
        """factor 1 -> 2 set in the probe of the 150th frame (pts 149/30 s), so the change applies at
        t_c = 149/30 s: the duration goes from 10 s to t_c + 2 (10 - t_c) = 20 - 149/30 s."""
        Gst = ref.gst()
        p = Gst.parse_launch(VIDEO + " ! video/x-raw,framerate=0/1 ! fakesink sync=false")
        w = p.get_by_name("w")
        self.change_at_frame_150(p, lambda: w.set_property("factor", 2.0))
        changed, d = self.play_counting_duration_changes(p)
        self.assertTrue(changed)
        self.assertAlmostEqual(d / Gst.SECOND, 20 - 149 / 30, delta=1e-6)

    def test_control_points_set_while_playing_are_followed(self):
        """A constant source (1 at 0 s and 10 s) read ahead gives 10 s. In the probe of the 150th
        frame (pts t_c = 149/30 s) the application adds 2 at 6 s: from t_c on the factor is
        1 + t/6 up to 6 s and 2 - (t - 6)/4 after, so the duration becomes
        t_c + [(6 - t_c) + (36 - t_c^2)/12] + 6, and DURATION_CHANGED is posted."""
        Gst = ref.gst()
        GstController = controller()
        cs = GstController.InterpolationControlSource()
        cs.set_property("mode", GstController.InterpolationMode.LINEAR)
        cs.set(0, 1.0)
        cs.set(10 * Gst.SECOND, 1.0)
        p = Gst.parse_launch(VIDEO + " ! video/x-raw,framerate=0/1 ! fakesink sync=false")
        w = p.get_by_name("w")
        w.add_control_binding(GstController.DirectControlBinding.new_absolute(w, "factor", cs))
        self.change_at_frame_150(p, lambda: cs.set(6 * Gst.SECOND, 2.0))
        p.set_state(Gst.State.PAUSED)
        p.get_state(10 * Gst.SECOND)
        ok, before = p.query_duration(Gst.Format.TIME)
        self.assertTrue(ok)
        self.assertAlmostEqual(before / Gst.SECOND, 10.0, delta=1e-6)
        changed, d = self.play_counting_duration_changes(p)
        self.assertTrue(changed)
        tc = 149 / 30
        self.assertAlmostEqual(d / Gst.SECOND, tc + (6 - tc) + (36 - tc * tc) / 12 + 6, delta=1e-6)


if __name__ == "__main__":
    unittest.main()
