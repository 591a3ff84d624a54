"""kernellens_triton_remote: the old name of kernellens.remote, kept for existing setups.

    TRITON_CACHE_MANAGER=triton.runtime.cache:RemoteCacheManager
    TRITON_REMOTE_CACHE_BACKEND=kernellens_triton_remote:RedisBackend

keeps working (with this folder on PYTHONPATH, or kernellens installed with `pip install
resources/python`): RedisBackend and its alias RedisRemoteCacheBackend are kernellens.remote's
classes, which TRITON_REMOTE_CACHE_BACKEND=kernellens.remote:RedisBackend names too. Which
server (KERNELLENS_REDIS_URL, KERNELLENS_REDIS_PASSWORD, KERNELLENS_REDIS_CA, TRITON_REDIS_HOST,
TRITON_REDIS_PORT, KERNELLENS_REDIS_TIMEOUT, TRITON_REDIS_KEY_FORMAT), the keys and the events
it logs: see kernellens.remote. Importing it does not install the compile listener.

    python kernellens_triton_remote.py      # prints the server and key format, and PINGs it
"""

import importlib.util
import os
import sys

if importlib.util.find_spec("kernellens") is None:
    # Loaded by path (spec_from_file_location) with this folder not on sys.path: the package beside
    # this file is the one it belongs with.
    _here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernellens")
    _spec = importlib.util.spec_from_file_location("kernellens", os.path.join(_here, "__init__.py"),
                                                   submodule_search_locations=[_here])
    _package = importlib.util.module_from_spec(_spec)
    sys.modules["kernellens"] = _package
    _spec.loader.exec_module(_package)

from kernellens import remote as _remote  # noqa: E402
from kernellens.remote import RedisBackend, RedisRemoteCacheBackend, main  # noqa: E402

__all__ = ["RedisBackend", "RedisRemoteCacheBackend"]


def __getattr__(name):
    # Every other name the old module had (key_format, DEFAULT_KEY_FORMAT, _server, _events_module,
    # ...), read from kernellens.remote when asked, so that its state (_servers, _warned) stays current.
    return getattr(_remote, name)


if __name__ == "__main__":
    main()
