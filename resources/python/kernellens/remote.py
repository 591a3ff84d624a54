"""A team Triton cache in Redis, for every Triton from 3.0 on, with KernelLens compile events.

Triton's remote cache stores each compiled kernel in a key-value server and materialises it into
the local cache of whoever needs it next, so a team (or a CI fleet) compiles each kernel once.
Triton's own Redis backend fails from Triton 3.4 on (it reads `knobs.cache.redis`, which does not
exist: AttributeError when the first kernel is looked up) and has no password, TLS or timeouts.
This one works with every Triton from 3.0 to the newest and stores the same keys and values as
Triton's own, so caches written by either are read by the other. Two variables switch it on:

    TRITON_CACHE_MANAGER=triton.runtime.cache:RemoteCacheManager
    TRITON_REMOTE_CACHE_BACKEND=kernellens_triton_remote:RedisBackend

with the kernellens package installed (pip install resources/python, or its folder on
PYTHONPATH). TRITON_REMOTE_CACHE_BACKEND=kernellens.remote:RedisBackend names the same class;
kernellens_triton_remote is the old name, kept. `RedisRemoteCacheBackend` is an alias of
`RedisBackend`. Which server:

    KERNELLENS_REDIS_URL       redis://[user:password@]host:port/db, rediss://... (TLS) or
                               unix:///path/to.sock?db=N (read by redis-py's from_url)
    KERNELLENS_REDIS_PASSWORD  the password, overriding the URL's (so it need not be in the URL)
    KERNELLENS_REDIS_CA        a CA certificate file to verify a rediss:// server with
    TRITON_REDIS_HOST          without a URL, as Triton's own backend: default localhost
    TRITON_REDIS_PORT          without a URL: default 6379
    KERNELLENS_REDIS_TIMEOUT   seconds for connecting and for each command (default 5)
    TRITON_REDIS_KEY_FORMAT    default "triton:{key}:{filename}"; must contain {key} and
                               {filename}, else creating the backend raises ValueError

{key} is the entry's folder name in Triton's cache (base32 of a SHA-256 from Triton 3.3 on,
base64 in 3.2, hex in 3.0 and 3.1), {filename} one file of the entry. Values are the files' bytes,
set with a plain SET and no expiry (give the server a maxmemory-policy such as allkeys-lru).
An entry's file list is stored as `__grp__<name>.json`, holding {"child_paths": [sorted names]}.
The connection pool is shared by every backend object of the process with the same settings
(Triton makes one object per cache key).

Triton's RemoteCacheManager (not this backend) also writes the group files in that form into the
local cache, where Triton's default FileCacheManager expects {name: path} and fails with an
AttributeError: give runs with the remote cache their own TRITON_CACHE_DIR.

A server that is down, refuses the password or times out never breaks a compile: lookups find
nothing (Triton compiles) and nothing is stored; one warning per process on stderr names the
server (never the password) and the cause, and the server is left alone for 30 seconds after each
failure, so a dead server costs at most one timeout per 30 seconds.

Each lookup of an entry is appended to the KernelLens events log (schema `kernellens.event/1`;
where it goes: see kernellens.events) with origin "triton-remote": kernel (the entry's
name), key, cache_hit (true only when the file list and every file in it came back), arch (from
the entry's metadata on a hit, else empty), stages_us {"remote_get": microseconds spent in Redis},
total_us and bytes (bytes fetched). A lookup the server did not answer is a miss. A failure to log
never breaks a compile: it is reported once on stderr. Importing this module does not install the
compile listener; import kernellens.listener as well for Triton's own compile events.

    python -m kernellens.remote             # prints the server and key format, and PINGs it
"""

import json
import os
import socket
import sys
import threading
import time

from kernellens import events

try:
    from triton.runtime.cache import RemoteCacheBackend
except ImportError:  # run on its own (__main__) without Triton

    class RemoteCacheBackend:  # Triton 3.4+ checks for a base class of this name

        def __init__(self, key):
            pass


DEFAULT_KEY_FORMAT = "triton:{key}:{filename}"
DEFAULT_TIMEOUT_S = 5.0
RETRY_AFTER_S = 30.0
ORIGIN = "triton-remote"
GROUP_PREFIX = "__grp__"

__all__ = ["RedisBackend", "RedisRemoteCacheBackend"]

