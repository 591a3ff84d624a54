"""The KernelLens Redis backend with the newest Triton (the .venv-triton pin, 3.9 now): an entry one
process writes is pulled by a second process with an empty local cache without compiling or
storing anything, and the events log holds one miss then one hit with origin triton-remote.
Also Triton's own RedisRemoteCacheBackend, broken since 3.4, asserted broken so we notice a fix.
"""
import os

import remotefixture


class NewestTriton(remotefixture.RemoteTestCase):

    def test_written_entry_is_pulled_into_an_empty_cache(self):
        server = self.server()
        env = {"KERNELLENS_REDIS_URL": server.url()}
        first = self.write("newest", "kernellens", env)
        self.assertEqual(first.returncode, 0, first.describe())
        self.assertHits(first, 0, 1)
        key = first.result["keys"][0]
        stored = server.keys()
        self.assertIn("triton:%s:__grp__kl_remote_0.json" % key, stored)
        self.assertIn("triton:%s:kl_remote_0.cubin" % key, stored)
        self.assertEqual(len({k.split(":")[1] for k in stored}), 1, stored)  # one entry, nothing else

        server.cli("CONFIG", "RESETSTAT")
        second = self.write("newest", "kernellens", env, lookup_only=True)  # a fresh TRITON_CACHE_DIR
        self.assertEqual(second.returncode, 0, second.describe())
        self.assertHits(second, 1)
        self.assertEqual(second.result["keys"], [key])
        self.assertEqual(server.command_calls("set"), 0, "the hit stored something")
        self.assertEqual(server.command_calls("mget"), 2, "group file, then its files")
        self.assertEqual(first.kernellens_warnings() + second.kernellens_warnings(), [])

        events = self.events()
        self.assertEqual([(e["origin"], e["cache_hit"]) for e in events],
                         [("triton-remote", False), ("triton-remote", True)], events)
        miss, hit = events
        for e in events:
            self.assertEqual((e["schema"], e["kernel"], e["key"]), ("kernellens.event/1", "kl_remote_0", key))
            self.assertEqual(list(e["stages_us"]), ["remote_get"])
            self.assertEqual(e["total_us"], e["stages_us"]["remote_get"])
        self.assertEqual((miss["bytes"], miss["arch"]), (0, ""))
        self.assertEqual(hit["arch"], "sm_90")
        # bytes: every value of the entry that came back, group file included.
        self.assertEqual(hit["bytes"], sum(int(server.cli("STRLEN", k)) for k in stored))

        # Triton's RemoteCacheManager materialises the group file as stored remotely: child_paths a
        # list of names, where a local group file maps names to paths. Triton's FileCacheManager
        # fails on it (AttributeError) if the same TRITON_CACHE_DIR is later used without the
        # remote cache; readers of such a folder (klens) must take both forms.
        with open(os.path.join(second.cache_dir, key, "__grp__kl_remote_0.json")) as f:
            self.assertEqual(f.read(), server.cli("GET", "triton:%s:__grp__kl_remote_0.json" % key))

    def test_triton_own_backend_is_broken(self):
        # Triton 3.4+ RedisRemoteCacheBackend reads knobs.cache.redis, which does not exist. When
        # this fails, Triton fixed it: update the README's "Team cache (Redis)" and this test.
        server = self.server()
        run = self.write("newest", "own", {"TRITON_REDIS_HOST": "127.0.0.1", "TRITON_REDIS_PORT": str(server.port)})
        self.assertNotEqual(run.returncode, 0, run.describe())
        self.assertIn("AttributeError: 'cache_knobs' object has no attribute 'redis'", run.stderr, run.describe())
        self.assertEqual(server.keys(), [])


if __name__ == "__main__":
    remotefixture.main("newest")
