#!/usr/bin/env python3
"""Generate the KernelLens Triton cache fixture with a real Triton install.

Run it through generate.sh (which makes the venv and pins the Triton version):

    bash resources/demo/triton/generate.sh                  # CPU only, what is committed
    bash resources/demo/triton/generate.sh --with-autotune  # on a machine with an NVIDIA GPU

What it does
------------
Stage 1 (this file, run from the repo):
  * wipes GEN_ROOT (/tmp/klens-fixture-gen) and copies this script there, so that the
    file paths Triton embeds in the IR (`loc("...py":line:col)`) do not depend on where
    the repo is checked out;
  * runs stage 2 from that copy with a clean environment (no inherited TRITON_* or
    cache-invalidating variables, TRITON_CACHE_DIR=GEN_ROOT/triton-cache,
    TRITON_HOME=GEN_ROOT/home);
  * replaces resources/demo/triton/cache/ with a verbatim copy of the cache root and
    installs expected.json; refreshes the generated table in README.md.

Stage 2 (the copy under GEN_ROOT, --stage2):
  * compiles every entry of PLAN with triton.compile(ASTSource(...), target=GPUTarget(...))
    -- no GPU needed -- each with its own options and environment variables;
  * optionally (--with-autotune, needs an NVIDIA GPU and torch) runs an autotuned kernel
    with cache_results=True so Triton writes <fn>.autotune.json;
  * builds one tiny C extension through triton.runtime.build.compile_module_from_src, which
    is the same code path (and cache layout) Triton uses for cuda_utils/hip_utils and its
    launchers; those two need libcuda.so.1 / libamdhip64.so, which this machine lacks;
  * scans what Triton wrote, asserts the invariants listed in verify_and_describe(), and
    writes expected.json from the files on disk and the metadata json.

Nothing in the cache is edited or written by hand: every file under cache/ was written by
Triton itself (stage 1 only copies the tree).
"""
import argparse
import base64
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

import triton
import triton.language as tl

GEN_ROOT = "/tmp/klens-fixture-gen"
CACHE_ROOT = os.path.join(GEN_ROOT, "triton-cache")
TRITON_HOME = os.path.join(GEN_ROOT, "home")
GEN_SCRIPT = os.path.join(GEN_ROOT, "generate_cache.py")
GEN_EXPECTED = os.path.join(GEN_ROOT, "expected.json")
GEN_TABLE = os.path.join(GEN_ROOT, "table.md")

FIXTURE_DIR = os.path.dirname(os.path.abspath(__file__))
SIZE_LIMIT = 3 * 1024 * 1024
FIXED_MTIME = 1735689600  # 2025-01-01T00:00:00Z, mtime given to the copied script

# ---------------------------------------------------------------------------------------
# Kernels. Their source text and starting line number are part of the cache key
# (JITFunction.cache_key), so editing anything above them changes every folder name;
# just re-run generate.sh, expected.json and the README table follow.
# ---------------------------------------------------------------------------------------


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def _row_softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    out = num / tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, out, mask=mask)


# Only launched with --with-autotune (needs a GPU to benchmark). Defining it is harmless.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 256}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=8),
    ],
    key=["n_elements"],
    cache_results=True,
)
@triton.jit
def autotuned_add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


ADD_SIG = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n_elements": "i32", "BLOCK_SIZE": "constexpr"}
SOFTMAX_SIG = {
    "out_ptr": "*fp32", "in_ptr": "*fp32", "in_row_stride": "i32", "out_row_stride": "i32", "n_cols": "i32",
    "BLOCK_SIZE": "constexpr"
}

