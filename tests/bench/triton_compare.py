#!/usr/bin/env python3
"""KernelLens's autotuner beside Triton's, on the same GPU in the same run.

    python3 tests/bench/triton_compare.py --klens PATH/TO/klens --out DIR [--parts ...]

Needs a CUDA GPU, torch and triton; the timer-parity part loads klens's cubin with cupy, or,
when cupy cannot load or launch it, through libcuda with ctypes. Writes DIR/triton_compare.json and
DIR/triton_compare.md (tables for tests/bench/RESULTS.md), both rewritten after every part so a
run cut short keeps what it measured; progress goes to stderr. Each part runs in its own
try/except: a failure is recorded (JSON `error`, markdown "Errors") and the other parts go on.

Parts (`--parts`, default all):
  parity      one fixed launch timed by both timers: `klens autotune vector_add --limit 1` against
              triton.testing.do_bench of the very cubin klens compiled, loaded here and launched
              with the spec's geometry; 3 alternating pairs, target within 5%.
  vector_add, softmax, matmul_f16, matmul_f16_wgmma
              `klens autotune SPEC --json`, a Triton @triton.autotune kernel of the same operation
              over a comparable config grid, and torch's own, at the spec's default size; the
              best median of each (do_bench: warmup 25 ms, rep 100 ms, L2 flushed), throughput
              from the spec's own `metric.value`; correctness of the Triton kernel checked with
              the spec's tolerance against a float64 torch reference. vector_add adds a
              device-to-device copy (torch `copy_`) of half its bytes, counted read + written,
              as klens's `copy_gbs` is.
  reduction   `klens autotune reduction` and torch.sum (no Triton kernel).
"""
import argparse
import ctypes
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path

import torch
import triton
import triton.language as tl
import triton.testing

REPO = Path(__file__).resolve().parents[2]
SPECS = REPO / "resources" / "kernels"
ALL_PARTS = ["parity", "vector_add", "softmax", "matmul_f16", "matmul_f16_wgmma", "reduction"]
PARITY_RUNS = 3
PARITY_TARGET_PCT = 5.0
T0 = time.monotonic()


def log(msg):
    print(f"[{time.monotonic() - T0:6.1f} s] {msg}", file=sys.stderr, flush=True)


# --- the kernel specs ---------------------------------------------------------------------------

_TOKEN = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d*)?|[-+*/(), ]")


