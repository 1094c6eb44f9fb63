#!/usr/bin/env python3
"""pitch=preserve quality beside SoundTouch's `pitch` and scaletempo, at equal constant tempo,
measured in the same run.

    make pitch-quality                (GST_PLUGIN_PATH=.build/release)
    GST_PLUGIN_PATH=... /usr/bin/python3 scripts/pitch-quality.py

Method: 2 s mono F32 at 48 kHz, stretched to X times its length (X = 0.5, 1.37, 2) by
`audiotimewarp pitch=preserve factor=X`, `pitch tempo=1/X` (SoundTouch, gst-plugins-bad) and
`scaletempo` (played with a seek at rate 1/X). Columns:
- len: output length minus round(X * N), in ms (the exact length is 0);
- f err: a 440 Hz sine's frequency error (zero crossings over the output less 0.1 s at each end)
  and the worst over 50 ms windows, in %;
- level: that sine's RMS against the input's (same span), dB;
- step: the largest sample-to-sample step over the input's largest (1.00 = no larger step), for
  the sine and for the speech-like signal;
- LSD: log-spectral distance (dB) between the output frame at tau and the input frame at tau/X
  (Hann, 1024 samples, hop 512, 50 Hz ... 5 kHz, power floored at -80 dB of the input's peak),
  averaged over frames, for a speech-like signal: 25 harmonics (1/k) of a fundamental moving
  as 140 + 40 sin(2 pi 0.7 t) Hz under a 3 Hz syllable envelope.
"""
import cmath
import math
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "python"))
import audio_quality as aq  # noqa: E402
import timewarp_ref as ref  # noqa: E402

RATE = 48000
N = 2 * RATE
FACTORS = [0.5, 1.37, 2.0]


def sine440():
    return [0.5 * math.sin(2 * math.pi * 440 * i / RATE) for i in range(N)]


def speech_like():
    out, phase = [], 0.0
    for i in range(N):
        t = i / RATE
        f0 = 140 + 40 * math.sin(2 * math.pi * 0.7 * t)
        phase += 2 * math.pi * f0 / RATE
        env = 0.3 + 0.7 * math.sin(math.pi * 3 * t) ** 2
        v = sum(math.sin(k * phase) / k for k in range(1, 26) if k * f0 < 0.45 * RATE)
        out.append(0.25 * env * v)
    return out