# One compile per item. "env" = environment variables set only around that compile
# (cache-invalidating ones end up in the metadata; TRITON_STORE_BINARY_ONLY is a knob that
# is NOT part of the key and is not recorded).
PLAN = [
    dict(id="add_sm90_w4", fn=add_kernel, sig=ADD_SIG, constexprs={"BLOCK_SIZE": 1024}, target=("cuda", 90, 32),
         options={"num_warps": 4}, env={},
         demonstrates="baseline: vector add for CUDA sm_90; option set A of the num_warps pair"),
    dict(id="add_sm90_w8", fn=add_kernel, sig=ADD_SIG, constexprs={"BLOCK_SIZE": 1024}, target=("cuda", 90, 32),
         options={"num_warps": 8}, env={},
         demonstrates="same kernel and target as add_sm90_w4, option set B (num_warps=8): two folders, one name"),
    dict(id="add_sm90_w4_noline", fn=add_kernel, sig=ADD_SIG, constexprs={"BLOCK_SIZE": 1024},
         target=("cuda", 90, 32), options={"num_warps": 4}, env={"TRITON_DISABLE_LINE_INFO": "1"},
         demonstrates="identical to add_sm90_w4 except a cache-invalidating env var; metadata records "
         "TRITON_DISABLE_LINE_INFO=\"true\" (value normalised); IR has no debug locations"),
    dict(id="add_sm80", fn=add_kernel, sig=ADD_SIG, constexprs={"BLOCK_SIZE": 1024}, target=("cuda", 80, 32),
         options={}, env={}, demonstrates="second CUDA arch (sm_80), default options"),
    dict(id="add_sm100_binary_only", fn=add_kernel, sig=ADD_SIG, constexprs={"BLOCK_SIZE": 1024},
         target=("cuda", 100, 32), options={}, env={"TRITON_STORE_BINARY_ONLY": "1"},
         demonstrates="third CUDA arch (sm_100, Blackwell ptxas); TRITON_STORE_BINARY_ONLY=1 so only "
         ".source, .cubin and .json are stored (knob not recorded in metadata, not part of the key)"),
    dict(id="add_gfx90a", fn=add_kernel, sig=ADD_SIG, constexprs={"BLOCK_SIZE": 1024},
         target=("hip", "gfx90a", 64), options={}, env={},
         demonstrates="AMD target (hip/gfx90a, warp_size 64): .amdgcn + .hsaco instead of .ptx + .cubin; "
         "compiled without ROCm installed"),
    dict(id="softmax_sm90", fn=_row_softmax_kernel, sig=SOFTMAX_SIG, constexprs={"BLOCK_SIZE": 1024},
         target=("cuda", 90, 32), options={}, env={},
         demonstrates="kernel name starting with '_' (files _row_softmax_kernel.*, group "
         "__grp___row_softmax_kernel.json); uses shared memory (metadata shared > 0)"),
    dict(id="softmax_sm80_env2", fn=_row_softmax_kernel, sig=SOFTMAX_SIG, constexprs={"BLOCK_SIZE": 1024},
         target=("cuda", 80, 32), options={"num_warps": 8, "num_stages": 2},
         env={"TRITON_DEFAULT_FP_FUSION": "0", "TRITON_F32_DEFAULT": "ieee"},
         demonstrates="'_' kernel with non-default num_warps AND num_stages, and two env vars: a boolean "
         "set to 0 (recorded as \"false\" -- set-but-false still changes the key) and a string value kept verbatim"),
]

MODULE_NAME = "klens_demo_utils"
MODULE_SRC = r"""#include <Python.h>
/* Minimal extension built through triton.runtime.build.compile_module_from_src to get a
   real 'module' cache entry (one shared object, no json, no group file). */
static struct PyModuleDef klens_demo_utils_def = {PyModuleDef_HEAD_INIT, "klens_demo_utils", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_klens_demo_utils(void) { return PyModule_Create(&klens_demo_utils_def); }
"""


def b32_folder(hexhash):
    return base64.b32encode(bytes.fromhex(hexhash)).decode().rstrip("=")


def installed_invalidating_env_vars():
    """The CACHE_INVALIDATING_ENV_VARS set, read from the installed Triton's own header."""
    hdr = os.path.join(os.path.dirname(triton.__file__), "include", "triton", "Tools", "Sys", "GetEnv.h")
    with open(hdr) as f:
        text = f.read()
    m = re.search(r"CACHE_INVALIDATING_ENV_VARS\s*=\s*\{(.*?)\};", text, re.S)
    assert m, f"CACHE_INVALIDATING_ENV_VARS not found in {hdr}"
    names = re.findall(r'"([A-Za-z0-9_]+)"', m.group(1))
    assert len(names) > 20, names
    return names


def normalised_env_value(v):
    lv = v.lower()
    if lv in ("on", "true", "1"):
        return "true"
    if lv in ("off", "false", "0"):
        return "false"
    return v


# ---------------------------------------------------------------------------------------
# Stage 2: compile into CACHE_ROOT
# ---------------------------------------------------------------------------------------


