"""Shared by the tritonremote tests: a real redis-server on 127.0.0.1 in a temporary folder, the
Triton venvs scripts/triton-venv.sh makes, and runs of triton_remote_write.py. Standard library
only: the tests run under any python3 and start the venvs' Pythons for Triton.

Which Pythons: $KL_TRITON_PYTHON, else $KL_TRITON_VENV_PYTHON (CTest sets it), else
<repo>/.venv-triton/bin/python; for Triton 3.3 the same with KL_TRITON33_*. A test whose venv,
redis-server or openssl is missing exits with SKIP (CTest's SKIP_RETURN_CODE) and says why.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
WRITE = os.path.join(HERE, "triton_remote_write.py")
# name: (variable prefix, folder, the version it must have). "newest" is whatever the fixture's
# pin is (3.9 now): its tests should notice when a newer Triton changes what they check.
VENVS = {"newest": ("KL_TRITON", ".venv-triton", ""), "3.3": ("KL_TRITON33", ".venv-triton33", "3.3.")}


def venv_python(which):
    prefix, folder, _ = VENVS[which]
    return (os.environ.get(prefix + "_PYTHON") or os.environ.get(prefix + "_VENV_PYTHON")
            or os.path.join(REPO, folder, "bin", "python"))


def _missing(which):
    """Why the venv for Triton `which` cannot run the tests, or None."""
    python = venv_python(which)
    if not os.access(python, os.X_OK):
        return "no Triton venv (%s) at %s (run scripts/triton-venv.sh)" % (which, python)
    probe = subprocess.run([python, "-c", "import redis, triton; print(triton.__version__)"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        return "%s cannot import triton and redis (run scripts/triton-venv.sh): %s" % (
            python, "".join(probe.stderr.strip().splitlines()[-1:]))
    if not probe.stdout.strip().startswith(VENVS[which][2]):
        return "%s has Triton %s, not %s" % (python, probe.stdout.strip(), which)
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_tls_files(folder):
    """A throwaway CA and a server certificate for 127.0.0.1 signed by it: (ca, cert, key) paths."""
    def path(name):
        return os.path.join(folder, name)

    with open(path("ca.cnf"), "w") as f:
        f.write("[req]\ndistinguished_name=dn\nx509_extensions=v3_ca\nprompt=no\n[dn]\nCN=kl-test-ca\n"
                "[v3_ca]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
                "subjectKeyIdentifier=hash\n")
    with open(path("server.ext"), "w") as f:
        f.write("basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n"
                "extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n"
                "authorityKeyIdentifier=keyid\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for cmd in (["req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-config", "ca.cnf"],
                ["req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
                ["x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                 "-out", "server.crt", "-days", "2", "-extfile", "server.ext"]):
        subprocess.run(["openssl", *cmd], cwd=folder, check=True, capture_output=True)
    return path("ca.crt"), path("server.crt"), path("server.key")


class RedisServer:
    """redis-server on a free port of 127.0.0.1 (or TLS only), nothing saved, in `folder`."""

    def __init__(self, folder, password=None, unixsocket=False, tls=None):
        self.folder, self.password, self.tls = folder, password, tls  # tls: (ca, cert, key)
        self.socket = os.path.join(folder, "redis.sock") if unixsocket else None
        self.proc = None
        os.makedirs(folder, exist_ok=True)
        for _ in range(5):  # another process may take the free port first
            self.port = free_port()
            if self._start():
                return
        raise RuntimeError("redis-server did not start: see %s" % os.path.join(folder, "redis.log"))

    def _start(self):
        args = ["redis-server", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", self.folder,
                "--logfile", os.path.join(self.folder, "redis.log")]
        if self.tls:
            ca, cert, key = self.tls
            args += ["--port", "0", "--tls-port", str(self.port), "--tls-cert-file", cert, "--tls-key-file", key,
                     "--tls-ca-cert-file", ca, "--tls-auth-clients", "no"]
        else:
            args += ["--port", str(self.port)]
        if self.socket:
            args += ["--unixsocket", self.socket, "--unixsocketperm", "700"]
        if self.password:
            args += ["--requirepass", self.password]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            if self.cli("PING", check=False) == "PONG":
                return True
            time.sleep(0.05)
        self.stop()
        return False

    def cli(self, *command, db=0, check=True):
        """One redis-cli command over TCP (or TLS); its output, stripped."""
        args = ["redis-cli", "-h", "127.0.0.1", "-p", str(self.port), "-n", str(db)]
        if self.tls:
            args += ["--tls", "--cacert", self.tls[0]]
        if self.password:
            args += ["-a", self.password, "--no-auth-warning"]
        out = subprocess.run(args + [str(c) for c in command], capture_output=True, text=True)
        if check and out.returncode != 0:
            raise RuntimeError("redis-cli %s: %s" % (" ".join(command), out.stderr))
        return out.stdout.strip()

    def keys(self, pattern="*", db=0):
        return sorted(k for k in self.cli("--scan", "--pattern", pattern, db=db).splitlines() if k)

    def command_calls(self, name):
        """Calls of `name` (lower case) since the server started or the last CONFIG RESETSTAT."""
        for line in self.cli("INFO", "commandstats").splitlines():
            if line.startswith("cmdstat_%s:" % name):
                return int(line.split("calls=")[1].split(",")[0])
        return 0

    def url(self, password=None, db=0):
        auth = ":%s@" % password if password else ""
        return "%s://%s127.0.0.1:%d/%d" % ("rediss" if self.tls else "redis", auth, self.port, db)

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Run:
    """One triton_remote_write.py run: returncode, stderr, result (its JSON line, or None)."""

    def __init__(self, proc):
        self.returncode, self.stderr = proc.returncode, proc.stderr
        lines = proc.stdout.strip().splitlines()
        self.result = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else None

    def kernellens_warnings(self):
        return [line for line in self.stderr.splitlines() if line.startswith("kernellens:")]

    def describe(self):
        return "exit %s, result %s, stderr:\n%s" % (self.returncode, self.result, self.stderr[-3000:])


class RemoteTestCase(unittest.TestCase):
    """A temporary folder per test; servers started with server() are stopped after the test."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="kl-tritonremote-")
        self.servers = []
        self.runs = 0
        self.events_log = os.path.join(self.tmp, "state", "events.jsonl")

    def tearDown(self):
        for server in self.servers:
            server.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def server(self, name="redis", **kwargs):
        server = RedisServer(os.path.join(self.tmp, name), **kwargs)
        self.servers.append(server)
        return server

    def tls_files(self):
        if shutil.which("openssl") is None:
            self.skipTest("no openssl to make a throwaway CA with")
        folder = os.path.join(self.tmp, "tls")
        os.makedirs(folder)
        return make_tls_files(folder)

    def write(self, which, backend, env, kernels=1, lookup_only=False):
        """triton_remote_write.py under Triton `which` with a fresh, empty TRITON_CACHE_DIR."""
        self.runs += 1
        cache_dir = os.path.join(self.tmp, "cache%d" % self.runs)
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("TRITON_", "KERNELLENS_"))}
        clean.update({"TRITON_CACHE_DIR": cache_dir,
                      "TRITON_HOME": os.path.join(self.tmp, "home"),
                      "TRITON_DEFAULT_FP_FUSION": "1",  # Triton 3.9 warns without it
                      "KERNELLENS_EVENTS_LOG": self.events_log,
                      "PYTHONDONTWRITEBYTECODE": "1"})
        clean.update(env)
        args = [venv_python(which), WRITE, "--backend", backend, "--kernels", str(kernels)]
        if lookup_only:
            args.append("--lookup-only")
        run = Run(subprocess.run(args, env=clean, capture_output=True, text=True, timeout=300))
        run.cache_dir = cache_dir
        return run

    def events(self):
        if not os.path.exists(self.events_log):
            return []
        with open(self.events_log) as f:
            return [json.loads(line) for line in f]

    def assertHits(self, run, hits, misses=0):
        self.assertIsNotNone(run.result, run.describe())
        self.assertEqual((run.result["hits"], run.result["misses"]), (hits, misses), run.describe())


def main(*tritons):
    """Run the module's tests; SKIP (with the reasons) when something they need is missing."""
    missing = [] if shutil.which("redis-server") and shutil.which("redis-cli") else [
        "no redis-server/redis-cli (apt-get install redis-server)"]
    missing += [why for why in map(_missing, tritons) if why]
    if missing:
        print("SKIP: " + "; ".join(missing))
        sys.exit(SKIP)
    program = unittest.main(module="__main__", exit=False, verbosity=2)
    result = program.result
    if not result.wasSuccessful():
        sys.exit(1)
    if result.skipped:
        print("SKIP: " + "; ".join("%s: %s" % (test.id(), why) for test, why in result.skipped))
        sys.exit(SKIP)
    sys.exit(0)