def spec_eval(expr, names):
    """A spec expression (muparser syntax, docs/json-schema.md) evaluated in Python. The library's
    expressions use only numbers, names, + - * / ( ) and max/min/ceil_div, which mean the same in
    both languages; anything else (muparser's ^ is a power, Python's a xor) is refused rather
    than misread."""
    if isinstance(expr, (int, float)):
        return expr
    tokens = _TOKEN.findall(expr)
    if "".join(tokens) != expr:
        raise ValueError(f"spec expression `{expr}` uses syntax this script does not evaluate")
    env = {"max": max, "min": min, "ceil_div": lambda a, b: -(-a // b), **names}
    unknown = [t for t in tokens if (t[0].isalpha() or t[0] == "_") and t not in env]
    if unknown:
        raise ValueError(f"spec expression `{expr}`: unknown names {unknown}")
    return eval(expr, {"__builtins__": {}}, env)  # noqa: S307 - tokens checked above


def load_spec(name):
    """The spec, its default size and the metric amount of one launch at that size, so the Triton
    and torch figures use exactly the formula klens's `throughput` uses."""
    spec = json.loads((SPECS / f"{name}.json").read_text())
    problem = spec["problem"]
    size_name = problem.get("default_size") or ("default" if "default" in problem["sizes"] else
                                                next(iter(problem["sizes"])))
    size = dict(problem["sizes"][size_name])
    metric = spec["metric"]
    return {"name": name, "path": str(SPECS / f"{name}.json"), "spec": spec, "size_name": size_name,
            "size": size, "metric_kind": metric["kind"], "metric_expr": metric["value"],
            "amount": spec_eval(metric["value"], size),
            "unit": "GB/s" if metric["kind"] == "bytes" else "TFLOP/s"}


def throughput(sp, ms):
    """GB/s (1e9 B/s) or TFLOP/s (1e12), as klens reports `throughput`."""
    return sp["amount"] / (ms * 1e-3) / (1e9 if sp["metric_kind"] == "bytes" else 1e12)


def check_close(actual, expected, spec):
    """The spec's rule (docs/json-schema.md, `tolerance`): every element within
    abs + rel * |expected| of the float64 reference; NaN fails."""
    tol = spec["tolerance"]
    err = (actual.double() - expected).abs()
    ok = bool((err <= tol.get("abs", 0) + tol.get("rel", 0) * expected.abs()).all())
    return {"correct": ok, "max_abs_error": err.max().item(),
            "tolerance": {"abs": tol.get("abs", 0), "rel": tol.get("rel", 0)}}


# --- timing -------------------------------------------------------------------------------------

def bench(fn):
    """Triton's do_bench as klens times (warmup 25 ms, rep 100 ms, 256 MB L2 flush before every
    repeat); median, p20 and p80 from one call."""
    med, p20, p80 = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=[0.5, 0.2, 0.8],
                                            return_mode="median")
    return {"median": med, "p20": p20, "p80": p80}


# --- KernelLens ---------------------------------------------------------------------------------

def run_klens(args, cache_dir, extra, timeout):
    """`klens autotune SPEC --json` with its own NVRTC cache and events log under DIR; its JSON
    (kernellens.autotune-run/1) plus the exit code and wall time. Exit 1 (no config passed)
    still prints the JSON; anything without JSON on stdout is an error naming stderr."""
    env = dict(os.environ, KERNELLENS_CACHE_DIR=str(cache_dir),
               KERNELLENS_EVENTS_LOG=str(args.out / "klens-events.jsonl"))
    cmd = [str(args.klens), "autotune", *extra, "--json"]
    t = time.monotonic()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    wall = time.monotonic() - t
    try:
        report = json.loads(p.stdout)
    except ValueError:
        raise RuntimeError(f"`{' '.join(cmd)}` exited {p.returncode} without JSON; stderr: "
                           f"{p.stderr.strip()[-2000:]}") from None
    return report, {"command": cmd, "exit_code": p.returncode, "wall_s": round(wall, 2),
                    "stderr_tail": p.stderr.strip()[-1000:]}


def klens_summary(report, run):
    """The figures of one autotune run: the best configuration's timing and throughput, how many
    configurations passed, the copy yardstick."""
    configs = report["configs"]
    best = next((c for c in configs if c["config"] == report.get("best")), None)
    return {**run, "device": report.get("device"), "arch": report.get("arch"),
            "size": report.get("size"), "unit": report.get("unit"),
            "configs": len(configs), "configs_ok": sum(c["status"] == "ok" for c in configs),
            "not_ok": {c["config"]: f"{c['status']}: {(c.get('message') or '')[:200]}"
                       for c in configs if c["status"] != "ok"},
            "best_config": report.get("best"),
            "timing_ms": best["timing_ms"] if best else None,
            "throughput": best["throughput"] if best else None,
            "copy_gbs": report.get("copy_gbs"), "compile_hits": report.get("compile_hits")}


def klens_autotune(args, sp):
    cache = args.out / "klens-cache"
    report, run = run_klens(args, cache, [sp["path"]], timeout=360)
    return klens_summary(report, run)


# --- Triton kernels -----------------------------------------------------------------------------
# Written like the Triton tutorials a user would start from; config grids comparable to the
# specs' parameter grids (resources/kernels/*.json).

@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=w)
                          for b in (512, 1024, 2048, 4096, 8192) for w in (4, 8)],
                 key=["n_elements"])
@triton.jit
def add_kernel(a_ptr, b_ptr, c_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(c_ptr + offs, a + b, mask=mask)


# One program per row, the whole row in registers (BLOCK = next power of 2 >= n_cols); the
# tunable is how many warps share it, as THREADS_PER_ROW is in softmax.json.
@triton.autotune(configs=[triton.Config({}, num_warps=w) for w in (1, 2, 4, 8, 16)], key=["n_cols"])
@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    start = tl.program_id(0).to(tl.int64) * n_cols
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + start + cols, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + start + cols, e / tl.sum(e, axis=0), mask=mask)


