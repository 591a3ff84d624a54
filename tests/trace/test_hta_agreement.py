#!/usr/bin/env python3
"""klens trace against Holistic Trace Analysis (HTA), kernel by kernel and rank by rank (issue 31).

For each trace (the corpus traces read in place, a generated one with DeepEP-, NVSHMEM- and
NCCL-named kernels overlapping compute on their own streams, and DeepSeek's published train.json
when KL_DEEPSEEK_TRACE names it):
- every kernel's class is compared with HTA's (`hta.utils.utils.get_kernel_type`, which counts
  only `^nccl.*Kernel` as communication). Where they differ, the test names the kernel, and the
  difference must be one HTA gets wrong: a kernel a KernelLens rule names as communication that HTA
  calls computation (or "other", its `.*Sync` pattern). klens missing an NCCL kernel fails;
- communication and its overlap with compute are summed here, independently of both tools, from
  the trace's own intervals, once with HTA's classes and once with klens's. HTA's
  `get_comm_comp_overlap` must equal the first, `klens trace --json` the second; and where no
  kernel is classed differently, HTA's ratio must equal klens's `hidden_share`.

Runs under HTA's interpreter (.venv-hta, scripts/hta-venv.sh; KL_HTA_PYTHON overrides); exits 77,
skipped with the reason, when it is missing. The corpus traces are skipped when ../shared is absent;
the generated trace always runs.
"""
import gzip
import json
import os
import subprocess
import sys
import tempfile
import warnings
from decimal import Decimal

from intervalsweep import length, overlap, union

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
KLENS = os.environ.get("KL_KLENS_BIN", os.path.join(SOURCE, "build/dev/app/cli/klens"))
CORPUS = os.environ.get("KL_TRACE_CORPUS", os.path.join(SOURCE, "..", "shared", "corpus", "traces"))
HTA_PYTHON = os.environ.get("KL_HTA_PYTHON", os.path.join(SOURCE, ".venv-hta", "bin", "python"))

try:
    from hta.trace_analysis import TraceAnalysis
    from hta.utils.utils import get_kernel_type
except ImportError:
    if os.environ.get("KL_HTA_REEXEC") or not os.access(HTA_PYTHON, os.X_OK):
        print(f"SKIP: no HTA: {HTA_PYTHON} is missing or cannot import hta (bash scripts/hta-venv.sh)")
        sys.exit(SKIP)
    os.environ["KL_HTA_REEXEC"] = "1"
    os.execv(HTA_PYTHON, [HTA_PYTHON, "-B", os.path.abspath(__file__)] + sys.argv[1:])

# HTA divides by zero communication on traces without any (NaN, which the test skips).
warnings.simplefilter("ignore", RuntimeWarning)
# HTA rounds every event to whole microseconds by default; Kineto's nanoseconds are kept so that
# both tools sum the same intervals.
os.environ["HTA_DISABLE_NS_ROUNDING"] = "1"

HTA_OF_OURS = {"compute": "COMPUTATION", "communication": "COMMUNICATION", "memcpy": "MEMORY",
               "memset": "MEMORY"}

