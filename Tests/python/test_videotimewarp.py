"""Independent checks of videotimewarp through gi (docs/mathematics.md: the time map, timestamps,
video frame selection).

Run from the repository root with the plugin directory in GST_PLUGIN_PATH (`make test` exports it):

    /usr/bin/python3 -m unittest discover -s Tests/python -p 'test_*.py' -v

Every expected value comes from timewarp_ref.py (closed forms derived by hand from the s(u) of
docs/mathematics.md#built-in-scale-functions, themselves checked against Simpson integration
here) or from hand derivations written out below; none is taken from the element's own output.
"""

import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

import timewarp_ref as ref
from timewarp_ref import SECOND, T, F

# A private registry for this run, so a freshly rebuilt plugin is always rescanned and the
# user's registry cache is left alone. Subprocesses (gst-inspect-1.0, crash-isolated runs)
# inherit it through the environment.
if "GST_REGISTRY" not in os.environ:
    _regdir = tempfile.mkdtemp(prefix="timewarp-pytest-registry-")
    atexit.register(shutil.rmtree, _regdir, True)
    os.environ["GST_REGISTRY"] = os.path.join(_regdir, "registry.bin")

PTS_TOLERANCE_NS = 2000  # 2 microseconds

# (function, factor, modifier) sets for the variable-rate checks: defaults, non-default
# parameters, and modifier = 1 (degenerate pieces of zero width).
BUILTIN_CASES = [
    ("constant", 1.0, 0.5), ("constant", 2.0, 0.5), ("constant", 0.5, 0.5),
    ("triangle", 1.0, 0.5), ("triangle", 3.0, 0.6), ("triangle", 0.3, 1.0),
    ("cosine", 1.0, 0.5), ("cosine", 0.7, 0.5), ("cosine", 1.0, 1.0),
    ("tapered-cosine", 1.0, 0.5), ("tapered-cosine", 0.7, 0.25), ("tapered-cosine", 2.0, 1.0),
    ("power", 1.0, 0.5), ("power", 2.0, 0.8), ("power", 1.5, 1.0),
    ("double-smoothstep", 1.0, 0.5), ("double-smoothstep", 3.0, 0.6),
    ("double-smoothstep", 0.4, 1.0),
]
NON_TRIVIAL = [c for c in BUILTIN_CASES if (c[1], c[2]) != (1.0, 0.5)]


def plugin_dirs():
    return [os.path.realpath(p) for p in os.environ.get("GST_PLUGIN_PATH", "").split(os.pathsep) if p]


def require_element(testcase):
    Gst = ref.gst()
    if Gst.ElementFactory.find("videotimewarp") is None:
        testcase.fail("videotimewarp not found: GST_PLUGIN_PATH=%r must hold libgsttimewarp.so"
                      % os.environ.get("GST_PLUGIN_PATH"))


def expected_ns(name, t_ns, D_ns, factor, modifier):
    return T(name, t_ns / SECOND, D_ns / SECOND, factor, modifier) * SECOND


# ------------------------------------------------------------------------------------------------
# 0. The reference itself (no GStreamer).
# ------------------------------------------------------------------------------------------------

