"""Triton 3.3.1's own RedisRemoteCacheBackend (the last that works) and the KernelLens backend store
the same keys and values, and each reads what the other wrote: a hit in a fresh local cache, no
compile, no SET. (Keys depend on Triton's version, so both sides run Triton 3.3.)
"""
import remotefixture


class Interop33(remotefixture.RemoteTestCase):

    def test_own_and_kernellens_backends_read_each_other(self):
        by_own, by_us = self.server("own"), self.server("kernellens")
        own_env = {"TRITON_REDIS_HOST": "127.0.0.1", "TRITON_REDIS_PORT": str(by_own.port)}
        our_env = {"KERNELLENS_REDIS_URL": by_us.url()}

        wrote_own = self.write("3.3", "own", own_env)
        wrote_us = self.write("3.3", "kernellens", our_env)
        for run in (wrote_own, wrote_us):
            self.assertEqual(run.returncode, 0, run.describe())
            self.assertHits(run, 0, 1)
        self.assertEqual(wrote_own.result["keys"], wrote_us.result["keys"])
        key = wrote_us.result["keys"][0]
        self.assertEqual(by_own.keys(), by_us.keys())
        group = "triton:%s:__grp__kl_remote_0.json" % key
        self.assertIn(group, by_us.keys())
        self.assertEqual(by_own.cli("GET", group), by_us.cli("GET", group))

        # Crossed over: ours (configured as Triton's own is, by host and port) reads what Triton's
        # own wrote, and Triton's own reads ours.
        for server in (by_own, by_us):
            server.cli("CONFIG", "RESETSTAT")
        read_own = self.write("3.3", "kernellens", own_env, lookup_only=True)
        read_us = self.write("3.3", "own", {"TRITON_REDIS_HOST": "127.0.0.1", "TRITON_REDIS_PORT": str(by_us.port)},
                             lookup_only=True)
        for run, server in ((read_own, by_own), (read_us, by_us)):
            self.assertEqual(run.returncode, 0, run.describe())
            self.assertHits(run, 1)
            self.assertEqual(run.result["keys"], [key])
            self.assertEqual(server.command_calls("set"), 0, "a hit stored something")
            self.assertEqual(run.kernellens_warnings(), [])

        # Only our backend logs; Triton 3.3 has no compile listener for the listener module either.
        events = self.events()
        self.assertEqual([(e["origin"], e["key"], e["cache_hit"], e["arch"]) for e in events],
                         [("triton-remote", key, False, ""), ("triton-remote", key, True, "sm_90")], events)


if __name__ == "__main__":
    remotefixture.main("3.3")
