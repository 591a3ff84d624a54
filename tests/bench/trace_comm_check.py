#!/usr/bin/env python3
# python3 tests/bench/trace_comm_check.py TRACE.json: the figures `klens trace` gives for
# communication, checked by hand (issue 31). Written for DeepSeek's profile-data train.json.
# Independent sums over DeepSeek's train.json: intervals from ts/dur (Decimal microseconds),
# communication = DeepEP's kernels (dpsk::ep::), compute = the other kernels; union and
# intersection computed by sweeping the sorted interval endpoints.
import json, os, sys
from decimal import Decimal
d = json.load(open(sys.argv[1]), parse_float=Decimal)
comm, comp = [], []
hta_comm = 0
for e in d['traceEvents']:
    if e.get('ph') != 'X' or e.get('cat') != 'kernel':
        continue
    s = int(Decimal(e['ts']) * 1000); t = s + int(Decimal(e['dur']) * 1000)
    (comm if 'dpsk::ep::' in e['name'] else comp).append((s, t))
    if 'nccl' in e['name'].lower():
        hta_comm += t - s
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "trace"))
from intervalsweep import length, overlap as inter, union  # noqa: E402
C, P = union(comm), union(comp)
print(f"communication busy {length(C)/1e6:.2f} ms, compute busy {length(P)/1e6:.2f} ms, overlap {inter(C,P)/1e6:.2f} ms, exposed {(length(C)-inter(C,P))/1e6:.2f} ms; HTA-style ('nccl' in name) communication {hta_comm/1e6:.2f} ms")
