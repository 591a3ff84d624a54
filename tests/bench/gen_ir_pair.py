#!/usr/bin/env python3
"""Writes two LLVM-IR-like files of LINES lines where about PERCENT % of the lines of the second
differ from the first (changed in place, inserted or deleted, in clusters as recompiles change
IR), for bench_diff.sh. Deterministic for a given seed. Usage: gen_ir_pair.py A B LINES PERCENT"""
import random
import sys

a_path, b_path, n, percent = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
rng = random.Random(20261124)
ops = ["add", "mul", "fadd", "fmul", "getelementptr inbounds float, ptr addrspace(1)", "load float, ptr",
       "icmp slt i32", "select i1", "sext i32", "bitcast"]
lines = []
for i in range(n):
    if i % 40 == 0:
        lines.append(f"define void @kernel_{i // 40}(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %2) {{")
    elif i % 40 == 39:
        lines.append("}")
    else:
        lines.append(f"  %{i % 997 + 3} = {rng.choice(ops)} %{rng.randrange(3, 1000)}, %{rng.randrange(3, 1000)}, "
                     f"!dbg !{rng.randrange(10, 50000)}")
b = list(lines)
changes = int(n * percent / 100)
i = 0
while i < changes:
    at = rng.randrange(len(b))
    run = min(rng.randrange(1, 6), changes - i)
    kind = rng.random()
    for k in range(run):
        pos = min(at + k, len(b) - 1)
        if kind < 0.6:
            b[pos] = b[pos].replace(" = ", " = nsw ", 1) + " ; changed"
        elif kind < 0.8:
            b.insert(pos, f"  %{rng.randrange(3, 1000)} = add i32 %{rng.randrange(3, 1000)}, 1 ; inserted")
        else:
            del b[pos]
    i += run
open(a_path, "w").write("\n".join(lines) + "\n")
open(b_path, "w").write("\n".join(b) + "\n")