_lock = threading.Lock()
_servers = {}  # settings -> _Server, one connection pool per process and configuration
_warned = set()  # the kinds of warning already printed by this process
_host = None


def _redis():
    try:
        import redis
    except ImportError as e:
        raise ImportError("kernellens.remote needs redis-py (pip install redis): %s" % e) from None
    return redis


def _warn_once(kind, text):
    with _lock:
        if kind in _warned:
            return
        _warned.add(kind)
    sys.stderr.write("kernellens: %s\n" % text)


def key_format(environ=None):
    """TRITON_REDIS_KEY_FORMAT, checked: ValueError naming the variable when it cannot work."""
    environ = os.environ if environ is None else environ
    fmt = environ.get("TRITON_REDIS_KEY_FORMAT", "") or DEFAULT_KEY_FORMAT
    try:
        # Formatted, not searched: "{{key}}" is the text {key}, not the key.
        sample = fmt.format(key="\0key", filename="\0filename")
    except (KeyError, IndexError, ValueError) as e:
        raise ValueError("TRITON_REDIS_KEY_FORMAT=%r is not a format with only {key} and {filename}: %s"
                         % (fmt, e)) from None
    if "\0key" not in sample or "\0filename" not in sample:
        raise ValueError("TRITON_REDIS_KEY_FORMAT=%r must contain {key} and {filename} (default %r)"
                         % (fmt, DEFAULT_KEY_FORMAT))
    return fmt


def _number(environ, name, default, convert):
    text = environ.get(name, "")
    if not text:
        return default
    try:
        value = convert(text)
    except ValueError:
        value = None
    if value is None or not 0 < value < float("inf"):
        raise ValueError("%s=%r is not a positive number" % (name, text))
    return value


class _Server:

    def __init__(self, pool, redis):
        self.pool = pool
        # One client too: making one per backend object (per cache key) costs ~0.1 ms a lookup.
        self.client = redis.Redis(connection_pool=pool)
        self.retry_at = 0.0  # time.monotonic() before which the server is not asked again
        kw = pool.connection_kwargs
        if "path" in kw:
            self.name = "unix://%s?db=%s" % (kw["path"], kw.get("db", 0))
        else:
            tls = "SSL" in pool.connection_class.__name__
            self.name = "%s://%s:%s/%s" % ("rediss" if tls else "redis", kw.get("host"), kw.get("port"),
                                           kw.get("db", 0))

    def available(self):
        return time.monotonic() >= self.retry_at

    def failed(self, error):
        self.retry_at = time.monotonic() + RETRY_AFTER_S
        cause = "%s: %s" % (type(error).__name__, error)
        password = self.pool.connection_kwargs.get("password")
        if password:
            cause = cause.replace(password, "***")
        _warn_once("server", "Redis team cache %s unavailable (%s); Triton compiles locally and stores "
                   "nothing remotely meanwhile (reported once per process)" % (self.name, cause))


def _server(environ):
    url = environ.get("KERNELLENS_REDIS_URL", "")
    password = environ.get("KERNELLENS_REDIS_PASSWORD", "")
    ca = environ.get("KERNELLENS_REDIS_CA", "")
    timeout = _number(environ, "KERNELLENS_REDIS_TIMEOUT", DEFAULT_TIMEOUT_S, float)
    host = port = None
    if not url:
        host = environ.get("TRITON_REDIS_HOST", "") or "localhost"
        port = _number(environ, "TRITON_REDIS_PORT", 6379, int)
    settings = (url, password, ca, timeout, host, port)
    with _lock:
        server = _servers.get(settings)
    if server is not None:
        return server
    redis = _redis()
    options = {"socket_timeout": timeout}
    if not url.startswith("unix:"):  # connecting to a local socket does not wait
        options["socket_connect_timeout"] = timeout
    if url.startswith("rediss:") and ca:
        options["ssl_ca_certs"] = ca
    if url:
        try:
            pool = redis.ConnectionPool.from_url(url, **options)
        except ValueError as e:
            raise ValueError("KERNELLENS_REDIS_URL: %s" % e) from None
    else:
        pool = redis.ConnectionPool(host=host, port=port, **options)
    if password:
        # from_url lets the URL's password win over keyword arguments, so it is set afterwards.
        pool.connection_kwargs["password"] = password
    with _lock:
        return _servers.setdefault(settings, _Server(pool, redis))