class ReferenceSelfCheck(unittest.TestCase):
    """The hand-derived closed forms agree with Simpson integration of s(u) as the docs write it."""

    def test_closed_forms_match_simpson(self):
        for name, f, m in BUILTIN_CASES:
            for j in range(0, 11):
                u = j / 10 + (0.013 if j < 10 else 0.0)
                with self.subTest(function=name, factor=f, modifier=m, u=u):
                    self.assertAlmostEqual(F(name, u, f, m), ref.simpson_F(name, u, f, m, 1000),
                                           delta=1e-9)

    def test_hand_values(self):
        # Worked by hand: triangle peak 3, half-width 1/4: area of the hat (3-1)*(1/4) -> 1.5.
        self.assertAlmostEqual(F("triangle", 1, 3, 0.5), 1.5, places=15)
        # power, factor 1, modifier 1/2: integral of u + 1/4 -> 1/2 + 1/4.
        self.assertAlmostEqual(F("power", 1, 1, 0.5), 0.75, places=15)
        # cosine, modifier 1/2: sin(6 pi) = 0, so F(1) = 1.5 * factor.
        self.assertAlmostEqual(F("cosine", 1, 0.7, 0.5), 1.05, places=12)
        # double-smoothstep, factor 3: each ramp averages (1+3)/2 = 2, so
        # F(1) = 2a + 2*2(b-a) + 3(1-2b) = 3 - 2(a+b) = 3 - 2*(1/2) = 2.
        self.assertAlmostEqual(F("double-smoothstep", 1, 3, 0.6), 2.0, places=15)
        # past u = 1 the slope is s(1): power f=2 m=0.8 has s(1) = 2*0.8 + 0.4 = 2.
        self.assertAlmostEqual(F("power", 1.5, 2, 0.8) - F("power", 1, 2, 0.8), 1.0, places=14)

    def test_selection_rule_by_hand(self):
        # factor 2 at 25 fps: frame i lands at 2i/25; slot k at k/25: even k exact, odd k a tie
        # between (k-1)/2 and (k+1)/2 -> the later one; filled up to T(end) = 20/25.
        warped = [Fraction(2 * i, 25) for i in range(10)]
        self.assertEqual(ref.select_frames(warped, Fraction(20, 25), 25),
                         [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9])


# ------------------------------------------------------------------------------------------------
# 1. Plugin loading and properties.
# ------------------------------------------------------------------------------------------------

EXPECTED_DEFAULTS = {
    # property: regex the gst-inspect block must contain
    "function": r'Default: 0, "constant"',
    "factor": r"Default:\s+1(\.0+)?\s*$",
    "modifier": r"Default:\s+0\.5(0*)\s*$",
    "keyframes": r'Default: ""',
    "expression": r'Default: ""',
    "duration": r"Default: 18446744073709551615",
    "output-duration": r"Default: 18446744073709551615",
    "in": r"Default: 0\s*$",
    "out": r"Default: 0\s*$",
    "drop": r"Default: 0\s*$",
    "duplicate": r"Default: 0\s*$",
}
READ_ONLY = {"output-duration", "in", "out", "drop", "duplicate"}
FUNCTION_NAMES = ["constant", "triangle", "cosine", "tapered-cosine", "power",
                  "double-smoothstep", "keyframes", "expression", "antiderivative"]


def inspect_blocks(text):
    """Splits the 'Element Properties:' part of gst-inspect output into {name: block text}."""
    part = text.split("Element Properties:", 1)[-1]
    blocks, name = {}, None
    for line in part.splitlines():
        m = re.match(r"^  ([a-z][a-z0-9-]*)\s+: ", line)
        if m:
            name = m.group(1)
            blocks[name] = line + "\n"
        elif name is not None:
            blocks[name] += line + "\n"
    return blocks


