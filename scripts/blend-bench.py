"""Frame blending (videotimewarp frame-mode=blend) against compositor, 1080p I420, for `make bench`.

Net cost per blended frame: the blend run minus the same run in nearest mode, divided by the
blended output frames. Compositor's net cost per output frame blending two streams at alpha 0.5:
its run minus the same two sources into fakesinks. Goals: <= 0.5x for two-frame mixes
(factor=2: every odd slot mixes two frames), <= 1.0x for the four-frame average at factor=0.25
(issue 24: the rows of each frame are split across the element's worker threads).

    blend-bench.py REPS PYTHON RUN_ONE_PY FRAMES

RUN_ONE_PY runs one pipeline from PLAYING to EOS and prints "wall cpu" in seconds (bench.sh
writes it). Timings are printed, never asserted.
"""
import statistics
import subprocess
import sys

reps, python, runner, frames = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
caps = "video/x-raw,format=I420,width=1920,height=1080,framerate=30/1"
sink = "fakesink sync=false"
black = "videotestsrc num-buffers=%d pattern=solid-color ! %s" % (frames, caps)
white = "videotestsrc num-buffers=%d pattern=solid-color foreground-color=0xffffffff ! %s" % (frames, caps)
runs = {
    "nearest x2": "%s ! videotimewarp factor=2 ! %s ! %s" % (black, caps, sink),
    "blend x2": "%s ! videotimewarp factor=2 frame-mode=blend ! %s ! %s" % (black, caps, sink),
    "nearest x0.25": "%s ! videotimewarp factor=0.25 ! %s ! %s" % (black, caps, sink),
    "blend x0.25": "%s ! videotimewarp factor=0.25 frame-mode=blend ! %s ! %s" % (black, caps, sink),
    "compositor": "compositor name=c sink_1::alpha=0.5 ! %s ! %s  %s ! c.sink_0  %s ! c.sink_1"
                  % (caps, sink, black, white),
    "two sources": "%s ! %s  %s ! %s" % (black, sink, white, sink),
}
wall = {k: [] for k in runs}
cpu = {k: [] for k in runs}
for rep in range(reps):  # interleaved: each pipeline once per round
    print("[blend %d/%d]" % (rep + 1, reps), file=sys.stderr, flush=True)
    for key, pipe in runs.items():
        r = subprocess.run([python, runner, pipe], capture_output=True, text=True)
        out = (r.stdout.strip().splitlines() or ["ERROR"])[-1]
        if r.returncode != 0 or out.startswith("ERROR"):
            print("blend bench: %s failed: %s %s" % (key, out, r.stderr.strip()[-200:]))
            sys.exit(0)
        w, c = map(float, out.split())
        wall[key].append(w)
        cpu[key].append(c)

# Blended output frames: factor=2 mixes every odd slot (frames - 1 of them; the last slot
# repeats the last frame); factor=0.25 averages four frames into each of frames/4 slots.
counts = {"blend x2": frames - 1, "blend x0.25": frames // 4, "compositor": frames}
baseline = {"blend x2": "nearest x2", "blend x0.25": "nearest x0.25", "compositor": "two sources"}


def net(times, key):
    """Median run minus median baseline run, per frame, in ms."""
    return (statistics.median(times[key]) - statistics.median(times[baseline[key]])) / counts[key] * 1000


print()
print("frame blending, 1080p I420, %d input frames, %d interleaved runs (medians):" % (frames, reps))
print("  %-50s %8s %8s" % ("net cost per output frame", "wall ms", "cpu ms"))
labels = {"blend x2": "videotimewarp factor=2 blend, two-frame mix",
          "blend x0.25": "videotimewarp factor=0.25 blend, 4-frame average",
          "compositor": "compositor, two streams at alpha 0.5"}
values = {}
for key, label in labels.items():
    values[key] = (net(wall, key), net(cpu, key))
    print("  %-50s %8.3f %8.3f" % (label, values[key][0], values[key][1]))
comp = values["compositor"]
for label, key, goal in (("two-frame mix", "blend x2", 0.5), ("4-frame average", "blend x0.25", 1.0)):
    rw = values[key][0] / comp[0] if comp[0] > 0 else float("nan")
    rc = values[key][1] / comp[1] if comp[1] > 0 else float("nan")
    verdict = "met" if rw <= goal else "NOT met: %.2fx the goal" % (rw / goal)
    print("  %-16s / compositor: %.2fx wall, %.2fx cpu (goal <= %.1fx wall: %s)" % (label, rw, rc, goal, verdict))
print("  (cpu counts all threads: compositor and videotimewarp both blend on several)")