# (BLOCK_M, BLOCK_N, BLOCK_K, num_stages, num_warps): large and small tiles, deep and shallow
# pipelines, the kind of grid Triton's matmul tutorial tunes for fp16 on CUDA.
_MATMUL_GRID = [
    (128, 256, 64, 3, 8), (256, 128, 64, 3, 8), (128, 256, 32, 3, 8), (128, 128, 64, 4, 8),
    (128, 128, 64, 3, 4), (128, 128, 32, 4, 4), (128, 64, 64, 4, 4), (64, 128, 64, 4, 4),
    (128, 64, 32, 4, 4), (64, 128, 32, 4, 4), (64, 256, 32, 4, 4), (64, 64, 64, 4, 4),
    (64, 64, 32, 5, 2), (32, 64, 32, 5, 2),
]


@triton.autotune(configs=[triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k, "GROUP_M": 8},
                                        num_stages=s, num_warps=w)
                          for m, n, k, s, w in _MATMUL_GRID],
                 key=["M", "N", "K"])
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # Programs walk the output in groups of GROUP_M tile rows, so neighbours share A and B tiles
    # in L2.
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    group_rows = tl.minimum(tiles_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % group_rows
    pid_n = (pid % per_group) // group_rows

    # Rows and columns past the edge wrap (modulo) so loads stay in bounds; their results are
    # masked off at the store.
    rm = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    rn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=rk[None, :] < left, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < left, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    # fp32 out, as matmul_f16.json's C.
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn, acc,
             mask=(cm[:, None] < M) & (cn[None, :] < N))


def config_text(cfg):
    kw = " ".join(f"{k}={v}" for k, v in cfg.kwargs.items())
    return f"{kw} num_warps={cfg.num_warps} num_stages={cfg.num_stages}".strip()


def triton_autotune(sp, kernel, launch, out, reference):
    """The first call tunes (compiling every config; timed as `tune_s`), the output of the
    chosen config is checked, then the chosen config is timed on its own."""
    out.fill_(float("nan"))
    t = time.monotonic()
    launch()
    torch.cuda.synchronize()
    tune_s = time.monotonic() - t
    result = {"best_config": config_text(kernel.best_config), "configs": len(kernel.configs),
              "tune_s": round(tune_s, 2), "triton_bench_time_s": getattr(kernel, "bench_time", None),
              **check_close(out, reference(), sp["spec"])}
    timings = getattr(kernel, "configs_timings", None)
    if timings:
        result["configs_timings"] = {config_text(c): ms for c, ms in timings.items()}
    result["timing_ms"] = bench(launch)
    result["throughput"] = throughput(sp, result["timing_ms"]["median"])
    return result


def torch_time(sp, what, fn):
    timing = bench(fn)
    return {"what": what, "timing_ms": timing, "throughput": throughput(sp, timing["median"])}


# --- the operations -----------------------------------------------------------------------------

def guarded(record, key, fn):
    """Runs one side of a part; an exception becomes the record's error and the run goes on."""
    try:
        record[key] = fn()
    except Exception as e:  # noqa: BLE001 - a benchmark records every failure and goes on
        log(f"  {key}: FAILED: {type(e).__name__}: {e}")
        record[key] = {"error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()[-4000:]}


def op_vector_add(sp, record):
    n = sp["size"]["N"]
    a = torch.rand(n, device="cuda") * 2 - 1
    b = torch.rand(n, device="cuda") * 2 - 1
    c = torch.empty_like(a)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)  # noqa: E731
    guarded(record, "triton", lambda: triton_autotune(
        sp, add_kernel, lambda: add_kernel[grid](a, b, c, n), c, lambda: a.double() + b.double()))
    guarded(record, "torch", lambda: torch_time(sp, "torch.add(a, b, out=c)",
                                                lambda: torch.add(a, b, out=c)))

    def copy():
        # klens's yardstick: a copy of half the bytes the kernel moves, counted read + written.
        nbytes = sp["amount"] // 2
        src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        timing = bench(lambda: dst.copy_(src))
        return {"what": f"dst.copy_(src), {nbytes} bytes", "bytes_counted": 2 * nbytes,
                "timing_ms": timing, "gbs": 2 * nbytes / (timing["median"] * 1e-3) / 1e9}

    guarded(record, "torch_copy", copy)


