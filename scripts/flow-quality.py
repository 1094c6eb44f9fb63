#!/usr/bin/env python3
"""frame-mode=flow against blend and FFmpeg's minterpolate, on every clip (make flow-quality).

Each clip is halved (its even frames kept, as raw I420) and rebuilt to its own rate by each
method; each rebuilt odd frame between two kept ones is compared with the dropped original (Y-PSNR
from ffmpeg's psnr filter, the mean over those frames). The clips: bikes.mp4 (640x272, 25 fps, 10 s
of street footage) and echo.webm (480x270, 30 fps, its first 20 s: a grainy animated title and a
person talking over music), both from ../shared/media, and a held-out clip (FLOW_QUALITY_HELD_OUT,
a path; skipped when unset or absent) that the defaults were not tuned on. The goal (issue 32):
the default preset at least 0.3 dB above minterpolate on every clip. Speed is in make bench
(scripts/bench-flow.sh). Environment: FLOW_QUALITY_METHODS (comma-separated names),
FLOW_QUALITY_SECONDS (default 20: the longest part of a clip used).
"""
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEDIA = os.path.join(ROOT, "..", "shared", "media")
SECONDS = os.environ.get("FLOW_QUALITY_SECONDS", "20")


def run(cmd, env=None):
    """Runs `cmd`; returns (wall seconds, CPU seconds of the child: user + system)."""
    start = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=1800)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.monotonic() - start, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def probe(path):
    """(width, height, frames per second as an integer) of the clip's video."""
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=width,height,r_frame_rate", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout.strip().split(",")
    num, den = out[2].split("/")
    return int(out[0]), int(out[1]), round(int(num) / int(den))


def raw_input(size, rate):
    return ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", size, "-r", rate]


def ours(mode, quality=None, estimator=None):
    def method(clip, src, dst):
        env = dict(os.environ)
        if estimator:
            env["TIMEWARP_FLOW_ESTIMATOR"] = estimator
        props = [f"frame-mode={mode}"] + ([f"flow-quality={quality}"] if quality else [])
        return run(["gst-launch-1.0", "-q", "filesrc", f"location={src}", "!", "rawvideoparse",
                    f"width={clip['w']}", f"height={clip['h']}", "format=i420", f"framerate={clip['fps']}/2", "!",
                    "videotimewarp", *props, "!", f"video/x-raw,framerate={clip['fps']}/1", "!",
                    "filesink", f"location={dst}"], env)
    return method


def ffmpeg(filt):
    def method(clip, src, dst):
        return run(["ffmpeg", "-v", "error", "-y", *raw_input(clip["size"], f"{clip['fps']}/2"), "-i", src,
                    "-vf", filt.format(fps=clip["fps"]), "-pix_fmt", "yuv420p", "-f", "rawvideo", dst])
    return method


DEFAULT = "flow (default: fast)"
METHODS = {
    "blend": ours("blend"),
    DEFAULT: ours("flow"),
    "flow balanced": ours("flow", "balanced"),
    "flow best": ours("flow", "best"),
    "flow fast, Farneback": ours("flow", "fast", "farneback"),
    "ffmpeg minterpolate": ffmpeg("minterpolate=fps={fps}:mi_mode=mci:mc_mode=aobmc:me_mode=bidir"),
}


def y_psnr(clip, rebuilt, original, frames):
    """Mean Y-PSNR of the odd frames below `frames` of `rebuilt` against `original`."""
    sel = f"select='mod(n\\,2)*lt(n\\,{frames})',setpts=N/TB"
    raw = raw_input(clip["size"], str(clip["fps"]))
    with tempfile.NamedTemporaryFile(suffix=".log") as stats:
        subprocess.run(["ffmpeg", "-v", "error", *raw, "-i", rebuilt, *raw, "-i", original, "-lavfi",
                        f"[0:v]{sel}[a];[1:v]{sel}[b];[a][b]psnr=stats_file={stats.name}", "-f", "null", "-"],
                       check=True)
        values = [float(m) if m != "inf" else 99.0
                  for m in re.findall(r"psnr_y:(\S+)", open(stats.name).read())]
    return sum(values) / len(values), len(values)


def measure(name, path, methods, tmp):
    w, h, fps = probe(path)
    clip = {"w": w, "h": h, "fps": fps, "size": f"{w}x{h}"}
    orig, half, dst = (os.path.join(tmp, f) for f in ("orig.yuv", "half.yuv", "out.yuv"))
    run(["ffmpeg", "-v", "error", "-y", "-i", path, "-t", SECONDS, "-an", "-pix_fmt", "yuv420p", "-f", "rawvideo", orig])
    run(["ffmpeg", "-v", "error", "-y", *raw_input(clip["size"], str(fps)), "-i", orig, "-vf",
         "select='not(mod(n\\,2))'", "-fps_mode", "passthrough", "-f", "rawvideo", half])
    count = os.path.getsize(orig) // (w * h * 3 // 2)
    last_kept = (count - 1) // 2 * 2
    print(f"\n{name} ({w}x{h}, {fps} fps, {count} frames): halved and rebuilt; Y-PSNR of the rebuilt odd "
          f"frames below {last_kept} against the dropped originals")
    print("| method | Y-PSNR (dB) | frames | CPU (s) |\n|---|---|---|---|")
    scores = {}
    for method in methods:
        _, cpu = METHODS[method](clip, half, dst)
        psnr, n = y_psnr(clip, dst, orig, last_kept)
        scores[method] = psnr
        print(f"| {method} | {psnr:.2f} | {n} | {cpu:.1f} |", flush=True)
    if DEFAULT in scores and "ffmpeg minterpolate" in scores:
        margin = scores[DEFAULT] - scores["ffmpeg minterpolate"]
        print(f"default flow - minterpolate: {margin:+.2f} dB (goal: at least +0.30) "
              f"{'met' if margin >= 0.3 else 'NOT met'}")


def main():
    chosen = os.environ.get("FLOW_QUALITY_METHODS")
    methods = [m for m in METHODS if not chosen or m in chosen.split(",")]
    clips = [("bikes.mp4", os.path.join(MEDIA, "bikes.mp4")), ("echo.webm", os.path.join(MEDIA, "echo.webm"))]
    held_out = os.environ.get("FLOW_QUALITY_HELD_OUT")
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in clips:
            if not os.path.exists(path):
                print(f"\n{name}: skipped ({path} not found)")
                continue
            measure(name, path, methods, tmp)
        if held_out and os.path.exists(held_out):
            measure(f"held-out clip {os.path.basename(held_out)}", held_out, methods, tmp)
        else:
            print("\nheld-out clip: skipped (set FLOW_QUALITY_HELD_OUT to its path)")


if __name__ == "__main__":
    main()
