#!/usr/bin/env python3
"""Writes resources/demo/trace/demo.pt.trace.json.gz: a PyTorch profiler (Kineto) trace of three
training steps on one H100 (compute capability 9.0) that ran the demo cache's sm_90 kernels, so
`klens trace` and the desktop's Trace page can show the join of GPU time and cache entries
without a GPU.

    python3 scripts/gen_demo_trace.py [--klens build/dev/app/cli/klens] [-o OUT]

What ran, per step (rank 0 of 2, device 0, compute stream 7, NCCL stream 40):
- Triton entries of resources/demo/triton/cache for cuda arch 90, by kernel name: each launch
  has the entry's num_warps * 32 threads per block, the registers its cubin records and shared
  memory = the cubin's static shared memory + the metadata's `shared` (what Triton asks for
  at launch; CUPTI reports static + dynamic), an Inductor cpu_op record before it (kernel_hash,
  kernel_file, kernel_backend, num_warps, num_stages, grid, stream) and a cuLaunchKernel.
  add_kernel runs in both of its sm_90 configurations (4 warps, 30 registers: entries ENMNKUMP
  and T7TU7KYQ; 8 warps, 26 registers: TKQ5QKHZ).
- KernelLens's NVRTC entries of resources/demo/nvrtc-cache for sm_90 (vector_add, softmax_rows,
  reduce_sum), by name, with their cubins' registers and their specs' default blocks (launched
  with cuLaunchKernel, as gpu/ does).
- Kernels with no cache entry: cuBLAS's sm90 GEMM, ATen elementwise and layer norm, flash
  attention, and Inductor's `triton_poi_fused_add_mul_0` (an Inductor record but no entry in
  the cache: the "no entry" case); an NCCL all-reduce on stream 40 overlapping the backward
  compute; host-to-device and device-to-host copies and a memset; cudaDeviceSynchronize at the
  end of each step.

THE PLANTED MISMATCH (exactly one): `_row_softmax_kernel` ran with 32 registers per thread, while
the only sm_90 entry of that name (JGXNU3A5..., 4 warps) has a cubin with 26: the binary that ran
is not the one in the cache (PLANTED_REGISTER_DELTA below). Every other kernel with an entry
agrees with its cubin. The sm_80 entries (and sm_100, gfx90a) do not match the device's arch.

Registers and static shared memory are read from each cubin with `klens cubin --json` (core's
cubin reader; the schema is core/cubin/cubininfojson.cpp); the metadata from the entries' json.
Deterministic: fixed seed, base time and gzip header (mtime 0, no name), so the file is
byte-identical when regenerated from the same cache. resources/demo/trace/README.md says the
same for people.
"""

import argparse
import glob
import gzip
import json
import os
import subprocess
import sys
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import gen_trace  # noqa: E402  (the event writer shared with the benchmark's generator)

ARCH = 90
DEVICE = "H100"          # compute capability 9.0
SEED = 20261125
PLANTED_KERNEL = "_row_softmax_kernel"
PLANTED_REGISTER_DELTA = 6   # the trace says cubin registers + 6 (26 -> 32)
STEPS = 3


def cubin_info(klens, path):
    out = subprocess.run([klens, "cubin", "--json", path], check=True, capture_output=True, text=True).stdout
    d = json.loads(out)
    if d.get("sm") != ARCH:
        raise SystemExit("%s: sm %s, expected %d" % (path, d.get("sm"), ARCH))
    return d["kernels"]


def triton_entries(klens):
    """The cuda-90 Triton entries: (folder, name, num_warps, num_stages, shared, regs, static)."""
    found = []
    for meta_path in sorted(glob.glob(os.path.join(REPO, "resources/demo/triton/cache/*/*.json"))):
        base = os.path.basename(meta_path)
        if base.startswith("__grp__") or base.endswith(".autotune.json"):
            continue
        meta = json.load(open(meta_path))
        t = meta.get("target") or {}
        if t.get("backend") != "cuda" or t.get("arch") != ARCH:
            continue
        cubin = meta_path[:-len(".json")] + ".cubin"
        if not os.path.exists(cubin):
            continue
        k = [x for x in cubin_info(klens, cubin) if x["name"] == meta["name"]][0]
        found.append(dict(folder=os.path.basename(os.path.dirname(meta_path)), name=meta["name"],
                          warps=meta["num_warps"], stages=meta["num_stages"], shared=meta.get("shared", 0),
                          regs=k["registers"], static=k["static_shared_bytes"]))
    return found


