#!/usr/bin/env python3
"""Groups the element fuzzer's findings by cause.

    fuzz/triage-elements.py FUZZER FINDINGS_DIR [--trace] [--limit N]

Replays every crash-*, timeout-* and oom-* input in FINDINGS_DIR once (the same limits as
fuzz/run-elements.sh), takes a signature from what the process printed (the Swift fatal error or
the sanitizer's or libFuzzer's report, with numbers blanked, plus the first frames inside
GstTimeWarp, TimeWarpMap or TimeWarpAudioCore) and prints one group per signature: how many
inputs, the smallest one, and its report. With --trace, also the last actions of the smallest
input of each group (replayed with FUZZ_ELEMENTS_TRACE=1).
"""
import os
import re
import subprocess
import sys

PROJECT = ("GstTimeWarp", "TimeWarpMap", "TimeWarpAudioCore")


def demangle(names):
    if not names:
        return []
    tool = "swift-demangle"
    for candidate in ("/opt/swift/usr/bin/swift-demangle",):
        if os.path.exists(candidate):
            tool = candidate
    try:
        out = subprocess.run([tool, "--simplified", "--compact"], input="\n".join(names),
                             capture_output=True, text=True, timeout=60).stdout
        return out.splitlines()
    except (OSError, subprocess.SubprocessError):
        return names


def replay(fuzzer, path, trace=False, timeout=10, slow_unwind=False):
    env = dict(os.environ)
    env["FUZZ_ELEMENTS_TRACE"] = "1" if trace else "0"
    if slow_unwind:
        # Full stacks through GLib (built without frame pointers), for allocation failures; slow.
        env["ASAN_OPTIONS"] = ("detect_leaks=0:handle_abort=1:handle_sigill=1:"
                               "fast_unwind_on_malloc=0:fast_unwind_on_fatal=0")
    try:
        run = subprocess.run([fuzzer, f"-timeout={timeout}", "-malloc_limit_mb=" +
                              os.environ.get("FUZZ_MALLOC_LIMIT_MB", "256"), "-rss_limit_mb=2048",
                              "-detect_leaks=0", path],
                             capture_output=True, text=True, errors="replace", env=env,
                             timeout=timeout * 6 + 60)
        return run.returncode, run.stderr + run.stdout
    except subprocess.TimeoutExpired as e:
        return -1, (e.stderr or b"").decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")


def blank(text):
    text = re.sub(r"0x[0-9a-fA-F]+", "N", text)
    return re.sub(r"\d+", "N", text)


def signature(output):
    """(kind, message, [project frames]) from one replay's output."""
    kind, message = "no failure on replay", ""
    slow = re.search(r"Executed \S+ in (\d+) ms", output)
    if slow:
        message = f"replay took {slow.group(1)} ms"
    m = re.search(r"FUZZ-ELEMENTS FINDING: (.*)", output)
    f = re.search(r"Fatal error: (.*)", output)
    if m:
        kind, message = "finding", m.group(1)
    elif f:
        kind, message = "Swift fatal error", f.group(1)
    elif re.search(r"ERROR: libFuzzer: timeout", output):
        kind = "timeout"
    elif re.search(r"ERROR: libFuzzer: out-of-memory \(malloc\((\d+)\)\)", output):
        size = re.search(r"out-of-memory \(malloc\((\d+)\)\)", output).group(1)
        kind, message = "single allocation over the limit", f"malloc({size})"
    elif re.search(r"ERROR: libFuzzer: out-of-memory", output):
        kind = "RSS over the limit"
    elif re.search(r"GLib-ERROR[^\n]*", output):
        kind, message = "GLib error (abort)", re.search(r"GLib-ERROR[^\n]*", output).group(0)
    elif re.search(r"ERROR: AddressSanitizer: (\S+)", output):
        a = re.search(r"ERROR: AddressSanitizer: ([^\n]*)", output).group(1)
        kind = "AddressSanitizer"
        message = re.sub(r" on (unknown )?address.*", "", a)
        if message.startswith("ILL"):
            kind, message = "trap (SIGILL, no message)", ""
    elif re.search(r"ERROR: libFuzzer: deadly signal", output):
        kind = "deadly signal"
    # The first stack trace after the report (ASan or libFuzzer's).
    frames, places = [], []
    starts = [i for i in (output.find("ERROR: AddressSanitizer"), output.find("ERROR: libFuzzer"),
                          output.find("FUZZ-ELEMENTS FINDING"), output.find("Fatal error:")) if i >= 0]
    for line in output[min(starts, default=0):].splitlines():
        if "in Swift runtime failure:" in line and kind.startswith("trap"):
            message = line.split("in Swift runtime failure:")[1].split(" /")[0].strip()
        fm = re.match(r"\s+#\d+ 0x[0-9a-f]+ in (\S+)(?: (\S+))?", line)
        if not fm:
            continue
        sym, where = fm.group(1), fm.group(2) or ""
        if (any(p in sym for p in PROJECT) and "FuzzElements" not in sym
                and not where.rsplit("/", 1)[-1].startswith("Pad.swift")):
            frames.append(sym)
            places.append(re.sub(r":\d+$", "", os.path.basename(where)) if ":" in where else "")
        if len(frames) >= 3:
            break
    names = demangle(frames)
    frames = [f"{n} ({p})" if p else n for n, p in zip(names, places)]
    return kind, message, frames


def main():
    args = sys.argv[1:]
    trace = "--trace" in args
    args = [a for a in args if a != "--trace"]
    limit = None
    if "--limit" in args:
        i = args.index("--limit")
        limit = int(args[i + 1])
        del args[i:i + 2]
    fuzzer, findings = args[0], args[1]
    files = sorted((os.path.join(findings, f) for f in os.listdir(findings)
                    if f.split("-")[0] in ("crash", "timeout", "oom", "slow")),
                   key=os.path.getsize)
    if limit:
        files = files[:limit]
    if not files:
        print("findings: none")
        return
    groups = {}
    for path in files:
        _, output = replay(fuzzer, path)
        kind, message, frames = signature(output)
        if not frames and kind not in ("no failure on replay", "timeout"):
            _, output = replay(fuzzer, path, slow_unwind=True)
            kind, message, frames = signature(output)
        if kind == "no failure on replay" and os.path.basename(path).startswith("slow-unit"):
            kind = "slow input (over the time limit in the run)"
        key = (kind, blank(message), tuple(frames[:2]))
        groups.setdefault(key, []).append((path, output))
    print(f"findings: {len(files)} inputs, {len(groups)} distinct")
    for n, ((kind, _, frames), items) in enumerate(sorted(groups.items(), key=lambda kv: -len(kv[1])), 1):
        path, output = items[0]
        _, message, _ = signature(output)
        print(f"\n[{n}] {kind}: {message}")
        print(f"    inputs: {len(items)}; smallest: {path}")
        for fr in frames:
            print(f"    at {fr}")
        if trace:
            _, t = replay(fuzzer, path, trace=True)
            actions = [l for l in t.splitlines() if l.startswith("  ") and not l.startswith("    #")]
            for line in actions[-25:]:
                print(f"    | {line}")


if __name__ == "__main__":
    main()
