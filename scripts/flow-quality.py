#!/usr/bin/env python3
"""frame-mode=flow against blend, nearest and FFmpeg's framerate and minterpolate (make flow-quality).

Quality: bikes.mp4 (640x272, 25 fps, 10 s of real street footage) is halved to 12.5 fps (the
even frames kept, as lossless y4m) and rebuilt to 25 fps by each method; each rebuilt odd frame
is compared with the dropped original (Y-PSNR from ffmpeg's psnr filter, the mean over the 124
dropped frames that lie between two kept ones). Speed: the same at 1280x720 (bikes scaled up,
first 5 s), wall and CPU time of the whole run (decode y4m, rebuild, discard; CPU time, user +
system, is the steadier number on a shared machine). Environment:
FLOW_QUALITY_CLIP (default ../shared/media/bikes.mp4), FLOW_QUALITY_SKIP_720P=1, FLOW_QUALITY_METHODS.
"""
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLIP = os.environ.get("FLOW_QUALITY_CLIP", os.path.join(ROOT, "..", "shared", "media", "bikes.mp4"))


def run(cmd, env=None):
    """Runs `cmd`; returns (wall seconds, CPU seconds of the child: user + system)."""
    start = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=900)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return time.monotonic() - start, cpu


def ours(mode, src, dst, quality="fast", estimator=None):
    env = dict(os.environ)
    if estimator:
        env["TIMEWARP_FLOW_ESTIMATOR"] = estimator
    sink = ["y4menc", "!", "filesink", f"location={dst}"] if dst else ["fakesink", "sync=false"]
    props = [f"frame-mode={mode}"] + ([f"flow-quality={quality}"] if mode == "flow" else [])
    return run(["gst-launch-1.0", "-q", "filesrc", f"location={src}", "!", "y4mdec", "!",
                "videotimewarp", *props, "!", "video/x-raw,framerate=25/1", "!", *sink], env)


def ffmpeg(filt, src, dst):
    out = [dst] if dst else ["-f", "null", "-"]
    return run(["ffmpeg", "-v", "error", "-y", "-i", src, "-vf", filt, "-pix_fmt", "yuv420p", *out])


METHODS = {
    "nearest": lambda s, d: ours("nearest", s, d),
    "blend": lambda s, d: ours("blend", s, d),
    "flow fast (DIS)": lambda s, d: ours("flow", s, d, "fast"),
    "flow balanced (DIS)": lambda s, d: ours("flow", s, d, "balanced"),
    "flow best (DIS)": lambda s, d: ours("flow", s, d, "best"),
    "flow fast (Farneback)": lambda s, d: ours("flow", s, d, "fast", "farneback"),
    "ffmpeg framerate": lambda s, d: ffmpeg("framerate=fps=25", s, d),
    "ffmpeg minterpolate": lambda s, d: ffmpeg("minterpolate=fps=25:mi_mode=mci:mc_mode=aobmc:me_mode=bidir", s, d),
}


def y_psnr(rebuilt, original, frames):
    """Mean Y-PSNR of the odd frames below `frames` of `rebuilt` against `original`."""
    sel = f"select='mod(n\\,2)*lt(n\\,{frames})',setpts=N/TB"
    with tempfile.NamedTemporaryFile(suffix=".log") as stats:
        subprocess.run(["ffmpeg", "-v", "error", "-i", rebuilt, "-i", original, "-lavfi",
                        f"[0:v]{sel}[a];[1:v]{sel}[b];[a][b]psnr=stats_file={stats.name}", "-f", "null", "-"],
                       check=True)
        values = [float(m) if m != "inf" else 99.0
                  for m in re.findall(r"psnr_y:(\S+)", open(stats.name).read())]
    return sum(values) / len(values), len(values)


def main():
    if not os.path.exists(CLIP):
        sys.exit(f"flow-quality: {CLIP} not found")
    methods = [m for m in METHODS if not os.environ.get("FLOW_QUALITY_METHODS")
               or m in os.environ["FLOW_QUALITY_METHODS"].split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        orig = os.path.join(tmp, "orig.y4m")
        half = os.path.join(tmp, "half.y4m")
        run(["ffmpeg", "-v", "error", "-i", CLIP, "-pix_fmt", "yuv420p", orig])
        run(["ffmpeg", "-v", "error", "-i", orig, "-vf", "select='not(mod(n\\,2))',setpts=N/12.5/TB",
             "-r", "12.5", half])
        count = int(subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                                    "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", orig],
                                   capture_output=True, text=True, check=True).stdout.strip())
        last_kept = (count - 1) // 2 * 2
        print(f"{os.path.basename(CLIP)}: {count} frames, halved to 12.5 fps and rebuilt to 25 fps; "
              f"Y-PSNR of the rebuilt odd frames below {last_kept} against the dropped originals")
        print(f"| method | Y-PSNR (dB) | frames | wall (s) | CPU (s) |\n|---|---|---|---|---|")
        for name in methods:
            dst = os.path.join(tmp, "out.y4m")
            wall, cpu = METHODS[name](half, dst)
            psnr, n = y_psnr(dst, orig, last_kept)
            print(f"| {name} | {psnr:.2f} | {n} | {wall:.1f} | {cpu:.1f} |", flush=True)
        if os.environ.get("FLOW_QUALITY_SKIP_720P"):
            return
        big = os.path.join(tmp, "half720.y4m")
        # Scaled by GStreamer (y4mdec does not read the colour-range tag of FFmpeg's y4m).
        short = os.path.join(tmp, "half5.y4m")
        run(["ffmpeg", "-v", "error", "-i", half, "-frames:v", "63", short])
        run(["gst-launch-1.0", "-q", "filesrc", f"location={short}", "!", "y4mdec", "!", "videoscale", "!",
             "video/x-raw,width=1280,height=720,pixel-aspect-ratio=1/1", "!", "y4menc", "!", "filesink", f"location={big}"])
        print("\n1280x720 (bikes scaled up), 5 s at 12.5 fps rebuilt to 25 fps: wall time, output discarded")
        print("| method | wall (s) | CPU (s) |\n|---|---|---|")
        for name in methods:
            if "best" in name or "balanced" in name:
                continue
            wall, cpu = METHODS[name](big, None)
            print(f"| {name} | {wall:.1f} | {cpu:.1f} |", flush=True)


if __name__ == "__main__":
    main()
