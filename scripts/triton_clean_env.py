"""The clean environment both Triton fixture generators run their stage 2 in
(resources/demo/triton/generate_cache.py and tests/fixtures/triton-gpu/generate_cache.py).

What Triton writes depends on its environment: TRITON_* variables change keys and options, HOME
and TRITON_HOME hold caches of their own, the locale and the hash seed reach the output. So stage 2
sees only what a generator lets through, and a cache, a home and a copy of the script under one
fresh folder: the paths Triton records then do not depend on where the repo is checked out.

Standard library only: the generators import it before Triton is involved, with whatever Python
they were started with.
"""
import os
import shutil


def fresh_gen_root(gen_root, cache_root, triton_home, script, copy):
    """Wipes gen_root, makes cache_root and triton_home in it, and copies script to copy."""
    if os.path.exists(gen_root):
        shutil.rmtree(gen_root)
    os.makedirs(cache_root)
    os.makedirs(triton_home)
    shutil.copyfile(script, copy)


def clean_env(pass_through, cache_root, triton_home, **extra):
    """Only the pass_through variables of this environment (no TRITON_* among them), Triton's cache
    and home (HOME too) where given, a fixed locale and hash seed, no bytecode; then extra."""
    env = {k: os.environ[k] for k in pass_through if k in os.environ}
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", HOME=triton_home, TRITON_HOME=triton_home,
               TRITON_CACHE_DIR=cache_root, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1", **extra)
    return env