def compile_plan():
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    from triton._C.libtriton import get_cache_invalidating_env_vars

    results = {}
    for item in PLAN:
        saved = {k: os.environ.get(k) for k in item["env"]}
        os.environ.update(item["env"])
        try:
            env_seen = dict(get_cache_invalidating_env_vars())
            src = ASTSource(fn=item["fn"], signature=item["sig"], constexprs=item["constexprs"])
            t0 = time.time()
            k = triton.compile(src, target=GPUTarget(*item["target"]), options=item["options"])
            dt = time.time() - t0
        finally:
            for key, val in saved.items():
                if val is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = val
        folder = b32_folder(k.hash)
        print(f"  {item['id']:<24} {item['fn'].__name__:<22} {str(item['target']):<26} -> {folder} ({dt:.2f}s)")
        assert folder not in {r["folder"] for r in results.values()}, f"{item['id']} hit an existing entry"
        results[item["id"]] = dict(folder=folder, hash=k.hash, env_seen=env_seen, group=dict(k.metadata_group))
    return results


def build_module():
    from triton.runtime.build import compile_module_from_src
    mod = compile_module_from_src(src=MODULE_SRC, name=MODULE_NAME)
    folder = os.path.basename(os.path.dirname(mod.__file__))
    print(f"  {'module':<24} {os.path.basename(mod.__file__)} -> {folder}")
    return dict(folder=folder, file=os.path.basename(mod.__file__))


def run_autotune():
    """Needs an NVIDIA GPU and torch (CUDA). Writes autotuned_add_kernel.autotune.json plus the
    kernels compiled for each config, cuda_utils and the launcher module."""
    try:
        import torch
    except ImportError:
        sys.exit("--with-autotune needs torch with CUDA (generate.sh --with-autotune installs it)")
    if not torch.cuda.is_available():
        sys.exit("--with-autotune needs an NVIDIA GPU: torch.cuda.is_available() is False")
    n = 98432
    torch.manual_seed(0)
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]), )
    autotuned_add_kernel[grid](x, y, out, n)
    torch.cuda.synchronize()
    assert torch.allclose(out, x + y)
    timings = {str(c): t for c, t in autotuned_add_kernel.configs_timings.items()}
    print(f"  autotune: best={autotuned_add_kernel.best_config} timings={timings}")
    return dict(fn="autotuned_add_kernel", device=torch.cuda.get_device_name(0))


