"""Independent reference for the gst-timewarp time map (docs/mathematics.md#the-time-map), in
plain Python.

Nothing here asks the element anything: every expected value in the Python checks comes from
the formulas below, derived by hand from the s(u) of docs/mathematics.md#built-in-scale-functions,
and the closed forms are themselves checked against a composite Simpson integration of s(u)
written exactly as there (see ReferenceSelfCheck in test_videotimewarp.py).

Also holds the small GStreamer helpers the checks share (appsrc -> element -> appsink runs).
"""

import math
from fractions import Fraction

SECOND = 1_000_000_000


# --------------------------------------------------------------------------------------------
# Scale functions s(u), written literally from docs/mathematics.md#built-in-scale-functions.
# --------------------------------------------------------------------------------------------

def smoothstep(x):
    return 3 * x * x - 2 * x * x * x


def unitmap(a, b, x):
    return (x - a) / (b - a)


def s_constant(u, factor, modifier):
    return factor


def s_triangle(u, factor, modifier):
    c = 0.5
    w = c * modifier
    if u <= c - w or u >= c + w:
        return 1.0
    if u <= c:
        return 1 + (factor - 1) * (u - (c - w)) / w
    return 1 + (factor - 1) * ((c + w) - u) / w


def s_cosine(u, factor, modifier):
    return factor * (math.cos(12 * modifier * math.pi * u) + 1) + factor / 2


def s_tapered_cosine(u, factor, modifier):
    return 1 + (s_cosine(u, factor, modifier) - 1) * smoothstep(u)


def s_power(u, factor, modifier):
    return 2 * modifier * u ** factor + modifier / 2


def s_double_smoothstep(u, factor, modifier):
    c = 0.25
    w = c * modifier
    a, b = c - w, c + w
    if u <= a:
        return 1.0
    if u < b:
        return 1 + (factor - 1) * smoothstep(unitmap(a, b, u))
    if u <= 1 - b:
        return factor
    if u < 1 - a:
        return 1 + (factor - 1) * smoothstep(1 - unitmap(1 - b, 1 - a, u))
    return 1.0


SCALE_FUNCTIONS = {
    "constant": s_constant,
    "triangle": s_triangle,
    "cosine": s_cosine,
    "tapered-cosine": s_tapered_cosine,
    "power": s_power,
    "double-smoothstep": s_double_smoothstep,
}

# Points where s (or a derivative) has a kink, so Simpson panels can be split there.
def breakpoints(name, modifier):
    if name == "triangle":
        w = 0.5 * modifier
        return [0.5 - w, 0.5, 0.5 + w]
    if name == "double-smoothstep":
        w = 0.25 * modifier
        a, b = 0.25 - w, 0.25 + w
        return [a, b, 1 - b, 1 - a]
    return []


# --------------------------------------------------------------------------------------------
# Closed-form integrators F(u) = integral_0^u s(v) dv, derived by hand, for 0 <= u <= 1.
# --------------------------------------------------------------------------------------------

def _P(x):
    """integral_0^x smoothstep(y) dy = x^3 - x^4/2."""
    return x ** 3 - x ** 4 / 2


def _cos_poly_integrals(k, u, n_max):
    """I[n] = int_0^u v^n cos(kv) dv, J[n] = int_0^u v^n sin(kv) dv, by integration by parts:
    I[n] = u^n sin(ku)/k - (n/k) J[n-1],  J[n] = -u^n cos(ku)/k + (n/k) I[n-1] (+ 1/k for n = 0)."""
    s, c = math.sin(k * u), math.cos(k * u)
    I = [s / k]
    J = [(1 - c) / k]
    for n in range(1, n_max + 1):
        un = u ** n
        I.append(un * s / k - n / k * J[n - 1])
        J.append(-un * c / k + n / k * I[n - 1])
    return I, J


def F_constant(u, factor, modifier):
    return factor * u


def F_triangle(u, factor, modifier):
    # s = 1 + (factor - 1) * h(u), h the unit hat on [a, b] with peak 1 at c.
    c = 0.5
    w = c * modifier
    a, b = c - w, c + w
    if u <= a:
        H = 0.0
    elif u <= c:
        H = (u - a) ** 2 / (2 * w)
    elif u <= b:
        H = w - (b - u) ** 2 / (2 * w)
    else:
        H = w
    return u + (factor - 1) * H


