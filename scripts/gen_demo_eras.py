#!/usr/bin/env python3
"""Compile the demo's add_kernel with an older Triton from PyPI, so the demo also shows the cache
layouts of earlier eras (Triton 3.0: sha256-hex folder names and the 3.0-3.3 metadata; 3.2: the
first base32 folder names). No GPU: the kernel is compiled for an explicit target.

    python3.11 -m venv /tmp/venv-t30 && /tmp/venv-t30/bin/pip install triton==3.0.0
    /tmp/venv-t30/bin/python scripts/gen_demo_eras.py      # writes resources/demo/triton-eras/3.0.0/

Everything under the output folder was written by Triton itself; the script only compiles in a
temporary TRITON_CACHE_DIR and copies that tree. Commit what it writes.
"""
import os
import shutil
import subprocess
import sys
import tempfile

STAGE2 = "--stage2"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT_ROOT = os.path.join(HERE, "..", "resources", "demo", "triton-eras")

KERNEL = '''
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


for block, arch in ((1024, 80), (256, 90)):
    try:  # 3.0-3.1 key the signature by position, 3.2+ by name
        src = ASTSource(fn=add_kernel, signature={0: "*fp32", 1: "*fp32", 2: "*fp32", 3: "i32"},
                        constants={4: block})
    except TypeError:
        src = ASTSource(fn=add_kernel,
                        signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"},
                        constants={"BLOCK": block})
    triton.compile(src, target=GPUTarget("cuda", arch, 32), options={"num_warps": 4})
print(triton.__version__)
'''


def main():
    import triton  # noqa: F401  (the venv's)
    version = __import__("triton").__version__
    out = os.path.abspath(os.path.join(OUT_ROOT, version))
    with tempfile.TemporaryDirectory(prefix="kl-demo-era-") as tmp:
        script = os.path.join(tmp, "demo_kernel.py")
        with open(script, "w") as f:
            f.write(KERNEL)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_")}
        env["TRITON_CACHE_DIR"] = os.path.join(tmp, "cache")
        env["TRITON_HOME"] = os.path.join(tmp, "home")
        subprocess.run([sys.executable, script], env=env, check=True)
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(env["TRITON_CACHE_DIR"], out)
    entries = sorted(os.listdir(out))
    print(f"Triton {version}: {len(entries)} entries in {out}")


if __name__ == "__main__":
    main()
