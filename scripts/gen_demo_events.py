#!/usr/bin/env python3
"""Write the demo's compile-events history: resources/demo/events/events.jsonl.

A week of a small team's GPU jobs, deterministic (seeded), in the events-log schema
(kernellens.event/1, docs/json-schema.md "Compile events"): the lines are formatted by the Triton
listener's own format_line (kernellens.events in resources/python), so they are byte for byte what
a real log holds.

The story the dashboard shows:
  day 1      every node compiles into its own local cache: the Triton hit rate is low;
  day 2 noon TRITON_CACHE_DIR points every node at one shared cache: the hit rate climbs;
  day 3      H100 nodes (sm_90) join: a burst of sm_90 compiles;
  day 4 15h  TRITON_CACHE_DIR is changed by a job script: a dip to near zero, then recovery;
  day 5      an NVRTC header change invalidates KernelLens's own cache for an afternoon;
  day 5 18h  the team cache goes live: every node looks kernels up in Redis first (Triton through
             resources/python/kernellens_triton_remote.py, origin triton-remote; NVRTC through
             `klens compile --remote`, origin nvrtc-remote, with KernelLens's own cache moved
             from the NFS home to each machine's disk), so a kernel one node compiled is a hit
             on every other node and the new cache folder of day 4 stops mattering;
  days 6-7   the weekend: fewer jobs, mostly hits.

    python3 scripts/gen_demo_events.py [--out PATH] [--seed N]
"""

import argparse
import base64
import hashlib
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START_NS = 1_772_409_600 * 1_000_000_000  # 2026-03-02 00:00:00 UTC, a Monday
HOUR = 3600 * 1_000_000_000
DAY = 24 * HOUR

# Triton kernels: the demo cache's (resources/demo/triton/cache) and Triton's tutorials.
# name -> (relative cost, artefact bytes); the fixture's real keys where it has the kernel.
TRITON_KERNELS = {
    "add_kernel": (0.4, 34_000),
    "_row_softmax_kernel": (0.7, 52_000),
    "matmul_kernel": (2.2, 210_000),
    "_layer_norm_fwd_fused": (1.0, 88_000),
    "_attn_fwd": (3.5, 390_000),
}
FIXTURE_KEYS = {
    ("add_kernel", "sm_90"): "2358d5518f2a6ab81b6c497c5d481b99649d955595806e253684dcccff39a696",
    ("add_kernel", "sm_80"): "1b60acc165ff748f8941cfe31e6f8f3384b33b909c1297cd4466f1f4c358e1d3",
    ("_row_softmax_kernel", "sm_90"): "49aeda6c1da3728e6070b51fe0e20321a54c7f7f33e555e88d6fe7b520b8f17b",
    ("_row_softmax_kernel", "sm_80"): "26770717e2f2536cb1ec1e4f90e792d57442ea072cb2613291bd675495fa8086",
}
# NVRTC kernels: the demo kernel library (resources/kernels).
NVRTC_KERNELS = {
    "vector_add": (0.3, 9_000),
    "matmul_f16": (1.6, 41_000),
    "matmul_f32": (1.3, 37_000),
    "reduction": (0.6, 15_000),
    "softmax": (0.8, 19_000),
}
A100_HOSTS = ["gpu-a%02d" % i for i in range(1, 7)]
H100_HOSTS = ["gpu-h%02d" % i for i in range(1, 5)]
SHARED_CACHE_AT = DAY + 12 * HOUR
H100_JOIN_AT = 2 * DAY + 9 * HOUR
CACHE_DIR_CHANGED_AT = 3 * DAY + 15 * HOUR
HEADER_CHANGED_AT = 4 * DAY + 13 * HOUR
TEAM_CACHE_AT = 4 * DAY + 18 * HOUR