class PluginAndProperties(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        env = dict(os.environ)
        cls.proc = subprocess.run(["gst-inspect-1.0", "videotimewarp"], capture_output=True,
                                  text=True, env=env, timeout=60)

    def test_loads_from_gst_plugin_path(self):
        self.assertTrue(plugin_dirs(), "GST_PLUGIN_PATH is not set")
        self.assertEqual(self.proc.returncode, 0, self.proc.stderr)
        m = re.search(r"^\s*Filename\s+(\S+)", self.proc.stdout, re.M)
        self.assertIsNotNone(m, "no Filename line in gst-inspect output")
        path = os.path.realpath(m.group(1))
        self.assertEqual(os.path.basename(path), "libgsttimewarp.so")
        self.assertIn(os.path.dirname(path), plugin_dirs())
        self.assertRegex(self.proc.stdout, r"Name\s+timewarp")

    def test_inspect_lists_properties_with_defaults(self):
        blocks = inspect_blocks(self.proc.stdout)
        for prop, pattern in EXPECTED_DEFAULTS.items():
            with self.subTest(property=prop):
                self.assertIn(prop, blocks, "property missing from gst-inspect output")
                self.assertRegex(blocks[prop], re.compile(pattern, re.M))
                flags = re.search(r"flags: ([^\n]*)", blocks[prop]).group(1)
                if prop in READ_ONLY:
                    self.assertNotIn("writable", flags)
                else:
                    self.assertIn("writable", flags)

    def test_inspect_lists_function_names(self):
        block = inspect_blocks(self.proc.stdout).get("function", "")
        for i, name in enumerate(FUNCTION_NAMES):
            with self.subTest(function=name):
                self.assertRegex(block, r"\(%d\): %s\s" % (i, re.escape(name)))

    def test_gobject_defaults(self):
        require_element(self)
        Gst = ref.gst()
        e = Gst.ElementFactory.make("videotimewarp", None)
        self.assertEqual(e.get_property("factor"), 1.0)
        self.assertEqual(e.get_property("modifier"), 0.5)
        self.assertEqual(e.get_property("duration"), Gst.CLOCK_TIME_NONE)
        self.assertEqual(e.get_property("keyframes") or "", "")
        self.assertEqual(e.get_property("expression") or "", "")
        self.assertEqual(int(e.get_property("function")), 0)
        for c in ("in", "out", "drop", "duplicate"):
            self.assertEqual(e.get_property(c), 0)


# ------------------------------------------------------------------------------------------------
# 2. Variable-rate mode: out PTS = T(in PTS).
# ------------------------------------------------------------------------------------------------

VARIABLE = "video/x-raw,framerate=0/1"


class VariableRate(unittest.TestCase):
    N = 50                       # 2 s at 25 fps
    D = 2 * SECOND

    def setUp(self):
        require_element(self)

    def run_case(self, name, f, m, D, n):
        frames = ref.frames_at_rate(n)
        out, _ = ref.run_appsrc({"function": name, "factor": f, "modifier": m, "duration": D},
                                frames, out_caps=VARIABLE)
        return frames, out

    def check_pts(self, name, f, m, D, n):
        frames, out = self.run_case(name, f, m, D, n)
        self.assertEqual([o[2] for o in out], [fr[2] for fr in frames],
                         "every input frame must pass once, in order")
        opts = [o[0] for o in out]
        self.assertTrue(all(a < b for a, b in zip(opts, opts[1:])),
                        "output PTS must strictly increase: %s" % opts)
        worst = (0, None)
        for (pts, _, tag), (opts, _, _) in zip(frames, out):
            err = abs(opts - expected_ns(name, pts, D, f, m))
            if err > worst[0]:
                worst = (err, (tag, pts, opts, expected_ns(name, pts, D, f, m)))
        self.assertLessEqual(worst[0], PTS_TOLERANCE_NS,
                             "frame %s: input PTS %d ns -> output %d ns, expected %.0f ns"
                             % worst[1] if worst[1] else "")

    def test_builtins_pts_within_duration(self):
        for name, f, m in BUILTIN_CASES:
            with self.subTest(function=name, factor=f, modifier=m):
                self.check_pts(name, f, m, self.D, self.N)

    def test_builtins_continue_past_duration_with_slope_s1(self):
        # D = 1.2 s but 2 s of frames: past u = 1 the map goes on with slope s(1).
        for name, f, m in NON_TRIVIAL:
            with self.subTest(function=name, factor=f, modifier=m):
                self.check_pts(name, f, m, 1200 * 1000 * 1000, self.N)

    def test_builtins_durations_mapped(self):
        # "every frame passes with PTS and duration mapped through T"
        for name, f, m in NON_TRIVIAL:
            with self.subTest(function=name, factor=f, modifier=m):
                frames, out = self.run_case(name, f, m, self.D, self.N)
                self.assertEqual(len(out), len(frames))
                for (pts, dur, tag), (_, odur, _) in zip(frames, out):
                    want = (expected_ns(name, pts + dur, self.D, f, m)
                            - expected_ns(name, pts, self.D, f, m))
                    self.assertLessEqual(abs(odur - want), PTS_TOLERANCE_NS,
                                         "frame %d: duration %d ns, expected %.0f" % (tag, odur, want))

    def test_output_duration_property(self):
        # output-duration = D * F(1) once D is known (here from the property).
        Gst = ref.gst()
        for name, f, m in NON_TRIVIAL:
            with self.subTest(function=name, factor=f, modifier=m):
                e = Gst.ElementFactory.make("videotimewarp", None)
                e.set_property("function", name)
                e.set_property("factor", f)
                e.set_property("modifier", m)
                e.set_property("duration", self.D)
                want = self.D * F(name, 1.0, f, m)
                got = e.get_property("output-duration")
                if got == Gst.CLOCK_TIME_NONE:      # may only be computed once set up
                    e.set_state(Gst.State.READY)
                    got = e.get_property("output-duration")
                    e.set_state(Gst.State.NULL)
                self.assertNotEqual(got, Gst.CLOCK_TIME_NONE, "output-duration unknown with D set")
                self.assertLessEqual(abs(got - want), PTS_TOLERANCE_NS)


# ------------------------------------------------------------------------------------------------
# 3. Fixed rate: nearest-frame selection.
# ------------------------------------------------------------------------------------------------

class FixedRate(unittest.TestCase):
    def setUp(self):
        require_element(self)

    def check(self, props, n, in_rate, out_rate, expected, out_caps="auto"):
        frames = ref.frames_at_rate(n, in_rate)
        if out_caps == "auto":
            out_caps = "video/x-raw,framerate=%d/%d" % out_rate
        out, counters = ref.run_appsrc(props, frames, in_rate=in_rate, out_caps=out_caps)
        shown = [o[2] for o in out]
        self.assertEqual(shown, expected, "frame shown in each output slot")
        num, den = out_rate
        with self.subTest(check="slot timestamps k*M/N"):
            for k, (pts, dur, _) in enumerate(out):
                want = k * SECOND * den / num
                self.assertLessEqual(abs(pts - want), 1, "slot %d pts %d, expected %.1f" % (k, pts, want))
                self.assertLessEqual(abs(dur - SECOND * den / num), 1, "slot %d duration %d" % (k, dur))
        with self.subTest(check="counters"):
            distinct = len(set(expected))
            self.assertEqual(counters, {"in": n, "out": len(expected), "drop": n - distinct,
                                        "duplicate": len(expected) - distinct})

    def test_factor2_25fps(self):
        # Frame i (at i/25) is warped to 2i/25. Slot k at k/25: k even shows frame k/2 exactly;
        # k odd sits halfway between frames (k-1)/2 and (k+1)/2 -> tie -> the later one.
        # End 10/25 s -> T(end) = 20/25: 20 slots; slot 19 ties between 9 and (absent) 10 -> 9.
        expected = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9]
        self.check({"factor": 2.0, "duration": 400 * 1000 * 1000}, 10, (25, 1), (25, 1), expected)

    def test_factor2_25fps_rate_left_open_keeps_input_rate(self):
        expected = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9]
        self.check({"factor": 2.0, "duration": 400 * 1000 * 1000}, 10, (25, 1), (25, 1), expected,
                   out_caps=None)

    def test_factor_half_25fps(self):
        # Frame i lands at i/50; slot k at k/25 = (2k)/50 shows frame 2k exactly.
        # End 20/25 s -> T(end) = 10/25: slots 0..9.
        expected = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]
        self.check({"factor": 0.5, "duration": 800 * 1000 * 1000}, 20, (25, 1), (25, 1), expected)

    def test_25_to_10fps(self):
        # Identity map. Slot k at k/10 = (2.5k)/25: k even -> frame 2.5k exactly; k odd -> x.5,
        # a tie -> the later frame ceil(2.5k). 25 frames = 1 s -> slots 0..9.
        expected = [0, 3, 5, 8, 10, 13, 15, 18, 20, 23]
        self.check({}, 25, (25, 1), (10, 1), expected)

    def test_factor2_25_to_10fps(self):
        # Frame i lands at 2i/25 = 0.08 i; slot k at 0.1 k -> nearest i to 1.25 k:
        # 0, 1.25->1, 2.5->3 (tie, later), 3.75->4, 5, 6.25->6, 7.5->8 (tie), 8.75->9;
        # T(end) = 0.8 s -> 8 slots.
        expected = [0, 1, 3, 4, 5, 6, 8, 9]
        self.check({"factor": 2.0, "duration": 400 * 1000 * 1000}, 10, (25, 1), (10, 1), expected)

    def test_triangle_25fps(self):
        # A non-constant map: expected slots from the reference rule on T(i/25), keeping only
        # parameters where no slot is within 50 us of a tie (so rounding cannot matter).
        name, f, m, n = "triangle", 3.0, 0.6, 50
        D = n * SECOND // 25
        warped = [Fraction(T(name, i / 25, D / SECOND, f, m)) for i in range(n)]
        # Output times are integer nanoseconds (docs/mathematics.md#timestamps): T(end) = 3.2 s exactly, not 3.2 + 1 ulp.
        end = Fraction(round(T(name, n / 25, D / SECOND, f, m) * SECOND), SECOND)
        expected = ref.select_frames(warped, end, 25)
        for k, i in enumerate(expected):
            slot = Fraction(k, 25)
            gaps = sorted(abs(x - slot) for x in warped)
            self.assertGreater(float(gaps[1] - gaps[0]), 50e-6, "reference ambiguous at slot %d" % k)
        self.check({"function": name, "factor": f, "modifier": m, "duration": D}, n,
                   (25, 1), (25, 1), expected)