def op_softmax(sp, record):
    rows, cols = sp["size"]["ROWS"], sp["size"]["COLS"]
    x = torch.rand(rows, cols, device="cuda") * 8 - 4  # softmax.json's fill: uniform in [-4, 4)
    y = torch.empty_like(x)
    block = triton.next_power_of_2(cols)
    guarded(record, "triton", lambda: triton_autotune(
        sp, softmax_kernel, lambda: softmax_kernel[(rows,)](y, x, cols, BLOCK=block), y,
        lambda: torch.softmax(x.double(), dim=1)))
    guarded(record, "torch", lambda: torch_time(sp, "torch.softmax(x, dim=1)",
                                                lambda: torch.softmax(x, dim=1)))


def op_matmul_f16(sp, record):
    m, n, k = sp["size"]["M"], sp["size"]["N"], sp["size"]["K"]
    a = (torch.rand(m, k, device="cuda") * 2 - 1).half()
    b = (torch.rand(k, n, device="cuda") * 2 - 1).half()
    c = torch.empty(m, n, device="cuda", dtype=torch.float32)
    grid = lambda meta: (triton.cdiv(m, meta["BLOCK_M"]) * triton.cdiv(n, meta["BLOCK_N"]),)  # noqa: E731

    def launch():
        matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                            c.stride(0), c.stride(1))

    guarded(record, "triton", lambda: triton_autotune(sp, matmul_kernel, launch, c,
                                                      lambda: a.double() @ b.double()))
    # torch's fp16 matmul is cuBLAS with an fp16 result (our spec's C is fp32): a little less
    # to write, the same FLOPs.
    guarded(record, "torch", lambda: torch_time(sp, "torch.matmul(a, b) (cuBLAS, fp16 out)",
                                                lambda: torch.matmul(a, b)))


def op_reduction(sp, record):
    x = torch.randint(-2, 3, (sp["size"]["N"],), device="cuda").float()
    guarded(record, "torch", lambda: torch_time(sp, "torch.sum(x)", lambda: torch.sum(x)))


# matmul_f16_wgmma is the same problem (its spec's sizes and metric) with a Hopper kernel.
OPS = {"vector_add": op_vector_add, "softmax": op_softmax, "matmul_f16": op_matmul_f16,
       "matmul_f16_wgmma": op_matmul_f16, "reduction": op_reduction}


def run_op(args, name, results):
    sp = load_spec(name)
    record = results["ops"][name] = {
        "size": sp["size"], "size_name": sp["size_name"], "metric": sp["metric_expr"],
        "metric_amount": sp["amount"], "unit": sp["unit"]}
    log(f"{name}: Triton and torch at {sp['size']}")
    OPS[name](sp, record)
    log(f"{name}: klens autotune")
    guarded(record, "klens", lambda: klens_autotune(args, sp))
    for side in ("klens", "triton", "torch"):
        r = record.get(side, {})
        if "timing_ms" in r and r["timing_ms"]:
            log(f"  {side}: {r['timing_ms']['median']:.4f} ms, {r['throughput']:.1f} {sp['unit']}"
                f"{', ' + r['best_config'] if r.get('best_config') else ''}")


# --- timer parity -------------------------------------------------------------------------------

class CupyLauncher:
    """The cubin through cupy (cuModuleLoad / cuLaunchKernel underneath)."""

    def __init__(self, cubin, entry):
        import cupy
        self.cupy = cupy
        self.name = f"cupy {cupy.__version__}"
        self.fn = cupy.RawModule(path=str(cubin)).get_function(entry)

    def launcher(self, grid, block, shared, buffers, scalars, stream):
        cp = self.cupy
        args = tuple(cp.asarray(t) for t in buffers) + tuple(scalars)
        ext = cp.cuda.ExternalStream(stream)

        def launch():
            with ext:
                self.fn(grid, block, args, shared_mem=shared)
        return launch


