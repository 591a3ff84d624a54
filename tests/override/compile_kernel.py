"""Compile one small kernel for sm_90 (or the arch given as the only argument) with the Triton of the Python running this (no GPU needed):
what a user's script does, with whatever TRITON_* the caller set (TRITON_KERNEL_DUMP,
TRITON_KERNEL_OVERRIDE, TRITON_ALWAYS_COMPILE, TRITON_HOME). Triton's own output (such as
"Overriding kernel with file ...") goes to stdout as it prints it; the last line is JSON:
{"triton": version, "hash": the cache key, "name": the kernel}.
"""
import json
import linecache
import sys
import types

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

# Triton's JIT reads the kernel's source with inspect, which finds it in linecache: the module
# needs no file, and its fixed name keeps the source hash (the dump folder's name) the same.
SOURCE = '''import triton
import triton.language as tl


@triton.jit
def kl_scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * 2.5, mask=mask)
'''
NAME = "<kl_override_kernels>"
linecache.cache[NAME] = (len(SOURCE), None, SOURCE.splitlines(True), NAME)
module = types.ModuleType("kl_override_kernels")
exec(compile(SOURCE, NAME, "exec"), module.__dict__)

signature = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}
try:  # 3.3+: constexprs, named in the signature too
    src = ASTSource(fn=module.kl_scale_kernel, signature=dict(signature, BLOCK="constexpr"), constexprs={"BLOCK": 128})
except TypeError:  # 3.2: constants
    src = ASTSource(fn=module.kl_scale_kernel, signature=signature, constants={"BLOCK": 128})
arch = int(sys.argv[1]) if len(sys.argv) > 1 else 90
compiled = triton.compile(src, target=GPUTarget("cuda", arch, 32))
print(json.dumps({"triton": triton.__version__, "hash": compiled.hash, "name": compiled.metadata.name}))