# ------------------------------------------------------------------------------------------------
# 4. A demuxed file: duration / position queries and seeks in output time.
# ------------------------------------------------------------------------------------------------

def wait_state(pipeline, timeout_s=10):
    Gst = ref.gst()
    ret, state, _ = pipeline.get_state(int(timeout_s * Gst.SECOND))
    return ret, state


class DemuxedFile(unittest.TestCase):
    FRAMES = 100                 # 4 s at 25 fps

    @classmethod
    def setUpClass(cls):
        Gst = ref.gst()
        cls.tmp = tempfile.mkdtemp(prefix="timewarp-pytest-")
        cls.path = os.path.join(cls.tmp, "clip.mkv")
        p = Gst.parse_launch(
            "videotestsrc num-buffers=%d ! video/x-raw,framerate=25/1,width=64,height=48 ! "
            "jpegenc ! matroskamux ! filesink location=%s" % (cls.FRAMES, cls.path))
        p.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR, 20)
        p.set_state(Gst.State.NULL)
        if msg is None or msg.type != Gst.MessageType.EOS:
            raise RuntimeError("could not write the test clip: %s" % (msg and msg.parse_error()))
        # D as upstream (the demuxer) reports it, without the element.
        p = Gst.parse_launch("filesrc location=%s ! matroskademux ! jpegdec ! fakesink" % cls.path)
        p.set_state(Gst.State.PAUSED)
        wait_state(p)
        ok, cls.D = p.query_duration(Gst.Format.TIME)
        p.set_state(Gst.State.NULL)
        if not ok:
            raise RuntimeError("matroskademux answered no duration")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        require_element(self)

    def pipeline(self, warp, tail="appsink name=sink sync=false max-buffers=2"):
        Gst = ref.gst()
        return Gst.parse_launch("filesrc location=%s ! matroskademux ! jpegdec ! %s name=warp ! %s"
                                % (self.path, warp, tail))

    def paused_duration(self, warp):
        Gst = ref.gst()
        p = self.pipeline(warp, "fakesink sync=false")
        try:
            p.set_state(Gst.State.PAUSED)
            ret, _ = wait_state(p)
            self.assertNotEqual(ret, Gst.StateChangeReturn.FAILURE)
            ok, dur = p.query_duration(Gst.Format.TIME)
            od = p.get_by_name("warp").get_property("output-duration")
            return ok, dur, od
        finally:
            p.set_state(Gst.State.NULL)

    def test_upstream_duration_sanity(self):
        self.assertLessEqual(abs(self.D - 4 * SECOND), 40 * 1000 * 1000)

    def test_duration_query_factor2(self):
        ok, dur, od = self.paused_duration("videotimewarp factor=2")
        self.assertTrue(ok, "no answer to the duration query")
        self.assertLessEqual(abs(dur - 2 * self.D), PTS_TOLERANCE_NS,
                             "duration %d, expected T(D) = %d" % (dur, 2 * self.D))

    def test_duration_query_triangle_D_from_upstream(self):
        f, m = 3.0, 0.5
        ok, dur, od = self.paused_duration("videotimewarp function=triangle factor=3 modifier=0.5")
        want = self.D * F("triangle", 1.0, f, m)             # = 1.5 D
        self.assertTrue(ok, "no answer to the duration query")
        self.assertLessEqual(abs(dur - want), PTS_TOLERANCE_NS,
                             "duration %d, expected T(D) = %.0f" % (dur, want))
        with self.subTest(check="output-duration property"):
            self.assertLessEqual(abs(od - want), PTS_TOLERANCE_NS,
                                 "output-duration %d, expected %.0f" % (od, want))

    def test_triangle_variable_rate_pts_with_D_from_upstream(self):
        Gst = ref.gst()
        f, m = 3.0, 0.5
        p = self.pipeline("videotimewarp function=triangle factor=3 modifier=0.5",
                          "video/x-raw,framerate=0/1 ! appsink name=sink sync=false")
        sink = p.get_by_name("sink")
        got = []
        try:
            p.set_state(Gst.State.PLAYING)
            while True:
                s = sink.emit("try-pull-sample", 5 * Gst.SECOND)
                if s is None:
                    break
                got.append(s.get_buffer().pts)
        finally:
            p.set_state(Gst.State.NULL)
        self.assertEqual(len(got), self.FRAMES)
        for i, pts in enumerate(got):
            want = expected_ns("triangle", i * 40 * 1000 * 1000, self.D, f, m)
            self.assertLessEqual(abs(pts - want), PTS_TOLERANCE_NS,
                                 "frame %d: pts %d, expected %.0f" % (i, pts, want))

    def test_position_query_in_output_time(self):
        Gst = ref.gst()
        p = self.pipeline("videotimewarp factor=2")
        sink = p.get_by_name("sink")
        warp = p.get_by_name("warp")
        try:
            p.set_state(Gst.State.PLAYING)
            last = None
            for _ in range(60):           # 60 output frames of 40 ms: ~2.4 s of output time
                s = sink.emit("try-pull-sample", 5 * Gst.SECOND)
                self.assertIsNotNone(s)
                last = s.get_buffer().pts
            # The streaming thread is now blocked on the full appsink: positions are stable.
            ok, pos = p.query_position(Gst.Format.TIME)
            self.assertTrue(ok, "pipeline answered no position")
            # Output time is ~2.4 s here; input time would be ~1.2 s.
            self.assertLessEqual(abs(pos - last), SECOND // 2,
                                 "pipeline position %d, last output pts %d" % (pos, last))
            ok, epos = warp.get_static_pad("src").query_position(Gst.Format.TIME)
            self.assertTrue(ok, "videotimewarp src pad answered no position")
            self.assertLessEqual(abs(epos - last), SECOND // 2,
                                 "element position %d, last output pts %d (input time would be "
                                 "about %d)" % (epos, last, last // 2))
        finally:
            p.set_state(Gst.State.NULL)

    def seek_and_first(self, warp, tail, target):
        Gst = ref.gst()
        p = self.pipeline(warp, tail)
        sink = p.get_by_name("sink")
        try:
            p.set_state(Gst.State.PAUSED)
            ret, _ = wait_state(p)
            self.assertNotEqual(ret, Gst.StateChangeReturn.FAILURE)
            self.assertTrue(p.seek_simple(Gst.Format.TIME,
                                          Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE, target),
                            "seek refused")
            wait_state(p)
            p.set_state(Gst.State.PLAYING)
            s = sink.emit("try-pull-sample", 5 * Gst.SECOND)
            self.assertIsNotNone(s, "no buffer after the seek")
            buf, seg = s.get_buffer(), s.get_segment()
            st = seg.to_stream_time(Gst.Format.TIME, buf.pts)
            return buf.pts, st, seg
        finally:
            p.set_state(Gst.State.NULL)

    def test_seek_in_output_time_factor2(self):
        target = 5 * SECOND                      # output time: input 2.5 s
        pts, st, seg = self.seek_and_first("videotimewarp factor=2",
                                           "appsink name=sink sync=false", target)
        frame = 40 * 1000 * 1000                 # output rate stays 25 fps
        self.assertLessEqual(abs(st - target), frame,
                             "first buffer after seek to %d: pts %d, stream time %d, segment %s"
                             % (target, pts, st, (seg.start, seg.time)))

    def test_seek_in_output_time_triangle_variable_rate(self):
        f, m = 3.0, 0.5
        target = 3 * SECOND                      # around the peak of the triangle
        pts, st, seg = self.seek_and_first(
            "videotimewarp function=triangle factor=3 modifier=0.5",
            "video/x-raw,framerate=0/1 ! appsink name=sink sync=false", target)
        # one output frame at the target: s <= 3 there, so at most 3 * 40 ms
        frame = 3 * 40 * 1000 * 1000
        self.assertLessEqual(abs(st - target), frame,
                             "first buffer after seek to %d: pts %d, stream time %d, segment %s"
                             % (target, pts, st, (seg.start, seg.time)))


# ------------------------------------------------------------------------------------------------
# 5. A decreasing map is refused with an ERROR naming where; no crash (run in a subprocess).
# ------------------------------------------------------------------------------------------------

_ERROR_RUNNER = r"""
import json, sys
import gi
gi.require_version("Gst", "1.0")
from gi.repository import Gst
Gst.init(None)
p = Gst.parse_launch(sys.argv[1])
p.set_state(Gst.State.PLAYING)
msg = p.get_bus().timed_pop_filtered(5 * Gst.SECOND, Gst.MessageType.ERROR | Gst.MessageType.EOS)
res = {"type": "timeout"}
if msg is not None and msg.type == Gst.MessageType.ERROR:
    err, dbg = msg.parse_error()
    res = {"type": "error", "src": msg.src.get_name(), "message": err.message, "debug": dbg or ""}
elif msg is not None:
    res = {"type": "eos"}
p.set_state(Gst.State.NULL)
print(json.dumps(res))
"""

NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
CLOCK = re.compile(r"(\d+):(\d\d):(\d\d(?:\.\d+)?)")


def run_isolated(desc):
    proc = subprocess.run([sys.executable, "-c", _ERROR_RUNNER, desc], capture_output=True,
                          text=True, timeout=60, env=dict(os.environ))
    return proc


class DecreasingMap(unittest.TestCase):
    SRC = "videotestsrc num-buffers=20 ! video/x-raw,width=64,height=48,framerate=25/1 ! "

    def setUp(self):
        require_element(self)

    def expect_error(self, desc):
        proc = run_isolated(desc)
        self.assertEqual(proc.returncode, 0, "the pipeline process crashed (rc %d): %s"
                         % (proc.returncode, proc.stderr[-2000:]))
        res = json.loads(proc.stdout.strip().splitlines()[-1])
        self.assertEqual(res["type"], "error", "expected an ERROR message on the bus, got %s" % res)
        self.assertTrue(res["src"].startswith("warp") or "timewarp" in res["src"],
                        "error posted by %s" % res["src"])
        text = res["message"] + " " + res["debug"]
        self.assertRegex(text.lower(), r"increas|decreas|monoton|backward",
                         "the message should say the map is not increasing: %r" % text)
        return text

    def test_constant_minus_one_fixed_rate(self):
        text = self.expect_error(self.SRC + "videotimewarp name=warp function=constant factor=-1 ! fakesink")
        self.assertRegex(text, NUMBER, "the message should name where the map fails: %r" % text)

    def test_constant_minus_one_variable_rate(self):
        text = self.expect_error(self.SRC + "videotimewarp name=warp function=constant factor=-1 ! "
                                 "video/x-raw,framerate=0/1 ! fakesink")
        self.assertRegex(text, NUMBER, "the message should name where the map fails: %r" % text)

    def test_triangle_dipping_below_zero_names_the_place(self):
        # triangle factor=-1 modifier=0.5: s falls from 1 at u=1/4 to -1 at u=1/2 and back,
        # so s <= 0 (F not increasing) exactly on [3/8, 5/8], i.e. t in [0.75 s, 1.25 s] of D=2 s.
        text = self.expect_error(self.SRC + "videotimewarp name=warp function=triangle factor=-1 "
                                 "modifier=0.5 duration=2000000000 ! fakesink")
        candidates = [float(x) for x in NUMBER.findall(text)]
        candidates += [int(h) * 3600 + int(mi) * 60 + float(sec) for h, mi, sec in CLOCK.findall(text)]

        def inside(v):
            return (0.37 <= v <= 0.63 or 0.74 <= v <= 1.26 or 740 <= v <= 1260
                    or 0.74e9 <= v <= 1.26e9)
        self.assertTrue(any(inside(v) for v in candidates),
                        "no position inside the failing region u in [0.375, 0.625] "
                        "(t in [0.75, 1.25] s) named in: %r" % text)


if __name__ == "__main__":
    unittest.main(verbosity=2)