# The generated trace: DeepSeek's layout with two micro-batches. Compute on stream 7; DeepEP's
# dispatch, combine and notify on stream 27; NVSHMEM on 28; an NCCL all-reduce on 9. Each row is
# (name, start us, end us, stream); some communication runs under compute, some alone.
GENERATED = [
    ("void at::native::gemm_kernel<float>(float*)", 0, 40, 7),
    ("void flash::flash_fwd_kernel<Flash_fwd_params>(Flash_fwd_params)", 50, 90, 7),
    ("void flash::flash_fwd_kernel<Flash_fwd_params>(Flash_fwd_params)", 130, 150, 7),
    ("void at::native::gemm_kernel<float>(float*)", 200, 260, 7),
    ("void dpsk::ep::internode::dispatch<8, true>(int*, int)", 10, 30, 27),
    ("void deep_ep::internode::combine<8>(int*, int)", 80, 100, 27),
    ("void deep_ep::internode::notify_dispatch<8>(int*)", 100, 104, 27),
    ("void dpsk::ep::internode::dispatch<8, true>(int*, int)", 190, 215, 27),
    ("void nvshmemi_transfer_rma_nbi_kernel(void*)", 35, 55, 28),
    ("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 95, 140, 9),
    ("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 250, 280, 9),
]
# Its communication (the union of DeepEP, NVSHMEM and NCCL) and the part under compute, in us,
# summed by hand from the table.
GENERATED_COMM_US, GENERATED_HIDDEN_US = 155, 75
# What HTA must get wrong on it: every DeepEP and NVSHMEM kernel, and nothing else.
GENERATED_MISCLASSED = {
    "void dpsk::ep::internode::dispatch<8, true>(int*, int)",
    "void deep_ep::internode::combine<8>(int*, int)",
    "void deep_ep::internode::notify_dispatch<8>(int*)",
    "void nvshmemi_transfer_rma_nbi_kernel(void*)",
}


def write_generated(path):
    events = []
    for corr, (name, start, end, stream) in enumerate(GENERATED, 1):
        events.append({"ph": "X", "cat": "kernel", "name": name, "pid": 0, "tid": stream,
                       "ts": 1_700_000_000_000 + start, "dur": end - start,
                       "args": {"device": 0, "stream": stream, "correlation": corr}})
    doc = {"distributedInfo": {"rank": 0, "world_size": 1},
           "deviceProperties": [{"id": 0, "name": "H800", "computeMajor": 9, "computeMinor": 0}],
           "traceEvents": events}
    with open(path, "w") as f:
        json.dump(doc, f)


def load(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    doc = json.loads(raw, parse_float=Decimal)
    return doc["traceEvents"] if isinstance(doc, dict) else doc


def gpu_intervals(events, with_stream_args):
    """(name, start ns, end ns) of the GPU activities. With `with_stream_args`, as HTA takes them:
    every complete event whose args carry a stream (Inductor's cpu_op records too)."""
    out = []
    for e in events:
        if not isinstance(e, dict) or e.get("ph") != "X" or "ts" not in e or "dur" not in e:
            continue
        args = e.get("args") or {}
        if with_stream_args:
            if "stream" not in args or args["stream"] == -1:
                continue
        elif e.get("cat") not in ("kernel", "gpu_memcpy", "gpu_memset"):
            continue
        start = int(Decimal(e["ts"]) * 1000)
        out.append((e["name"], start, start + int(Decimal(e["dur"]) * 1000)))
    return out


def sweep(intervals, class_of):
    """(communication ns, compute ∩ communication ns) with the given class per name."""
    comm = union([(s, t) for n, s, t in intervals if class_of(n) == "COMMUNICATION"])
    comp = union([(s, t) for n, s, t in intervals if class_of(n) == "COMPUTATION"])
    return length(comm), overlap(comm, comp)


def hta_figures(path):
    with tempfile.TemporaryDirectory() as d:
        os.symlink(os.path.abspath(path), os.path.join(d, os.path.basename(path)))
        analysis = TraceAnalysis(trace_dir=d, include_last_profiler_step=True)
        ratios = analysis.get_comm_comp_overlap(visualize=False)
        # HTA returns the percentage rounded to two decimals.
        return {int(r): float(x) / 100 for r, x in zip(ratios["rank"], ratios["comp_comm_overlap_pctg"])}


def klens_report(path):
    out = subprocess.run([KLENS, "trace", "--json", path], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise SystemExit(f"FAIL: klens trace --json {path}: exit {out.returncode}: {out.stderr}")
    return json.loads(out.stdout)


def check(path, label, expect_misclassed=None, expect_us=None):
    failures = []
    events = load(path)
    report = klens_report(path)
    ours = {k["name"]: (k["class"], k.get("class_rule")) for k in report["kernels"]}
    misclassed = {}
    for name, (cls, rule) in ours.items():
        hta = get_kernel_type(name)
        if hta == HTA_OF_OURS[cls]:
            continue
        misclassed[name] = (hta, cls, rule)
        if not (cls == "communication" and rule and hta in ("COMPUTATION", "OTHER")):
            failures.append(f"{name}: klens says {cls} (rule {rule}), HTA {hta}: not a kernel HTA gets wrong")
    print(f"{label}: {len(ours)} kernels, {len(misclassed)} classed differently from HTA")
    for name, (hta, cls, rule) in sorted(misclassed.items()):
        print(f"  HTA misclasses {name!r}: HTA {hta}, KernelLens {cls} by rule {rule!r}")
    if expect_misclassed is not None and set(misclassed) != expect_misclassed:
        failures.append(f"misclassed {sorted(misclassed)}, expected {sorted(expect_misclassed)}")

    # HTA's own figure against a sweep with HTA's classes and HTA's choice of events.
    hta_ratio = hta_figures(path)
    hta_comm, hta_hidden = sweep(gpu_intervals(events, True), get_kernel_type)
    for rank, ratio in hta_ratio.items():
        expected = hta_hidden / hta_comm if hta_comm else float("nan")
        if hta_comm and abs(ratio - expected) > 0.00005 + 1e-9:
            failures.append(f"HTA's overlap ratio {ratio} (rank {rank}) is not the sweep's {expected}")

    # klens's figures against a sweep with klens's classes.
    mine = {n: HTA_OF_OURS[c] for n, (c, _) in ours.items()}
    comm, hidden = sweep(gpu_intervals(events, False), lambda n: mine.get(n, "COMPUTATION"))
    devices = report["devices"]
    k_comm = sum(Decimal(str(d["communication_us"])) for d in devices) * 1000
    k_hidden = sum(Decimal(str(d["overlap_us"])) for d in devices) * 1000
    # The JSON's microseconds carry three decimals: equal to the nanosecond within rounding.
    if abs(k_comm - comm) > len(devices) or abs(k_hidden - hidden) > len(devices):
        failures.append(f"klens communication {k_comm} ns, hidden {k_hidden} ns; sweep {comm}, {hidden}")
    if expect_us and (comm, hidden) != (expect_us[0] * 1000, expect_us[1] * 1000):
        failures.append(f"the sweep gives {comm} ns, {hidden} ns; the table says {expect_us} us")
    print(f"  communication {comm / 1e6:.3f} ms, hidden {hidden / 1e6:.3f} ms"
          f" ({100 * hidden / comm if comm else 0:.2f}%); HTA sees {hta_comm / 1e6:.3f} ms,"
          f" {100 * (hta_hidden / hta_comm) if hta_comm else 0:.2f}% hidden")

    # Where the classes agree (and HTA's rank is one device), the two tools agree directly.
    if not misclassed and comm and len(devices) == 1 and len(hta_ratio) == 1:
        ratio = next(iter(hta_ratio.values()))
        share = devices[0]["hidden_share"]
        if abs(ratio - share) > 0.0006:  # hidden_share has three decimals, HTA's percentage two
            failures.append(f"HTA's overlap ratio {ratio}, klens's hidden_share {share}")
        else:
            print(f"  agrees with HTA: hidden share {share} vs {ratio:.6f}")
    return failures


def main():
    if not os.access(KLENS, os.X_OK):
        print(f"FAIL: no klens at {KLENS}")
        return 1
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        generated = os.path.join(tmp, "deepep_nvshmem_nccl.json")
        write_generated(generated)
        failures += check(generated, "generated DeepEP/NVSHMEM/NCCL trace", GENERATED_MISCLASSED,
                          (GENERATED_COMM_US, GENERATED_HIDDEN_US))
    if os.path.isdir(CORPUS):
        for name in sorted(os.listdir(CORPUS)):
            if name.endswith(".json.gz"):
                failures += check(os.path.join(CORPUS, name), name)
    else:
        print(f"corpus traces skipped: {CORPUS} not found")
    deepseek = os.environ.get("KL_DEEPSEEK_TRACE")
    if deepseek:
        failures += check(deepseek, os.path.basename(deepseek))
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
