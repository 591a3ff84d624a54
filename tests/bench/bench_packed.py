"""Packed mode (KERNELLENS_TRITON_PACK=1) beside folder mode, in one run (issue 32, part 3).

    .venv-triton/bin/python tests/bench/bench_packed.py [ENTRIES] [WRITERS] [DIR]

1. Warm hits inside real compiles (Triton of this Python, sm_90, no GPU needed): KERNELS kernels
   compiled into an empty cache, then again (warm hits), by Triton's FileCacheManager, by
   kernellens.triton:CacheManager as folders and packed, rounds alternating; medians of the whole
   `triton.compile` call and of the time inside the manager's methods. Target: a packed warm hit
   at most 2x the folder cache's (ours as folders, and Triton's).
2. Many entries: WRITERS processes (default 8) append ENTRIES entries in all (default 100,000), each
   with the files of a real Triton 3.9 compile (tests/fixtures/triton-lines) under its own key,
   at once into one packed root (KERNELLENS_TRITON_FSYNC=0: this counts files, not disk flushes).
   Target: at most 64 files. Then one process looks every entry up cold (its first lookup reads
   every index) and a sample of entries warm.
"""
import atexit
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "resources", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_tritoncache import key, sample_entry, timed  # noqa: E402

from kernellens import pack  # noqa: E402

ROUNDS = 5
KERNELS = 6


def compile_level(base):
    sys.path.insert(0, os.path.join(REPO, "tests", "tritoncache"))
    import compile_worker
    import triton
    from triton import knobs
    from triton.backends.compiler import GPUTarget
    from triton.runtime.cache import FileCacheManager

    from kernellens import triton as kltriton

    modes = {"FileCacheManager": (FileCacheManager, "0"), "folders": (kltriton.CacheManager, "0"),
             "packed": (kltriton.CacheManager, "1")}
    blocks = [32 << i for i in range(KERNELS)]
    out = {}

    def run(label, r, phase):
        cls, packed = modes[label]
        spent = {}
        os.environ["KERNELLENS_TRITON_PACK"] = packed
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
        for label in modes:
            run(label, r, "cold")
    time.sleep(kltriton._SETTLE_S + 0.5)  # folder mode hands Triton shared files once settled
    for r in range(ROUNDS):
        for label in modes:
            run(label, r, "warm")
    knobs.cache.manager_class = None
    os.environ.pop("KERNELLENS_TRITON_PACK")
    return {k: statistics.median(v) / 1000 for k, v in out.items()}


def writer(args):
    root, first, count, name, files = args
    store = pack.PackStore(root, fsync=False)
    start = time.perf_counter()
    group = b'{"child_paths": {}}'
    for i in range(first, first + count):
        entry = [(f, data, 0) for f, data in files.items()] + [("__grp__" + name, group, 0)]
        store.append(key(i, "P"), entry)
    store.close()
    return time.perf_counter() - start


def many_entries(base, entries, writers):
    name, files = sample_entry()
    root = os.path.join(base, "many")
    os.makedirs(root)
    per = entries // writers
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(writers) as pool:
        pool.map(writer, [(root, w * per, per, name, files) for w in range(writers)])
    wall = time.perf_counter() - start
    folder = os.path.join(root, pack.FOLDER)
    names = os.listdir(folder)
    size = sum(os.path.getsize(os.path.join(folder, n)) for n in names)
    store = pack.PackStore(root)
    start = time.perf_counter()
    store.refresh()
    load = time.perf_counter() - start
    found = len(store.keys())
    sample = [key(i, "P") for i in range(0, writers * per, max(1, writers * per // 2000))]
    times = []
    for k in sample:
        t = time.perf_counter_ns()
        record = store.records(k)[0]
        store.read_files(record)
        times.append(time.perf_counter_ns() - t)
    store.close()
    return {"entries": writers * per, "found": found, "files": len(names), "bytes": size, "write_s": wall,
            "index_load_s": load, "lookup_us": statistics.median(times) / 1000,
            "folder_inodes": writers * per * (len(files) + 2)}


def main():
    entries = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    writers = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    if len(sys.argv) > 3:
        base = sys.argv[3]
    else:
        # A made-up folder goes when the bench does: each run writes hundreds of MB, and CI shares this disk.
        base = tempfile.mkdtemp(prefix="kl-bench-packed-")
        atexit.register(shutil.rmtree, base, True)
    os.environ["KERNELLENS_EVENTS_LOG"] = os.path.join(base, "events.jsonl")
    c = compile_level(base)
    import triton

    print("Triton %s; cache on %s; %d rounds, medians of the median kernel (of %d)" % (
        triton.__version__, base, ROUNDS, KERNELS))
    print()
    print("| compile | FileCacheManager us | kernellens folders us | kernellens packed us | packed / folders "
          "| packed / FileCacheManager | target |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for phase, what, label, target in (("warm", "compile", "warm hit, whole triton.compile", 2.0),
                                       ("warm", "in-manager", "warm hit, in the manager", None),
                                       ("cold", "compile", "miss + store, whole triton.compile", None),
                                       ("cold", "in-manager", "miss + store, in the manager", None)):
        a, f, p = (c[(phase, what, m)] for m in ("FileCacheManager", "folders", "packed"))
        verdict = "" if target is None else "<= %.1fx %s" % (target, "met" if p / f <= target and p / a <= target
                                                              else "NOT met")
        print("| %s | %.1f | %.1f | %.1f | %.2fx | %.2fx | %s |" % (label, a, f, p, p / f, p / a, verdict))
    print()
    m = many_entries(base, entries, writers)
    print("%d entries by %d writers at once: %d files (target <= 64; as folders: %d inodes), %.2f GB, "
          "written in %.1f s; a reader found %d entries, loading every index in %.2f s; a lookup "
          "(index, then the record read and CRC-checked) %.1f us" % (
              m["entries"], writers, m["files"], m["folder_inodes"], m["bytes"] / 1e9, m["write_s"], m["found"],
              m["index_load_s"], m["lookup_us"]))
    if m["files"] > 64 or m["found"] != m["entries"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
