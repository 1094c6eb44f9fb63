#!/usr/bin/env python3
"""Audio quality table: audiotimewarp beside audioresample, measured in the same run.

    make quality                      (GST_PLUGIN_PATH=.build/release)
    GST_PLUGIN_PATH=... /usr/bin/python3 scripts/quality.py [--quick]

Method (Tests/python/audio_quality.py): 1 s mono F64 sines at amplitude 0.5, 48 kHz; SNR by a
least-squares fit a*sin + b*cos + c at the exact output phase (f/s for a constant scale s,
sin(2 pi f T^-1(tau)) along a curve), over the output less 0.1 s at each end; alias residue is
the output RMS relative to the input's, where the ideal output is silence. audioresample
converts 48 kHz to 48 kHz * s (as many samples as audiotimewarp factor=s makes). The README's
numbers come from this table. Cost: see `make bench` (ratios against audioresample).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "python"))
import audio_quality as aq  # noqa: E402

QUICK = "--quick" in sys.argv
SCALES = [0.25, 0.3, 0.5, 0.6, 0.8, 1.25, 2, 4]
SNR_CASES = [(1000, s) for s in SCALES] + [(7000, s) for s in SCALES if s >= 0.5]
ALIAS_CASES = [(10000, 0.25), (20000, 0.8)]
QUALITIES = [4, 10] if QUICK else list(range(11))


def row(label, cells):
    print("| %s | %s |" % (label, " | ".join(cells)))


def fmt(v):
    return "%.0f" % v if v < 200 else "exact"


def main():
    heads = ["%g kHz s=%g" % (f / 1000, s) for f, s in SNR_CASES]
    print('SNR (dB), sine fit; "exact" = above 200 dB, Double rounding (at s = 0.25 and 0.5 every output falls on an input sample)\n')
    row("", heads)
    print("|---" * (len(heads) + 1) + "|")
    for mode in ("linear", "cubic"):
        row("ours %s" % mode, [fmt(aq.snr_constant(aq.ours_constant(f, s, interpolation=mode)[0], f, s))
                               for f, s in SNR_CASES])
    for q in QUALITIES:
        row("ours sinc quality=%d" % q, [fmt(aq.snr_constant(aq.ours_constant(f, s, quality=q)[0], f, s))
                                         for f, s in SNR_CASES])
        if q in (0, 4, 10):
            row("audioresample quality=%d" % q,
                [fmt(aq.snr_constant(aq.audioresample_constant(f, s, quality=q)[0], f, s)) for f, s in SNR_CASES])

    print("\nAlias residue (dB): output RMS / input RMS, ideal output silence\n")
    heads = ["%g kHz s=%g" % (f / 1000, s) for f, s in ALIAS_CASES]
    row("", heads)
    print("|---" * (len(heads) + 1) + "|")
    for mode in ("linear", "cubic"):
        row("ours %s" % mode, ["%.0f" % aq.residue_db(*aq.ours_constant(f, s, interpolation=mode))
                               for f, s in ALIAS_CASES])
    for q in QUALITIES:
        row("ours sinc quality=%d" % q, ["%.0f" % aq.residue_db(*aq.ours_constant(f, s, quality=q))
                                         for f, s in ALIAS_CASES])
        if q in (0, 4, 10):
            row("audioresample quality=%d" % q,
                ["%.0f" % aq.residue_db(*aq.audioresample_constant(f, s, quality=q)) for f, s in ALIAS_CASES])

    print("\nVariable curves: SNR (dB) against sin(2 pi f T^-1(tau)); cosine: function=cosine factor=1")
    print("modifier=0.25 (s from 0.5 to 2.5), ramp: keyframes 0:1,1:0.5; D = 1 s\n")
    cases = [(c, f) for c in ("cosine", "ramp") for f in (1000, 7000)]
    row("", ["%s %g kHz" % (c, f / 1000) for c, f in cases])
    print("|---" * (len(cases) + 1) + "|")
    for mode in ("linear", "cubic"):
        row("ours %s" % mode, ["%.0f" % aq.ours_curve(c, f, interpolation=mode) for c, f in cases])
    for q in ([4, 10] if QUICK else [0, 4, 7, 10]):
        row("ours sinc quality=%d" % q, ["%.0f" % aq.ours_curve(c, f, quality=q) for c, f in cases])


if __name__ == "__main__":
    main()
