#!/usr/bin/env python3
"""Triton's own key computations, printed as JSON for tst_tritonkeys to compare with KernelLens.

Run with the Python of a venv that has Triton (the test uses <repo>/.venv-triton/bin/python):

    .venv-triton/bin/python tests/keys/triton_keys.py [--compile-dir DIR]

Everything here goes through Triton's code paths: runtime.cache.triton_key / get_cache_key,
ASTSource.hash, the backend's hash() and parse_options(), CUDAOptions/HIPOptions.hash(),
libtriton's get_cache_invalidating_env_vars(), and (with --compile-dir) a real triton.compile.
Strings that may hold odd characters travel as hex of their UTF-8 (surrogateescape) bytes so
that no JSON reader can alter them.
"""
import argparse
import hashlib
import importlib.util
import json
import os
import platform
import sys
import unicodedata

import triton
import triton.language as tl
from triton._C.libtriton import get_cache_invalidating_env_vars
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
from triton.compiler.compiler import make_backend
from triton.runtime.cache import get_cache_key, triton_key

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "fixtures", "triton")


@triton.jit
def keys_probe_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


PROBE_SIG = {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}


def hx(s):
    return s.encode("utf-8", "surrogateescape").hex()


def from_bytes(b):
    return b.decode("utf-8", "surrogateescape")


# Values a user can put in the environment (or a tool can pass as _env_vars): every quoting and
# escaping rule of repr(), printable and non-printable non-ASCII, and os.environ's surrogate
# escapes for bytes that are not UTF-8.
ENV_CASES = [
    ("none", {}),
    ("empty value", {"TRITON_F32_DEFAULT": ""}),
    ("normalised bool", {"TRITON_DISABLE_LINE_INFO": "true"}),
    ("two, unsorted", {"TRITON_F32_DEFAULT": "ieee", "TRITON_DEFAULT_FP_FUSION": "false"}),
    ("single quote", {"TRITON_F32_DEFAULT": "it's"}),
    ("double quote", {"TRITON_F32_DEFAULT": 'say "hi"'}),
    ("both quotes", {"TRITON_F32_DEFAULT": "it's \"x\""}),
    ("backslashes", {"MLIR_DUMP_PATH": "C:\\tmp\\dump\\"}),
    ("backslash and quote", {"MLIR_DUMP_PATH": "a\\'b"}),
    ("newline tab cr", {"TRITON_LLVM_DEBUG_ONLY": "a\nb\tc\rd"}),
    ("ascii controls", {"TRITON_LLVM_DEBUG_ONLY": "\x00\x01\x07\x08\x0b\x0c\x1b\x1f\x7f"}),
    ("latin-1", {"TRITON_F32_DEFAULT": "caf\u00e9 \u00a0nbsp \u00ad shy \u00a1"}),
    ("c1 controls", {"TRITON_F32_DEFAULT": "\x80\x85\x9f"}),
    ("cjk and emoji", {"LLVM_PASS_PLUGIN_PATH": "/opt/\u63d2\u4ef6/\U0001F600.so"}),
    ("format and separators", {"TRITON_F32_DEFAULT": "\u200b\u200e\u2028\u2029\u3000\ufeff"}),
    ("private and unassigned", {"TRITON_F32_DEFAULT": "\ue000\u0378\U000e0001\U0010ffff\U0001fb00"}),
    ("combining", {"TRITON_F32_DEFAULT": "e\u0301 \u0300"}),
    ("surrogate escapes", {"TRITON_F32_DEFAULT": from_bytes(b"a\xff\xfe\xc3(b")}),
    ("many", {"USE_IR_LOC": "ttir", "AMDGCN_USE_BUFFER_OPS": "false", "DISABLE_LLVM_OPT": "true",
              "TRITON_OVERRIDE_ARCH": "sm90", "MLIR_ENABLE_DUMP": "_kernel"}),
    ("odd names", {"zeta": "1", "Alpha": "2", "_u": "3", "\u00e9": "4"}),
]

# Raw environment values and what libtriton records for them.
NORMALISE_CASES = [
    ("bools", {"TRITON_DISABLE_LINE_INFO": "1", "DISABLE_LLVM_OPT": "On", "MLIR_ENABLE_TIMING": "TRUE",
               "TRITON_DEFAULT_FP_FUSION": "0", "DISABLE_MMA_V3": "oFf", "DISABLE_MMA_V5": "False"}),
    ("not bools", {"TRITON_F32_DEFAULT": "yes", "DISABLE_PTXAS_OPT": "no", "MLIR_ENABLE_DUMP": "2",
                   "TRITON_ENABLE_ASAN": " 1", "LLVM_ENABLE_TIMING": "y"}),
    ("empty is unset", {"TRITON_DISABLE_LINE_INFO": "", "MLIR_DUMP_PATH": "/tmp/x"}),
    ("odd text", {"TRITON_LLVM_DEBUG_ONLY": "a'b\"c\\d\ne\u00e9\U0001F600"}),
]