def nvrtc_entries(klens):
    found = []
    for meta_path in sorted(glob.glob(os.path.join(REPO, "resources/demo/nvrtc-cache/*/*.json"))):
        if os.path.basename(meta_path).startswith("__grp__"):
            continue
        meta = json.load(open(meta_path))
        if meta.get("producer") != "kernellens-nvrtc" or meta["target"]["arch"] != ARCH:
            continue
        cubin = meta_path[:-len(".json")] + ".cubin"
        for k in cubin_info(klens, cubin):
            found.append(dict(folder=os.path.basename(os.path.dirname(meta_path)), name=k["name"],
                              regs=k["registers"], static=k["static_shared_bytes"],
                              block=(k.get("max_threads") or [256])[0]))
    return found


# Dynamic shared memory of the NVRTC kernels' default configurations (resources/kernels/*.json:
# softmax's ROWS_PER_BLOCK * (THREADS_PER_ROW / 32) * 4 with 1 row of 128 threads).
NVRTC_DYNAMIC_SHARED = {"vector_add": 0, "softmax_rows": 16, "reduce_sum": 0}
NVRTC_GRID = {"vector_add": 4096, "softmax_rows": 4096, "reduce_sum": 264}
NVRTC_MEAN_NS = {"vector_add": 38_000, "softmax_rows": 61_000, "reduce_sum": 27_000}