class DriverLauncher:
    """The cubin through libcuda with ctypes, as klens itself launches it; used when cupy cannot
    load it, so the parity check does not depend on cupy."""

    def __init__(self, cubin, entry):
        self.name = "libcuda via ctypes"
        cu = self.cu = ctypes.CDLL("libcuda.so.1")
        cu.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)]
        # torch made the device's primary context current on this thread; load into it.
        torch.cuda.synchronize()
        self.module, self.fn = ctypes.c_void_p(), ctypes.c_void_p()
        self.check(cu.cuModuleLoad(ctypes.byref(self.module), str(cubin).encode()), "cuModuleLoad")
        self.check(cu.cuModuleGetFunction(ctypes.byref(self.fn), self.module, entry.encode()),
                   "cuModuleGetFunction")

    @staticmethod
    def check(r, call):
        if r != 0:
            raise RuntimeError(f"{call} failed: CUresult {r}")

    def launcher(self, grid, block, shared, buffers, scalars, stream):
        values = [ctypes.c_uint64(t.data_ptr()) for t in buffers] + [
            ctypes.c_int32(int(s)) for s in scalars]
        params = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])

        def launch():
            self.check(self.cu.cuLaunchKernel(self.fn, *grid, *block, shared, stream, params, None),
                       "cuLaunchKernel")
        launch.values = values  # params holds only their addresses
        return launch


def parse_config(text):
    """'BLOCK_SIZE=128 ITEMS_PER_THREAD=1 VEC=1' -> {'BLOCK_SIZE': 128, ...}"""
    return {k: int(v) for k, v in (kv.split("=", 1) for kv in text.split())}