def run_scaletempo(samples, rate):
    """scaletempo follows the segment rate: raw F32 from a file, played with a seek at `rate`."""
    Gst = ref.gst()
    fd, path = tempfile.mkstemp(suffix=".raw")
    with os.fdopen(fd, "wb") as f:
        f.write(struct.pack("<%df" % len(samples), *samples))
    try:
        p = Gst.parse_launch("filesrc location=%s ! rawaudioparse format=pcm pcm-format=f32le sample-rate=%d "
                             "num-channels=1 ! scaletempo ! appsink name=out sync=false" % (path, RATE))
        sink = p.get_by_name("out")
        p.set_state(Gst.State.PAUSED)
        p.get_state(10 * Gst.SECOND)
        p.seek(rate, Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
               Gst.SeekType.SET, 0, Gst.SeekType.NONE, -1)
        p.get_state(10 * Gst.SECOND)
        p.set_state(Gst.State.PLAYING)
        values = []
        while True:
            s = sink.emit("try-pull-sample", 10 * Gst.SECOND)
            if s is None:
                break
            b = s.get_buffer()
            data = b.extract_dup(0, b.get_size())
            values.extend(struct.unpack("<%df" % (len(data) // 4), data))
        p.set_state(Gst.State.NULL)
        return values
    finally:
        os.unlink(path)


def stretch(kind, samples, x):
    if kind == "ours":
        return aq.run("audiotimewarp pitch=preserve factor=%r" % x, samples, fmt="F32LE")
    if kind == "soundtouch":
        return aq.run("pitch tempo=%r" % (1 / x), samples, fmt="F32LE")
    return run_scaletempo(samples, 1 / x)





def _zc(y):
    xs = [i - 1 + y[i - 1] / (y[i - 1] - y[i]) for i in range(1, len(y))
          if (y[i - 1] < 0) != (y[i] < 0) and y[i - 1] != y[i]]
    if len(xs) < 3:
        return 0.0
    return (len(xs) - 1) / 2 / ((xs[-1] - xs[0]) / RATE)


def rms(y):
    return math.sqrt(sum(v * v for v in y) / max(1, len(y)))


def largest_step(y):
    return max(abs(b - a) for a, b in zip(y, y[1:]))


def fft(a):
    n = len(a)
    a = list(a)
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            a[i], a[j] = a[j], a[i]
    size = 2
    while size <= n:
        w = cmath.exp(-2j * math.pi / size)
        for start in range(0, n, size):
            wk = 1
            for k in range(size // 2):
                u, v = a[start + k], a[start + k + size // 2] * wk
                a[start + k], a[start + k + size // 2] = u + v, u - v
                wk *= w
        size *= 2
    return a


FRAME, HOP = 1024, 512
HANN = [math.sin(math.pi * n / FRAME) ** 2 for n in range(FRAME)]
LO, HI = int(50 * FRAME / RATE) + 1, int(5000 * FRAME / RATE)


def power(y, at):
    seg = y[at:at + FRAME]
    if len(seg) < FRAME:
        return None
    spec = fft([s * w for s, w in zip(seg, HANN)])
    return [abs(c) ** 2 for c in spec[LO:HI + 1]]


def lsd(x, y, stretch_x):
    frames_in = {}
    peak = 0.0
    for at in range(0, len(x) - FRAME, HOP // 4):
        p = power(x, at)
        frames_in[at] = p
        peak = max(peak, max(p))
    floor = peak * 1e-8
    dists = []
    for at in range(int(0.1 * RATE), len(y) - FRAME - int(0.1 * RATE), HOP):
        src = int(round(at / stretch_x / (HOP // 4))) * (HOP // 4)
        if src not in frames_in:
            continue
        p, q = frames_in[src], power(y, at)
        if q is None:
            continue
        d = [10 * math.log10(max(a, floor) / max(b, floor)) for a, b in zip(p, q)]
        dists.append(math.sqrt(sum(v * v for v in d) / len(d)))
    return sum(dists) / max(1, len(dists))


def main():
    Gst = ref.gst()
    kinds = ["ours"] + (["soundtouch"] if Gst.ElementFactory.find("pitch") else []) + ["scaletempo"]
    if "soundtouch" not in kinds:
        print("(no `pitch` element: install gstreamer1.0-plugins-bad for the SoundTouch rows)")
    sine, speech = sine440(), speech_like()
    sine_step, speech_step, sine_rms = largest_step(sine), largest_step(speech), rms(sine)
    print("| element | X | len (ms) | f err % | worst 50 ms % | level dB | step sine | step speech | LSD dB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for x in FACTORS:
        for kind in kinds:
            y = stretch(kind, sine, x)
            edge = int(0.1 * RATE)
            f = _zc(y[edge:len(y) - edge])
            worst = max(abs(_zc(y[a:a + RATE // 20]) - 440) for a in range(edge, len(y) - edge - RATE // 20, RATE // 20))
            level = 20 * math.log10(rms(y[edge:len(y) - edge]) / sine_rms)
            z = stretch(kind, speech, x)
            print("| %s | %g | %+.1f | %.3f | %.2f | %+.2f | %.3f | %.3f | %.2f |" % (
                {"ours": "audiotimewarp pitch=preserve", "soundtouch": "pitch (SoundTouch)",
                 "scaletempo": "scaletempo"}[kind], x, (len(y) - round(x * N)) * 1000 / RATE,
                100 * abs(f - 440) / 440, 100 * worst / 440, level,
                largest_step(y) / sine_step, largest_step(z) / speech_step, lsd(speech, z, x)))


if __name__ == "__main__":
    main()
