#!/usr/bin/env python3
"""Runs rigio's benchmarks and prints one Markdown table per program (`make bench`).

Each Google Benchmark program under BUILD/bench runs with --benchmark_repetitions (default 5) and
reports medians: CPU time, throughput (MB/s of input, or poses, armatures, ... per second) and its
counters (heap allocations per load, peak heap, model bytes, ...). Then the `rigio` command converts
a batch of 42 corpus files into a temporary folder (durable atomic writes), with -j 1 and -j 2: median
wall time of 5 runs and the peak RSS of the process. Everything reads ../shared in place; what is
missing is skipped with a message.

usage: scripts/bench-table.py [BUILD] [--quick] [--filter REGEX]
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# Programs with one row per corpus file run each row for less time.
PER_FILE = {"bench_spine_files", "bench_dragonbones_files"}


def fmt_number(v):
    if isinstance(v, str):
        return v
    a = abs(v)
    if a >= 1e9:
        return f"{v / 1e9:.2f} G"
    if a >= 1e6:
        return f"{v / 1e6:.2f} M"
    if a >= 1e4:
        return f"{v / 1e3:.1f} k"
    if a == int(a):
        return str(int(v))
    return f"{v:.3g}"


def fmt_time(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} us"
    return f"{ns:.0f} ns"


UNIT_NS = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
SKIP_KEYS = {"name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
             "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
             "aggregate_name", "aggregate_unit", "bytes_per_second", "items_per_second", "label",
             "error_occurred", "error_message"}


def run_program(path, args):
    proc = subprocess.run([path, "--benchmark_format=json"] + args, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"{os.path.basename(path)} failed: {proc.stderr.strip()[-300:]}\n")
        return None
    if not proc.stdout.strip():  # --filter matched nothing in this program
        return None
    return json.loads(proc.stdout)


def table(doc, repetitions):
    rows = []
    for b in doc["benchmarks"]:
        if repetitions > 1 and b.get("aggregate_name") != "median":
            continue
        name = b.get("run_name", b["name"])
        if b.get("error_occurred"):
            rows.append((name, "skipped", "", b.get("error_message", "")))
            continue
        cpu = b["cpu_time"] * UNIT_NS.get(b.get("time_unit", "ns"), 1)
        if "bytes_per_second" in b:
            rate = f"{b['bytes_per_second'] / 1e6:.1f} MB/s"
        else:
            per_s = [k for k in b if k.endswith("/s") and k not in SKIP_KEYS]
            rate = f"{fmt_number(b[per_s[0]])} {per_s[0]}" if per_s else (
                f"{fmt_number(b['items_per_second'])} items/s" if "items_per_second" in b else "")
        extra = ", ".join(f"{k}={fmt_number(v)}" for k, v in b.items()
                          if k not in SKIP_KEYS and not k.endswith("/s") and isinstance(v, (int, float)))
        label = b.get("label", "")
        rows.append((name + (f" ({label})" if label else ""), fmt_time(cpu), rate, extra))
    print("| benchmark | CPU time | rate | counters |")
    print("|---|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


def machine(doc):
    ctx = doc.get("context", {})
    return (f"{ctx.get('num_cpus', '?')} x {ctx.get('mhz_per_cpu', '?')} MHz, "
            f"load average {', '.join(f'{x:.2f}' for x in ctx.get('load_avg', []))}, {ctx.get('date', '')}")


def batch_conversion(build, shared, runs):
    rigio = os.path.join(build, "rigio")
    files = []
    for version in ("3.8", "4.2"):
        folder = os.path.join(shared, "corpus", "spine-" + version)
        if os.path.isdir(folder):
            files += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".skel"))
    files = files[:42]
    if not os.path.exists(rigio) or len(files) < 42:
        print("batch conversion: skipped (needs build/rigio and 42 .skel files in ../shared/corpus)")
        return
    print(f"\n### rigio convert: a batch of {len(files)} .skel files (Spine 3.8 and 4.2) to Spine JSON\n")
    print("| command | wall time (median of %d) | peak RSS |" % runs)
    print("|---|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        inputs = os.path.join(tmp, "in")
        os.mkdir(inputs)
        names = []
        for f in files:  # unique names: the same project exists in both versions
            link = os.path.join(inputs, os.path.basename(os.path.dirname(f)) + "-" + os.path.basename(f))
            os.symlink(f, link)
            names.append(link)
        for jobs in (1, 2):
            walls, rss = [], 0
            for _ in range(runs):
                out = os.path.join(tmp, "out")
                shutil.rmtree(out, ignore_errors=True)
                os.mkdir(out)
                start = time.perf_counter()
                p = subprocess.Popen([rigio, "-q", "convert", "--out-dir", out, "--to", "spine-json", "-j", str(jobs)] + names,
                                     stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(p.pid, 0)
                walls.append(time.perf_counter() - start)
                rss = max(rss, usage.ru_maxrss)
                if status != 0 or len(os.listdir(out)) != len(names):
                    print(f"| -j {jobs} | failed (status {status}) | |")
                    break
            else:
                print(f"| `rigio convert --out-dir OUT --to spine-json -j {jobs}` | "
                      f"{statistics.median(walls) * 1000:.1f} ms | {rss / 1024:.1f} MiB |")


def main():
    args = [a for a in sys.argv[1:]]
    quick = "--quick" in args
    filt = None
    if "--filter" in args:
        i = args.index("--filter")
        filt = args[i + 1]
        del args[i:i + 2]
    args = [a for a in args if a != "--quick"]
    build = args[0] if args else "build"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shared = os.path.join(os.path.dirname(root), "shared")
    bench_dir = os.path.join(build, "bench")
    if not os.path.isdir(bench_dir):
        sys.exit(f"no {bench_dir}: build first (make build)")
    repetitions = 1 if quick else 5
    programs = sorted(p for p in os.listdir(bench_dir) if p.startswith("bench_"))
    first = True
    for p in programs:
        min_time = 0.02 if p in PER_FILE else 0.2
        if quick:
            min_time /= 4
        bargs = [f"--benchmark_min_time={min_time}"]
        if repetitions > 1:
            bargs += [f"--benchmark_repetitions={repetitions}", "--benchmark_report_aggregates_only=true"]
        if filt:
            bargs.append(f"--benchmark_filter={filt}")
        doc = run_program(os.path.join(bench_dir, p), bargs)
        if doc is None or not doc.get("benchmarks"):
            continue
        if first:
            print(f"Machine: {machine(doc)}; {'one run' if repetitions == 1 else f'medians of {repetitions}'}\n")
            first = False
        print(f"### {p}\n")
        table(doc, repetitions)
        print()
    if not filt:
        batch_conversion(build, shared, 1 if quick else 5)


if __name__ == "__main__":
    main()