def part_parity(args, results):
    """One fixed kernel launch timed by klens's timer and by triton.testing.do_bench: the first
    vector_add configuration, its cubin taken from the NVRTC cache klens just filled, launched
    here with the spec's geometry on the stream do_bench records its events on."""
    import numpy
    sp = load_spec("vector_add")
    spec = sp["spec"]
    record = results["parity"] = {"spec": sp["path"], "size": sp["size"], "runs": []}
    cache = args.out / "parity-cache"
    shutil.rmtree(cache, ignore_errors=True)
    extra = [sp["path"], "--limit", "1", "--no-copy", "--no-save"]

    def klens_once():
        report, run = run_klens(args, cache, extra, timeout=120)
        first = report["configs"][0]
        if first["status"] != "ok":
            raise RuntimeError(f"klens: {first['config']}: {first['status']}: {first.get('message')}")
        return first, run

    log("parity: klens autotune vector_add --limit 1 (fresh cache)")
    first, run = klens_once()
    cubins = sorted(cache.rglob("*.cubin"))
    if len(cubins) != 1:
        raise RuntimeError(f"expected exactly one cubin under {cache}, found {[str(c) for c in cubins]}")
    cubin = cubins[0]
    config = parse_config(first["config"])
    # The entry's metadata (its `<stem>.json`) records the -D defines the cubin was built with.
    meta_path = cubin.with_suffix(".json")
    defines = (json.loads(meta_path.read_text()).get("options") or {}).get("defines") \
        if meta_path.exists() else None
    record.update(config=first["config"], cubin=str(cubin), cubin_defines=defines,
                  defines_match=sorted(defines) == sorted(f"{k}={v}" for k, v in config.items())
                  if isinstance(defines, list) else None,
                  entry=spec["entry"])

    # Geometry from the spec's own expressions (vector_add.json `derived` and `launch`).
    names = dict(sp["size"], **config)
    for dname, dexpr in spec.get("derived", {}).items():
        names[dname] = spec_eval(dexpr, names)
    grid = tuple(int(spec_eval(e, names)) for e in spec["launch"]["grid"])
    block = tuple(int(spec_eval(e, names)) for e in spec["launch"]["block"])
    shared = int(spec_eval(spec["launch"].get("shared_bytes", 0), names))
    record.update(grid=grid, block=block, shared_bytes=shared)

    # vector_add.json's arguments, in order: a, b (in), c (out), n (i32).
    n = sp["size"]["N"]
    a = torch.rand(n, device="cuda") * 2 - 1
    b = torch.rand(n, device="cuda") * 2 - 1
    c = torch.full_like(a, float("nan"))
    # do_bench records its events and flushes L2 on torch's current stream: launch on that one.
    stream = torch.cuda.Stream()
    torch.cuda.synchronize()  # a, b and c were filled on the default stream

    def first_launch(kind):
        loader = kind(cubin, spec["entry"])
        launch = loader.launcher(grid, block, shared, [a, b, c], [numpy.int32(n)], stream.cuda_stream)
        launch()
        stream.synchronize()
        return loader.name, launch

    try:
        record["launcher"], launch = first_launch(CupyLauncher)
    except Exception as e:  # noqa: BLE001 - any cupy failure: the driver path still gives the proof
        log(f"parity: cupy failed ({type(e).__name__}: {e}); launching through libcuda with ctypes")
        record["cupy_error"] = f"{type(e).__name__}: {e}"
        record["launcher"], launch = first_launch(DriverLauncher)
    record["output_equals_a_plus_b"] = bool(torch.equal(c, a + b))
    if not record["output_equals_a_plus_b"]:
        raise RuntimeError("the cubin's output differs from a + b: wrong launch, not timed")
    with torch.cuda.stream(stream):
        for i in range(PARITY_RUNS):
            if i:
                log(f"parity: klens run {i + 1}")
                first, run = klens_once()
            log(f"parity: do_bench run {i + 1}")
            ours = bench(launch)
            k = first["timing_ms"]
            pair = {"klens_ms": k["median"], "klens_p20": k["p20"], "klens_p80": k["p80"],
                    "klens_repeats": k.get("repeats"), "klens_wall_s": run["wall_s"],
                    "do_bench_ms": ours["median"], "do_bench_p20": ours["p20"],
                    "do_bench_p80": ours["p80"], "ratio": k["median"] / ours["median"]}
            pair["diff_pct"] = 100 * (pair["ratio"] - 1)
            record["runs"].append(pair)
            log(f"  klens {pair['klens_ms']:.4f} ms, do_bench {pair['do_bench_ms']:.4f} ms, "
                f"{pair['diff_pct']:+.2f}%")
    ratio = statistics.median(p["ratio"] for p in record["runs"])
    record.update(median_ratio=ratio, median_diff_pct=100 * (ratio - 1),
                  within_target=abs(100 * (ratio - 1)) <= PARITY_TARGET_PCT)


# --- the report ---------------------------------------------------------------------------------

def fmt(v, digits):
    return "—" if v is None else f"{v:.{digits}f}"


def side_cells(r, unit):
    """(ms with p20-p80, throughput) of one side, or the reason there is none."""
    if not r:
        return "—", "—"
    if "error" in r:
        return "error", "error"
    t = r.get("timing_ms")
    if not t:
        return "no result", "—"
    return (f"{t['median']:.4f} ({t['p20']:.4f}–{t['p80']:.4f})",
            fmt(r.get("throughput"), 1 if unit == "GB/s" else 2))


def ratio_cell(num, den):
    try:
        return f"{num['throughput'] / den['throughput']:.2f}x"
    except (KeyError, TypeError, ZeroDivisionError):
        return "—"


