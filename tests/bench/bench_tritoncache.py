"""kernellens.triton:CacheManager beside Triton's FileCacheManager, in one run (issue 32).

    .venv-triton/bin/python tests/bench/bench_tritoncache.py [ENTRIES] [DIR]

Two measures, managers alternating round by round, medians over the rounds, ratio ours / Triton's:

1. Inside real compiles (Triton of this Python, sm_90, no GPU needed): KERNELS kernels compiled
   into an empty cache (a miss and a store each), then compiled again (warm hits). Timed: the whole
   `triton.compile` call, and the time spent inside the manager's methods (get_group, put,
   put_group), measured by a subclass of each manager. This is what a user waits for.
2. The manager alone, back to back (the worst case: no compile work between the puts to hide the
   fsyncs behind): ENTRIES entries (default 200) with the files of a real Triton 3.9 compile
   (tests/fixtures/triton-lines) stored, then looked up warm as compile() does
   (`get_group(<name>.json)`, then every file read).

Warm lookups are timed once the entries are older than the 5 s after which the manager hands
Triton the shared files themselves (see _SETTLE_S in kernellens/triton.py). Every lookup and
store of ours also appends a line to the KernelLens events log (FileCacheManager logs nothing).

Targets (issue 32): a warm hit at most 1.1x FileCacheManager, a store at most 1.5x.
Stores are timed with fsync (the default) and with KERNELLENS_TRITON_FSYNC=0.
"""
import atexit
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "resources", "python"))

from triton.runtime.cache import FileCacheManager  # noqa: E402

from kernellens import triton as kltriton  # noqa: E402

ROUNDS = 5
KERNELS = 6


def sample_entry():
    """(name, {file: bytes}) of one real compile's files, group file left out."""
    for root in (os.path.join(REPO, "tests", "fixtures", "triton-lines"),
                 os.path.join(REPO, "resources", "demo", "triton", "cache")):
        for folder, _, files in os.walk(root):
            groups = [f for f in files if f.startswith("__grp__")]
            if groups:
                name = groups[0][len("__grp__"):]
                out = {}
                for f in files:
                    if not f.startswith("__grp__"):
                        with open(os.path.join(folder, f), "rb") as fh:
                            out[f] = fh.read()
                return name, out
    raise SystemExit("no sample entry found")


def key(i, tag):
    return "BENCH%s%06dAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" % (tag, i)


def store(make, keys, name, files):
    times = []
    for k in keys:
        start = time.perf_counter_ns()
        m = make(k)
        group = {f: m.put(data, f, binary=not f.endswith((".json", ".source", ".ttir", ".ttgir", ".llir", ".ptx")))
                 for f, data in files.items()}
        m.put_group(name, group)
        times.append(time.perf_counter_ns() - start)
    return times


def lookup(make, keys, name):
    times = []
    for k in keys:
        start = time.perf_counter_ns()
        group = make(k).get_group(name)
        # What compile() does with a hit: CompiledKernel reads every file.
        for path in group.values():
            with open(path, "rb") as f:
                f.read()
        times.append(time.perf_counter_ns() - start)
    return times


def timed(cls, spent):
    """A subclass of `cls` that adds the time spent in each cache method to spent[method]."""

    def wrap(name):
        method = getattr(cls, name)

        def timed_method(self, *args, **kwargs):
            start = time.perf_counter_ns()
            try:
                return method(self, *args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0) + time.perf_counter_ns() - start

        return timed_method

    return type("Timed" + cls.__name__, (cls,), {n: wrap(n) for n in ("get_group", "put", "put_group", "get_file")})


