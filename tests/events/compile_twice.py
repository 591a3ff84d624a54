"""Run by tst_tritonlistener with real Triton: compile one kernel for sm_90 (no GPU needed) with
the KernelLens listener registered, into the TRITON_CACHE_DIR the test gives. Run twice in two
processes on the same cache, the first compile is a miss and the second a hit.

    python compile_twice.py LISTENER_DIR listener-first|triton-first

listener-first: import the listener before Triton (the sitecustomize case: it installs itself
when Triton is imported). triton-first: import Triton, set a listener of our own, then import the
listener, which must chain to it. Prints one JSON line: the metadata hash, whether the KernelLens
listener was installed, and the cache_hit values our own listener saw.
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
order = sys.argv[2]
seen = []

if order == "listener-first":
    import kernellens_triton_listener  # noqa: F401
    import triton
else:
    import triton

    def own_listener(*, src, metadata, metadata_group, times, cache_hit):
        seen.append(cache_hit)

    triton.knobs.compilation.listener = own_listener
    import kernellens_triton_listener  # noqa: F401

import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def kl_listener_add(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


src = ASTSource(fn=kl_listener_add,
                signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n_elements": "i32",
                           "BLOCK_SIZE": "constexpr"}, constexprs={"BLOCK_SIZE": 256})
kernel = triton.compile(src, target=GPUTarget("cuda", 90, 32))
installed = bool(getattr(triton.knobs.compilation.listener, "_kernellens", False))
print(json.dumps({"hash": kernel.hash, "installed": installed, "own_listener_saw": seen}))
