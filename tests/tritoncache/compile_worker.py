"""One rank of a many-writer compile: compiles KERNELS variants of one small kernel (a different
BLOCK each, so a different cache entry each) ROUNDS times with the Triton of the Python running it
(no GPU needed: GPUTarget sm_90), under whatever TRITON_CACHE_DIR / TRITON_CACHE_MANAGER the
caller set, and reads every compiled kernel's files back as a launch would (CompiledKernel reads
them when it is made). A compile that raises is counted, not fatal. Prints one JSON line:
{"ok": n, "failed": n, "errors": {"ExceptionType: message": count}, "hashes": {block: hash},
 "cubins": {block: sha256 of the cubin bytes}}.

    python compile_worker.py KERNELS ROUNDS
"""
import collections
import hashlib
import json
import linecache
import sys
import traceback
import types

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

SOURCE = '''import triton
import triton.language as tl


@triton.jit
def kl_cache_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * 1.5 + 2.0, mask=mask)
'''
NAME = "<kl_cache_kernels>"
linecache.cache[NAME] = (len(SOURCE), None, SOURCE.splitlines(True), NAME)
module = types.ModuleType("kl_cache_kernels")
exec(compile(SOURCE, NAME, "exec"), module.__dict__)


def source(block):
    signature = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}
    try:  # 3.3+: constexprs, named in the signature too
        return ASTSource(fn=module.kl_cache_kernel, signature=dict(signature, BLOCK="constexpr"),
                         constexprs={"BLOCK": block})
    except TypeError:  # 3.2: constants
        return ASTSource(fn=module.kl_cache_kernel, signature=signature, constants={"BLOCK": block})


def main():
    kernels, rounds = int(sys.argv[1]), int(sys.argv[2])
    blocks = [32 << i for i in range(kernels)]
    ok = failed = 0
    errors = collections.Counter()
    hashes, cubins = {}, {}
    for _ in range(rounds):
        for block in blocks:
            try:
                compiled = triton.compile(source(block), target=GPUTarget("cuda", 90, 32))
                hashes[block] = compiled.hash
                cubins[block] = hashlib.sha256(compiled.asm["cubin"]).hexdigest()
                ok += 1
            except Exception as e:  # what a user's job would die of
                if not failed:  # the first one's traceback, for the test's report
                    traceback.print_exc()
                failed += 1
                if isinstance(e, OSError) and e.errno:  # the path differs every time: the cause counts
                    errors["%s: [Errno %d] %s" % (type(e).__name__, e.errno, e.strerror)] += 1
                else:
                    errors["%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")] += 1
    print(json.dumps({"ok": ok, "failed": failed, "errors": dict(errors), "hashes": hashes, "cubins": cubins,
                      "triton": triton.__version__}))


if __name__ == "__main__":
    main()
