#!/usr/bin/env python3
"""pitch=preserve quality: audiotimewarp's two engines (pitch-engine=wsola, pitch-engine=spectral)
beside Rubber Band R3 and R2 (rubberband-cli), SoundTouch (gst-plugins-bad's `pitch`) and, when
`python-stretch` imports, Signalsmith Stretch, all measured in the same run.

    make pitch-quality     (installs rubberband-cli, python3-numpy and espeak-ng when missing)
    GST_PLUGIN_PATH=.build/release /usr/bin/python3 scripts/pitch-quality.py

Every signal is mono F32 at 48 kHz. Metrics (each defined once, here):

- LSD (round trip, dB; lower is better): the clip is stretched by X and the result by 1/X, which
  brings it back to the clip's time base, so the two compare frame by frame without a reference
  for the stretched signal. Both are normalised to the same RMS (a level change is not a spectral
  change; Rubber Band's CLI is run with --ignore-clipping so it never lowers its gain), the lag
  of the largest cross-correlation within +-50 ms is removed (some engines delay), and
      LSD = mean over frames of sqrt(mean over bins of (10 log10 P_x / P_y)^2),
  with power spectra P of 2048-point Hann frames every 512 samples, bins from 50 Hz to 16 kHz,
  each power floored at 80 dB under the clip's strongest bin (so silence and the bins below
  hearing do not dominate) and frames whose clip power is all at the floor skipped. Clips: speech
  (espeak-ng, a JFK-like sentence), echo.webm (speech over music; shared/media) and a
  synthesised music excerpt (piano-like chords, bass, kick and hi-hat).
- Transients: 16 single-sample clicks 150 ms apart, stretched by 1.5 and by 0.5. For each click,
  the largest |y| within 20 ms of X times its time; its score is that peak over the RMS of the
  5 ms around it (the input's clicks score sqrt(240) = 15.5). Reported: the mean score, and how
  many clicks came out once, were dropped (no peak above a quarter of the input click's height
  within half the spacing) or doubled (two or more such peaks more than 2 ms apart).
- Tones: the chord 220 / 277.2 / 329.6 Hz held 4 s, stretched by 1.2. Each partial's frequency
  is measured in 100 ms windows (Blackman-Harris, every 50 ms, 0.3 s skipped at each end) from the phase
  advance of its DFT between two windows 1 ms apart; the score is the median of |deviation| from
  the true frequency, in cents, per partial (the input itself measures a few hundredths).
- len: the largest difference between an output's length and round(X * N), in samples.
"""
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "python"))
import audio_quality as aq  # noqa: E402
import timewarp_ref as ref  # noqa: E402

RATE = 48000
FACTORS = [0.5, 1.5, 2.0]
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


# ---- engines -----------------------------------------------------------------------------

def write_wav(path, x):
    data = np.asarray(x, dtype="<f4").tobytes()
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE")
        f.write(b"fmt " + struct.pack("<IHHIIHH", 16, 3, 1, RATE, RATE * 4, 4, 32))
        f.write(b"data" + struct.pack("<I", len(data)) + data)


def read_wav(path):
    with open(path, "rb") as f:
        b = f.read()
    pos, fmt, channels, width = 12, 3, 1, 4
    while pos + 8 <= len(b):
        cid, size = b[pos:pos + 4], struct.unpack("<I", b[pos + 4:pos + 8])[0]
        body = b[pos + 8:pos + 8 + size]
        if cid == b"fmt ":
            fmt, channels = struct.unpack("<HH", body[:4])
            width = struct.unpack("<H", body[14:16])[0] // 8
            if fmt == 0xFFFE:
                fmt = struct.unpack("<H", body[24:26])[0]
        elif cid == b"data":
            if fmt == 3:
                y = np.frombuffer(body, dtype="<f4" if width == 4 else "<f8").astype(float)
            else:
                y = np.frombuffer(body, dtype="<i2").astype(float) / 32768
            return y[::channels]
        pos += 8 + size + (size & 1)
    return np.zeros(0)


