#!/usr/bin/env python3
"""Summarises the gst-validate logs written by run.sh (development tool, not used by make test).

usage: summarize.py LOG_DIR "variant ..." "scenario ..." "column-title ..."
Prints the variant x scenario table ("rc C/W/I": return value, distinct critical / warning /
issue-level report types) and writes LOG_DIR/issues.txt: every distinct report (level, summary)
with the runs it occurs in, the elements it was detected on and example details.
"""
import os
import re
import sys

LEVELS = ("critical", "warning", "issue")
HEAD = re.compile(r"^\s{2,}(critical|warning|issue) : (.+)$")
DETECTED = re.compile(r"^\s+Detected on <(.+)>\s*$")
DETAILS = re.compile(r"^\s+Details : (.*)$")
DESCRIPTION = re.compile(r"^\s+Description : (.*)$")


def parse(path):
    """Returns ({(level, summary): {"on": set, "details": list, "description": str}}, issues_found)."""
    reports, current, in_trace, found = {}, None, False, None
    try:
        lines = open(path, errors="replace").read().splitlines()
    except OSError:
        return reports, None
    for line in lines:
        m = HEAD.match(line)
        if m:
            key = (m.group(1), m.group(2).strip())
            current = reports.setdefault(key, {"on": set(), "details": [], "description": ""})
            in_trace = False
            continue
        if line.startswith("Issues found:"):
            found = line.split(":", 1)[1].strip()
            current = None
            continue
        if current is None:
            continue
        if re.match(r"^\s+backtrace :", line):
            in_trace = True
            continue
        if (m := DETECTED.match(line)):
            current["on"].add(m.group(1)); in_trace = False
        elif (m := DETAILS.match(line)):
            current["details"].append(m.group(1).strip()); in_trace = False
        elif (m := DESCRIPTION.match(line)):
            current["description"] = m.group(1).strip(); in_trace = False
        elif not line.strip():
            if not in_trace:
                current = None
        elif not in_trace and not line.startswith(" " * 13):
            current = None
    return reports, found


def main():
    log_dir, variants, scenarios, cols = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4].split()
    table, distinct = {}, {}
    for v in variants:
        for s in scenarios:
            base = os.path.join(log_dir, f"{v}.{s}")
            try:
                rc = open(base + ".rc").read().strip()
            except OSError:
                rc = "-"
            reports, found = parse(base + ".log")
            counts = [sum(1 for (lvl, _) in reports if lvl == level) for level in LEVELS]
            table[v, s] = (rc, counts, found)
            for key, r in reports.items():
                d = distinct.setdefault(key, {"runs": [], "on": set(), "examples": [], "description": r["description"]})
                d["runs"].append(f"{v}/{s}")
                d["on"] |= r["on"]
                for detail in r["details"]:
                    if len(d["examples"]) < 4 and not any(detail == e[1] for e in d["examples"]):
                        d["examples"].append((f"{v}/{s}", detail))

    width = max(len(v) for v in variants)
    cw = max([10] + [len(c) for c in cols])
    print("cell = rc C/W/I  (rc: 0 ok, 18 criticals, 124 timeout, >128 crash; counts: distinct report types)")
    print(f"{'variant':<{width}}  " + "  ".join(f"{c:<{cw}}" for c in cols))
    for v in variants:
        cells = []
        for s in scenarios:
            rc, (c, w, i), _ = table[v, s]
            cells.append(f"{rc:>3} {c}/{w}/{i}".ljust(cw))
        print(f"{v:<{width}}  " + "  ".join(cells))

    order = sorted(distinct.items(), key=lambda kv: (LEVELS.index(kv[0][0]), kv[0][1]))
    with open(os.path.join(log_dir, "issues.txt"), "w") as out:
        for (level, summary), d in order:
            out.write(f"[{level}] {summary}\n")
            if d["description"]:
                out.write(f"    description: {d['description']}\n")
            out.write(f"    detected on: {', '.join(sorted(d['on']))}\n")
            out.write(f"    runs ({len(d['runs'])}): {' '.join(d['runs'])}\n")
            for run, detail in d["examples"]:
                out.write(f"    e.g. {run}: {detail}\n")
            out.write("\n")
    print()
    print("distinct reports (runs affected; details in issues.txt):")
    for (level, summary), d in order:
        print(f"  {level:8} {len(d['runs']):3}  {summary}")


if __name__ == "__main__":
    main()
