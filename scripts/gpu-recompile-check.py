#!/usr/bin/env python3
"""Recompile on a GPU: `klens recompile` of real Triton entries rebuilds each cubin from its PTX
(nvJitLink); the cached and the rebuilt cubin are then both launched, by Triton itself, on the same
inputs, and their outputs compared bit for bit.

    python3 scripts/gpu-recompile-check.py --klens KLENS --out DIR

Needs torch and triton on a CUDA GPU. Steps:
1. A child process runs three kernels with TRITON_CACHE_DIR=DIR/cache-a (a cold cache: Triton
   compiles them with its own ptxas) and saves inputs and outputs.
2. `klens recompile ENTRY --keep DIR/rebuilt --json` for each kernel entry of cache-a.
3. cache-b is a copy of cache-a with every cubin replaced by its rebuilt one (and its group files
   pointing at cache-b's files).
4. A second child process runs the same kernels on the saved inputs with TRITON_CACHE_DIR=cache-b.
   Triton finds every entry there (a hit: nothing is compiled), so it loads the rebuilt cubin; the
   child checks that the bytes of the cubin each launch ran are the rebuilt ones.
Writes DIR/recompile.json and DIR/recompile.md; exits 1 when an output differs or a check fails.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path


def kernels():
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def add_kernel(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) + tl.load(y + offs, mask=mask), mask=mask)

    @triton.jit
    def softmax_kernel(x, out, cols, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        offs = tl.arange(0, BLOCK)
        v = tl.load(x + row * cols + offs, mask=offs < cols, other=-float("inf"))
        e = tl.exp(v - tl.max(v, axis=0))
        tl.store(out + row * cols + offs, e / tl.sum(e, axis=0), mask=offs < cols)

    @triton.jit
    def matmul_kernel(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
        pm, pn = tl.program_id(0), tl.program_id(1)
        rm = pm * BM + tl.arange(0, BM)
        rn = pn * BN + tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            av = tl.load(a + rm[:, None] * K + (k + rk)[None, :])
            bv = tl.load(b + (k + rk)[:, None] * N + rn[None, :])
            acc += tl.dot(av, bv)
        tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.float16))

    def run(inputs):
        outs, cubins = {}, {}
        x, y = inputs["x"], inputs["y"]
        o = torch.empty_like(x)
        k = add_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, o, x.numel(), BLOCK=1024)
        outs["add_kernel"], cubins["add_kernel"] = o, k.asm["cubin"]
        s = inputs["s"]
        o = torch.empty_like(s)
        k = softmax_kernel[(s.shape[0],)](s, o, s.shape[1], BLOCK=triton.next_power_of_2(s.shape[1]))
        outs["softmax_kernel"], cubins["softmax_kernel"] = o, k.asm["cubin"]
        a, b = inputs["a"], inputs["b"]
        M, K = a.shape
        N = b.shape[1]
        o = torch.empty((M, N), device=a.device, dtype=torch.float16)
        k = matmul_kernel[(M // 64, N // 64)](a, b, o, M, N, K, BM=64, BN=64, BK=32)
        outs["matmul_kernel"], cubins["matmul_kernel"] = o, k.asm["cubin"]
        torch.cuda.synchronize()
        return outs, cubins

    return run


def child(mode, work):
    import torch
    run = kernels()
    if mode == "first":
        g = torch.Generator(device="cuda").manual_seed(1234)
        inputs = {
            "x": torch.randn(1_000_003, device="cuda", generator=g),
            "y": torch.randn(1_000_003, device="cuda", generator=g),
            "s": torch.randn(512, 781, device="cuda", generator=g),
            "a": torch.randn(512, 256, device="cuda", generator=g).half(),
            "b": torch.randn(256, 512, device="cuda", generator=g).half(),
        }
        torch.save({k: v.cpu() for k, v in inputs.items()}, work / "inputs.pt")
    else:
        inputs = {k: v.cuda() for k, v in torch.load(work / "inputs.pt").items()}
    outs, cubins = run(inputs)
    torch.save({k: v.cpu() for k, v in outs.items()}, work / f"outputs-{mode}.pt")
    for name, blob in cubins.items():
        (work / f"launched-{mode}-{name}.cubin").write_bytes(blob)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--klens", required=True)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--child", choices=["first", "second"])
    args = ap.parse_args()
    work = args.out / "recompile"
    if args.child:
        child(args.child, work)
        return 0

    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    cache_a, cache_b, rebuilt = work / "cache-a", work / "cache-b", work / "rebuilt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_")}

    def run_child(mode, cache):
        subprocess.run([sys.executable, __file__, "--klens", args.klens, "--out", str(args.out), "--child", mode],
                       env={**env, "TRITON_CACHE_DIR": str(cache)}, check=True)

    run_child("first", cache_a)
    report = {"entries": [], "checks": []}
    lines = ["| kernel | entry | cached cubin (Triton's ptxas) | rebuilt (nvJitLink) | klens verdict | "
             "outputs |", "| --- | --- | ---: | ---: | --- | --- |"]
    shutil.copytree(cache_a, cache_b)
    # Group files name their children by absolute path: cache-b's must name cache-b's files, or
    # Triton would load cache-a's cubins.
    for grp in cache_b.glob("*/__grp__*.json"):
        grp.write_text(grp.read_text().replace(str(cache_a), str(cache_b)))
    failures = []
    for cubin in sorted(cache_a.glob("*/*.cubin")):
        entry = cubin.parent
        r = subprocess.run([args.klens, "recompile", str(entry), "--keep", str(rebuilt), "--json", "--no-log"],
                           capture_output=True, text=True)
        doc = json.loads(r.stdout) if r.stdout.strip().startswith("{") else None
        rec = {"entry": entry.name, "kernel": cubin.stem, "exit": r.returncode, "stderr": r.stderr.strip(),
               "klens": doc}
        report["entries"].append(rec)
        new = rebuilt / entry.name / cubin.name
        if not new.is_file():
            failures.append(f"{cubin.stem}: no rebuilt cubin ({r.stderr.strip()})")
            continue
        rec["cached_bytes"], rec["rebuilt_bytes"] = cubin.stat().st_size, new.stat().st_size
        rec["bytes_identical"] = cubin.read_bytes() == new.read_bytes()
        shutil.copyfile(new, cache_b / entry.name / cubin.name)
    run_child("second", cache_b)

    import torch
    first, second = torch.load(work / "outputs-first.pt"), torch.load(work / "outputs-second.pt")
    for rec in report["entries"]:
        name = rec["kernel"]
        new = rebuilt / rec["entry"] / f"{name}.cubin"
        launched = work / f"launched-second-{name}.cubin"
        rec["second_run_loaded_rebuilt"] = launched.is_file() and new.is_file() and \
            launched.read_bytes() == new.read_bytes()
        rec["outputs_identical"] = name in first and name in second and torch.equal(first[name], second[name])
        if not rec["second_run_loaded_rebuilt"]:
            failures.append(f"{name}: the second run did not launch the rebuilt cubin")
        if not rec["outputs_identical"]:
            failures.append(f"{name}: outputs differ")
        verdict = (rec["klens"] or {}).get("entries", [{}])[0].get("verdict") if rec["klens"] else rec["stderr"]
        lines.append(f"| {name} | {rec['entry'][:12]}… | {rec.get('cached_bytes', '-')} B | "
                     f"{rec.get('rebuilt_bytes', '-')} B{' (same bytes)' if rec.get('bytes_identical') else ''} | "
                     f"{verdict} | {'identical' if rec['outputs_identical'] else 'DIFFER'} "
                     f"({'rebuilt cubin launched' if rec['second_run_loaded_rebuilt'] else 'NOT the rebuilt cubin'}) |")
    new_entries = sorted(p.name for p in cache_b.iterdir()) != sorted(p.name for p in cache_a.iterdir())
    if new_entries:
        failures.append("the second run compiled (new entries in cache-b): it was not a cache hit")
    report["failures"] = failures
    (args.out / "recompile.json").write_text(json.dumps(report, indent=1))
    md = "\n".join(lines + [""] + [f"- FAIL: {f}" for f in failures] + (["- all outputs identical"] if not failures
                                                                        else []))
    (args.out / "recompile.md").write_text(md + "\n")
    print(md)
    return 1 if failures or not report["entries"] else 0


if __name__ == "__main__":
    sys.exit(main())
