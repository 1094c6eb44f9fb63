"""Audio quality measurements of audiotimewarp and audioresample, in plain Python (no numpy).

Method (issue 11): mono F64 sines at amplitude 0.5 and 48 kHz are pushed through the element
(appsrc -> element -> appsink, the element's own output). SNR is the power of the input
amplitude's sine over the residue of a least-squares fit `a*sin + b*cos + c` at the exact ideal
phase `2 pi f T^-1(tau)` (for a constant scale s: the frequency f/s), over the output less
`EDGE_S` at each end; it works like THD+N. Alias residue is the output's RMS (same span)
relative to the input's, for a tone the output cannot hold (the ideal output is silence).

Everything expected comes from closed forms: the ideal phase from T (timewarp_ref.F, or the
keyframe ramp's F(u) = u - u^2/4), never from the element's output. audioresample is measured
the same way, converting 48 kHz to 48 kHz * s (its output, read at 48 kHz, is the same signal).
"""
import math
import struct

import timewarp_ref as ref

RATE = 48000
AMPLITUDE = 0.5
EDGE_S = 0.1


def sine(freq, n, amplitude=AMPLITUDE):
    w = 2 * math.pi * freq / RATE
    return [amplitude * math.sin(w * i) for i in range(n)]


def run(middle, samples, chunk=4800, fmt="F64LE"):
    """Pushes mono `samples` at RATE as `fmt` (F64LE or F32LE) through `middle` (a gst-launch
    fragment); returns the output values (all of them, whatever the output rate)."""
    Gst = ref.gst()
    code = "d" if fmt == "F64LE" else "f"
    width = struct.calcsize(code)
    caps = "audio/x-raw,format=%s,rate=%d,channels=1,layout=interleaved" % (fmt, RATE)
    desc = "appsrc name=src format=time caps=%s ! %s ! appsink name=out sync=false" % (caps, middle)
    pipeline = Gst.parse_launch(desc)
    src, sink = pipeline.get_by_name("src"), pipeline.get_by_name("out")
    pipeline.set_state(Gst.State.PLAYING)
    for start in range(0, len(samples), chunk):
        block = samples[start:start + chunk]
        buf = Gst.Buffer.new_wrapped(struct.pack("<%d%s" % (len(block), code), *block))
        buf.pts = start * Gst.SECOND // RATE
        buf.duration = len(block) * Gst.SECOND // RATE
        src.emit("push-buffer", buf)
    src.emit("end-of-stream")
    values = []
    while True:
        sample = sink.emit("try-pull-sample", 20 * Gst.SECOND)
        if sample is None:
            break
        b = sample.get_buffer()
        data = b.extract_dup(0, b.get_size())
        values.extend(struct.unpack("<%d%s" % (len(data) // width, code), data))
    msg = pipeline.get_bus().pop_filtered(Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    if msg is not None:
        raise ref.PipelineError(msg.parse_error()[0].message)
    return values


def _solve3(m, v):
    """Solves the 3x3 system m x = v (Gaussian elimination with partial pivoting)."""
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for col in range(3):
        p = max(range(col, 3), key=lambda r: abs(a[r][col]))
        a[col], a[p] = a[p], a[col]
        for r in range(col + 1, 3):
            f = a[r][col] / a[col][col]
            for k in range(col, 4):
                a[r][k] -= f * a[col][k]
    x = [0.0, 0.0, 0.0]
    for r in (2, 1, 0):
        x[r] = (a[r][3] - sum(a[r][k] * x[k] for k in range(r + 1, 3))) / a[r][r]
    return x


def snr_db(y, phases):
    """SNR (dB) of `y` against the fit a*sin(phase) + b*cos(phase) + c, phase per sample given,
    over the samples where `phases[j]` is not None: the fitted sine's power (a^2 + b^2)/2 over
    the mean square residue. (-inf when there is nothing to fit.)"""
    rows = [(y[j], math.sin(p), math.cos(p)) for j, p in enumerate(phases) if p is not None and j < len(y)]
    m = [[0.0] * 3 for _ in range(3)]
    v = [0.0] * 3
    for yy, s, c in rows:
        basis = (s, c, 1.0)
        for i in range(3):
            v[i] += basis[i] * yy
            for k in range(3):
                m[i][k] += basis[i] * basis[k]
    if len(rows) < 3:
        return -math.inf
    a, b, c0 = _solve3(m, v)
    residue = sum((yy - a * s - b * c - c0) ** 2 for yy, s, c in rows) / len(rows)
    return 10 * math.log10(max((a * a + b * b) / 2, 1e-300) / max(residue, 1e-300))


def constant_phases(freq, scale, count, rate=RATE):
    """Ideal output phases 2 pi f tau / s of `count` samples at `rate`, None within EDGE_S of
    either end."""
    edge = int(EDGE_S * rate)
    w = 2 * math.pi * freq / scale / rate
    return [w * j if edge <= j < count - edge else None for j in range(count)]


def residue_db(y, x, rate_out=RATE):
    """Alias residue (dB): RMS of `y` without EDGE_S at each end over the RMS of `x`."""
    edge = int(EDGE_S * rate_out)
    part = y[edge:len(y) - edge]
    ry = math.sqrt(sum(v * v for v in part) / max(len(part), 1))
    rx = math.sqrt(sum(v * v for v in x) / len(x))
    return 20 * math.log10(max(ry, 1e-300) / rx)


# ---- the element and the reference --------------------------------------------------------

def ours_constant(freq, scale, seconds=1.0, quality=4, interpolation="sinc", fmt="F64LE"):
    """audiotimewarp at constant scale: (output, input)."""
    x = sine(freq, int(seconds * RATE))
    y = run("audiotimewarp factor=%r interpolation=%s quality=%d" % (scale, interpolation, quality), x, fmt=fmt)
    return y, x


def audioresample_constant(freq, scale, seconds=1.0, quality=4, fmt="F64LE"):
    """audioresample 48 kHz -> 48 kHz * scale: (output, input)."""
    x = sine(freq, int(seconds * RATE))
    y = run("audioresample quality=%d ! audio/x-raw,rate=%d" % (quality, round(RATE * scale)), x, fmt=fmt)
    return y, x


def snr_constant(y, freq, scale):
    return snr_db(y, constant_phases(freq, scale, len(y)))


# ---- variable curves ----------------------------------------------------------------------

def inverse(T, tau, lo, hi):
    """T^-1(tau) for an increasing T by bisection to full precision (T(lo) <= tau <= T(hi))."""
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if mid <= lo or mid >= hi:
            break
        if T(mid) < tau:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def curve_phases(freq, T, D, count):
    """Ideal phases 2 pi f T^-1(j / RATE) for output samples j (None near the ends)."""
    edge = int(EDGE_S * RATE)
    out = []
    t = 0.0
    for j in range(count):
        if edge <= j < count - edge:
            tau = j / RATE
            # T^-1 is increasing: search above the previous value (never from 0 again).
            hi = t + 0.01
            while T(hi) < tau:
                hi += 0.01
            t = inverse(T, tau, t, hi)
            out.append(2 * math.pi * freq * t)
        else:
            out.append(None)
    return out


CURVES = {
    # name: (element properties, T(t) for D = 1 s)
    "cosine": ("function=cosine factor=1 modifier=0.25 duration=1000000000",
               lambda t: ref.T("cosine", t, 1.0, 1.0, 0.25)),
    "ramp": ("function=keyframes keyframes=\"0:1,1:0.5\" duration=1000000000",
             lambda t: t - t * t / 4 if t <= 1 else 0.75 + 0.5 * (t - 1)),
}


def ours_curve(name, freq, quality=4, interpolation="sinc"):
    """SNR (dB) of audiotimewarp along curve `name` (1 s of input) against sin(2 pi f T^-1(tau))."""
    props, T = CURVES[name]
    x = sine(freq, RATE)
    y = run("audiotimewarp %s interpolation=%s quality=%d" % (props, interpolation, quality), x)
    return snr_db(y, curve_phases(freq, T, 1.0, len(y)))