def _events_module():
    """The events-log library (kernellens.events), kept for callers of the old name."""
    return events


def _child_paths(group_data):
    """The sorted file names of a group file's bytes, or None when it is missing or unreadable."""
    try:
        paths = json.loads(group_data)["child_paths"]
    except Exception:
        return None
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        return None
    return sorted(paths)


class RedisBackend(RemoteCacheBackend):
    """Triton's RemoteCacheBackend in Redis: see the module documentation."""

    def __init__(self, key):
        super().__init__(key)
        self._key = key
        self._format = key_format()
        self._server = _server(os.environ)
        self._redis = self._server.client
        # RemoteCacheManager.get_group asks for the group file, then for all its files: the
        # lookup is logged once the second answer is in. [group name, child names, µs, bytes]
        self._pending = None
        self._put_failed = False

    def _redis_key(self, filename):
        return self._format.format(key=self._key, filename=filename)

    def get(self, filenames):
        filenames = list(filenames)
        start = time.perf_counter_ns()
        found = {}
        if filenames and self._server.available():
            try:
                values = self._redis.mget([self._redis_key(f) for f in filenames])
                found = {f: v for f, v in zip(filenames, values) if v is not None}
            except Exception as e:  # never break a compile: Triton compiles instead
                self._server.failed(e)
        try:
            self._account(filenames, found, (time.perf_counter_ns() - start) // 1000)
        except Exception as e:
            _warn_once("log", "could not log a Triton remote cache event: %s" % (e,))
        return found

    def put(self, filename, data):
        self._flush()
        # After one failed file of an entry the rest are skipped, so the group file (stored last)
        # never names a file the server does not have.
        if self._put_failed or not self._server.available():
            self._put_failed = True
            return
        try:
            self._redis.set(self._redis_key(filename), data)
        except Exception as e:
            self._put_failed = True
            self._server.failed(e)

    def _account(self, filenames, found, us):
        fetched = sum(len(v) for v in found.values())
        if len(filenames) == 1 and filenames[0].startswith(GROUP_PREFIX):
            self._flush()
            group = filenames[0]
            children = _child_paths(found.get(group))
            if children is None:
                self._log(group, False, us, fetched, None)
            else:
                self._pending = [group, children, us, fetched]
        elif self._pending is not None and sorted(filenames) == self._pending[1]:
            group, children, us0, bytes0 = self._pending
            self._pending = None
            hit = len(found) == len(children)
            metadata = found.get(group[len(GROUP_PREFIX):]) if hit else None
            self._log(group, hit, us0 + us, bytes0 + fetched, metadata)
        # Anything else (a launcher .so, say) is not an entry lookup and is not logged.

    def _flush(self):
        # A group found whose files Triton never asked for (an unreadable group file): a miss.
        if self._pending is not None:
            group, _, us, fetched = self._pending
            self._pending = None
            try:
                self._log(group, False, us, fetched, None)
            except Exception as e:
                _warn_once("log", "could not log a Triton remote cache event: %s" % (e,))

    def _log(self, group, hit, us, fetched, metadata):
        global _host
        arch = ""
        if metadata is not None:
            try:
                arch = events.arch_of(json.loads(metadata).get("target"))
            except Exception:
                pass
        kernel = group[len(GROUP_PREFIX):]
        if kernel.endswith(".json"):
            kernel = kernel[:-len(".json")]
        if _host is None:
            _host = socket.gethostname()
        events.append_line(events.format_line({
            "time_ns": time.time_ns(),
            "origin": ORIGIN,
            "kernel": kernel,
            "key": str(self._key),
            "cache_hit": hit,
            "arch": arch,
            "stages_us": [("remote_get", int(us))],
            "total_us": int(us),
            "bytes": int(fetched),
            "pid": os.getpid(),
            "host": _host,
        }))


RedisRemoteCacheBackend = RedisBackend


def main():
    """Print the server and key format and PING the server; exit status 1 when that fails."""
    server = _server(os.environ)
    print("Redis team cache: %s, keys %s" % (server.name, key_format()))
    try:
        server.client.ping()
    except Exception as e:
        print("PING failed: %s: %s" % (type(e).__name__, e))
        sys.exit(1)
    print("PING ok; events log: %s" % events.events_log_path())


if __name__ == "__main__":
    main()