def F_cosine(u, factor, modifier):
    k = 12 * modifier * math.pi
    return factor * math.sin(k * u) / k + 1.5 * factor * u


def F_tapered_cosine(u, factor, modifier):
    # s = 1 + (1.5 f - 1) S(u) + f cos(ku) S(u),  S(u) = 3u^2 - 2u^3
    k = 12 * modifier * math.pi
    I, _ = _cos_poly_integrals(k, u, 3)
    return u + (1.5 * factor - 1) * _P(u) + factor * (3 * I[2] - 2 * I[3])


def F_power(u, factor, modifier):
    return 2 * modifier * u ** (factor + 1) / (factor + 1) + modifier * u / 2


def F_double_smoothstep(u, factor, modifier):
    c = 0.25
    w = c * modifier
    a, b = c - w, c + w
    L = b - a
    up = 0.5 * (factor - 1) * L          # integral of (factor-1)*smoothstep over one ramp
    if u <= a:
        return u
    if u <= b:
        return u + (factor - 1) * L * _P((u - a) / L)
    Fb = b + up
    if u <= 1 - b:
        return Fb + factor * (u - b)
    F1b = Fb + factor * (1 - 2 * b)
    if u <= 1 - a:
        x = (u - (1 - b)) / L
        return F1b + (u - (1 - b)) + (factor - 1) * L * (x - _P(x))
    return F1b + L + up + (u - (1 - a))


INTEGRATORS = {
    "constant": F_constant,
    "triangle": F_triangle,
    "cosine": F_cosine,
    "tapered-cosine": F_tapered_cosine,
    "power": F_power,
    "double-smoothstep": F_double_smoothstep,
}


def F(name, u, factor=1.0, modifier=0.5):
    """The integrator, continued past u = 1 with slope s(1) (docs/mathematics.md#continuation-past-the-end)."""
    if u <= 1:
        return INTEGRATORS[name](u, factor, modifier)
    return INTEGRATORS[name](1.0, factor, modifier) + SCALE_FUNCTIONS[name](1.0, factor, modifier) * (u - 1)


def T(name, t, D, factor=1.0, modifier=0.5):
    """Output time (seconds) of media time t (seconds) for a medium of duration D (seconds)."""
    return D * F(name, t / D, factor, modifier)


def simpson_F(name, u, factor=1.0, modifier=0.5, panels=2000):
    """Composite Simpson integration of s from 0 to u, split at the kinks of s."""
    s = SCALE_FUNCTIONS[name]
    cuts = [0.0] + [p for p in breakpoints(name, modifier) if 0 < p < u] + [u]
    total = 0.0
    for lo, hi in zip(cuts, cuts[1:]):
        if hi <= lo:
            continue
        n = panels
        h = (hi - lo) / n
        acc = s(lo, factor, modifier) + s(hi, factor, modifier)
        for i in range(1, n):
            acc += (4 if i % 2 else 2) * s(lo + i * h, factor, modifier)
        total += acc * h / 3
    return total


# --------------------------------------------------------------------------------------------
# Fixed-rate frame selection, from docs/mathematics.md#video-frame-selection, in exact rational arithmetic.
# --------------------------------------------------------------------------------------------

def select_frames(warped, warped_end, rate):
    """Slot k at k/rate (k = 0, 1, ... while k/rate < warped_end) shows the frame whose warped
    timestamp is nearest, ties to the later frame. warped: ascending Fractions (seconds)."""
    rate = Fraction(rate)
    out = []
    k = 0
    while Fraction(k) / rate < warped_end:
        slot = Fraction(k) / rate
        best = None
        for i, x in enumerate(warped):
            d = abs(x - slot)
            if best is None or d <= best[0]:      # '<=' : ties go to the later frame
                best = (d, i)
        out.append(best[1])
        k += 1
    return out


# --------------------------------------------------------------------------------------------
# GStreamer helpers (gi). The plugin is found through GST_PLUGIN_PATH, as `make test` exports it.
# --------------------------------------------------------------------------------------------

