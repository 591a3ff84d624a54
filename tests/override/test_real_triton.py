"""Real Triton writes a dump, real Triton compiles from an override folder made from it ("Overriding
kernel with file ..."), and klens must then tell the dump and override folders from cache entries
and never clean them (issue 28, point 0), link them to their entries (override ls) and say what
went wrong (override make writes the folder Triton then reads; doctor: override-ignored, built-from-override, stage-target-mismatch for an sm_80
override applied to an sm_90 compile). No GPU: kernels are compiled for explicit targets with
Triton's bundled ptxas.

Triton comes from the venvs scripts/triton-venv.sh makes: .venv-triton (the newest, 3.9: base32
folder names, a .sass in the dump), .venv-triton33 (3.3: base32) and .venv-triton32 (3.2:
base64url); $KL_TRITON_VENV_PYTHON, $KL_TRITON33_VENV_PYTHON and $KL_TRITON32_VENV_PYTHON (CTest
sets them) name them, and klens is $KL_KLENS_BIN. Exits 77 (skipped, with the reason) when a venv
is missing.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
COMPILE = os.path.join(HERE, "compile_kernel.py")
KLENS = os.environ.get("KL_KLENS_BIN", os.path.join(REPO, "build", "dev", "app", "cli", "klens"))
VENVS = {
    "newest": os.environ.get("KL_TRITON_VENV_PYTHON") or os.path.join(REPO, ".venv-triton", "bin", "python"),
    "3.3": os.environ.get("KL_TRITON33_VENV_PYTHON") or os.path.join(REPO, ".venv-triton33", "bin", "python"),
    "3.2": os.environ.get("KL_TRITON32_VENV_PYTHON") or os.path.join(REPO, ".venv-triton32", "bin", "python"),
}
KERNEL = "kl_scale_kernel"
EDIT = b"\n// edited by hand: KernelLens must never delete this\n"
EVERY_POLICY = ["--max-size", "0", "--keep-latest", "0", "--orphans", "--incomplete", "--grace", "0"]


def missing(which):
    python = VENVS[which]
    if not os.access(python, os.X_OK):
        return "no Triton venv (%s) at %s (run scripts/triton-venv.sh)" % (which, python)
    probe = subprocess.run([python, "-c", "import triton"], capture_output=True, text=True)
    if probe.returncode != 0:
        return "%s cannot import triton: %s" % (python, "".join(probe.stderr.strip().splitlines()[-1:]))
    return None


def files_of(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


class DumpOverrideClean(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kl-override-")
        self.home = os.path.join(self.tmp, "home")
        os.makedirs(self.home)
        self.triton_dir = os.path.join(self.home, ".triton")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def env(self, **extra):
        # No TRITON_* of the test's own: Triton's defaults under this HOME, then what the step sets.
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_")}
        env.update(HOME=self.home, LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONDONTWRITEBYTECODE="1")
        env.update(extra)
        return env

    def compile(self, which, arch=90, **extra):
        run = subprocess.run([VENVS[which], COMPILE, str(arch)], env=self.env(**extra), capture_output=True,
                             text=True, timeout=300)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        return run.stdout, json.loads(run.stdout.strip().splitlines()[-1])

    def klens(self, *args, expect=(0,)):
        run = subprocess.run([KLENS, *args], env=self.env(), capture_output=True, text=True, timeout=300)
        self.assertIn(run.returncode, expect, "klens %s: %s%s" % (" ".join(args), run.stdout, run.stderr))
        return json.loads(run.stdout) if "--json" in args else run.stdout

    def check(self, which):
        # 1. TRITON_KERNEL_DUMP=1: one folder named by the source's hash, every stage in it.
        _, first = self.compile(which, TRITON_KERNEL_DUMP="1")
        dump_root = os.path.join(self.triton_dir, "dump")
        folders = os.listdir(dump_root)
        self.assertEqual(len(folders), 1, folders)
        dump = os.path.join(dump_root, folders[0])
        dumped = files_of(dump)
        for ext in ("ttir", "ttgir", "llir", "ptx", "cubin"):
            self.assertIn("%s.%s" % (KERNEL, ext), dumped)

        # klens links the dump to the entry its compile stored, by content.
        folders_ls = self.override_ls()
        self.assertEqual(len(folders_ls[dump]["entries"]), 1, folders_ls)
        entry = folders_ls[dump]["entries"][0]
        self.assertTrue(entry["whole"], entry)
        self.assertEqual(entry["via"], "content")
        self.assertEqual(entry["shared_stages"], ["ttir", "ttgir", "llir", "ptx", "cubin"])
        self.assertEqual(folders_ls[dump]["kind"], "dump")
        self.assertEqual(folders_ls[dump]["source_hash"] is not None, True)

        # 2. klens makes the override folder from the cache entry (through its dump); the user edits it.
        made = self.klens("override", "make", entry["path"], "--stage", "ptx", "--json")
        override = os.path.join(self.triton_dir, "override", folders[0])
        ptx = os.path.join(override, KERNEL + ".ptx")
        self.assertEqual(made["file"], ptx)
        self.assertEqual(made["dump"], dump)
        self.assertEqual(made["environment"], ["TRITON_KERNEL_OVERRIDE=1", "TRITON_ALWAYS_COMPILE=1"])
        self.assertEqual(os.listdir(override), [KERNEL + ".ptx"])  # the chosen stage alone
        self.klens("override", "make", entry["path"], "--stage", "ptx", expect=(2,))  # never overwritten
        with open(ptx, "ab") as f:
            f.write(EDIT)
        edited = files_of(override)

        # With the cache warm and TRITON_ALWAYS_COMPILE unset, Triton would never read it: the doctor says so.
        # (The entry was compiled a minute before the edit.)
        for name in os.listdir(entry["path"]):
            then = os.stat(os.path.join(entry["path"], name)).st_mtime - 60
            os.utime(os.path.join(entry["path"], name), (then, then))
        self.assertEqual(self.findings(override), ["override-ignored"])

        # 3. Triton uses it, and says so.
        out, second = self.compile(which, TRITON_KERNEL_OVERRIDE="1", TRITON_ALWAYS_COMPILE="1")
        self.assertIn("Overriding kernel with file " + ptx, out)
        self.assertEqual(first["hash"], second["hash"])  # stored under the normal key (3.2+)

        # The entry now holds the edited PTX under its normal key, and klens says it was built from it.
        folders_ls = self.override_ls()
        built = [e for e in folders_ls[override]["entries"] if e["via"] == "content"]
        self.assertEqual([(e["path"], e["whole"], e["shared_stages"]) for e in built],
                         [(entry["path"], True, ["ptx"])], folders_ls[override])
        self.assertEqual(folders_ls[override]["twin"], dump)
        self.assertEqual(self.findings(entry["path"]), ["built-from-override"])
        self.assertEqual(self.findings(override), [])

        # 4. klens reads them as what they are.
        scan = self.klens("scan", "--json", expect=(0, 1))
        kinds = {e["path"]: (e["kind"], e["status"], [p["code"] for p in e["problems"]]) for e in scan["entries"]}
        self.assertEqual(kinds.get(dump), ("dump", "complete", []), kinds)
        self.assertEqual(kinds.get(override), ("override", "complete", []), kinds)
        roots = {r["path"]: r["kind"] for r in scan["roots"]}
        self.assertEqual(roots.get(dump_root), "dump", roots)
        self.assertEqual(roots.get(os.path.dirname(override)), "override", roots)
        cache_entries = [e["path"] for e in scan["entries"] if e["kind"] == "kernel"]
        self.assertTrue(cache_entries, kinds)

        # 5. Every policy, on every way of naming the folders: the user's files stay, byte for byte.
        for dirs in ([os.path.dirname(override)], [dump_root], [self.triton_dir], []):
            plan = self.klens("clean", *dirs, *EVERY_POLICY, "--dry-run", "--json")
            planned = [r["path"] for r in plan["removals"]]
            for path in planned:
                self.assertFalse(path.startswith(override) or path.startswith(dump), (dirs, planned))
            self.klens("clean", *dirs, *EVERY_POLICY, "--json")
            self.assertEqual(files_of(override), edited, dirs)
            self.assertEqual(files_of(dump), dumped, dirs)
        # The cleaner did run: the cache entry beside them is gone.
        for path in cache_entries:
            self.assertFalse(os.path.exists(path), path)

        # 6. Named with its own flag, the override folder goes, and only it.
        self.klens("clean", "--dump-folder", override, "--grace", "0")
        self.assertFalse(os.path.exists(override))
        self.assertEqual(files_of(dump), dumped)

    def override_ls(self):
        listing = self.klens("override", "ls", "--json")
        self.assertEqual(listing["schema"], "kernellens.override/1")
        return {f["path"]: f for f in listing["folders"]}

    def findings(self, path):
        """The doctor's finding codes about `path` (a file under it counts)."""
        report = self.klens("doctor", "--json", "--no-binaries", expect=(0, 1))
        return sorted(f["code"] for f in report["findings"]
                      if f["path"] == path or f["path"].startswith(path + "/"))

    def test_cross_target_override(self):
        # An override made from an sm_80 dump, applied by Triton to an sm_90 compile: the sm_90
        # entry then holds sm_80 PTX under its normal key.
        self.compile("newest", arch=80, TRITON_KERNEL_DUMP="1")
        dump = os.path.join(self.triton_dir, "dump", os.listdir(os.path.join(self.triton_dir, "dump"))[0])
        made = self.klens("override", "make", dump, "--stage", "ptx", "--json")
        self.assertEqual(made["copied_from"], os.path.join(dump, KERNEL + ".ptx"))
        _, sm90 = self.compile("newest", arch=90, TRITON_KERNEL_OVERRIDE="1", TRITON_ALWAYS_COMPILE="1")
        entries = [e for e in self.klens("scan", "--json", expect=(0, 1))["entries"]
                   if e["kind"] == "kernel" and e["target"]["arch"] == "90"]
        self.assertEqual(len(entries), 1, entries)
        report = self.klens("doctor", "--json", expect=(1,))
        mismatch = [f for f in report["findings"] if f["code"] == "stage-target-mismatch"]
        self.assertEqual([f["path"] for f in mismatch], [os.path.join(entries[0]["path"], KERNEL + ".ptx")], mismatch)
        self.assertIn("targets sm_80", mismatch[0]["message"])

    def test_one_dump_for_two_targets(self):
        # One source for sm_80, then sm_90, with TRITON_KERNEL_DUMP: one folder, the last writer's.
        self.compile("newest", arch=80, TRITON_KERNEL_DUMP="1")
        self.compile("newest", arch=90, TRITON_KERNEL_DUMP="1")
        folders = list(self.override_ls().values())
        self.assertEqual(len(folders), 1, folders)
        dump = folders[0]
        self.assertTrue(dump["several_writers"], dump)
        self.assertEqual(sorted((e["arch"], e["whole"]) for e in dump["entries"]), [("80", False), ("90", True)])
        self.assertIn("2 compiles of one source wrote this dump folder", dump["note"])

    def recompile(self, entry, python=None):
        env = self.env()
        env.pop("KL_PYTHON", None)
        if python:
            env["KL_PYTHON"] = python
        run = subprocess.run([KLENS, "recompile", "--no-log", "--json", entry], env=env, capture_output=True,
                             text=True, timeout=300)
        self.assertIn(run.returncode, (0, 1), run.stdout + run.stderr)
        return json.loads(run.stdout)["entries"][0]

    def test_recompile_judges_with_the_entry_triton(self):
        # Each Triton's entries are rebuilt by that Triton (found through the install their
        # metadata names: no KL_PYTHON, and the python3 on PATH may have none), byte for byte.
        for which in ("newest", "3.3", "3.2"):
            for arch in (80, 90):
                self.compile(which, arch=arch)
        entries = [e for e in self.klens("scan", "--json", expect=(0, 1))["entries"] if e["kind"] == "kernel"]
        self.assertEqual(len(entries), 6, entries)
        versions = set()
        for e in entries:
            r = self.recompile(e["path"])
            self.assertTrue(r["ok"] and r["judged"] and r["fresh"], r)
            self.assertTrue(r["assembler"].startswith("Triton 3."), r)
            versions.add(r["assembler"].split()[1])
        self.assertEqual(len(versions), 3, versions)
        # Asked with another Triton: not judged, never stale.
        newest = [e for e in entries if (e.get("triton_version") or "").startswith("3.9")] or entries[:1]
        r = self.recompile(newest[0]["path"], python=VENVS["3.3"])
        self.assertFalse(r["judged"] or r["fresh"], r)
        self.assertTrue(r["verdict"].startswith("cannot judge: "), r)

    def test_newest(self):
        self.check("newest")

    def test_triton33(self):
        self.check("3.3")

    def test_triton32(self):
        self.check("3.2")


if __name__ == "__main__":
    reasons = [why for why in map(missing, VENVS) if why]
    if reasons:
        print("SKIP: " + "; ".join(reasons))
        sys.exit(SKIP)
    program = unittest.main(exit=False, verbosity=2)
    sys.exit(0 if program.result.wasSuccessful() else 1)