class DemoGen(gen_trace.RankGen):
    def __init__(self, args, out, triton, nvrtc):
        super().__init__(args, 0, out, {})
        self.triton = triton
        self.nvrtc = nvrtc
        self.user = "demo"

    def step(self, n):
        g, tid, bwd = self, self.tid_main, self.tid_bwd
        self.lines, self.gpu_lines = [], []
        start = self.cpu
        drv = ("cuda_driver", "cuLaunchKernel", 307)
        g.gpu_activity("memcpy", gen_trace.MEMCPY[0], tid, "aten::copy_")
        # forward: cuBLAS, flash attention, the Triton and NVRTC kernels from the cache
        for layer in range(2):
            g.gpu_activity("kernel", gen_trace.ATEN[6], tid, "aten::native_layer_norm")
            g.gpu_activity("kernel", gen_trace.GEMM[0], tid, "aten::mm")
            g.gpu_activity("kernel", gen_trace.FLASH[0], tid, "aten::_scaled_dot_product_flash_attention")
            for t in self.triton:
                if t["name"] == "add_kernel" and t["folder"].startswith("T7TU"):
                    continue  # the same configuration as ENMNKUMP: one launch per configuration
                regs = t["regs"] + (PLANTED_REGISTER_DELTA if t["name"] == PLANTED_KERNEL else 0)
                mean = 45_000 if t["name"] == "add_kernel" else 70_000
                g.gpu_activity("triton", (t["name"], regs, t["static"] + t["shared"], t["warps"], t["stages"],
                                          4096 if t["name"] == "add_kernel" else 1024, mean), tid, "")
            g.gpu_activity("triton", gen_trace.TRITON[0], tid, "")  # Inductor's, no cache entry
            for k in self.nvrtc:
                g.gpu_activity("kernel", (k["name"], k["regs"], k["static"] + NVRTC_DYNAMIC_SHARED.get(k["name"], 0),
                                          k["block"], NVRTC_GRID.get(k["name"], 1024), NVRTC_MEAN_NS.get(k["name"], 30_000)),
                               tid, "kernellens::nvrtc::" + k["name"], launch=drv)
            g.gpu_activity("kernel", gen_trace.ATEN[1], tid, "aten::add")
        g.gpu_activity("kernel", gen_trace.ATEN[8], tid, "aten::_softmax")
        g.gpu_activity("memset", gen_trace.MEMSET, tid, "aten::zero_")
        # backward on the autograd thread, the gradients' all-reduce on stream 40 beside it
        for layer in range(2):
            g.gpu_activity("kernel", gen_trace.GEMM[1], bwd, "autograd::engine::evaluate_function: MmBackward0")
            if layer == 0:
                g.gpu_activity("nccl", gen_trace.NCCL[0], bwd, "record_param_comms", stream=gen_trace.NCCL_STREAM)
            g.gpu_activity("kernel", gen_trace.FLASH[1], bwd,
                           "autograd::engine::evaluate_function: ScaledDotProductFlashAttentionBackward0")
            g.gpu_activity("kernel", gen_trace.ATEN[7], bwd, "autograd::engine::evaluate_function: NativeLayerNormBackward0")
            g.gpu_activity("kernel", gen_trace.ATEN[0], bwd, "autograd::engine::evaluate_function: MulBackward0")
        g.gpu_activity("kernel", gen_trace.ATEN[10], tid, "aten::_fused_adam_")
        g.gpu_activity("memcpy", gen_trace.MEMCPY[2], tid, "aten::item")
        end_gpu = max(self.gpu.values())
        self.corr += 1
        sync = max(1_000, end_gpu - self.cpu)
        self.runtime("cuda_runtime", "cudaDeviceSynchronize", 165, self.cpu, sync, tid, 0, self.corr)
        self.flow_s(self.corr, self.cpu, tid)
        self.cpu += sync + 40_000
        for s in self.gpu:
            self.gpu[s] = max(self.gpu[s], self.cpu)
        body, self.lines = self.lines, []
        self.user_annotation("ProfilerStep#%d" % n, start, self.cpu - start - 5_000, tid)
        out = self.lines + body + self.gpu_lines
        self.lines, self.gpu_lines = [], []
        self.out.write(",\n".join(out) + ",\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--klens", default=os.path.join(REPO, "build/dev/app/cli/klens"),
                    help="klens to read cubins with (default build/dev/app/cli/klens)")
    ap.add_argument("-o", "--output", default=os.path.join(REPO, "resources/demo/trace/demo.pt.trace.json.gz"))
    a = ap.parse_args()
    if not os.access(a.klens, os.X_OK):
        raise SystemExit("no klens at %s: build it (cmake --build --preset dev --target klens) or pass --klens" % a.klens)
    triton = triton_entries(a.klens)
    nvrtc = nvrtc_entries(a.klens)
    planted = [t for t in triton if t["name"] == PLANTED_KERNEL]
    if len(planted) != 1:
        raise SystemExit("expected one sm_%d %s entry, found %d" % (ARCH, PLANTED_KERNEL, len(planted)))
    args = SimpleNamespace(seed=SEED, device=DEVICE, world_size=2, timebase="epoch", layers=2,
                           trace_name_for=lambda r: "/tmp/libkineto_activities_demo.json")
    os.makedirs(os.path.dirname(os.path.abspath(a.output)), exist_ok=True)
    w = gen_trace.Writer(a.output, True, 9)
    g = DemoGen(args, w, triton, nvrtc)
    g.header()
    first = g.cpu - 1_000_000
    for n in range(1, STEPS + 1):
        g.step(n)
    g.footer(first)
    w.close()
    for t in triton:
        mark = "  <- PLANTED: trace says %d registers" % (t["regs"] + PLANTED_REGISTER_DELTA) \
            if t["name"] == PLANTED_KERNEL else ""
        print("triton %s %-20s warps %d regs %d static %d shared %d%s" %
              (t["folder"][:8], t["name"], t["warps"], t["regs"], t["static"], t["shared"], mark))
    for k in nvrtc:
        print("nvrtc  %s %-20s block %d regs %d static %d" % (k["folder"][:8], k["name"], k["block"], k["regs"], k["static"]))
    print("wrote %s: %d bytes of JSON, %d gzip" % (a.output, w.bytes, os.path.getsize(a.output)))


if __name__ == "__main__":
    main()
