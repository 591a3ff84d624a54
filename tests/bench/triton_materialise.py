"""Triton's own materialisation of a remote cache, timed: for every entry on the server,
RemoteCacheManager(key).get_group(name) as Triton's compiler calls it on a lookup (fetch the group,
MGET the children, write each into the local cache through FileCacheManager).

    python triton_materialise.py CACHE_DIR          # with TRITON_CACHE_MANAGER /
                                                    # TRITON_REMOTE_CACHE_BACKEND / KERNELLENS_REDIS_URL set

Prints one JSON line: entries listed, groups materialised, seconds for the loop alone and for
the whole process including `import triton`.
"""
import json
import os
import sys
import time

t_start = time.perf_counter()
os.environ["TRITON_CACHE_DIR"] = sys.argv[1]
import redis  # noqa: E402
import triton  # noqa: E402,F401
from triton.runtime.cache import get_cache_manager  # noqa: E402,F401
from triton.runtime import cache as triton_cache  # noqa: E402

client = redis.Redis.from_url(os.environ["KERNELLENS_REDIS_URL"])
groups = []
for k in client.scan_iter(match="triton:*:__grp__*", count=1000):
    _, key, filename = k.decode().split(":", 2)
    groups.append((key, filename[len("__grp__"):]))
t_loop = time.perf_counter()
hits = 0
for key, name in groups:
    manager = triton_cache.RemoteCacheManager(key)
    if manager.get_group(name) is not None:
        hits += 1
t_end = time.perf_counter()
print(json.dumps({"triton": triton.__version__, "entries": len(groups), "materialised": hits,
                  "loop_s": t_end - t_loop, "process_s": t_end - t_start}))
