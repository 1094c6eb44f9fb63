"""Live control of the time map (issue 12) through gi: GstController bindings on `factor`, property
changes while playing, live sources, and gst-inspect's view of the properties.

Expected values are derived by hand: a linear ramp of factor from 1 at 0 s to 2 at 2 s is the scale
s(t) = 1 + t/2, so T(t) = ∫ s = t + t²/4 up to 2 s (T(2) = 3 s) and 3 + 2 (t - 2) after it, where
the control source holds its last value.
"""
import os
import subprocess
import sys
import unittest

import timewarp_ref as ref

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def ramp_T(t):
    """T(t) for factor = 1 + t/2 on [0, 2] s, then 2."""
    return t + t * t / 4 if t <= 2 else 3 + 2 * (t - 2)


def bind_ramp(elements):
    """Binds one linear ramp (1 at 0 s, 2 at 2 s) to `factor` of each element."""
    import gi
    gi.require_version("GstController", "1.0")
    from gi.repository import GstController
    Gst = ref.gst()
    ramp = GstController.InterpolationControlSource()
    ramp.set_property("mode", GstController.InterpolationMode.LINEAR)
    ramp.set(0, 1.0)
    ramp.set(2 * Gst.SECOND, 2.0)
    for element in elements:
        binding = GstController.DirectControlBinding.new_absolute(element, "factor", ramp)
        element.add_control_binding(binding)
    return ramp


def pull_all(pipeline, sinks, timeout_s=20):
    """Plays `pipeline` to EOS and returns, per appsink name, the list of (pts, duration, size)."""
    Gst = ref.gst()
    out = {name: [] for name in sinks}
    for name in sinks:
        sink = pipeline.get_by_name(name)

        def on_sample(s, name=name):
            b = s.emit("pull-sample").get_buffer()
            out[name].append((b.pts, b.duration, b.get_size()))
            return Gst.FlowReturn.OK
        sink.set_property("emit-signals", True)
        sink.connect("new-sample", on_sample)
    pipeline.set_state(Gst.State.PLAYING)
    msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, timeout_s)
    pipeline.set_state(Gst.State.NULL)
    if msg is None:
        raise ref.PipelineError("timed out")
    if msg.type == Gst.MessageType.ERROR:
        raise ref.PipelineError(msg.parse_error()[0].message)
    return out


class ControllerTests(unittest.TestCase):
    def test_ramp_on_factor_is_integrated_by_both_elements(self):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "videotestsrc num-buffers=90 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 "
            "! videotimewarp name=v ! video/x-raw,framerate=0/1 ! appsink name=vs sync=false "
            "audiotestsrc num-buffers=150 samplesperbuffer=960 ! audio/x-raw,format=F32LE,rate=48000,channels=1 "
            "! audiotimewarp name=a ! appsink name=as sync=false")
        bind_ramp([pipeline.get_by_name("v"), pipeline.get_by_name("a")])
        out = pull_all(pipeline, ["vs", "as"])
        video = out["vs"]
        self.assertEqual(len(video), 90)
        worst = max(abs(pts / 1e9 - ramp_T(n / 30)) for n, (pts, _, _) in enumerate(video))
        # Sampling factor once per frame would be off by up to ~1/120 s here; the integral is exact.
        self.assertLess(worst, 1e-5, "video PTS off T(t) by %.3g s" % worst)
        audio = out["as"]
        samples = sum(size for _, _, size in audio) // 4
        # 3 s of input: T(3) = 5 s of output, within 1 ms (48 samples).
        self.assertLessEqual(abs(samples - round(ramp_T(3) * 48000)), 48, "audio has %d samples" % samples)
        for (p0, d0, _), (p1, _, _) in zip(audio, audio[1:]):
            self.assertEqual(p1, p0 + d0)

    def test_seek_ahead_of_the_played_part_reads_the_controller(self):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "videotestsrc num-buffers=120 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 "
            "! videotimewarp name=v ! video/x-raw,framerate=0/1 ! appsink name=vs sync=false")
        bind_ramp([pipeline.get_by_name("v")])
        pipeline.set_state(Gst.State.PAUSED)
        self.assertEqual(pipeline.get_state(5 * Gst.SECOND)[0], Gst.StateChangeReturn.SUCCESS)
        # Output 4 s: 3 + 2 (t - 2) = 4 at t = 2.5 s of input (frame 75). Extrapolating the
        # factor read so far (1 near 0 s) would land at input 4 s instead.
        self.assertTrue(pipeline.seek_simple(Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
                                             4 * Gst.SECOND))
        pipeline.get_state(5 * Gst.SECOND)
        sample = pipeline.get_by_name("vs").emit("try-pull-preroll", 5 * Gst.SECOND)
        pipeline.set_state(Gst.State.NULL)
        self.assertIsNotNone(sample)
        self.assertAlmostEqual(sample.get_buffer().pts / 1e9, 4.0, delta=1e-5)

    def test_example_from_the_readme_runs(self):
        result = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "python", "live_control.py")],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("played 3 s of input as", result.stdout)