def load_events():
    """kernellens.events from this checkout (not an installed kernellens), without Triton."""
    sys.path.insert(0, os.path.join(ROOT, "resources", "python"))
    from kernellens import events
    return events


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def jobs_per_hour(t):
    """Working hours are busy, nights and the weekend quiet."""
    day, hour = divmod(t // HOUR, 24)
    weekend = day >= 5
    if 8 <= hour < 20:
        return 2 if weekend else 8
    return 1 if weekend else 2


def triton_stages(rng, cost):
    def ms(lo, hi):
        return int(rng.uniform(lo, hi) * cost * 1000)

    return [
        ("ir_initialization", int(rng.uniform(40, 260) * 1000)),
        ("ttir", ms(4, 14)),
        ("ttgir", ms(10, 45)),
        ("llir", ms(15, 70)),
        ("ptx", ms(12, 90)),
        ("cubin", ms(60, 420)),
        ("store_results", int(rng.uniform(1, 9) * 1000)),
    ]


def nvrtc_stages(rng, cost, hit):
    stages = [("lookup", int(rng.uniform(150, 900)))]
    if hit:
        return stages
    stages.append(("nvrtc", int(rng.uniform(40, 260) * cost * 1000)))
    if rng.random() < 0.5:
        stages.append(("nvjitlink", int(rng.uniform(15, 120) * cost * 1000)))
    stages.append(("store", int(rng.uniform(1, 6) * 1000)))
    return stages


def generate(seed):
    rng = random.Random(seed)
    cached = set()  # (cache scope, key)
    events = []
    t = 0
    while t < 7 * DAY:
        for _ in range(jobs_per_hour(t)):
            job_start = t + rng.randrange(HOUR)
            events += triton_job(rng, cached, job_start) if rng.random() < 0.85 else nvrtc_job(rng, cached, job_start)
        t += HOUR
    events.sort(key=lambda e: e["time_ns"])
    return events


def pick_host(rng, when):
    hosts = A100_HOSTS + (H100_HOSTS if when >= H100_JOIN_AT else [])
    return rng.choice(hosts)


def variant(rng, when):
    """Specialisations (shapes, dtypes, autotune configurations): new ones keep appearing."""
    pool = 4 + int(when / DAY * 2)
    return int(pool * rng.random() ** 2)


def triton_job(rng, cached, when):
    """One job: 1 to 3 ranks (processes) on one node, each looking up the job's kernels."""
    host = pick_host(rng, when)
    arch = "sm_90" if host.startswith("gpu-h") else "sm_80"
    if when < SHARED_CACHE_AT:
        scope = "job:%d" % when  # a container per job: its ~/.triton/cache starts empty
    elif when < CACHE_DIR_CHANGED_AT:
        scope = "shared:/mnt/shared/triton-cache"
    else:
        scope = "shared:/mnt/shared/triton-cache-v2"
    kernels = []
    for name in rng.sample(sorted(TRITON_KERNELS), rng.randint(2, 4)):
        v = variant(rng, when)
        key = FIXTURE_KEYS.get((name, arch)) if v == 0 else None
        kernels.append((name, key or sha256("triton/%s/%s/%d" % (name, arch, v))))
    team = when >= TEAM_CACHE_AT
    if team:
        scope = "redis:team"  # RemoteCacheManager: the remote decides hits
    out = []
    for _ in range(rng.randint(1, 3)):
        pid = rng.randrange(2000, 60000)
        for name, key in kernels:
            cost, size = TRITON_KERNELS[name]
            hit = (scope, key) in cached
            cached.add((scope, key))
            when += rng.randrange(200, 4000) * 1_000_000
            size = int(size * rng.uniform(0.85, 1.15))
            if team:
                # The backend's event: the key is the cache folder (base32 of the hash).
                folder = base64.b32encode(bytes.fromhex(key)).decode().rstrip("=")
                get = [("remote_get", int(rng.uniform(0.4, 3.5) * 1000))]
                out.append(event(when, "triton-remote", name, folder, hit, arch if hit else "", get,
                                 size if hit else 0, pid, host))
                when += get[0][1] * 1000
            stages = [("lookup", int(rng.uniform(2, 14) * 1000))] if hit else triton_stages(rng, cost)
            out.append(event(when, "triton", name, key, hit, arch, stages, size, pid, host))
    return out


def nvrtc_job(rng, cached, when):
    host = rng.choice(["dev-ws1", "dev-ws2", pick_host(rng, when)])
    arch = "sm_90" if host.startswith("gpu-h") or (host == "dev-ws2" and when >= H100_JOIN_AT) else "sm_80"
    generation = "headers-v2" if when >= HEADER_CHANGED_AT else "headers-v1"
    pid = rng.randrange(2000, 60000)
    out = []
    for name in rng.sample(sorted(NVRTC_KERNELS), rng.randint(1, 3)):
        cost, size = NVRTC_KERNELS[name]
        key = sha256("nvrtc/%s/%s/%s/%d" % (name, arch, generation, variant(rng, when) % 3))
        # Before the team cache KernelLens's cache sat on the shared NFS home; with it, on each machine.
        local = key if when < TEAM_CACHE_AT else (host, key)
        hit = local in cached
        cached.add(local)
        when += rng.randrange(50, 1500) * 1_000_000
        size = int(size * rng.uniform(0.9, 1.1))
        if hit or when < TEAM_CACHE_AT:
            out.append(event(when, "nvrtc", name, key, hit, arch, nvrtc_stages(rng, cost, hit), size, pid, host))
            continue
        # klens compile --remote: a local miss, then the team cache; a miss there compiles and pushes.
        remote_hit = ("redis", key) in cached
        cached.add(("redis", key))
        out.append(event(when, "nvrtc", name, key, False, arch, nvrtc_stages(rng, cost, True), size, pid, host))
        remote = [("remote_get", int(rng.uniform(0.3, 2.5) * 1000))]
        if not remote_hit:
            remote.append(("remote_push", int(rng.uniform(0.5, 4) * 1000)))
        out.append(event(when + 1_000_000, "nvrtc-remote", name, key, remote_hit, arch, remote,
                         size if remote_hit else 0, pid, host))
    return out


def event(when, origin, kernel, key, hit, arch, stages, size, pid, host):
    return {
        "time_ns": START_NS + when,
        "origin": origin,
        "kernel": kernel,
        "key": key,
        "cache_hit": hit,
        "arch": arch,
        "stages_us": stages,
        "total_us": sum(us for _, us in stages),
        "bytes": size,
        "pid": pid,
        "host": host,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "resources", "demo", "events", "events.jsonl"))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    events_log = load_events()
    events = generate(args.seed)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "wb") as f:
        for e in events:
            f.write(events_log.format_line(e))
    hits = sum(e["cache_hit"] for e in events)
    print("%s: %d events (%d hits), %d bytes" % (args.out, len(events), hits, os.path.getsize(args.out)))


if __name__ == "__main__":
    main()