def compile_level(base, managers):
    """{(phase, manager): [per-kernel medians of each round]} for cold and warm compiles."""
    sys.path.insert(0, os.path.join(REPO, "tests", "tritoncache"))
    import compile_worker
    import triton
    from triton import knobs
    from triton.backends.compiler import GPUTarget

    blocks = [32 << i for i in range(KERNELS)]
    out = {}

    def run(cls, label, r, phase):
        spent = {}
        os.environ["TRITON_CACHE_DIR"] = os.path.join(base, "compile-r%d" % r, label)
        knobs.cache.manager_class = timed(cls, spent)
        totals, inside = [], []
        for b in blocks:
            spent.clear()
            start = time.perf_counter_ns()
            triton.compile(compile_worker.source(b), target=GPUTarget("cuda", 90, 32))
            totals.append(time.perf_counter_ns() - start)
            inside.append(sum(spent.values()))
        out.setdefault((phase, "compile", label), []).append(statistics.median(totals))
        out.setdefault((phase, "in-manager", label), []).append(statistics.median(inside))

    for r in range(ROUNDS):
        for label, cls in managers.items():
            run(cls, label, r, "cold")
    time.sleep(kltriton._SETTLE_S + 0.5)
    for r in range(ROUNDS):
        for label, cls in managers.items():
            run(cls, label, r, "warm")
        os.environ["KERNELLENS_TRITON_EVENTS"] = "0"
        run(kltriton.CacheManager, "kernellens", r, "warm-noevents")
        os.environ.pop("KERNELLENS_TRITON_EVENTS")
    knobs.cache.manager_class = None
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    if len(sys.argv) > 2:
        base = sys.argv[2]
    else:
        # A made-up folder goes when the bench does: each run writes hundreds of MB, and CI shares this disk.
        base = tempfile.mkdtemp(prefix="kl-bench-tritoncache-")
        atexit.register(shutil.rmtree, base, True)
    name, files = sample_entry()
    os.environ["KERNELLENS_EVENTS_LOG"] = os.path.join(base, "events.jsonl")
    managers = {"FileCacheManager": FileCacheManager, "kernellens": kltriton.CacheManager}
    results = {("store", m): [] for m in managers}
    results.update({("store-nofsync", "kernellens"): []})
    results.update({("lookup", m): [] for m in managers})
    for r in range(ROUNDS):
        for label, cls in managers.items():
            os.environ["TRITON_CACHE_DIR"] = os.path.join(base, "r%d" % r, label)
            os.environ.pop("KERNELLENS_TRITON_FSYNC", None)
            t = store(cls, [key(i, "S") for i in range(n)], name, files)
            results[("store", label)].append(statistics.median(t))
            if cls is kltriton.CacheManager:
                os.environ["KERNELLENS_TRITON_FSYNC"] = "0"
                t = store(cls, [key(i, "N") for i in range(n)], name, files)
                results[("store-nofsync", label)].append(statistics.median(t))
                os.environ.pop("KERNELLENS_TRITON_FSYNC", None)
    time.sleep(kltriton._SETTLE_S + 0.5)  # warm entries are settled ones
    for r in range(ROUNDS):
        for label, cls in managers.items():
            os.environ["TRITON_CACHE_DIR"] = os.path.join(base, "r%d" % r, label)
            t = lookup(cls, [key(i, "S") for i in range(n)], name)
            results[("lookup", label)].append(statistics.median(t))

    def us(op, m):
        return statistics.median(results[(op, m)]) / 1000

    compiled = compile_level(base, managers)

    def cus(phase, what, m):
        return statistics.median(compiled[(phase, what, m)]) / 1000

    size = sum(len(v) for v in files.values())
    import triton
    print("Triton %s; cache on %s; %d rounds, medians" % (triton.__version__, base, ROUNDS))
    print()
    print("Inside real compiles (%d kernels per round, the median kernel; in-manager: its time in "
          "get_group/put/put_group):" % KERNELS)
    print("| compile | FileCacheManager us | kernellens us | ratio | target |")
    print("| --- | ---: | ---: | ---: | --- |")
    for phase, what, label, target in (("warm", "compile", "warm hit, whole triton.compile", 1.1),
                                       ("warm", "in-manager", "warm hit, in the manager", None),
                                       ("warm-noevents", "compile", "warm hit, whole compile, KERNELLENS_TRITON_EVENTS=0", None),
                                       ("warm-noevents", "in-manager", "warm hit, in the manager, no events", None),
                                       ("cold", "compile", "miss + store, whole triton.compile", None),
                                       ("cold", "in-manager", "miss + store, in the manager (fsync)", 1.5)):
        a = cus(phase.replace("-noevents", ""), what, "FileCacheManager")
        b = cus(phase, what, "kernellens")
        verdict = "" if target is None else "<= %.1fx %s" % (target, "met" if b / a <= target else "NOT met")
        print("| %s | %.1f | %.1f | %.2fx | %s |" % (label, a, b, b / a, verdict))
    print()
    print("The manager alone, back to back: %d entries of %d files (%d bytes, %s)" % (
        n, len(files), size, name))
    print("| operation | FileCacheManager us | kernellens us | ratio | |")
    print("| --- | ---: | ---: | ---: | --- |")
    rows = [("warm hit (get_group + read)", "lookup", "lookup", None),
            ("store (puts + put_group), fsync", "store", "store", None),
            ("store, KERNELLENS_TRITON_FSYNC=0", "store", "store-nofsync", None)]
    for label, theirs, ours, target in rows:
        ratio = us(ours, "kernellens") / us(theirs, "FileCacheManager")
        print("| %s | %.1f | %.1f | %.2fx | %s |" % (
            label, us(theirs, "FileCacheManager"), us(ours, "kernellens"), ratio, "" if target is None else target))
    print(json.dumps({"per_round_us": {"%s/%s" % k: [round(x / 1000, 1) for x in v] for k, v in results.items()},
                      "compile_per_round_us": {"/".join(k): [round(x / 1000, 1) for x in v]
                                               for k, v in compiled.items()}}))


if __name__ == "__main__":
    main()
