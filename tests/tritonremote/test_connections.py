"""The KernelLens Redis backend reaching the server in each way it is configured: a password in the
URL or in KERNELLENS_REDIS_PASSWORD, a unix socket with a database number, a non-default
TRITON_REDIS_KEY_FORMAT, and TLS with a throwaway CA. Each writes an entry, then a second process
with an empty local cache pulls it (newest Triton).
"""
import remotefixture

PASSWORD = "kl-s3cret:with@odd/chars"


class Connections(remotefixture.RemoteTestCase):

    def write_then_pull(self, write_env, pull_env=None):
        written = self.write("newest", "kernellens", write_env)
        self.assertEqual(written.returncode, 0, written.describe())
        self.assertHits(written, 0, 1)
        pulled = self.write("newest", "kernellens", pull_env or write_env, lookup_only=True)
        self.assertEqual(pulled.returncode, 0, pulled.describe())
        self.assertHits(pulled, 1)
        self.assertEqual(written.kernellens_warnings() + pulled.kernellens_warnings(), [])
        return written.result["keys"][0]

    def test_password_in_url_then_in_variable(self):
        server = self.server(password=PASSWORD)
        # In a URL the password's reserved characters are percent-encoded.
        in_url = server.url(password="kl-s3cret%3Awith%40odd%2Fchars")
        # KERNELLENS_REDIS_PASSWORD wins over the URL's (a stale one here).
        in_variable = {"KERNELLENS_REDIS_URL": server.url(password="stale"), "KERNELLENS_REDIS_PASSWORD": PASSWORD}
        key = self.write_then_pull({"KERNELLENS_REDIS_URL": in_url}, in_variable)
        self.assertIn("triton:%s:__grp__kl_remote_0.json" % key, server.keys())

    def test_unix_socket_and_database(self):
        server = self.server(unixsocket=True, password=PASSWORD)
        env = {"KERNELLENS_REDIS_URL": "unix://%s?db=3" % server.socket, "KERNELLENS_REDIS_PASSWORD": PASSWORD}
        key = self.write_then_pull(env)
        self.assertEqual(server.keys(db=0), [])
        self.assertIn("triton:%s:__grp__kl_remote_0.json" % key, server.keys(db=3))

    def test_key_format(self):
        server = self.server()
        env = {"TRITON_REDIS_HOST": "127.0.0.1", "TRITON_REDIS_PORT": str(server.port),
               "TRITON_REDIS_KEY_FORMAT": "team/{filename}@{key}"}
        key = self.write_then_pull(env)
        stored = server.keys()
        self.assertIn("team/__grp__kl_remote_0.json@%s" % key, stored)
        self.assertTrue(all(k.startswith("team/") and k.endswith("@" + key) for k in stored), stored)

    def test_tls(self):
        ca, cert, key_file = self.tls_files()
        server = self.server(tls=(ca, cert, key_file))
        env = {"KERNELLENS_REDIS_URL": server.url(), "KERNELLENS_REDIS_CA": ca}
        key = self.write_then_pull(env)
        self.assertTrue(server.url().startswith("rediss://"))
        self.assertIn("triton:%s:__grp__kl_remote_0.json" % key, server.keys())


if __name__ == "__main__":
    remotefixture.main("newest")