class LiveSourceTests(unittest.TestCase):
    def test_live_source_with_a_seconds_keyframe_curve_and_a_live_change(self):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "videotestsrc is-live=true num-buffers=15 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 "
            "! videotimewarp name=v function=keyframes keyframes=\"0s:1,0.2s:0.5\" ! video/x-raw,framerate=0/1 "
            "! appsink name=vs sync=false")
        warp = pipeline.get_by_name("v")
        inputs = []

        def probe(pad, info):
            # Before the 10th frame goes through: function becomes constant with factor 2 (a
            # live change of two properties), at that frame (`change-at` with its input stream
            # time: a plain property set while PLAYING would take effect 0.5 s of output later).
            if len(inputs) == 9:
                change = Gst.Structure.new_from_string("change, function=constant, factor=2.0")
                self.assertTrue(warp.emit("change-at", change, info.get_buffer().pts))
            inputs.append(info.get_buffer().pts)
            return Gst.PadProbeReturn.OK
        warp.get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, probe)
        out = pull_all(pipeline, ["vs"])["vs"]
        self.assertEqual(len(out), 15)
        self.assertEqual(len(inputs), 15)

        # Keyframes in seconds: s = 1 - 2.5 t on [0, 0.2] (linear from 1 to 0.5), then 0.5:
        # T(t) = t - 1.25 t² to 0.2 s (T(0.2) = 0.15), then 0.15 + 0.5 (t - 0.2). The live
        # source stamps frames with its clock's running time (segment from 0); t = 0 is its first
        # frame (issue 20: a live source's medium starts at its first buffer), and the output
        # keeps that frame's timestamp as its offset.
        def t_before(t):
            return t - 1.25 * t * t if t <= 0.2 else 0.15 + 0.5 * (t - 0.2)
        origin = inputs[0] / 1e9
        tc = inputs[9] / 1e9 - origin
        for n, ((pts, _, _), pts_in) in enumerate(zip(out, inputs)):
            t = pts_in / 1e9 - origin
            expected = origin + (t_before(t) if n < 9 else t_before(tc) + 2 * (t - tc))
            self.assertAlmostEqual(pts / 1e9, expected, delta=2e-6, msg="frame %d" % n)

    def test_live_source_with_an_expression_in_t(self):
        """An expression in t needs no duration (issue 21): s = 1 + 0.5 sin(4t), so
        T(t) = t + (1 - cos 4t) / 8 in closed form. A live source's map starts at its first frame
        (issue 20: t = 0 there, at input stream time t0) and the output keeps that frame's
        running time, so input pts p goes out at t0 + T(p - t0)."""
        import math
        Gst = ref.gst()
        pipeline = Gst.parse_launch(
            "videotestsrc is-live=true num-buffers=15 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 "
            "! videotimewarp name=v function=expression expression=\"1 + 0.5*sin(4*t)\" "
            "! video/x-raw,framerate=0/1 ! appsink name=vs sync=false")
        warp = pipeline.get_by_name("v")
        inputs = []

        def probe(pad, info):
            inputs.append(info.get_buffer().pts)
            return Gst.PadProbeReturn.OK
        warp.get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, probe)
        out = pull_all(pipeline, ["vs"])["vs"]
        self.assertEqual(len(out), 15)
        t0 = inputs[0] / 1e9
        for n, ((pts, _, _), pts_in) in enumerate(zip(out, inputs)):
            t = pts_in / 1e9 - t0
            self.assertAlmostEqual(pts / 1e9, t0 + t + (1 - math.cos(4 * t)) / 8, delta=2e-6, msg="frame %d" % n)

    def live_latency(self, description):
        Gst = ref.gst()
        pipeline = Gst.parse_launch(description)
        pipeline.set_state(Gst.State.PLAYING)
        self.assertEqual(pipeline.get_state(5 * Gst.SECOND)[0], Gst.StateChangeReturn.SUCCESS)
        query = Gst.Query.new_latency()
        self.assertTrue(pipeline.query(query))
        deadline = pipeline.get_by_name("sink").get_property("processing-deadline")
        pipeline.set_state(Gst.State.NULL)
        live, minimum, _ = query.parse_latency()
        self.assertTrue(live)
        return (minimum - deadline) / 1e9

    def test_latency_with_a_live_source_is_reported_and_bounded(self):
        # videotestsrc reports one frame (1/30 s); videotimewarp at a fixed rate holds one input
        # frame more, whatever the curve: 2/30 s (plus the sink's processing deadline).
        video = self.live_latency(
            "videotestsrc is-live=true ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 "
            "! videotimewarp factor=2 ! fakesink name=sink sync=true")
        self.assertAlmostEqual(video, 2 / 30, delta=1e-6)
        # audiotimewarp adds its kernel's look-ahead: a few samples, fixed, whatever the curve.
        with_warp = self.live_latency(
            "audiotestsrc is-live=true ! audio/x-raw,rate=48000 ! audiotimewarp factor=2 ! fakesink name=sink sync=true")
        without = self.live_latency(
            "audiotestsrc is-live=true ! audio/x-raw,rate=48000 ! identity ! fakesink name=sink sync=true")
        self.assertGreater(with_warp, without)
        self.assertLess(with_warp - without, 0.005)


class InspectTests(unittest.TestCase):
    def test_factor_and_modifier_are_controllable_and_changeable_while_playing(self):
        text = subprocess.run(["gst-inspect-1.0", "videotimewarp"], capture_output=True, text=True).stdout
        blocks = {}
        current = None
        for line in text.splitlines():
            stripped = line.strip()
            if line.startswith("  ") and not line.startswith("    ") and ":" in stripped:
                current = stripped.split(":")[0].strip()
                blocks[current] = ""
            elif current:
                blocks[current] += stripped + "\n"
        for name in ("factor", "modifier"):
            self.assertIn("controllable", blocks.get(name, ""), name)
        for name in ("function", "factor", "modifier", "keyframes", "expression", "duration"):
            self.assertIn("changeable in NULL, READY, PAUSED or PLAYING state", blocks.get(name, ""), name)


if __name__ == "__main__":
    unittest.main()
