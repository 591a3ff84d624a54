"""kernellens.triton:CacheManager with real Triton from PyPI (the venvs scripts/triton-venv.sh
makes), against Triton's own FileCacheManager under the same injected faults (issue 32).

- Many writers: 8 processes compile the same kernels into one cache twice over, with
  faultshim.so preloaded: rmdir answers EBUSY and reopening a file another writer replaced
  answers ESTALE, as NFS does. Failed compiles are counted for both managers; ours must have
  none. Then `klens scan` finds every entry complete, `klens doctor` names only the temp folders
  the EBUSYs left, and the events log has one event per compile.
- SIGKILLed writers leave only what the doctor names; the next run completes every entry.
- A warm hit loads the same binary as a plain FileCacheManager compile, and either manager hits
  on what the other wrote (Triton 3.9 and 3.3: both constructor shapes).
- A cache that cannot be written (a file where the folder should be, a full tmpfs) never fails
  a compile: one warning per process names the path and the cause.
- The package installs with pip (no build isolation, no network) and works from there.

Standard library only; the venvs' Pythons run Triton. Exits 77 (skipped, with the reason) when a
venv, the shim or klens is missing. Figures go to stdout (ctest -V) for RESULTS.md.
"""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PACKAGE = os.path.join(REPO, "resources", "python")
WORKER = os.path.join(HERE, "compile_worker.py")
SHIM = os.environ.get("KL_FAULT_SHIM", "")
KLENS = os.environ.get("KL_KLENS_BIN", os.path.join(REPO, "build", "dev", "app", "cli", "klens"))
PYTHONS = {
    "3.9": os.environ.get("KL_TRITON_VENV_PYTHON") or os.path.join(REPO, ".venv-triton", "bin", "python"),
    "3.3": os.environ.get("KL_TRITON33_VENV_PYTHON") or os.path.join(REPO, ".venv-triton33", "bin", "python"),
}
OURS = "kernellens.triton:CacheManager"
WRITERS = 8
KERNELS = 4
FAULTS = {"KL_FAULT_RMDIR_EBUSY": "0.3", "KL_FAULT_OPEN_ESTALE": "0.5"}


def missing():
    if not os.access(PYTHONS["3.9"], os.X_OK):
        return "no Triton venv at %s (run scripts/triton-venv.sh)" % PYTHONS["3.9"]
    if not SHIM or not os.path.exists(SHIM):
        return "no fault shim (KL_FAULT_SHIM=%r): build the tests" % SHIM
    if not os.access(KLENS, os.X_OK):
        return "no klens at %s" % KLENS
    return None


class Run:
    def __init__(self, procs, root):
        self.results, self.stderr = [], []
        for p, err in procs:
            out, _ = p.communicate(timeout=600)
            with open(err) as f:
                self.stderr.append(f.read())
            lines = [line for line in out.splitlines() if line.startswith("{")]
            self.results.append(json.loads(lines[-1]) if lines and p.returncode == 0 else None)
        self.root = root

    @property
    def ok(self):
        return sum(r["ok"] for r in self.results if r)

    @property
    def failed(self):
        return sum(r["failed"] for r in self.results if r)

    def errors(self):
        total = {}
        for r in self.results:
            for e, n in (r or {}).get("errors", {}).items():
                total[e] = total.get(e, 0) + n
        return total

    def describe(self):
        return "ok %d, failed %d, errors %s\nstderr of the first writer:\n%s" % (
            self.ok, self.failed, self.errors(), self.stderr[0][-3000:] if self.stderr else "")


