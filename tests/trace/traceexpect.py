#!/usr/bin/env python3
"""Figures of a Chrome trace computed the simplest way (json.load, Decimal times), so the C++
reader's are checked against an independent computation. Prints one JSON object."""
import decimal
import gzip
import json
import sys

GPU = {"kernel": "kernel", "gpu_memcpy": "memcpy", "gpu_memset": "memset"}


def ns(value):
    return int((decimal.Decimal(value) * 1000).to_integral_value(rounding=decimal.ROUND_HALF_UP))


def main(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    doc = json.loads(raw, parse_float=decimal.Decimal)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    per_name = {}
    gpu = 0
    launches = 0
    registers = {}
    for e in events:
        if not isinstance(e, dict) or e.get("ph") != "X":
            continue
        cat = e.get("cat")
        args = e.get("args") or {}
        if cat in GPU and "ts" in e and "dur" in e:
            gpu += 1
            d = per_name.setdefault(e["name"], [0, 0])
            d[0] += 1
            d[1] += ns(e["dur"])
            if "registers per thread" in args:
                registers.setdefault(e["name"], set()).add(int(args["registers per thread"]))
        elif cat in ("cuda_runtime", "cuda_driver") and "correlation" in args and "ts" in e:
            launches += 1
    header = doc if isinstance(doc, dict) else {}
    out = {
        "events": len(events),
        "gpu": gpu,
        "launches": launches,
        "names": {k: {"calls": v[0], "total_ns": v[1]} for k, v in per_name.items()},
        "registers": {k: sorted(v) for k, v in registers.items()},
        "devices": len(header.get("deviceProperties", [])),
        "rank": (header.get("distributedInfo") or {}).get("rank", -1),
        "base": int(header.get("baseTimeNanoseconds", -1)),
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