def verify_and_describe(plan_results, module_result, autotune_result):
    """Scan CACHE_ROOT, check invariants, and return the expected.json document and a markdown table."""
    invalidating = installed_invalidating_env_vars()
    by_folder = {r["folder"]: (pid, r) for pid, r in plan_results.items()}
    plan_by_id = {item["id"]: item for item in PLAN}
    entries = {}
    rows = []
    total = 0
    for folder in sorted(os.listdir(CACHE_ROOT)):
        path = os.path.join(CACHE_ROOT, folder)
        assert os.path.isdir(path), f"stray file in cache root: {folder}"
        assert re.fullmatch(r"[A-Z2-7]{52}", folder), f"not a 52-char base32 folder name: {folder}"
        files = sorted(os.listdir(path))
        assert not any(f.startswith("tmp.") for f in files), f"leftover temp folder in {folder}: {files}"
        assert all(os.path.isfile(os.path.join(path, f)) for f in files), f"non-file in {folder}"
        size = sum(os.path.getsize(os.path.join(path, f)) for f in files)
        total += size
        groups = [f for f in files if f.startswith("__grp__") and f.endswith(".json")]
        if groups:
            assert len(groups) == 1, groups
            group_file = groups[0]
            name = group_file[len("__grp__"):-len(".json")]
            with open(os.path.join(path, f"{name}.json")) as f:
                meta = json.load(f)  # Python's json accepts NaN/Infinity, as Triton's writer may emit them
            with open(os.path.join(path, group_file)) as f:
                group = json.load(f)["child_paths"]
            # Folder name == base32(sha256 bytes of metadata["hash"]) with '=' padding stripped.
            assert b32_folder(meta["hash"]) == folder, (folder, meta["hash"])
            assert meta["name"] == name, (meta["name"], name)
            assert set(group) == set(files) - {group_file}, (sorted(group), files)
            for child, recorded in group.items():
                assert recorded == os.path.join(CACHE_ROOT, folder, child), recorded
            exts = sorted(f[len(name) + 1:] for f in files if f != group_file)
            assert all(f == group_file or f.startswith(name + ".") for f in files), files
            env_vars = {k: v for k, v in meta.items() if k in invalidating}
            entry = dict(
                kind="kernel",
                kernel_name=name,
                hash=meta["hash"],
                target=meta["target"],
                num_warps=meta["num_warps"],
                num_stages=meta["num_stages"],
                stage_extensions=[e for e in exts if e != "json"],
                files=files,
                metadata_file=f"{name}.json",
                group_file=group_file,
                group_children=sorted(group),
                recorded_dir=os.path.join(CACHE_ROOT, folder),
                env_vars=env_vars,
                triton_version=meta.get("triton_version"),
                shared=meta.get("shared"),
                size_bytes=size,
            )
            if folder in by_folder:
                pid, res = by_folder[folder]
                item = plan_by_id[pid]
                assert res["hash"] == meta["hash"]
                assert name == item["fn"].__name__
                assert [meta["target"]["backend"], meta["target"]["arch"], meta["target"]["warp_size"]] == \
                    list(item["target"]), meta["target"]
                for opt, val in item["options"].items():
                    assert meta[opt] == val, (pid, opt, meta[opt], val)
                # Exactly the cache-invalidating vars that were set, with Triton's normalised values.
                want = {k: normalised_env_value(v) for k, v in item["env"].items() if k in invalidating}
                assert env_vars == want == res["env_seen"], (pid, env_vars, want, res["env_seen"])
                assert set(res["group"]) == set(group), (pid, res["group"], group)
                entry["plan_id"] = pid
                entry["compile_options"] = item["options"]
                entry["env_set_during_compile"] = item["env"]
                entry["demonstrates"] = item["demonstrates"]
                if item["env"].get("TRITON_STORE_BINARY_ONLY") == "1":
                    assert entry["stage_extensions"] == sorted(["source", meta_binary(meta)]), entry
            else:
                # Only the autotune run compiles kernels outside PLAN.
                assert autotune_result is not None, f"unexpected kernel entry {folder} ({name})"
                entry["plan_id"] = "autotune_config_kernel"
                entry["demonstrates"] = "kernel compiled while autotuning (one per config)"
            entries[folder] = entry
            rows.append((folder, "kernel", name, describe_target(meta["target"]),
                         f"num_warps={meta['num_warps']}, num_stages={meta['num_stages']}",
                         ", ".join(f"{k}={v}" for k, v in env_vars.items()) or "-", entry["demonstrates"]))
        elif len(files) == 1 and files[0].endswith(".autotune.json"):
            with open(os.path.join(path, files[0])) as f:
                at = json.load(f)
            fn = files[0][:-len(".autotune.json")]
            entry = dict(kind="autotune", kernel_name=fn, files=files, key=at["key"],
                         num_configs=len(at["configs_timings"]), size_bytes=size,
                         demonstrates=f"autotune result (cache_results=True), benchmarked on "
                         f"{autotune_result['device'] if autotune_result else '?'}")
            entries[folder] = entry
            rows.append((folder, "autotune", fn, "-", f"{entry['num_configs']} configs, key={at['key']}", "-",
                         entry["demonstrates"]))
        elif len(files) == 1 and files[0].endswith(".so"):
            mod_name = files[0].split(".")[0]
            if mod_name == MODULE_NAME:
                assert module_result and module_result["folder"] == folder
                demo = ("module entry: one shared object, no json, no group file (built via "
                        "triton.runtime.build.compile_module_from_src)")
            else:
                demo = "module entry written by Triton's runtime during the GPU autotune run"
            entry = dict(kind="module", module_name=mod_name, files=files, size_bytes=size, demonstrates=demo)
            entries[folder] = entry
            rows.append((folder, "module", mod_name, "-", "-", "-", demo))
        else:
            raise AssertionError(f"unrecognised entry {folder}: {files}")

    assert set(r["folder"] for r in plan_results.values()) <= set(entries)
    assert total <= SIZE_LIMIT, f"fixture too large: {total} bytes"
    doc = dict(
        generator=dict(
            script="resources/demo/triton/generate_cache.py",
            triton_version=triton.__version__,
            python_version=platform.python_version(),
            written_at=CACHE_ROOT,
            folder_name_era="base32 of the 32 sha256 bytes, '=' stripped, 52 characters (Triton 3.2+)",
            cache_invalidating_env_vars=sorted(invalidating),
            with_autotune=autotune_result is not None,
        ),
        entries=entries,
    )
    table = ["| entry folder | kind | kernel / file | target | options | env vars in metadata | demonstrates |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    order = {item["id"]: i for i, item in enumerate(PLAN)}
    rows.sort(key=lambda r: (order.get(entries[r[0]].get("plan_id"), 99), r[1], r[0]))
    for r in rows:
        table.append("| `" + r[0] + "` | " + " | ".join(str(c).replace("|", "\\|") for c in r[1:]) + " |")
    table.append("")
    table.append(f"{len(entries)} entries, {total} bytes in files.")
    return doc, "\n".join(table) + "\n"


def meta_binary(meta):
    return "hsaco" if meta["target"]["backend"] == "hip" else "cubin"


def describe_target(t):
    if t["backend"] == "cuda":
        return f"cuda sm_{t['arch']}, warp {t['warp_size']}"
    return f"{t['backend']} {t['arch']}, warp {t['warp_size']}"


def stage2(args):
    assert os.path.abspath(__file__) == GEN_SCRIPT, "stage 2 must run from the copy under GEN_ROOT"
    assert os.environ.get("TRITON_CACHE_DIR") == CACHE_ROOT
    print(f"triton {triton.__version__}, python {platform.python_version()}, cache {CACHE_ROOT}")
    plan_results = compile_plan()
    module_result = build_module()
    autotune_result = run_autotune() if args.with_autotune else None
    doc, table = verify_and_describe(plan_results, module_result, autotune_result)
    with open(GEN_EXPECTED, "w") as f:
        json.dump(doc, f, indent=2, sort_keys=False)
        f.write("\n")
    with open(GEN_TABLE, "w") as f:
        f.write(table)
    print(f"verified {len(doc['entries'])} entries")


# ---------------------------------------------------------------------------------------
# Stage 1: prepare a clean environment, run stage 2, install the result into the repo
# ---------------------------------------------------------------------------------------

PASS_THROUGH = ["PATH", "TMPDIR", "CC"]
PASS_THROUGH_GPU = ["LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES", "CUDA_HOME", "NVIDIA_VISIBLE_DEVICES"]


def stage1(args):
    # Imported here rather than at the top: stage 2 runs a copy of this file outside the repo, and
    # a line added above the kernels would change their cache keys.
    sys.path.insert(0, os.path.join(FIXTURE_DIR, "..", "..", "..", "scripts"))
    from triton_clean_env import clean_env, fresh_gen_root

    fresh_gen_root(GEN_ROOT, CACHE_ROOT, TRITON_HOME, os.path.abspath(__file__), GEN_SCRIPT)
    # ptxas writes the source file's mtime into the cubin's DWARF line table (seen for sm_80);
    # pin it so that re-runs give byte-identical cubins.
    os.utime(GEN_SCRIPT, (FIXED_MTIME, FIXED_MTIME))

    env = clean_env(PASS_THROUGH + (PASS_THROUGH_GPU if args.with_autotune else []), CACHE_ROOT, TRITON_HOME)
    cmd = [sys.executable, GEN_SCRIPT, "--stage2"] + (["--with-autotune"] if args.with_autotune else [])
    rc = subprocess.run(cmd, env=env, cwd=GEN_ROOT).returncode
    if rc != 0:
        sys.exit(f"stage 2 failed (exit {rc}); resources/demo/triton/cache was left unchanged")

    dest = os.path.join(FIXTURE_DIR, "cache")
    if os.path.exists(dest):
        shutil.rmtree(dest)
    shutil.copytree(CACHE_ROOT, dest)
    shutil.copyfile(GEN_EXPECTED, os.path.join(FIXTURE_DIR, "expected.json"))

    readme = os.path.join(FIXTURE_DIR, "README.md")
    if os.path.exists(readme):
        with open(readme) as f:
            text = f.read()
        with open(GEN_TABLE) as f:
            table = f.read()
        begin, end = "<!-- BEGIN GENERATED ENTRY TABLE -->", "<!-- END GENERATED ENTRY TABLE -->"
        if begin in text and end in text:
            head, rest = text.split(begin, 1)
            _, tail = rest.split(end, 1)
            text = f"{head}{begin}\n{table}{end}{tail}"
            with open(readme, "w") as f:
                f.write(text)
        else:
            print("README.md has no generated-table markers; table left at " + GEN_TABLE)
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(dest) for f in fs)
    print(f"installed {dest} ({total} bytes) and expected.json; "
          f"generated {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--with-autotune", action="store_true",
                    help="also run an autotuned kernel with cache_results=True (needs an NVIDIA GPU + torch)")
    ap.add_argument("--stage2", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.stage2:
        stage2(args)
    else:
        stage1(args)


if __name__ == "__main__":
    main()
