"""`klens override try` with real Triton (issue 28, point 3): a stage file KernelLens made with
`override make` is compiled without the user's script, by the Triton that wrote the entry, and
compared with the entry. Pristine, each stage rebuilds the entry's very instructions; an edit
shows in the PTX diff, the SASS diff and the instructions; a broken file gives the compiler's
error at FILE:line. No GPU: Triton compiles for the entry's target with its bundled ptxas.

Triton comes from the venvs scripts/triton-venv.sh makes (see test_real_triton.py); klens is
$KL_KLENS_BIN. Exits 77 (skipped, with the reason) when no venv is there.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_real_triton import COMPILE, KERNEL, KLENS, SKIP, VENVS, missing  # noqa: E402

# The kernel multiplies by 2.5: Triton writes the constant as 2.500000e+00 in TTIR/TTGIR, as
# 2.500000e+00 in LLIR and as 0f40200000 in PTX. The edit makes it 4.0 (0f40800000 in PTX).
EDITS = {
    "ttir": ("2.500000e+00", "4.000000e+00"),
    "ttgir": ("2.500000e+00", "4.000000e+00"),
    "llir": ("2.500000e+00", "4.000000e+00"),
    "ptx": ("0f40200000", "0f40800000"),
}


class OverrideTry(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kl-override-try-")
        self.home = os.path.join(self.tmp, "home")
        os.makedirs(self.home)
        self.triton_dir = os.path.join(self.home, ".triton")
        # klens's TMPDIR: what it or the Triton it runs leaves there is a leak.
        self.tmpdir = os.path.join(self.tmp, "tmpdir")
        os.makedirs(self.tmpdir)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def env(self, **extra):
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_") and k != "KL_PYTHON"}
        env.update(HOME=self.home, LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONDONTWRITEBYTECODE="1")
        # No Triton on PATH's python3: klens must find the entry's own (its libdevice path names it).
        env["PATH"] = "/usr/bin:/bin"
        env.update(extra)
        return env

    def compile(self, which, arch=90, **extra):
        run = subprocess.run([VENVS[which], COMPILE, str(arch)], env=self.env(**extra), capture_output=True,
                             text=True, timeout=300)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        return json.loads(run.stdout.strip().splitlines()[-1])

    def klens(self, *args, expect=(0,)):
        run = subprocess.run([KLENS, *args], env=self.env(TMPDIR=self.tmpdir), capture_output=True, text=True,
                             timeout=300)
        self.assertIn(run.returncode, expect, "klens %s: %s%s" % (" ".join(args), run.stdout, run.stderr))
        return (json.loads(run.stdout) if "--json" in args else run.stdout), run

    def check(self, which, stages):
        self.compile(which, TRITON_KERNEL_DUMP="1")
        listing, _ = self.klens("override", "ls", "--json")
        dump = [f for f in listing["folders"] if f["kind"] == "dump"][0]
        entry = dump["entries"][0]["path"]
        for stage in stages:
            with self.subTest(triton=which, stage=stage):
                made, _ = self.klens("override", "make", entry, "--stage", stage, "--json", "--force")
                path = made["file"]
                # Pristine: the entry's own instructions, no PTX or SASS difference. No --entry:
                # the override folder's twin dump names the entry.
                tried, _ = self.klens("override", "try", path, "--json")
                self.assertEqual(tried["schema"], "kernellens.override-try/1")
                self.assertTrue(tried["ok"], tried)
                self.assertEqual(tried["entry"], entry)
                # IR goes through Triton; PTX through the CUDA toolkit's assembler when it reads the
                # PTX's version, else through the entry's Triton.
                self.assertIn(tried["route"], ("triton",) if stage != "ptx" else ("ptxas", "nvjitlink", "triton"))
                self.assertTrue(tried["same_code"], tried)
                self.assertIsNone(tried["ptx_diff"], tried["ptx_diff"])
                self.assertEqual([k["name"] for k in tried["kernels"]], [KERNEL])
                kernel = tried["kernels"][0]
                self.assertEqual(kernel["original"]["registers"], kernel["edited"]["registers"])
                self.assertIsNotNone(kernel["edited"]["occupancy"], kernel)

                # Edited: the constant changes in the PTX, and the instructions change.
                with open(path) as f:
                    text = f.read()
                old, new = EDITS[stage]
                self.assertIn(old, text, stage)
                with open(path, "w") as f:
                    f.write(text.replace(old, new))
                tried, _ = self.klens("override", "try", path, "--json", "--entry", entry)
                self.assertTrue(tried["ok"], tried)
                self.assertFalse(tried["same_code"], tried)
                self.assertIn("+", tried["ptx_diff"])
                self.assertIn("0f40800000", tried["ptx_diff"])
                if tried["sass_unavailable"] is None:
                    self.assertIsNotNone(tried["sass_diff"], tried)
                human, _ = self.klens("override", "try", path, "--entry", entry)
                self.assertIn("instructions: changed", human)
                if stage == "ptx":
                    # Each assembler asked for by name, where this build and this PTX allow it.
                    for assembler in ("ptxas", "nvjitlink", "triton"):
                        tried, run = self.klens("override", "try", path, "--json", "--entry", entry,
                                                "--assembler", assembler, expect=(0, 1, 2))
                        if not tried["ok"] and assembler != "triton":
                            self.assertRegex(tried["error"] or "", "unavailable|no ptxas|rejected it")
                            continue
                        self.assertTrue(tried["ok"], tried)
                        self.assertEqual(tried["route"], assembler)
                        self.assertFalse(tried["same_code"], tried)

                # Broken at a known line: the compiler's message, at FILE:line, exit 1.
                lines = text.splitlines(True)
                at = next(i for i, l in enumerate(lines) if old in l)
                lines.insert(at, "    this is not %s\n" % stage)
                with open(path, "w") as f:
                    f.write("".join(lines))
                tried, run = self.klens("override", "try", path, "--json", "--entry", entry, expect=(1,))
                self.assertFalse(tried["ok"], tried)
                errors = [d for d in tried["diagnostics"] if d["severity"] == "error"]
                self.assertTrue(errors, tried)
                self.assertEqual((errors[0]["file"], errors[0]["line"]), (path, at + 1), tried)
                _, run = self.klens("override", "try", path, "--entry", entry, expect=(1,))
                self.assertIn("%s:%d: error: " % (path, at + 1), run.stderr)
                # Triton keeps ptxas's input when ptxas fails; run by klens, it is gone with klens's scratch.
                left = [os.path.join(d, f) for d, _, fs in os.walk(self.tmpdir) for f in fs]
                self.assertEqual(left, [], "left in TMPDIR by a failed %s try" % stage)
                os.unlink(path)

    def test_triton_newest(self):
        reason = missing("newest")
        if reason:
            self.skipTest(reason)
        self.check("newest", ["ttir", "ttgir", "llir", "ptx"])

    def test_triton_33(self):
        reason = missing("3.3")
        if reason:
            self.skipTest(reason)
        self.check("3.3", ["ttir", "ttgir", "llir", "ptx"])

    def test_triton_32(self):
        reason = missing("3.2")
        if reason:
            self.skipTest(reason)
        self.check("3.2", ["ttir", "ttgir", "llir", "ptx"])

    def test_bad_input(self):
        reason = missing("newest")
        if reason:
            self.skipTest(reason)
        self.compile("newest", TRITON_KERNEL_DUMP="1")
        listing, _ = self.klens("override", "ls", "--json")
        entry = [f for f in listing["folders"] if f["kind"] == "dump"][0]["entries"][0]["path"]
        odd = os.path.join(self.tmp, "odd")
        os.makedirs(odd)
        # Another kernel's PTX, a binary file, a stage try cannot compile, a file nowhere known.
        other = os.path.join(odd, "other.ptx")
        with open(os.path.join(entry, KERNEL + ".ptx")) as f:
            ptx = f.read()
        with open(other, "w") as f:
            f.write(ptx.replace(KERNEL, "someone_else"))
        _, run = self.klens("override", "try", other, "--entry", entry, expect=(2,))
        self.assertIn(other, run.stderr)
        self.assertIn("not the entry's kernel " + KERNEL, run.stderr)
        binary = os.path.join(odd, "k.ttgir")
        with open(binary, "wb") as f:
            f.write(b"\x7fELF\x00\x01garbage")
        _, run = self.klens("override", "try", binary, "--entry", entry, expect=(2,))
        self.assertIn(binary + ": not a text file", run.stderr)
        cubin = os.path.join(odd, "k.cubin")
        shutil.copy(os.path.join(entry, KERNEL + ".cubin"), cubin)
        _, run = self.klens("override", "try", cubin, "--entry", entry, expect=(2,))
        self.assertIn(".ttir, .ttgir, .llir and .ptx", run.stderr)
        _, run = self.klens("override", "try", other, expect=(2,))
        self.assertIn("name the entry with --entry", run.stderr)
        # No Triton anywhere (the entry's install hidden behind KL_PYTHON=python3 without one).
        ttgir = os.path.join(odd, KERNEL + ".ttgir")
        shutil.copy(os.path.join(entry, KERNEL + ".ttgir"), ttgir)
        run = subprocess.run([KLENS, "override", "try", ttgir, "--entry", entry], capture_output=True, text=True,
                             env=self.env(KL_PYTHON="/usr/bin/python3"), timeout=300)
        self.assertEqual(run.returncode, 2, run.stdout + run.stderr)
        self.assertIn("has no Triton", run.stderr)
        # A link to the stage file is followed; a link loop is named.
        link = os.path.join(odd, "link.ttgir")
        os.symlink(ttgir, link)
        tried, _ = self.klens("override", "try", link, "--entry", entry, "--json", "--no-sass")
        self.assertTrue(tried["ok"], tried)
        self.assertTrue(tried["same_code"], tried)
        loop = os.path.join(odd, "loop.ptx")
        os.symlink(loop, loop)
        _, run = self.klens("override", "try", loop, "--entry", entry, expect=(2,))
        self.assertIn(loop + ": Too many levels of symbolic links", run.stderr)
        # Nothing was written next to the files.
        self.assertEqual(sorted(os.listdir(odd)),
                         ["k.cubin", "k.ttgir", KERNEL + ".ttgir", "link.ttgir", "loop.ptx", "other.ptx"])


if __name__ == "__main__":
    if all(missing(w) for w in VENVS):
        print("SKIP: " + "; ".join(missing(w) for w in VENVS))
        sys.exit(SKIP)
    unittest.main(verbosity=2)