class Harness(unittest.TestCase):
    """Temp folders, the writers' environment, runs and klens: shared with test_packed.py."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kl-tritoncache-")
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)
        self.local = tempfile.mkdtemp(prefix="kl-tritoncache-local-")
        self.addCleanup(shutil.rmtree, self.local, ignore_errors=True)

    def env(self, cache, manager=OURS, faults=None, python_path=PACKAGE, events=None):
        env = dict(os.environ)
        for k in ("TRITON_CACHE_MANAGER", "TRITON_HOME", "TRITON_ALWAYS_COMPILE", "TRITON_KERNEL_DUMP",
                  "TRITON_KERNEL_OVERRIDE", "LD_PRELOAD", "KERNELLENS_TRITON_PACK"):
            env.pop(k, None)
        # TMPDIR: the writers' local folders (killed ones leave theirs) go to a folder of the test's
        # own, outside the fault shim's root: it stands for local disk.
        env.update(TRITON_CACHE_DIR=cache, PYTHONPATH=python_path, TRITON_DEFAULT_FP_FUSION="1", TMPDIR=self.local,
                   KERNELLENS_EVENTS_LOG=events or os.path.join(self.tmp, "events.jsonl"),
                   TRITON_DUMP_DIR=os.path.join(self.tmp, "dump"),
                   TRITON_OVERRIDE_DIR=os.path.join(self.tmp, "override"))
        if manager:
            env["TRITON_CACHE_MANAGER"] = manager
        if faults:
            env.update(faults, LD_PRELOAD=SHIM, KL_FAULT_ROOT=os.path.dirname(cache),
                       KL_FAULT_LOG=os.path.join(self.tmp, "faults.log"))
        return env

    def start(self, env, kernels=KERNELS, rounds=2, triton="3.9", n=1):
        procs = []
        for i in range(n):
            err = os.path.join(self.tmp, "writer-%d-%d.err" % (len(os.listdir(self.tmp)), i))
            with open(err, "w") as ef:
                p = subprocess.Popen([PYTHONS[triton], "-B", WORKER, str(kernels), str(rounds)], env=env,
                                     stdout=subprocess.PIPE, stderr=ef, text=True)
            procs.append((p, err))
        return procs

    def run_writers(self, env, n=WRITERS, **kw):
        return Run(self.start(env, n=n, **kw), env["TRITON_CACHE_DIR"])

    def klens(self, *args):
        out = subprocess.run([KLENS, *args], capture_output=True, text=True, timeout=300)
        return out

    def scan(self, cache):
        out = self.klens("scan", "--json", cache)
        self.assertIn(out.returncode, (0, 1), out.stderr)  # 1: problems found (orphans)
        return json.loads(out.stdout)

    def doctor_codes(self, cache):
        out = self.klens("doctor", "--json", cache)
        self.assertIn(out.returncode, (0, 1), out.stderr)
        return sorted({f["code"] for f in json.loads(out.stdout)["findings"]})

    def events(self):
        path = os.path.join(self.tmp, "events.jsonl")
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [json.loads(line) for line in f]

    def kill_midway(self, env):
        """Starts WRITERS writers of 12 kernels and SIGKILLs them one by one at random moments;
        returns how many were still compiling when killed."""
        rng = random.Random(32)
        procs = self.start(env, kernels=12, rounds=1, n=WRITERS)
        time.sleep(2.0)
        running = 0
        for p, _ in procs:
            time.sleep(rng.uniform(0, 0.5))
            running += p.poll() is None
            p.send_signal(signal.SIGKILL)
        for p, _ in procs:
            p.wait()
            p.stdout.close()
        return running

    def assertAllComplete(self, cache, entries):
        scan = self.scan(cache)
        states = [(e["folder"], e.get("status"), e.get("problems")) for e in scan["entries"]]
        self.assertEqual(len(scan["entries"]), entries, states)
        for e in scan["entries"]:
            self.assertEqual(e.get("status"), "complete", e)


class CacheManagerTest(Harness):

    # -- many writers under faults ---------------------------------------------------------

    def test_many_writers_under_network_faults(self):
        figures = {}
        for name, manager in (("FileCacheManager", None), ("kernellens", OURS)):
            cache = os.path.join(self.tmp, name, "cache")
            os.makedirs(cache)
            events_before = len(self.events())
            run = self.run_writers(self.env(cache, manager, FAULTS))
            self.assertTrue(all(run.results), run.describe())
            figures[name] = (run.ok, run.failed, run.errors())
            print("%-17s %d writers x %d compiles under rmdir EBUSY %s, reopen-after-replace ESTALE %s: "
                  "%d ok, %d failed %s" % (name, WRITERS, KERNELS * 2, FAULTS["KL_FAULT_RMDIR_EBUSY"],
                                           FAULTS["KL_FAULT_OPEN_ESTALE"], run.ok, run.failed, run.errors()))
            if manager == OURS:
                self.assertEqual(run.failed, 0, run.describe())
                self.assertAllComplete(cache, KERNELS)
                self.assertTrue(set(self.doctor_codes(cache)) <= {"orphan-temp"}, self.doctor_codes(cache))
                ours = [e for e in self.events()[events_before:] if e["origin"] == "triton-cache"]
                self.assertEqual(len(ours), run.ok, "one event per compile")
                hits = [e for e in ours if e["cache_hit"]]
                self.assertGreaterEqual(len(hits), WRITERS * KERNELS, "the second round hits")
                for e in ours:
                    self.assertEqual((e["kernel"], e["arch"]), ("kl_cache_kernel", "sm_90"), e)
                    self.assertEqual(len(e["key"]), 64, e)
                    self.assertGreater(e["bytes"], 0, e)
                    self.assertEqual(list(e["stages_us"]), ["lookup"] if e["cache_hit"] else ["lookup", "store"])
                # klens stats reads them: the hit rate with no listener imported.
                stats = self.klens("stats", "--log", os.path.join(self.tmp, "events.jsonl"), "--json")
                self.assertEqual(stats.returncode, 0, stats.stderr)
                origin = json.loads(stats.stdout)["by_origin"]["triton-cache"]
                self.assertEqual((origin["hits"], origin["misses"]), (len(hits), len(ours) - len(hits)))
                # Every writer loaded the same binary for each kernel.
                for block in run.results[0]["cubins"]:
                    self.assertEqual(len({r["cubins"][block] for r in run.results}), 1)
        with open(os.path.join(self.tmp, "faults.log")) as f:
            injected = f.read().split("\n")
        self.assertTrue(any(" rmdir " in line for line in injected), "no EBUSY was injected")
        # Not an assertion on Triton (a fix upstream would be welcome): the figure is reported.
        print("figures:", json.dumps(figures))

    def test_beside_triton_own_writers(self):
        # Ranks without the variable share the cache: Triton's writers replace files that ours
        # read (ESTALE on reopening), and ours must still never fail.
        cache = os.path.join(self.tmp, "cache")
        os.makedirs(cache)
        procs = self.start(self.env(cache, OURS, FAULTS), n=WRITERS // 2)
        theirs = self.start(self.env(cache, None, FAULTS), n=WRITERS // 2)
        ours = Run(procs, cache)
        Run(theirs, cache)
        with open(os.path.join(self.tmp, "faults.log")) as f:
            stale = sum(1 for line in f if " open " in line)
        print("beside %d FileCacheManager writers: %d ok, %d failed; %d ESTALE injected in all" % (
            WRITERS // 2, ours.ok, ours.failed, stale))
        self.assertEqual(ours.failed, 0, ours.describe())

    def test_killed_writers_leave_only_what_the_doctor_names(self):
        cache = os.path.join(self.tmp, "cache")
        os.makedirs(cache)
        running = self.kill_midway(self.env(cache))
        self.assertGreater(running, 0, "every writer finished before it was killed")
        entries = len(self.scan(cache)["entries"])
        codes = self.doctor_codes(cache)
        print("after SIGKILL of %d writers (%d still compiling), %d entries, the doctor names: %s" % (
            WRITERS, running, entries, codes or "nothing"))
        self.assertTrue(set(codes) <= {"orphan-temp", "incomplete-entry"}, codes)
        # What was published is whole: a run afterwards compiles or hits every kernel.
        local = os.path.join(self.local, "kernellens-triton-%d" % os.getuid())
        left = os.listdir(local) if os.path.isdir(local) else []
        run = self.run_writers(self.env(cache), n=1, kernels=12, rounds=1)
        self.assertEqual(run.failed, 0, run.describe())
        self.assertAllComplete(cache, 12)
        # The killed writers' local folders (private copies) are swept by the next writer that
        # uses its own, which it removes at exit.
        print("local folders the killed writers left: %d" % len(left))
        self.assertEqual(os.listdir(local) if os.path.isdir(local) else [], [])

    # -- what a hit loads, both ways, both constructor shapes ------------------------------

    def hit_round_trip(self, triton):
        theirs = os.path.join(self.tmp, triton, "theirs")
        ours = os.path.join(self.tmp, triton, "ours")
        plain = self.run_writers(self.env(theirs, manager=None), n=1, kernels=2, rounds=1, triton=triton)
        self.assertEqual(plain.failed, 0, plain.describe())
        warm = self.run_writers(self.env(ours), n=1, kernels=2, rounds=2, triton=triton)
        self.assertEqual(warm.failed, 0, warm.describe())
        self.assertEqual(warm.results[0]["cubins"], plain.results[0]["cubins"], "a hit loads another binary")
        self.assertEqual(warm.results[0]["hashes"], plain.results[0]["hashes"])
        # Same layout: Triton's own manager hits on ours (it writes nothing), ours on Triton's.
        before = {os.path.join(d, f): os.stat(os.path.join(d, f)).st_mtime_ns
                  for d, _, fs in os.walk(ours) for f in fs}
        again = self.run_writers(self.env(ours, manager=None), n=1, kernels=2, rounds=1, triton=triton)
        self.assertEqual(again.failed, 0, again.describe())
        after = {os.path.join(d, f): os.stat(os.path.join(d, f)).st_mtime_ns
                 for d, _, fs in os.walk(ours) for f in fs}
        self.assertEqual(after, before, "FileCacheManager did not hit on what CacheManager wrote")
        n = len(self.events())
        cross = self.run_writers(self.env(theirs), n=1, kernels=2, rounds=1, triton=triton)
        self.assertEqual(cross.failed, 0, cross.describe())
        self.assertEqual([e["cache_hit"] for e in self.events()[n:]], [True, True])

    def test_hits_load_the_same_binary_triton_newest(self):
        self.hit_round_trip("3.9")

    def test_hits_load_the_same_binary_triton33(self):
        if not os.access(PYTHONS["3.3"], os.X_OK):
            self.skipTest("no Triton 3.3 venv at %s (run scripts/triton-venv.sh)" % PYTHONS["3.3"])
        self.hit_round_trip("3.3")

    # -- a cache that cannot be written ----------------------------------------------------

    def assertFallsBack(self, cache, cause):
        run = self.run_writers(self.env(cache), n=1, kernels=2, rounds=2)
        self.assertEqual(run.failed, 0, run.describe())
        warnings = [line for line in run.stderr[0].splitlines() if line.startswith("kernellens.triton:")]
        self.assertEqual(len(warnings), 1, run.stderr[0][-2000:])
        self.assertIn(cache, warnings[0])
        self.assertIn(cause, warnings[0])

    def test_events_are_written_once_soon_and_at_exit(self):
        # Events go through a background thread: one appears while the process still runs, a
        # forked child writes its own and never the parent's queue again, and exit drains.
        log = os.path.join(self.tmp, "events.jsonl")
        script = r"""
