"""Packed mode of kernellens.triton:CacheManager (KERNELLENS_TRITON_PACK=1, docs/pack-format.md)
with real Triton from PyPI, under the faults test_cachemanager.py injects (issue 32, part 3).

- Many writers under network faults: no compile fails, the root holds no entry folder, a few
  pack files hold every kernel as a complete, CRC-checked record, the second round hits.
- SIGKILLed writers lose only their own torn record: a later run completes every kernel.
- A packed hit loads the same binary as Triton's own FileCacheManager compile (3.9 and 3.3), and
  packed mode hits on a folder cache Triton wrote before it was switched on.
- Bad input never fails a compile: a file where the pack folder should be, a damaged pack and
  index, a pack of a newer format, a full filesystem, a read-only cache.
- `klens unpack` turns what Triton packed into folders `klens scan` finds complete, and a cache
  `klens pack` made hits in packed mode.
"""
import json
import os
import subprocess
import sys
import unittest

import test_cachemanager
from test_cachemanager import FAULTS, KERNELS, PACKAGE, PYTHONS, SKIP, WRITERS, Harness, missing

sys.path.insert(0, PACKAGE)
from kernellens import pack  # noqa: E402  (the package under test, from the source tree)

PACKED = {"KERNELLENS_TRITON_PACK": "1"}


def read_packs(cache):
    """{key: [records]}, the records whose CRC fails, and the pack files, as a reader sees them."""
    store = pack.PackStore(cache)
    store.refresh()
    by_key, bad = {}, []
    for key in store.keys():
        for r in store.records(key):
            (by_key.setdefault(key, []) if store.read_files(r) is not None else bad).append(r)
    folder = os.path.join(cache, pack.FOLDER)
    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    store.close()
    return by_key, bad, names