OPTIONS_CASES = [
    ("cuda sm90 defaults", ("cuda", 90, 32), {}),
    ("cuda sm80 w8 s2", ("cuda", 80, 32), {"num_warps": 8, "num_stages": 2}),
    ("cuda sm100 many", ("cuda", 100, 32), {"maxnreg": 128, "debug": True, "ptx_options": "-v --opt 'x'",
                                            "enable_fp_fusion": False, "launch_pdl": True, "num_ctas": 2}),
    ("cuda sm75", ("cuda", 75, 32), {"num_warps": 1}),
    ("hip gfx90a defaults", ("hip", "gfx90a", 64), {}),
    ("hip gfx942 tuned", ("hip", "gfx942", 64), {"waves_per_eu": 2, "kpack": 2, "matrix_instr_nonkdim": 16,
                                                 "schedule_hint": "local-prefetch"}),
    ("hip gfx1100 fn attrs", ("hip", "gfx1100", 32), {"llvm_fn_attrs": "amdgpu-sched-strategy=iterative-ilp,noinline"}),
]


def clear_invalidating_env():
    for name in list(get_cache_invalidating_env_vars()):
        os.environ.pop(name, None)


def components(src, backend, options):
    return dict(triton_key=triton_key(), source_hash=src.hash(), backend_hash=backend.hash(),
                options_hash=options.hash())


def env_cases():
    src = ASTSource(fn=keys_probe_kernel, signature=PROBE_SIG, constexprs={"BLOCK": 128})
    backend = make_backend(GPUTarget("cuda", 90, 32))
    options = backend.parse_options({})
    out = []
    for name, env in ENV_CASES:
        key = get_cache_key(src, backend, options, env)
        out.append(dict(name=name, env_hex=[[hx(k), hx(v)] for k, v in env.items()],
                        env_part_hex=hx(str(sorted(env.items()))), key_hex=hx(key),
                        hash=hashlib.sha256(key.encode("utf-8")).hexdigest()))
    return dict(components=components(src, backend, options), cases=out)


def normalise_cases():
    out = []
    for name, env in NORMALISE_CASES:
        clear_invalidating_env()
        os.environ.update(env)
        try:
            seen = get_cache_invalidating_env_vars()
        finally:
            clear_invalidating_env()
        out.append(dict(name=name, set_hex=[[hx(k), hx(v)] for k, v in env.items()],
                        triton_hex=[[hx(k), hx(v)] for k, v in seen.items()]))
    return out


def options_cases():
    out = []
    for name, target, opts in OPTIONS_CASES:
        options = make_backend(GPUTarget(*target)).parse_options(dict(opts))
        out.append(dict(name=name, backend=target[0], metadata_options=json.dumps(options.__dict__),
                        hash=options.hash()))
    return out


def fixture_cases():
    """Every planned fixture entry's key, rebuilt with Triton's own functions."""
    spec = importlib.util.spec_from_file_location("klens_generate_cache", os.path.join(FIXTURE, "generate_cache.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    with open(os.path.join(FIXTURE, "expected.json")) as f:
        expected = json.load(f)
    folder_of = {e.get("plan_id"): folder for folder, e in expected["entries"].items()}
    out = []
    for item in gen.PLAN:
        clear_invalidating_env()
        os.environ.update(item["env"])
        try:
            env = dict(get_cache_invalidating_env_vars())
            src = ASTSource(fn=item["fn"], signature=item["sig"], constexprs=item["constexprs"])
            backend = make_backend(GPUTarget(*item["target"]))
            options = backend.parse_options(dict(item["options"]))
            key = get_cache_key(src, backend, options, env)
            parts = components(src, backend, options)
        finally:
            for k in item["env"]:
                os.environ.pop(k, None)
        out.append(dict(plan_id=item["id"], folder=folder_of.get(item["id"]), components=parts,
                        env_part_hex=hx(str(sorted(env.items()))), key_hex=hx(key),
                        hash=hashlib.sha256(key.encode("utf-8")).hexdigest()))
    return out


def compiled_cases(cache_dir):
    """A real compile whose _env_vars hold odd values: the folder Triton itself names."""
    os.environ["TRITON_CACHE_DIR"] = cache_dir
    env = {"TRITON_F32_DEFAULT": "it's \"odd\"\\\n\t\u00e9\x01\u200b\U0001F600", "MLIR_DUMP_PATH": "/tmp/a'b"}
    src = ASTSource(fn=keys_probe_kernel, signature=PROBE_SIG, constexprs={"BLOCK": 128})
    target = GPUTarget("cuda", 80, 32)
    backend = make_backend(target)
    options = backend.parse_options({"num_warps": 2})
    kernel = triton.compile(src, target=target, options={"num_warps": 2}, _env_vars=env)
    folder = os.path.basename(os.path.dirname(next(iter(kernel.metadata_group.values()))))
    return [dict(name="odd _env_vars", env_hex=[[hx(k), hx(v)] for k, v in env.items()],
                 components=components(src, backend, options), hash=kernel.hash, folder=folder)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--compile-dir", help="also compile one kernel into this TRITON_CACHE_DIR")
    args = ap.parse_args()
    clear_invalidating_env()
    doc = dict(triton_version=triton.__version__, python_version=platform.python_version(),
               unicode_version=unicodedata.unidata_version, env=env_cases(), normalise=normalise_cases(),
               options=options_cases(), fixture=fixture_cases(),
               compiled=compiled_cases(args.compile_dir) if args.compile_dir else [])
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