def rubberband(engine):
    def run(x, factor):
        d = tempfile.mkdtemp()
        try:
            a, b = os.path.join(d, "in.wav"), os.path.join(d, "out.wav")
            write_wav(a, x)
            subprocess.run(["rubberband", engine, "--ignore-clipping", "-q", "-t", repr(factor), a, b],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return read_wav(b)
        finally:
            shutil.rmtree(d)
    return run


def gst(middle):
    def run(x, factor):
        return np.array(aq.run(middle(factor), list(np.asarray(x, dtype=float)), fmt="F32LE"))
    return run


SIGNALSMITH = """
import sys, numpy as np, python_stretch as ps
x = np.fromfile(sys.argv[1], dtype="<f4")
s = ps.Signalsmith.Stretch()
s.preset(1, %d)
s.setTimeFactor(1 / float(sys.argv[3]))
s.process(x[None, :])[0].astype("<f4").tofile(sys.argv[2])
""" % RATE


def signalsmith():
    """Signalsmith Stretch through `python-stretch` (pip), in whichever Python on PATH imports it
    (Debian's python3 usually cannot pip-install; the script's own Python runs GStreamer)."""
    candidates = [sys.executable] + [p for p in [shutil.which("python3"), shutil.which("python")] if p]
    for py in candidates:
        if subprocess.run([py, "-c", "import numpy, python_stretch"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            break
    else:
        return None

    def run(x, factor):
        d = tempfile.mkdtemp()
        try:
            a, b = os.path.join(d, "in.f32"), os.path.join(d, "out.f32")
            np.asarray(x, dtype="<f4").tofile(a)
            subprocess.run([py, "-c", SIGNALSMITH, a, b, repr(factor)], check=True)
            return np.fromfile(b, dtype="<f4").astype(float)
        finally:
            shutil.rmtree(d)
    return run


def engines():
    out = [("audiotimewarp wsola", gst(lambda f: "audiotimewarp pitch=preserve pitch-engine=wsola factor=%r" % f)),
           ("audiotimewarp spectral", gst(lambda f: "audiotimewarp pitch=preserve pitch-engine=spectral factor=%r" % f))]
    if shutil.which("rubberband"):
        out += [("Rubber Band R3", rubberband("-3")), ("Rubber Band R2", rubberband("-2"))]
    else:
        print("(no rubberband: install rubberband-cli for the Rubber Band rows)")
    if ref.gst().ElementFactory.find("pitch"):
        out.append(("SoundTouch", gst(lambda f: "pitch tempo=%r" % (1 / f))))
    s = signalsmith()
    if s:
        out.append(("Signalsmith Stretch", s))
    return out


# ---- signals -------------------------------------------------------------------------------

def decode(path, start, seconds):
    Gst = ref.gst()
    p = Gst.parse_launch("filesrc location=%s ! decodebin ! audioconvert ! audioresample ! "
                         "audio/x-raw,format=F32LE,rate=%d,channels=1 ! appsink name=out sync=false" % (path, RATE))
    sink = p.get_by_name("out")
    p.set_state(Gst.State.PLAYING)
    chunks = []
    while True:
        s = sink.emit("try-pull-sample", 20 * Gst.SECOND)
        if s is None:
            break
        b = s.get_buffer()
        chunks.append(np.frombuffer(b.extract_dup(0, b.get_size()), dtype="<f4"))
    p.set_state(Gst.State.NULL)
    y = np.concatenate(chunks).astype(float) if chunks else np.zeros(0)
    return y[int(start * RATE):int((start + seconds) * RATE)]


def speech():
    d = tempfile.mkdtemp()
    try:
        wav = os.path.join(d, "s.wav")
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", wav,
                        "And so, my fellow Americans: ask not what your country can do for you; "
                        "ask what you can do for your country."], check=True)
        return decode(wav, 0, 6)
    finally:
        shutil.rmtree(d)


def shared_media(name):
    for base in [os.environ.get("SHARED_MEDIA", ""), os.path.join(ROOT, "..", "shared", "media"),
                 os.path.join(ROOT, "shared", "media"), "/work/shared/media"]:
        if base and os.path.exists(os.path.join(base, name)):
            return os.path.join(base, name)
    return None


def music(seconds=6):
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    y = np.zeros(n)
    rng = np.random.default_rng(7)
    chords = [[261.63, 329.63, 392.0], [220.0, 261.63, 329.63], [174.61, 220.0, 261.63], [196.0, 246.94, 293.66]]
    beat = 0.5
    for k in range(int(seconds / beat)):
        at = int(k * beat * RATE)
        span = n - at
        tt = np.arange(span) / RATE
        chord = chords[(k // 2) % 4]
        if k % 2 == 0:
            for f in chord:
                for h in range(1, 6):
                    y[at:] += 0.05 / h * np.sin(2 * np.pi * f * h * tt) * np.exp(-tt * (1.5 + h))
        bass = chord[0] / 2
        y[at:] += 0.12 * np.sin(2 * np.pi * bass * tt) * np.exp(-tt * 4)
        if k % 2 == 0:  # kick
            y[at:] += 0.4 * np.sin(2 * np.pi * (50 + 100 * np.exp(-tt * 30)) * tt) * np.exp(-tt * 12)
        hat = at + int(beat / 2 * RATE)
        if hat < n:
            m = min(n - hat, int(0.05 * RATE))
            y[hat:hat + m] += 0.08 * rng.standard_normal(m) * np.exp(-np.arange(m) / RATE * 80)
    return y


def clicks():
    n = int(2.6 * RATE)
    x = np.zeros(n)
    times = [0.2 + 0.15 * k for k in range(16)]
    for s in times:
        x[int(round(s * RATE))] = 0.5
    return x, times


CHORD = [220.0, 277.2, 329.6]


def chord():
    t = np.arange(4 * RATE) / RATE
    return sum(0.2 * np.sin(2 * np.pi * f * t) for f in CHORD)


# ---- metrics -------------------------------------------------------------------------------

FRAME, HOP = 2048, 512
WINDOW = np.hanning(FRAME + 1)[:-1]
LO, HI = int(50 * FRAME / RATE) + 1, int(16000 * FRAME / RATE)


def spectra(x):
    frames = max(0, (len(x) - FRAME) // HOP + 1)
    idx = np.arange(FRAME)[None, :] + HOP * np.arange(frames)[:, None]
    return np.abs(np.fft.rfft(x[idx] * WINDOW, axis=1)[:, LO:HI + 1]) ** 2


def align(x, y, reach=int(0.05 * RATE)):
    """y shifted by the lag (within +-reach) of its largest cross-correlation with x."""
    n = min(len(x), len(y))
    size = 1 << int(math.ceil(math.log2(2 * n)))
    c = np.fft.irfft(np.fft.rfft(x[:n], size) * np.conj(np.fft.rfft(y[:n], size)), size)
    lags = np.concatenate([np.arange(0, reach + 1), np.arange(-reach, 0)])
    values = np.concatenate([c[:reach + 1], c[-reach:]])
    lag = int(lags[np.argmax(values)])
    return np.roll(np.pad(y, (0, max(0, len(x) - len(y))))[:max(len(x), len(y))], lag)[:len(x)]


def lsd(x, z):
    z = align(x, z)
    rx, rz = np.sqrt(np.mean(x ** 2)), np.sqrt(np.mean(z ** 2))
    if rz > 0:
        z = z * rx / rz
    px, pz = spectra(x), spectra(z)
    floor = px.max() * 1e-8
    px, pz = np.maximum(px, floor), np.maximum(pz, floor)
    keep = px.max(axis=1) > floor
    d = 10 * np.log10(px[keep] / pz[keep])
    return float(np.mean(np.sqrt(np.mean(d ** 2, axis=1))))


def transient_score(y, times, factor):
    half = int(0.15 * factor * RATE / 2)
    scores, once, dropped, doubled = [], 0, 0, 0
    w = int(0.0025 * RATE)
    for s in times:
        c = int(round(s * factor * RATE))
        lo, hi = max(0, c - int(0.02 * RATE)), min(len(y), c + int(0.02 * RATE))
        if hi <= lo:
            dropped += 1
            continue
        seg = np.abs(y[lo:hi])
        p = lo + int(np.argmax(seg))
        win = y[max(0, p - w):p + w]
        scores.append(float(np.abs(y[p]) / max(1e-12, np.sqrt(np.mean(win ** 2)))))
        region = np.abs(y[max(0, c - half):c + half])
        above = np.flatnonzero(region > 0.125)
        groups = 0 if len(above) == 0 else 1 + int(np.sum(np.diff(above) > int(0.002 * RATE)))
        if groups == 0:
            dropped += 1
        elif groups == 1:
            once += 1
        else:
            doubled += 1
    return float(np.mean(scores)) if scores else 0.0, once, dropped, doubled


def tone_cents(y, factor=1.0):
    win, step, delta = int(0.1 * RATE), int(0.05 * RATE), int(0.001 * RATE)
    # 4-term Blackman-Harris: side lobes 92 dB down, main lobe +-40 Hz, inside the chord's 57 Hz
    # spacing, so each partial is read without its neighbours.
    u = 2 * np.pi * np.arange(win) / win
    h = 0.35875 - 0.48829 * np.cos(u) + 0.14128 * np.cos(2 * u) - 0.01168 * np.cos(3 * u)
    t = np.arange(win) / RATE
    out = []
    for f in CHORD:
        e = np.exp(-2j * np.pi * f * t) * h
        devs = []
        for a in range(int(0.3 * RATE), len(y) - int(0.3 * RATE) - win - delta, step):
            z0 = np.dot(y[a:a + win], e)
            z1 = np.dot(y[a + delta:a + delta + win], e) * np.exp(-2j * np.pi * f * delta / RATE)
            est = f + np.angle(z1 * np.conj(z0)) / (2 * np.pi * delta / RATE)
            devs.append(abs(1200 * math.log2(max(est, 1e-9) / f)))
        out.append(float(np.median(devs)) if devs else float("nan"))
    return out


def main():
    rows = engines()
    clips = [("speech", speech())]
    echo = shared_media("echo.webm")
    if echo:
        clips.append(("echo.webm", decode(echo, 20, 6)))
    else:
        print("(echo.webm not found: set SHARED_MEDIA to the folder holding it)")
    clips.append(("music", music()))
    clicks_x, times = clicks()
    tone = chord()
    print("Input: transient score %.1f; tone deviation %s cents" % (
        transient_score(clicks_x, times, 1)[0], " / ".join("%.2f" % v for v in tone_cents(tone))))
    header = ["engine"] + ["LSD %s %g" % (name, x) for name, _ in clips for x in FACTORS] + \
        ["clicks 1.5: score, once/dropped/doubled", "clicks 0.5", "tone 1.2 (cents)", "len"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name, run in rows:
        cells, worst_len = [], 0
        for _, x in clips:
            for f in FACTORS:
                y = run(x, f)
                worst_len = max(worst_len, abs(len(y) - round(f * len(x))))
                z = run(y, 1 / f)
                cells.append("%.2f" % lsd(x, z))
        for f in [1.5, 0.5]:
            y = run(clicks_x, f)
            worst_len = max(worst_len, abs(len(y) - round(f * len(clicks_x))))
            s, once, dropped, doubled = transient_score(y, times, f)
            cells.append("%.1f, %d/%d/%d" % (s, once, dropped, doubled))
        y = run(tone, 1.2)
        cells.append(" / ".join("%.2f" % v for v in tone_cents(y)))
        cells.append("%d" % worst_len)
        print("| " + " | ".join([name] + cells) + " |", flush=True)


if __name__ == "__main__":
    main()