import os, sys, time
sys.path.insert(0, %(package)r)
from kernellens import triton as kt
m = kt.CacheManager("EVENTSAAAA" + "A" * 42)
def log(name):
    m._log(name + ".json", {}, True, [("lookup", 1)], 1)
log("parent_before")
deadline = time.time() + 3
while time.time() < deadline and not (os.path.exists(%(log)r) and os.path.getsize(%(log)r)):
    time.sleep(0.01)
print("seen_live", os.path.exists(%(log)r) and os.path.getsize(%(log)r) > 0, flush=True)
for i in range(50):
    log("parent_queued")
pid = os.fork()
if pid == 0:
    for i in range(20):
        log("child")
    sys.exit(0)  # atexit drains the child's queue
os.waitpid(pid, 0)
log("parent_after")
""" % {"package": PACKAGE, "log": log}
        env = dict(os.environ, KERNELLENS_EVENTS_LOG=log, TRITON_CACHE_DIR=os.path.join(self.tmp, "cache"))
        out = subprocess.run([PYTHONS["3.9"], "-c", script], env=env, capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        self.assertIn("seen_live True", out.stdout)
        kernels = [e["kernel"] for e in self.events()]
        self.assertEqual(kernels.count("parent_before"), 1, kernels)
        self.assertEqual(kernels.count("parent_queued"), 50, kernels)
        self.assertEqual(kernels.count("child"), 20, kernels)
        self.assertEqual(kernels.count("parent_after"), 1, kernels)

    def test_a_file_where_the_cache_should_be(self):
        cache = os.path.join(self.tmp, "cache")
        with open(cache, "w") as f:
            f.write("not a folder")
        self.assertFallsBack(cache, "Not a directory")
        with open(cache) as f:
            self.assertEqual(f.read(), "not a folder")

    def test_a_full_filesystem(self):
        if os.geteuid() != 0:
            self.skipTest("mounting a tmpfs needs root")
        mount = os.path.join(self.tmp, "full")
        os.makedirs(mount)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "kl-full", mount], capture_output=True,
                              text=True)
        if done.returncode != 0:
            self.skipTest("mount -t tmpfs refused: %s" % done.stderr.strip())
        self.addCleanup(subprocess.run, ["umount", "-l", mount])
        self.assertFallsBack(os.path.join(mount, "cache"), "No space left on device")

    # -- the local tier of Triton's RemoteCacheManager ------------------------------------

    def test_local_tier_of_the_redis_team_cache(self):
        if not shutil.which("redis-server") or not shutil.which("redis-cli"):
            self.skipTest("redis-server and redis-cli are not installed")
        sys.path.insert(0, os.path.join(REPO, "tests", "tritonremote"))
        import remotefixture

        server = remotefixture.RedisServer(os.path.join(self.tmp, "redis"))
        self.addCleanup(server.stop)
        remote = {"TRITON_REMOTE_CACHE_BACKEND": "kernellens.remote:RedisBackend",
                  "KERNELLENS_REDIS_URL": server.url()}
        manager = "kernellens.triton:RemoteCacheManager"
        first = self.run_writers(dict(self.env(os.path.join(self.tmp, "a"), manager), **remote), n=1, kernels=2,
                                 rounds=1)
        self.assertEqual(first.failed, 0, first.describe())
        self.assertTrue(any(k.endswith(".cubin") for k in server.keys()), server.keys())
        # A second machine: an empty local cache on a filesystem whose rmdir answers EBUSY, every
        # kernel pulled from Redis and written through our tier. Triton's own RemoteCacheManager
        # (FileCacheManager underneath) fails there, which shows the tier is ours.
        ebusy = {"KL_FAULT_RMDIR_EBUSY": "1"}
        own = self.run_writers(dict(self.env(os.path.join(self.tmp, "c", "cache"), "triton.runtime.cache:RemoteCacheManager",
                                             ebusy), **remote), n=1, kernels=2, rounds=1)
        self.assertGreater(own.failed, 0, own.describe())
        second = self.run_writers(dict(self.env(os.path.join(self.tmp, "b", "cache"), manager, ebusy), **remote),
                                  n=1, kernels=2, rounds=1)
        self.assertEqual(second.failed, 0, second.describe())
        self.assertEqual(second.results[0]["cubins"], first.results[0]["cubins"])
        pulled = [e for e in self.events() if e["origin"] == "triton-remote"][-2:]
        self.assertEqual([e["cache_hit"] for e in pulled], [True, True], pulled)

    # -- a FUSE network filesystem ---------------------------------------------------------

    def mount_sshfs(self):
        """sshfs to a private sshd on a loopback port (as tests/fs/tst_realmounts does); the
        mount folder, or a skip with the reason."""
        tools = {t: shutil.which(t, path="/usr/sbin:/usr/local/sbin:/sbin:" + os.environ.get("PATH", ""))
                 for t in ("sshd", "sshfs", "ssh-keygen")}
        if not all(tools.values()):
            self.skipTest("sshd, sshfs or ssh-keygen is not installed (apt-get install openssh-server sshfs)")
        if os.geteuid() != 0:
            self.skipTest("not root: a private sshd and a FUSE mount need root here")
        d = os.path.join(self.tmp, "ssh")
        os.makedirs(os.path.join(d, "export"))
        os.makedirs(os.path.join(d, "mnt"))
        for key in ("host_key", "user_key"):
            subprocess.run([tools["ssh-keygen"], "-q", "-t", "ed25519", "-N", "", "-f", os.path.join(d, key)],
                           check=True)
        shutil.copy(os.path.join(d, "user_key.pub"), os.path.join(d, "authorized_keys"))
        os.makedirs("/run/sshd", exist_ok=True)
        import socket
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        with open(os.path.join(d, "sshd_config"), "w") as f:
            f.write("Port %d\nListenAddress 127.0.0.1\nHostKey %s/host_key\nAuthorizedKeysFile %s/authorized_keys\n"
                    "PermitRootLogin prohibit-password\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                    "UsePAM no\nStrictModes no\nPidFile none\nSubsystem sftp internal-sftp\n" % (port, d, d))
        sshd = subprocess.Popen([tools["sshd"], "-D", "-e", "-f", os.path.join(d, "sshd_config")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.addCleanup(lambda: (sshd.kill(), sshd.wait()))
        for _ in range(100):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        mnt = os.path.join(d, "mnt")
        sshfs = subprocess.Popen(
            [tools["sshfs"], "root@127.0.0.1:" + os.path.join(d, "export"), mnt, "-f", "-o",
             "IdentityFile=%s/user_key,StrictHostKeyChecking=no,UserKnownHostsFile=/dev/null,BatchMode=yes,"
             "ConnectTimeout=10,port=%d" % (d, port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

        def unmount():
            subprocess.run(["fusermount", "-u", mnt], capture_output=True)
            subprocess.run(["umount", "-l", mnt], capture_output=True)
            sshfs.kill()
            sshfs.wait()
            sshfs.stderr.close()

        self.addCleanup(unmount)
        for _ in range(300):
            if os.path.ismount(mnt):
                return mnt
            if sshfs.poll() is not None:
                break
            time.sleep(0.05)
        self.skipTest("sshfs did not mount: %s" % sshfs.stderr.read().decode(errors="replace")[-500:])

    def test_many_writers_on_sshfs(self):
        mnt = self.mount_sshfs()
        figures = {}
        for name, manager in (("FileCacheManager", None), ("kernellens", OURS)):
            cache = os.path.join(mnt, name, "cache")
            os.makedirs(cache)
            run = self.run_writers(self.env(cache, manager), n=4, kernels=2, rounds=2)
            figures[name] = (run.ok, run.failed, run.errors())
            print("sshfs, %-17s 4 writers x 4 compiles: %d ok, %d failed %s" % (name, run.ok, run.failed, run.errors()))
            if manager == OURS:
                self.assertEqual(run.failed, 0, run.describe())
                self.assertAllComplete(cache, 2)
                # The doctor also says, rightly, that the cache is on a network filesystem.
                self.assertTrue(set(self.doctor_codes(cache)) <= {"orphan-temp", "network-fs"},
                                self.doctor_codes(cache))

    # -- installed with pip ----------------------------------------------------------------

    def test_installs_with_pip_and_works_from_there(self):
        target = os.path.join(self.tmp, "site")
        # As a user does: pip fetches the build backend (setuptools) from PyPI into an isolated
        # build environment; the package itself has no dependencies.
        source = os.path.join(self.tmp, "source")
        shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
        done = subprocess.run([PYTHONS["3.9"], "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               "--no-deps", "--target", target, source],
                              capture_output=True, text=True, cwd=self.tmp)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(os.path.exists(os.path.join(target, "kernellens", "triton.py")))
        cache = os.path.join(self.tmp, "cache")
        run = self.run_writers(self.env(cache, python_path=target), n=1, kernels=1, rounds=2)
        self.assertEqual(run.failed, 0, run.describe())
        self.assertEqual([e["cache_hit"] for e in self.events()], [False, True])


if __name__ == "__main__":
    why = missing()
    if why:
        print("SKIP:", why)
        sys.exit(SKIP)
    unittest.main(verbosity=2)
