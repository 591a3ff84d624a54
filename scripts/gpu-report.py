#!/usr/bin/env python3
"""Turns the raw outputs of scripts/gpu-check.sh into OUTDIR/gpu-check.md and checks the targets
of the GPU issue. Exit 0: every target met; 1: a target missed; 2: an output is missing."""
import csv
import io
import json
import re
import statistics
import sys
from pathlib import Path

out = Path(sys.argv[1])
lines, failures = [], []
KERNELS = ["vector_add", "softmax", "reduction", "matmul_f16", "matmul_f16_wgmma"]


def check(ok, text):
    lines.append(f"- {'PASS' if ok else 'MISS'}: {text}")
    if not ok:
        failures.append(text)


def load(name, required=True):
    path = out / name
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as e:
        print(f"gpu-report: {path}: {e}", file=sys.stderr)
        if required:
            sys.exit(2)
        return None


def text(name):
    path = out / name
    return path.read_text(errors="replace") if path.exists() else ""


# The device, as klens, nvidia-smi and PyTorch see it.
gpu = load("gpu.json")
dev = gpu["devices"][0]
lines.append("## The device\n")
lines.append(f"- `klens gpu`: {dev['name']}, {dev['arch']}, {dev['sm_count']} SMs, "
             f"{dev['memory_bytes'] / 2**30:.1f} GiB, driver CUDA {gpu['driver_version']}, peak DRAM "
             f"{dev['peak_bandwidth_gbs']:.0f} GB/s from clock and bus width")
smi = text("nvidia-smi.txt").strip()
torch_dev = text("torch-device.txt").strip()
lines.append(f"- `nvidia-smi`: {smi}")
lines.append(f"- PyTorch: {torch_dev}")
if smi:
    name, cc, mem, _driver = [x.strip() for x in smi.split(",")]
    check(name == dev["name"] and cc.replace(".", "") == dev["arch"].removeprefix("sm_"),
          f"klens gpu names the device and compute capability as nvidia-smi does ({name}, {cc})")
if torch_dev:
    parts = torch_dev.split()
    check(int(parts[-2]) == dev["sm_count"] and int(parts[-1]) == dev["memory_bytes"],
          f"SM count and memory agree with PyTorch ({parts[-2]} SMs, {int(parts[-1])} bytes)")
noperm = text("gpu-noperm.txt").strip()
if noperm:
    lines.append(f"- `klens gpu` as a user who may not open the device files: `{noperm.splitlines()[0]}` "
                 f"({noperm.splitlines()[-1]})")
    check("may not open" in noperm and noperm.endswith("exit 3"), "no permission on /dev/nvidia* is named, exit 3")

# The test suites.
suites = text("suites.txt")
lines.append("\n## GPU test suites\n")
for m in re.finditer(r"^SUITE (PASS|FAIL) (\S+)", suites, re.M):
    lines.append(f"- {m.group(2)}: {m.group(1)}")
for m in re.finditer(r"^(FAIL!|SKIP) .*$", suites, re.M):
    lines.append(f"  - `{m.group(0)[:200]}`")
check(bool(suites) and "SUITE FAIL" not in suites and "FAIL!" not in suites, "every GPU test suite passes")

# Planted faults through the CLI.
planted = load("planted.json", required=False)
if planted:
    lines.append("\n## Planted faults (`klens autotune tests/gpu/planted/planted_faults.json --time-bound 2`)\n")
    lines.append("| config | status | message |")
    lines.append("| --- | --- | --- |")
    for c in planted["configs"]:
        lines.append(f"| {c['config']} | {c['status']} | {c['message'][:220]} |")
    got = [c["status"] for c in planted["configs"]]
    check(got == ["launch-failed", "ok", "timed-out", "ok", "launch-failed"],
          "each planted fault is reported for its configuration and the next one runs")

# Autotune figures: 3 runs of each kernel.
cublas = re.search(r"cublas_hgemm (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", text("cublas.txt"))
lines.append("\n## Autotune, 3 runs each (the second and third compile nothing)\n")
lines.append("| kernel | size | ok / configs | best config (run 1) | best median ms, runs 1-3 | spread | best | "
             "yardstick |")
lines.append("| --- | --- | ---: | --- | --- | ---: | ---: | --- |")
table_end, matmul_ratios = len(lines), {}
for k in KERNELS:
    runs = [load(f"{k}.{i}.json", required=False) for i in (1, 2, 3)]
    if not all(runs):
        check(False, f"{k}: 3 runs")
        continue
    bests = [next(c for c in r["configs"] if c["config"] == r["best"]) if r["best"] else None for r in runs]
    if not all(bests):
        check(False, f"{k}: every run found a best configuration")
        continue
    ok = sum(c["status"] == "ok" for c in runs[0]["configs"])
    medians = [b["timing_ms"]["median"] for b in bests]
    spread = (max(medians) - min(medians)) / statistics.median(medians)
    tput = statistics.median(b["throughput"] for b in bests)
    unit = runs[0]["unit"]
    if runs[0]["metric"] == "bytes":
        copy = statistics.median(r["copy_gbs"] for r in runs)
        yard = f"{100 * tput / copy:.1f}% of the {copy:.0f} GB/s device-to-device copy in the same runs"
    else:
        yard = (f"cuBLAS {float(cublas.group(4)):.4f} ms ({float(cublas.group(7)):.1f} TFLOP/s): ours takes "
                f"{statistics.median(medians) / float(cublas.group(4)):.2f}x its time") if cublas else "no cuBLAS"
    size = ", ".join(f"{a}={b}" for a, b in runs[0]["size"].items() if a != "name")
    lines.append(f"| {k} | {size} | {ok} / {len(runs[0]['configs'])} | {runs[0]['best']} | "
                 f"{', '.join(f'{m:.4f}' for m in medians)} | {100 * spread:.2f}% | {tput:.1f} {unit} | {yard} |")
    check(spread <= 0.03, f"{k}: run-to-run spread of the best median {100 * spread:.2f}% (target <= 3%)")
    check(all(r["compile_hits"] == len(r["configs"]) for r in runs[1:]),
          f"{k}: the second and third runs compiled nothing")
    if k == "vector_add":
        check(tput >= 0.85 * copy, f"vector_add best is {100 * tput / copy:.1f}% of the copy bandwidth (target >= 85%)")
    if k.startswith("matmul_f16") and cublas:
        ratio = statistics.median(medians) / float(cublas.group(4))
        matmul_ratios[k] = ratio
    bad = [c for c in runs[0]["configs"] if c["status"] != "ok"]
    for c in bad[:5]:
        lines.append(f"- {k} {c['config']}: {c['status']}: {c['message'][:160]}")