def markdown(results):
    env = results["environment"]
    lines = [f"### Run of {results['date']} on {env.get('device', '?')}: KernelLens's autotuner beside "
             "Triton's (tests/bench/triton_compare.py)", "",
             f"torch {env.get('torch')} (CUDA {env.get('torch_cuda')}), triton {env.get('triton')}, "
             f"cupy {env.get('cupy')}, Python {env.get('python')}; klens `{results['klens']}`"
             + (f"; peak DRAM {env['peak_bandwidth_gbs']:.0f} GB/s (klens gpu)"
                if env.get("peak_bandwidth_gbs") else "") + ".", "",
             f"Command: `{results['command']}`. Every time is the median of "
             "`triton.testing.do_bench(warmup=25, rep=100)` (klens: its own timer, the same "
             "procedure), ms, p20–p80 in brackets; throughput from each spec's `metric.value` at "
             "its default size. ours/Triton and ours/torch: throughput ratios (above 1: KernelLens "
             "faster).", "",
             "| op | size | metric | KernelLens ms | Triton ms | torch ms | KernelLens | Triton | torch "
             "| ours/Triton | ours/torch |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, r in results["ops"].items():
        unit = r.get("unit", "")
        kl, tr, to = (side_cells(r.get(s), unit) for s in ("klens", "triton", "torch"))
        size = ", ".join(f"{k}={v}" for k, v in r.get("size", {}).items())
        lines.append(f"| {name} | {size} | {unit} `{r.get('metric', '')}` | {kl[0]} | {tr[0]} | {to[0]} "
                     f"| {kl[1]} | {tr[1]} | {to[1]} | {ratio_cell(r.get('klens'), r.get('triton'))} "
                     f"| {ratio_cell(r.get('klens'), r.get('torch'))} |")
    lines += ["", "| op | KernelLens best config | ok / configs | klens wall s | Triton best config "
              "| Triton configs | Triton tune s | Triton correct (max abs error) | torch |",
              "| --- | --- | ---: | ---: | --- | ---: | ---: | --- | --- |"]
    for name, r in results["ops"].items():
        k, t, to = r.get("klens") or {}, r.get("triton") or {}, r.get("torch") or {}
        correct = (f"{'yes' if t['correct'] else 'NO'} ({t['max_abs_error']:.2e})"
                   if "correct" in t else "—")
        lines.append(f"| {name} | {k.get('best_config') or '—'} | "
                     f"{k.get('configs_ok', '—')} / {k.get('configs', '—')} | {k.get('wall_s', '—')} | "
                     f"{t.get('best_config', '—')} | {t.get('configs', '—')} | {t.get('tune_s', '—')} | "
                     f"{correct} | {to.get('what', '—')} |")
    va = results["ops"].get("vector_add", {})
    copy = va.get("torch_copy") or {}
    if va:
        lines += ["", "Device-to-device copy of half vector_add's bytes, counted read + written: "
                  f"klens `copy_gbs` {fmt((va.get('klens') or {}).get('copy_gbs'), 1)} GB/s, torch "
                  f"`copy_` {fmt(copy.get('gbs'), 1)} GB/s"
                  + (f" ({copy['what']})" if "what" in copy else "") + "."]
    p = results.get("parity")
    if p:
        lines += ["", f"Timer parity: one fixed launch (vector_add {p.get('config', '?')}, grid "
                  f"{p.get('grid', '?')}, block {p.get('block', '?')}; the cubin klens compiled, "
                  f"loaded through {p.get('launcher', '?')}; output equals a + b: "
                  f"{p.get('output_equals_a_plus_b', '?')}; cubin defines match the config: "
                  f"{p.get('defines_match', '?')}), timed by `klens autotune --limit 1` and by "
                  "`do_bench`, alternating.", "",
                  "| pair | klens median ms (p20–p80) | do_bench median ms (p20–p80) | klens / do_bench |",
                  "| ---: | ---: | ---: | ---: |"]
        for i, run in enumerate(p.get("runs", []), 1):
            lines.append(f"| {i} | {run['klens_ms']:.4f} ({run['klens_p20']:.4f}–{run['klens_p80']:.4f}) "
                         f"| {run['do_bench_ms']:.4f} ({run['do_bench_p20']:.4f}–{run['do_bench_p80']:.4f}) "
                         f"| {run['ratio']:.4f} ({run['diff_pct']:+.2f}%) |")
        if "median_ratio" in p:
            lines += ["", f"Median ratio {p['median_ratio']:.4f} ({p['median_diff_pct']:+.2f}%): "
                      f"{'within' if p['within_target'] else 'OUTSIDE'} the {PARITY_TARGET_PCT:.0f}% target."]
    errors = list(results["errors"])
    for name, r in results["ops"].items():
        errors += [(f"{name} {side}", r[side]["error"]) for side in ("klens", "triton", "torch", "torch_copy")
                   if isinstance(r.get(side), dict) and "error" in r[side]]
        not_ok = list((r.get("klens") or {}).get("not_ok", {}).items())
        errors += [(f"{name} klens {cfg}", msg) for cfg, msg in not_ok[:10]]
        if len(not_ok) > 10:
            errors.append((f"{name} klens", f"{len(not_ok) - 10} more configurations not ok (JSON)"))
    if errors:
        lines += ["", "Errors:", ""] + [f"- {part}: {msg.splitlines()[0][:400] if msg else ''}"
                                        for part, msg in errors]
    return "\n".join(lines) + "\n"


def save(args, results):
    """Both files; the JSON first, so a report that cannot be formatted still leaves the data."""
    results["elapsed_s"] = round(time.monotonic() - T0, 1)
    (args.out / "triton_compare.json").write_text(json.dumps(results, indent=1, default=str) + "\n")
    try:
        text = markdown(results)
    except Exception:  # noqa: BLE001 - the JSON holds everything; say why the table is missing
        text = f"triton_compare.md could not be formatted:\n\n```\n{traceback.format_exc()}```\n"
    (args.out / "triton_compare.md").write_text(text)


def environment(args, env):
    """Versions and the device into `env`, klens's view of the GPU last (it may fail alone)."""
    env.update(python=platform.python_version(), torch=torch.__version__, torch_cuda=torch.version.cuda,
               triton=triton.__version__, device=torch.cuda.get_device_name())
    try:
        import cupy
        env["cupy"] = cupy.__version__
    except ImportError as e:
        env["cupy"] = f"not importable ({e})"
    p = subprocess.run([str(args.klens), "gpu", "--json"], capture_output=True, text=True, timeout=60)
    gpu = json.loads(p.stdout) if p.stdout.strip() else {"reason": p.stderr.strip()}
    env["klens_gpu"] = gpu
    if gpu.get("devices"):
        env["peak_bandwidth_gbs"] = gpu["devices"][0].get("peak_bandwidth_gbs")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--klens", required=True, type=Path, help="the klens binary")
    ap.add_argument("--out", required=True, type=Path, help="folder for the results")
    ap.add_argument("--parts", default=",".join(ALL_PARTS),
                    help=f"comma-separated subset of {','.join(ALL_PARTS)} (default: all)")
    args = ap.parse_args()
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    if bad := [p for p in parts if p not in ALL_PARTS]:
        ap.error(f"unknown parts {bad}; known: {ALL_PARTS}")
    args.out.mkdir(parents=True, exist_ok=True)
    args.klens = args.klens.resolve()
    # A fresh NVRTC cache for the autotune runs: cold compiles, the same for every run.
    shutil.rmtree(args.out / "klens-cache", ignore_errors=True)

    results = {"schema": "kernellens.triton-compare/1",
               "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
               "command": " ".join(["python3", str(Path(__file__).resolve().relative_to(REPO))] + sys.argv[1:]),
               "klens": str(args.klens),
               "environment": {}, "ops": {}, "errors": []}

    def step(name, fn):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - one failing part must not lose the others
            log(f"{name}: FAILED: {type(e).__name__}: {e}")
            results["errors"].append((name, f"{type(e).__name__}: {e}"))
            results.setdefault("tracebacks", {})[name] = traceback.format_exc()[-4000:]
        save(args, results)

    step("environment", lambda: environment(args, results["environment"]))
    log(f"device {results['environment'].get('device')}, parts {parts}")
    if "parity" in parts:
        step("parity", lambda: part_parity(args, results))
    for name in OPS:
        if name in parts:
            step(name, lambda name=name: run_op(args, name, results))
    log(f"done in {time.monotonic() - T0:.0f} s: {args.out / 'triton_compare.md'}")
    sys.stdout.write((args.out / "triton_compare.md").read_text())


if __name__ == "__main__":
    main()