class PackedTest(Harness):

    def packed_env(self, cache, **kw):
        return dict(self.env(cache, **kw), **PACKED)

    def assertPackedComplete(self, cache, kernels):
        by_key, bad, names = read_packs(cache)
        self.assertEqual(bad, [], "records whose CRC fails")
        self.assertEqual(len(by_key), kernels, sorted(by_key))
        for key, records in by_key.items():
            self.assertTrue(any(any(n.startswith(pack.GROUP_PREFIX) for n in r.names()) for r in records), key)
        self.assertEqual([n for n in os.listdir(cache) if n != pack.FOLDER], [], "entry folders in packed mode")
        return by_key, names

    def warnings(self, run):
        return [line for err in run.stderr for line in err.splitlines() if line.startswith("kernellens.triton:")]

    def test_many_writers_under_network_faults(self):
        cache = os.path.join(self.tmp, "cache")
        os.makedirs(cache)
        run = self.run_writers(self.packed_env(cache, faults=FAULTS))
        print("packed, %d writers x %d compiles under rmdir EBUSY %s, reopen-after-replace ESTALE %s: "
              "%d ok, %d failed %s" % (WRITERS, KERNELS * 2, FAULTS["KL_FAULT_RMDIR_EBUSY"],
                                       FAULTS["KL_FAULT_OPEN_ESTALE"], run.ok, run.failed, run.errors()))
        self.assertTrue(all(run.results), run.describe())
        self.assertEqual(run.failed, 0, run.describe())
        by_key, names = self.assertPackedComplete(cache, KERNELS)
        records = sum(len(r) for r in by_key.values())
        print("packed: %d kernels in %d records (%d duplicates of writers that compiled at once), files: %s" % (
            len(by_key), records, records - len(by_key), names))
        self.assertLessEqual(len(names), 2 * WRITERS)
        ours = [e for e in self.events() if e["origin"] == "triton-cache"]
        self.assertEqual(len(ours), run.ok, "one event per compile")
        self.assertGreaterEqual(sum(e["cache_hit"] for e in ours), WRITERS * KERNELS, "the second round hits")
        for block in run.results[0]["cubins"]:
            self.assertEqual(len({r["cubins"][block] for r in run.results}), 1)
        # Every writer's materialised copies are gone with it.
        local = os.path.join(self.local, "kernellens-triton-%d" % os.getuid())
        self.assertEqual(os.listdir(local) if os.path.isdir(local) else [], [])

    def test_killed_writers_lose_only_their_own_record(self):
        cache = os.path.join(self.tmp, "cache")
        os.makedirs(cache)
        running = self.kill_midway(self.packed_env(cache))
        self.assertGreater(running, 0, "every writer finished before it was killed")
        by_key, bad, names = read_packs(cache)
        print("after SIGKILL of %d packed writers (%d still compiling): %d kernels whole, %d torn, packs %s" % (
            WRITERS, running, len(by_key), len(bad), names))
        self.assertEqual(bad, [], "a reader listed a torn record")
        run = self.run_writers(self.packed_env(cache), n=1, kernels=12, rounds=1)
        self.assertEqual(run.failed, 0, run.describe())
        self.assertPackedComplete(cache, 12)

    def test_a_torn_tail_is_cut_by_the_next_writer(self):
        # What a writer killed mid-append leaves (the SIGKILL test above rarely lands inside the
        # few microseconds of a write): the start of a record, cut short.
        cache = os.path.join(self.tmp, "cache")
        first = self.run_writers(self.packed_env(cache), n=1, kernels=2, rounds=1)
        self.assertEqual(first.failed, 0, first.describe())
        by_key, names = self.assertPackedComplete(cache, 2)
        packfile = os.path.join(cache, pack.FOLDER, [n for n in names if n.endswith(".klpack")][0])
        whole = os.path.getsize(packfile)
        record = pack.encode_record("TORN" * 13, [("kl_cache_kernel.cubin", os.urandom(5000), 0)])
        with open(packfile, "ab") as f:
            f.write(record[:len(record) // 2])
        self.assertEqual(read_packs(cache)[1], [], "a reader listed the torn record")
        run = self.run_writers(self.packed_env(cache), n=1, kernels=3, rounds=1)
        self.assertEqual(run.failed, 0, run.describe())
        by_key, _ = self.assertPackedComplete(cache, 3)
        added = [r for rs in by_key.values() for r in rs if r.offset >= whole]
        self.assertEqual([r.offset for r in added], [whole], "the new record does not start where the torn one did")
        self.assertEqual(os.path.getsize(packfile), whole + added[0].length)

    def hit_round_trip(self, triton):
        theirs = os.path.join(self.tmp, triton, "theirs")
        ours = os.path.join(self.tmp, triton, "ours")
        plain = self.run_writers(self.env(theirs, manager=None), n=1, kernels=2, rounds=1, triton=triton)
        self.assertEqual(plain.failed, 0, plain.describe())
        cold = self.run_writers(self.packed_env(ours), n=1, kernels=2, rounds=1, triton=triton)
        n = len(self.events())
        warm = self.run_writers(self.packed_env(ours), n=1, kernels=2, rounds=1, triton=triton)
        for run in (cold, warm):
            self.assertEqual(run.failed, 0, run.describe())
            self.assertEqual(run.results[0]["cubins"], plain.results[0]["cubins"], "a hit loads another binary")
            self.assertEqual(run.results[0]["hashes"], plain.results[0]["hashes"])
        self.assertEqual([e["cache_hit"] for e in self.events()[n:]], [True, True])
        self.assertPackedComplete(ours, 2)
        # Switched on for a cache Triton wrote as folders: it hits there, and writes nothing.
        n = len(self.events())
        before = sorted(os.listdir(theirs))
        switched = self.run_writers(self.packed_env(theirs), n=1, kernels=2, rounds=1, triton=triton)
        self.assertEqual(switched.failed, 0, switched.describe())
        self.assertEqual(switched.results[0]["cubins"], plain.results[0]["cubins"])
        self.assertEqual([e["cache_hit"] for e in self.events()[n:]], [True, True])
        self.assertEqual(sorted(os.listdir(theirs)), before)

    def test_hits_load_the_same_binary_triton_newest(self):
        self.hit_round_trip("3.9")

    def test_hits_load_the_same_binary_triton33(self):
        if not os.access(PYTHONS["3.3"], os.X_OK):
            self.skipTest("no Triton 3.3 venv at %s (run scripts/triton-venv.sh)" % PYTHONS["3.3"])
        self.hit_round_trip("3.3")

    def test_many_writers_on_sshfs(self):
        mnt = test_cachemanager.CacheManagerTest.mount_sshfs(self)
        cache = os.path.join(mnt, "cache")
        os.makedirs(cache)
        run = self.run_writers(self.packed_env(cache), n=4, kernels=2, rounds=2)
        print("sshfs, packed, 4 writers x 4 compiles: %d ok, %d failed %s" % (run.ok, run.failed, run.errors()))
        self.assertEqual(run.failed, 0, run.describe())
        self.assertPackedComplete(cache, 2)

    # -- bad input -------------------------------------------------------------------------

    def assertFallsBack(self, cache, cause, kernels=2):
        run = self.run_writers(self.packed_env(cache), n=1, kernels=kernels, rounds=2)
        self.assertEqual(run.failed, 0, run.describe())
        warnings = self.warnings(run)
        self.assertEqual(len(warnings), 1, run.stderr[0][-2000:])
        self.assertIn(os.path.join(cache, pack.FOLDER), warnings[0])
        self.assertIn(cause, warnings[0])
        return run

    def test_a_file_where_the_pack_folder_should_be(self):
        cache = os.path.join(self.tmp, "cache")
        os.makedirs(cache)
        with open(os.path.join(cache, pack.FOLDER), "w") as f:
            f.write("not a folder")
        self.assertFallsBack(cache, "File exists")
        with open(os.path.join(cache, pack.FOLDER)) as f:
            self.assertEqual(f.read(), "not a folder")

    def test_a_damaged_pack_and_index(self):
        cache = os.path.join(self.tmp, "cache")
        first = self.run_writers(self.packed_env(cache), n=1, kernels=3, rounds=1)
        self.assertEqual(first.failed, 0, first.describe())
        by_key, names = self.assertPackedComplete(cache, 3)
        packfile = [os.path.join(cache, pack.FOLDER, n) for n in names if n.endswith(".klpack")][0]
        damaged = min((r for rs in by_key.values() for r in rs), key=lambda r: r.offset)
        with open(packfile, "r+b") as f:  # one byte of the first record's files
            f.seek(damaged.data_offset + damaged.data_len // 2)
            byte = f.read(1)
            f.seek(-1, os.SEEK_CUR)
            f.write(bytes([byte[0] ^ 0xFF]))
        with open(packfile[:-len(".klpack")] + ".klidx", "wb") as f:
            f.write(b"KLIDX 1\n16 999999999999 garbage\nnot a line\n7")
        n = len(self.events())
        again = self.run_writers(self.packed_env(cache), n=1, kernels=3, rounds=1)
        self.assertEqual(again.failed, 0, again.describe())
        self.assertEqual(again.results[0]["cubins"], first.results[0]["cubins"])
        hits = [e["cache_hit"] for e in self.events()[n:]]
        self.assertEqual(sorted(hits), [False, True, True], "the damaged entry is compiled again, the rest hit")
        by_key, bad, _ = read_packs(cache)
        self.assertEqual([(r.key, r.offset) for r in bad], [(damaged.key, damaged.offset)], "damage is kept, not cut")
        self.assertEqual(sorted(by_key), sorted(set(by_key) | {damaged.key}), "the recompiled entry is appended")
        self.assertEqual(len(by_key), 3)

    def test_a_pack_of_a_newer_format(self):
        cache = os.path.join(self.tmp, "cache")
        folder = os.path.join(cache, pack.FOLDER)
        os.makedirs(folder)
        newer = os.path.join(folder, "%s-0.klpack" % pack.host_name())
        content = pack.MAGIC + (2).to_bytes(4, "little") + bytes(4) + b"a record this KernelLens cannot read"
        with open(newer, "wb") as f:
            f.write(content)
        run = self.run_writers(self.packed_env(cache), n=1, kernels=2, rounds=2)
        self.assertEqual(run.failed, 0, run.describe())
        with open(newer, "rb") as f:
            self.assertEqual(f.read(), content, "a newer pack was written to")
        self.assertTrue(os.path.exists(os.path.join(folder, "%s-1.klpack" % pack.host_name())))
        self.assertEqual([e["cache_hit"] for e in self.events()], [False, False, True, True])

    def mount_tmpfs(self, size):
        if os.geteuid() != 0:
            self.skipTest("mounting a tmpfs needs root")
        mount = os.path.join(self.tmp, "mnt")
        os.makedirs(mount)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s" % size, "kl-packed", mount],
                              capture_output=True, text=True)
        if done.returncode != 0:
            self.skipTest("mount -t tmpfs refused: %s" % done.stderr.strip())
        self.addCleanup(subprocess.run, ["umount", "-l", mount])
        return mount

    def test_a_full_filesystem(self):
        mount = self.mount_tmpfs("32k")
        cache = os.path.join(mount, "cache")
        self.assertFallsBack(cache, "No space left on device")
        by_key, bad, names = read_packs(cache)
        self.assertEqual(bad, [], "a torn record was left on the full disk")
        print("full tmpfs: %d whole entries stored, files %s" % (len(by_key), names))

    def test_a_read_only_cache(self):
        mount = self.mount_tmpfs("64m")
        cache = os.path.join(mount, "cache")
        first = self.run_writers(self.packed_env(cache), n=1, kernels=2, rounds=1)
        self.assertEqual(first.failed, 0, first.describe())
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        n = len(self.events())
        run = self.assertFallsBack(cache, "Read-only file system", kernels=3)
        self.assertEqual(run.results[0]["cubins"]["32"], first.results[0]["cubins"]["32"])
        hits = [e["cache_hit"] for e in self.events()[n:]]
        self.assertEqual(hits[:3], [True, True, False], "stored entries hit, the new one compiles")

    # -- klens pack and unpack -------------------------------------------------------------

    def test_klens_unpacks_what_triton_packed_and_packs_what_it_reads(self):
        if "pack" not in self.klens("--help").stdout:
            self.skipTest("this klens has no pack command")
        cache = os.path.join(self.tmp, "cache")
        run = self.run_writers(self.packed_env(cache), n=2, kernels=3, rounds=1)
        self.assertEqual(run.failed, 0, run.describe())
        done = self.klens("unpack", cache)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertAllComplete(cache, 3)
        n = len(self.events())
        plain = self.run_writers(self.env(cache, manager=None), n=1, kernels=3, rounds=1)
        self.assertEqual(plain.results[0]["cubins"], run.results[0]["cubins"])
        done = self.klens("pack", cache)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertPackedComplete(cache, 3)
        warm = self.run_writers(self.packed_env(cache), n=1, kernels=3, rounds=1)
        self.assertEqual(warm.results[0]["cubins"], run.results[0]["cubins"])
        self.assertEqual([e["cache_hit"] for e in self.events()[n:] if e["origin"] == "triton-cache"],
                         [True, True, True])

    def test_klens_clean_takes_packed_entries_while_writers_append(self):
        # klens clean rewrites a pack under its lock; writers lock it for one append and open the
        # new file when the path names another one. Cleaning in a loop while 8 writers compile:
        # no compile fails, no record is ever torn or damaged, and what stays reads whole.
        cache = os.path.join(self.tmp, "cache")
        first = self.run_writers(self.packed_env(cache), n=1, kernels=KERNELS, rounds=1)
        self.assertEqual(first.failed, 0, first.describe())
        env = self.packed_env(cache)
        procs = self.start(env, n=WRITERS, kernels=KERNELS, rounds=2)
        cleans, removed, busy = 0, 0, 0
        while any(p.poll() is None for p, _ in procs):
            out = self.klens("clean", cache, "--keep-latest", "0", "--grace", "0", "--json")
            self.assertEqual(out.returncode, 0, out.stdout[-2000:] + out.stderr)
            for r in json.loads(out.stdout)["removals"]:
                removed += r["result"] == "removed"
                busy += r["result"] == "skipped-live-writer"
            cleans += 1
        run = test_cachemanager.Run(procs, cache)
        print("klens clean x%d while %d packed writers x %d compiles ran: %d packed entries removed, %d left "
              "for a busy pack; %d ok, %d failed" % (cleans, WRITERS, KERNELS * 2, removed, busy, run.ok, run.failed))
        self.assertEqual(run.failed, 0, run.describe())
        self.assertGreater(removed, 0, "the cleaner never took an entry while the writers ran")
        by_key, bad, names = read_packs(cache)
        self.assertEqual(bad, [], "a record whose CRC fails")
        codes = self.doctor_codes(cache)
        self.assertNotIn("damaged-pack", codes)
        for e in self.scan(cache)["entries"]:
            if e["pack"] and e["kind"] == "kernel":
                self.assertEqual(e["status"], "complete", e["path"])
        # What is left is whole: one more clean takes every entry, and the packs go with them.
        out = self.klens("clean", cache, "--keep-latest", "0", "--grace", "0", "--json")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual([n for n in os.listdir(os.path.join(cache, pack.FOLDER)) if n.endswith(".klpack")], [])


if __name__ == "__main__":
    why = missing()
    if why:
        print("SKIP:", why)
        sys.exit(SKIP)
    unittest.main(verbosity=2)
