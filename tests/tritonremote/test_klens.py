"""klens against what real Triton writes into a real server: Triton 3.3 with its own backend and
the newest Triton with KernelLens's. `klens remote ls` lists exactly the entries Triton wrote,
`klens remote pull` gives a local cache `klens scan` reads as complete and hash-verified, and an
entry `klens remote push` stores is a hit for real Triton with an empty local cache, with no SET
from Triton. The local cache RemoteCacheManager materialises is reported (remote-group).

KL_KLENS_BIN names the klens binary (CTest sets it).
"""
import json
import os
import subprocess

import remotefixture

KLENS = os.environ.get("KL_KLENS_BIN", "")
KERNELS = 2


def klens(*args):
    run = subprocess.run([KLENS, *args], capture_output=True, text=True, timeout=300)
    return run.returncode, run.stdout, run.stderr


class KlensWithTriton(remotefixture.RemoteTestCase):

    def setUp(self):
        super().setUp()
        if not os.access(KLENS, os.X_OK):
            self.skipTest("KL_KLENS_BIN does not name klens: %r" % KLENS)

    def check(self, which, backend, version_prefix):
        server = self.server()
        env = {"KERNELLENS_REDIS_URL": server.url(), "TRITON_REDIS_HOST": "127.0.0.1",
               "TRITON_REDIS_PORT": str(server.port)}
        wrote = self.write(which, backend, env, kernels=KERNELS)
        self.assertEqual(wrote.returncode, 0, wrote.describe())
        keys = sorted(wrote.result["keys"])
        self.assertEqual(len(keys), KERNELS)

        # ls: exactly what Triton wrote, every entry whole and its hash matching its key.
        code, out, err = klens("remote", "ls", server.url(), "--json")
        self.assertEqual(code, 0, err + out[-2000:])
        doc = json.loads(out)
        kernels = [e for e in doc["entries"] if e["kind"] == "kernel"]
        self.assertEqual(sorted(e["folder"] for e in kernels), keys, doc["entries"])
        self.assertEqual(doc["summary"]["keys"], len(server.keys()))
        for e in kernels:
            self.assertEqual((e["status"], e["hash_ok"], e["problems"]), ("complete", True, []), e)
            self.assertTrue(e["triton_version"].startswith(version_prefix), e)
            self.assertEqual(e["target"]["arch"], "90")
        self.assertEqual(sorted(e["kernel"] for e in kernels), sorted(wrote.result["kernels"]))

        # pull: a local cache klens scan reads as complete and verified.
        pulled = os.path.join(self.tmp, "pulled-" + which)
        code, out, err = klens("remote", "pull", "--all", "--into", pulled, "--url", server.url(), "--json")
        self.assertEqual(code, 0, err + out)
        self.assertEqual(json.loads(out)["done"], len(doc["entries"]))
        code, out, err = klens("scan", pulled, "--json")
        self.assertEqual(code, 0, err + out[-2000:])
        scanned = json.loads(out)
        self.assertEqual(scanned["summary"]["problems"], 0)
        self.assertEqual(sorted(e["folder"] for e in scanned["entries"] if e["kind"] == "kernel"), keys)
        self.assertTrue(all(e["hash_ok"] for e in scanned["entries"] if e["kind"] == "kernel"))

        # What RemoteCacheManager materialised locally holds the list-form group: reported.
        code, out, err = klens("scan", wrote.cache_dir, "--json")
        self.assertEqual(code, 1, err)
        for e in json.loads(out)["entries"]:
            if e["kind"] == "kernel":
                self.assertIn("remote-group", [p["code"] for p in e["problems"]], e)

        # push into an empty server: real Triton with an empty local cache hits, and stores nothing.
        server.cli("FLUSHALL")
        code, out, err = klens("remote", "push", pulled, "--url", server.url(), "--json")
        self.assertEqual(code, 0, err + out)
        self.assertEqual(json.loads(out)["done"], len(doc["entries"]))
        server.cli("CONFIG", "RESETSTAT")
        looked = self.write(which, backend, env, kernels=KERNELS, lookup_only=True)
        self.assertEqual(looked.returncode, 0, looked.describe())
        self.assertHits(looked, KERNELS)
        self.assertEqual(server.command_calls("set"), 0, "Triton stored something: the pushed entries missed")

    def test_triton33_own_backend(self):
        self.check("3.3", "own", "3.3")

    def test_newest_kernellens_backend(self):
        self.check("newest", "kernellens", "3.")


if __name__ == "__main__":
    remotefixture.main("newest", "3.3")
