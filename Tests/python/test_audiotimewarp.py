"""Independent checks of audiotimewarp through Python gi and the built plugin.

Expected values come from the formulas of docs/mathematics.md (timewarp_ref.F / T, the hand-derived closed forms
cross-checked there against Simpson integration), from closed-form sines and from counting zero
crossings; never from the element's own output.
"""
import math
import struct
import unittest

import timewarp_ref as ref

RATE = 48000


def run_audio(props, samples, chunk=4800, fmt="F32LE"):
    """Pushes mono F32 `samples` through audiotimewarp with `props`; returns (values, buffers)."""
    Gst = ref.gst()
    caps = "audio/x-raw,format=%s,rate=%d,channels=1,layout=interleaved" % (fmt, RATE)
    desc = "appsrc name=src format=time caps=%s ! audiotimewarp %s ! appsink name=out sync=false" % (caps, props)
    pipeline = Gst.parse_launch(desc)
    src, sink = pipeline.get_by_name("src"), pipeline.get_by_name("out")
    pipeline.set_state(Gst.State.PLAYING)
    for start in range(0, len(samples), chunk):
        block = samples[start:start + chunk]
        buf = Gst.Buffer.new_wrapped(struct.pack("<%df" % len(block), *block))
        buf.pts = start * Gst.SECOND // RATE
        buf.duration = len(block) * Gst.SECOND // RATE
        src.emit("push-buffer", buf)
    src.emit("end-of-stream")
    values, buffers = [], []
    while True:
        sample = sink.emit("try-pull-sample", 10 * Gst.SECOND)
        if sample is None:
            break
        b = sample.get_buffer()
        data = b.extract_dup(0, b.get_size())
        values.extend(struct.unpack("<%df" % (len(data) // 4), data))
        buffers.append((b.pts, b.duration, b.offset))
    msg = pipeline.get_bus().pop_filtered(Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    if msg is not None:
        raise ref.PipelineError(msg.parse_error()[0].message)
    return values, buffers


def sine(freq, n, amplitude=0.5):
    return [amplitude * math.sin(2 * math.pi * freq * i / RATE) for i in range(n)]


def zero_crossing_frequency(x, lo, hi):
    crossings = [i - 1 + x[i - 1] / (x[i - 1] - x[i]) for i in range(max(lo, 1), min(hi, len(x)))
                 if (x[i - 1] < 0) != (x[i] < 0)]
    if len(crossings) < 2:
        return 0.0
    return (len(crossings) - 1) / 2 / ((crossings[-1] - crossings[0]) / RATE)


def rms(x, lo=0, hi=None):
    part = x[lo:hi]
    return math.sqrt(sum(v * v for v in part) / max(len(part), 1))


class AudioTimeWarpChecks(unittest.TestCase):
    def test_defaults_are_an_exact_pass_through(self):
        signal = [((i * 7919) % 2001 - 1000) / 1000.0 for i in range(9600)]
        expected = list(struct.unpack("<9600f", struct.pack("<9600f", *signal)))
        for mode in ("linear", "cubic", "sinc"):
            values, _ = run_audio("interpolation=%s" % mode, signal)
            self.assertEqual(values, expected, mode)

    def test_lengths_follow_T_for_every_builtin(self):
        D = 1.0
        for name, factor, modifier in [("constant", 0.6, 0.5), ("triangle", 2.5, 0.4), ("cosine", 0.9, 0.25),
                                       ("tapered-cosine", 1.3, 0.5), ("power", 1.5, 0.8),
                                       ("double-smoothstep", 1.5, 0.5)]:
            props = "function=%s factor=%g modifier=%g duration=%d interpolation=linear" % (
                name, factor, modifier, int(D * ref.SECOND))
            values, buffers = run_audio(props, sine(440, RATE))
            expected = round(ref.T(name, D, D, factor, modifier) * RATE)
            self.assertLessEqual(abs(len(values) - expected), 1, name)
            # Contiguous, index-derived timestamps.
            for (pts, dur, off), (pts2, _, _) in zip(buffers, buffers[1:]):
                self.assertEqual(pts + dur, pts2, name)
                self.assertEqual(pts, off * ref.SECOND // RATE, name)

    def test_local_frequency_is_input_frequency_over_s(self):
        # power factor 1 modifier 1, D = 2 s: s(u) = 2u + 0.5, F(u) = u^2 + u/2.
        # At input t = 1 s (u = 0.5): s = 1.5, output time T = 2 * (0.25 + 0.25) = 1 s.
        values, _ = run_audio("function=power factor=1 modifier=1 duration=2000000000", sine(1200, 2 * RATE))
        f = zero_crossing_frequency(values, RATE - 240, RATE + 240)
        self.assertAlmostEqual(f, 1200 / 1.5, delta=8)

    def test_sinc_does_not_alias_when_speeding_up(self):
        signal = sine(10000, RATE)
        level = rms(signal)
        values, _ = run_audio("factor=0.25 interpolation=sinc", signal)
        self.assertEqual(len(values), RATE // 4)
        self.assertLess(20 * math.log10(rms(values, 500, -500) / level), -40)


if __name__ == "__main__":
    unittest.main()