if matmul_ratios:
    k, ratio = min(matmul_ratios.items(), key=lambda kv: kv[1])
    check(ratio <= 1.5, f"the faster fp16 matmul ({k}) takes {ratio:.2f}x cuBLAS's time (target <= 1.5x); "
          + ", ".join(f"{n} {r:.2f}x" for n, r in matmul_ratios.items()))
# Table rows first, then what was checked about them.
rows = [x for x in lines[table_end:] if x.startswith("| ")]
notes = [x for x in lines[table_end:] if not x.startswith("| ")]
lines[table_end:] = rows + [""] + notes

# cuobjdump -res-usage against klens cubin, per kernel.
blocks = text("resusage.txt").split("### ")[1:]
mismatches, compared = [], 0
for block in blocks:
    path, _, body = block.partition("\n")
    ours = {}
    for line in body.splitlines():
        if line.startswith("{"):
            for k in json.loads(line)["kernels"]:
                ours[k["name"]] = k
    for fn, fields in re.findall(r"Function ([^\s:]+):\s*\n\s*(REG:.*)", body):
        theirs = dict(re.findall(r"(\w+(?:\[\d+\])?):(\d+)", fields))
        k = ours.get(fn)
        compared += 1
        if not k:
            mismatches.append(f"{path}: {fn} missing from klens cubin")
            continue
        pairs = [("REG", k["registers"]), ("LOCAL", k["frame_bytes"]),
                 ("SHARED", k["static_shared_bytes"] + k.get("reserved_shared_bytes", 0))]
        for name, value in pairs:
            if int(theirs.get(name, -1)) != (value if value is not None else 0):
                mismatches.append(f"{Path(path).name} {fn}: cuobjdump {name}={theirs.get(name)}, klens {value}")
lines.append(f"\n## cubin resources: {compared} kernels against `cuobjdump -res-usage`\n")
lines.append("SHARED there is the kernel's static shared memory plus the 1 KiB the driver reserves on sm_90 "
             "(klens reports them apart: `static_shared_bytes`, `reserved_shared_bytes`).\n")
lines.extend(f"- {m}" for m in mismatches[:20])
check(compared > 0 and not mismatches,
      f"klens cubin agrees with cuobjdump -res-usage on registers, local and shared for {compared - len(mismatches)} "
      f"of {compared} kernels")

# Nsight Compute against klens cubin on the cubin the profiled launch ran.
lines.append("\n## Nsight Compute (one launch each) against `klens cubin`\n")
lines.append("| kernel | block | ncu registers | klens registers | ncu static shared | klens static shared "
             "(+ reserved) | ncu theoretical occupancy |")
lines.append("| --- | --- | ---: | ---: | ---: | --- | ---: |")
for spec in ("vector_add", "matmul_f16"):
    raw = text(f"ncu-{spec}.csv")
    rows = [r for r in csv.DictReader(io.StringIO(raw[raw.find('"ID"'):]))] if '"ID"' in raw else []
    ncu = {r["Metric Name"]: r["Metric Value"].replace(",", "") for r in rows}
    klens = [json.loads(x) for x in text(f"ncu-{spec}.klens.json").splitlines() if x.startswith("{")]
    if not ncu or not klens:
        check(False, f"ncu and klens cubin figures for {spec}")
        continue
    k = klens[0]["kernels"][0]
    lines.append(f"| {spec} | {rows[0]['Block Size']} | {ncu['launch__registers_per_thread']} | {k['registers']} | "
                 f"{ncu['launch__shared_mem_per_block_static']} | {k['static_shared_bytes']} "
                 f"(+ {k.get('reserved_shared_bytes', 0)}) | {ncu.get('sm__maximum_warps_per_active_cycle_pct', '?')}% |")
    check(int(ncu["launch__registers_per_thread"]) == k["registers"] and
          int(ncu["launch__shared_mem_per_block_static"]) == k["static_shared_bytes"],
          f"{spec}: klens cubin's registers and static shared memory equal Nsight Compute's")

recompile = text("recompile.md")
if recompile:
    lines.append("\n## Recompile on the GPU (`scripts/gpu-recompile-check.py`)\n")
    lines.append(recompile)
    check("FAIL" not in recompile, "cached and rebuilt cubins give identical outputs, the rebuilt one launched")

report = "\n".join(lines) + "\n"
(out / "gpu-check.md").write_text(report)
print(report)
sys.exit(1 if failures else 0)