_gst = None


def gst():
    """Gst, initialised once (import deferred so the pure-math checks run without gi)."""
    global _gst
    if _gst is None:
        import warnings
        warnings.filterwarnings("ignore", category=ImportWarning)  # gi's importer, under unittest
        import gi
        gi.require_version("Gst", "1.0")
        from gi.repository import Gst
        Gst.init(None)
        _gst = Gst
    return _gst


class PipelineError(Exception):
    pass


def have_ges():
    """Whether GES is there for Python (gir1.2-ges-1.0, which `make deps` installs)."""
    try:
        import gi
        gi.require_version("GES", "1.0")
        from gi.repository import GES  # noqa: F401
        return True
    except (ImportError, ValueError):
        return False


def wait_bus(pipeline, types, timeout_s=10.0):
    """Pops the first message of one of `types` (Gst.MessageType flags), or None on timeout."""
    Gst = gst()
    bus = pipeline.get_bus()
    return bus.timed_pop_filtered(int(timeout_s * Gst.SECOND), types)


def run_appsrc(warp_props, frames, in_rate=(25, 1), out_caps=None, timeout_s=10.0,
               width=4, height=4):
    """Pushes GRAY8 frames from appsrc through videotimewarp into appsink.

    frames: list of (pts_ns, duration_ns, tag) with tag a byte value filling the frame.
    warp_props: dict of videotimewarp properties (set through gi, after creation).
    out_caps: caps string forced after the element (e.g. 'video/x-raw,framerate=0/1'), or None.
    Returns (outputs, element) with outputs a list of (pts, duration, first byte); raises
    PipelineError with the bus error text if the pipeline fails.
    """
    Gst = gst()
    caps = "video/x-raw,format=GRAY8,width=%d,height=%d,framerate=%d/%d" % (
        width, height, in_rate[0], in_rate[1])
    desc = "appsrc name=src format=time caps=%s ! videotimewarp name=warp" % caps
    if out_caps:
        desc += " ! %s" % out_caps
    desc += " ! appsink name=sink sync=false emit-signals=false max-buffers=0"
    pipeline = Gst.parse_launch(desc)
    warp = pipeline.get_by_name("warp")
    for k, v in warp_props.items():
        warp.set_property(k, v)
    src = pipeline.get_by_name("src")
    sink = pipeline.get_by_name("sink")
    src.set_property("max-bytes", 0)
    size = width * height  # GRAY8 rows of 4-aligned widths: our sizes are multiples of 4
    outputs = []
    try:
        pipeline.set_state(Gst.State.PLAYING)
        for pts, dur, tag in frames:
            buf = Gst.Buffer.new_wrapped(bytes([tag & 0xFF]) * size)
            buf.pts = pts
            buf.dts = Gst.CLOCK_TIME_NONE
            buf.duration = dur
            src.emit("push-buffer", buf)
        src.emit("end-of-stream")
        bus = pipeline.get_bus()
        while True:
            sample = sink.emit("try-pull-sample", int(0.05 * Gst.SECOND))
            if sample is not None:
                b = sample.get_buffer()
                ok, info = b.map(Gst.MapFlags.READ)
                first = info.data[0] if ok else None
                if ok:
                    b.unmap(info)
                outputs.append((b.pts, b.duration, first))
                continue
            if sink.get_property("eos"):
                break
            msg = bus.pop_filtered(Gst.MessageType.ERROR)
            if msg is not None:
                err, dbg = msg.parse_error()
                raise PipelineError("%s (%s)" % (err.message, dbg))
            timeout_s -= 0.05
            if timeout_s <= 0:
                raise PipelineError("timed out waiting for EOS")
        counters = {k: warp.get_property(k) for k in ("in", "out", "drop", "duplicate")}
        return outputs, counters
    finally:
        pipeline.set_state(Gst.State.NULL)


def frames_at_rate(n, rate=(25, 1), start_tag=0):
    """n frames at a fixed rate from 0: (pts, duration, tag=index)."""
    num, den = rate
    pts = [i * SECOND * den // num for i in range(n + 1)]
    return [(pts[i], pts[i + 1] - pts[i], (start_tag + i) & 0xFF) for i in range(n)]
