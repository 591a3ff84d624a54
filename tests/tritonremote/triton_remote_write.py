"""Compile N small distinct kernels for sm_90 (no GPU needed) through Triton's remote cache.

    python triton_remote_write.py --backend own|kernellens --kernels N [--lookup-only]

The server, key format and local cache come from the environment (TRITON_CACHE_DIR,
KERNELLENS_REDIS_URL, TRITON_REDIS_HOST, ...: see resources/python/kernellens/remote.py);
this script sets TRITON_CACHE_MANAGER and TRITON_REMOTE_CACHE_BACKEND itself: `own` is Triton's
RedisRemoteCacheBackend, `kernellens` ours. Kernel i is named kl_remote_<i>, so the same N give
the same cache keys in every run with the same Triton. Prints one JSON line:

    {"triton": version, "keys": [cache keys], "kernels": [names], "hits": H, "misses": M,
     "wall_s": seconds for the N compiles or lookups alone (imports and kernel definitions excluded)}

A hit is a lookup that Triton served from the remote cache (get_group found the entry).
--lookup-only: the entries are expected to be there already (e.g. a fresh TRITON_CACHE_DIR pulling
what another process wrote): exit status 1 when any of the N was a miss. Used by the tritonremote
tests and by the C++ side (klens remote ls, materialisation benchmark).
"""
import argparse
import json
import linecache
import os
import sys
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
BACKENDS = {
    "own": "triton.runtime.cache:RedisRemoteCacheBackend",
    "kernellens": "kernellens_triton_remote:RedisBackend",
}

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--backend", choices=sorted(BACKENDS), required=True)
parser.add_argument("--kernels", type=int, default=1, metavar="N")
parser.add_argument("--lookup-only", action="store_true")
args = parser.parse_args()

os.environ["TRITON_CACHE_MANAGER"] = "triton.runtime.cache:RemoteCacheManager"
os.environ["TRITON_REMOTE_CACHE_BACKEND"] = BACKENDS[args.backend]
sys.path.insert(0, os.path.join(HERE, "..", "..", "resources", "python"))

import triton  # noqa: E402
import triton.runtime.cache as cache  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402

# Triton's JIT reads a kernel's source with inspect (3.3 again while compiling), which finds it in
# linecache: the generated module needs no file, and its fixed name keeps artefacts identical.
KERNEL = '''
@triton.jit
def kl_remote_{i}(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * {i}.5, mask=mask)
'''
SOURCE_NAME = "<kl_remote_kernels>"
source = "import triton\nimport triton.language as tl\n" + "".join(KERNEL.format(i=i) for i in range(args.kernels))
linecache.cache[SOURCE_NAME] = (len(source), None, source.splitlines(True), SOURCE_NAME)
kernels = types.ModuleType("kl_remote_kernels")
exec(compile(source, SOURCE_NAME, "exec"), kernels.__dict__)

# The folder name Triton gives an entry: base32 from 3.3 on, base64 in 3.2, the hex hash before.
encode = getattr(cache, "_base32", None) or getattr(cache, "_base64", None) or (lambda h: h)

# Count what get_group served, whichever backend is behind it.
hits = misses = 0
get_group = cache.RemoteCacheManager.get_group


def counting_get_group(self, filename):
    global hits, misses
    group = get_group(self, filename)
    if group:
        hits += 1
    else:
        misses += 1
    return group


cache.RemoteCacheManager.get_group = counting_get_group

target = GPUTarget("cuda", 90, 32)
signature = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}
keys, names = [], []
start = time.perf_counter()
for i in range(args.kernels):
    src = ASTSource(fn=getattr(kernels, "kl_remote_%d" % i), signature=signature, constexprs={"BLOCK": 128})
    compiled = triton.compile(src, target=target)
    keys.append(encode(compiled.hash))
    names.append(compiled.metadata.name)
wall = time.perf_counter() - start

print(json.dumps({"triton": triton.__version__, "keys": keys, "kernels": names, "hits": hits, "misses": misses,
                  "wall_s": round(wall, 3)}))
sys.exit(1 if args.lookup_only and misses else 0)
