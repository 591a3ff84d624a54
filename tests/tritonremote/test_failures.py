"""A Redis server that cannot be used never breaks a compile with the KernelLens backend: down, a
wrong password, a server that stops answering (timeout), a TLS server not trusted. Triton
compiles locally and one warning per process names the server and the cause, never the
password. Nor does an events log that cannot be written. A key format without {key} is a
configuration error, reported at creation.
"""
import signal

import remotefixture

KERNELS = 2  # two lookups and puts per process, one warning


class Failures(remotefixture.RemoteTestCase):

    def assertCompilesWithOneWarning(self, env, *expected):
        run = self.write("newest", "kernellens", env, kernels=KERNELS)
        self.assertEqual(run.returncode, 0, run.describe())
        self.assertHits(run, 0, KERNELS)
        warnings = run.kernellens_warnings()
        self.assertEqual(len(warnings), 1, run.describe())
        for text in expected:
            self.assertIn(text, warnings[0])
        # Every lookup is still logged, as a miss.
        self.assertEqual([e["cache_hit"] for e in self.events()], [False] * KERNELS)
        return warnings[0]

    def test_server_down(self):
        port = remotefixture.free_port()  # nothing listens there
        self.assertCompilesWithOneWarning({"KERNELLENS_REDIS_URL": "redis://127.0.0.1:%d/0" % port},
                                          "127.0.0.1:%d" % port, "Connection refused")

    def test_server_down_without_url(self):
        port = remotefixture.free_port()
        self.assertCompilesWithOneWarning({"TRITON_REDIS_HOST": "127.0.0.1", "TRITON_REDIS_PORT": str(port)},
                                          "redis://127.0.0.1:%d/0" % port, "ConnectionError")

    def test_wrong_password(self):
        server = self.server(password="right")
        warning = self.assertCompilesWithOneWarning(
            {"KERNELLENS_REDIS_URL": server.url(), "KERNELLENS_REDIS_PASSWORD": "wrong-one"},
            "127.0.0.1:%d" % server.port, "AuthenticationError")
        self.assertNotIn("wrong-one", warning)
        self.assertEqual(server.keys(), [])

    def test_timeout(self):
        server = self.server()
        # A real server that stops answering: stopped, its port still accepts connections (the
        # kernel's listen queue) but nothing reads them.
        before = self.connections(server)
        server.proc.send_signal(signal.SIGSTOP)
        try:
            self.assertCompilesWithOneWarning({"KERNELLENS_REDIS_URL": server.url(), "KERNELLENS_REDIS_TIMEOUT": "0.5"},
                                              "127.0.0.1:%d" % server.port, "Timeout")
        finally:
            server.proc.send_signal(signal.SIGCONT)
        # One timeout, then the server was left alone: on resuming it finds one connection queued
        # (not one per lookup and put), besides the one asking.
        self.assertEqual(self.connections(server) - before, 2)
        self.assertEqual(server.keys(), [])

    def connections(self, server):
        return int(server.cli("INFO", "stats").split("total_connections_received:")[1].split()[0])

    def test_tls_server_not_trusted(self):
        ca, cert, key_file = self.tls_files()
        server = self.server(tls=(ca, cert, key_file))
        self.assertCompilesWithOneWarning({"KERNELLENS_REDIS_URL": server.url()},  # no KERNELLENS_REDIS_CA
                                          "rediss://127.0.0.1:%d" % server.port, "certificate verify failed")

    def test_events_log_unwritable(self):
        server = self.server()
        events_log = self.tmp  # a folder: no line can be appended
        env = {"KERNELLENS_REDIS_URL": server.url(), "KERNELLENS_EVENTS_LOG": events_log}
        run = self.write("newest", "kernellens", env, kernels=KERNELS)
        self.assertEqual(run.returncode, 0, run.describe())
        self.assertHits(run, 0, KERNELS)
        warnings = run.kernellens_warnings()
        self.assertEqual(len(warnings), 1, run.describe())
        self.assertIn("could not log a Triton remote cache event", warnings[0])
        self.assertIn(events_log, warnings[0])
        self.assertEqual(len(server.keys("*__grp__*")), KERNELS)  # stored all the same

    def test_key_format_without_key(self):
        server = self.server()
        run = self.write("newest", "kernellens",
                         {"KERNELLENS_REDIS_URL": server.url(), "TRITON_REDIS_KEY_FORMAT": "triton:{filename}"})
        self.assertNotEqual(run.returncode, 0, run.describe())
        self.assertIn("ValueError: TRITON_REDIS_KEY_FORMAT='triton:{filename}' must contain {key} and {filename}",
                      run.stderr, run.describe())
        self.assertEqual(server.keys(), [])


if __name__ == "__main__":
    remotefixture.main("newest")
