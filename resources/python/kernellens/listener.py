"""KernelLens compile events from Triton.

Every Triton compile and cache hit in this process is appended as one JSON line to the KernelLens
events log (see kernellens.events: where it is, rotation, the line format), which `klens stats` and
`klens events` read. It hooks `triton.knobs.compilation.listener` (Triton 3.4 and later), calling
any listener already set there, with origin "triton".

Importing this module registers the listener:

    import kernellens.listener                   # in your script, before or after `import triton`

    # or, for every Python run, one line in sitecustomize.py (or a .pth file) on the path:
    import kernellens.listener

`import kernellens_triton_listener` (the old name, still installed) does the same. Importing it
does not import Triton: when Triton is not imported yet, the listener is installed the moment it
is. Where events go (the same rules as KernelLens itself):

    $KERNELLENS_EVENTS_LOG                       when set and not empty
    $XDG_STATE_HOME/kernellens/events.jsonl      when XDG_STATE_HOME is an absolute path
    ~/.local/state/kernellens/events.jsonl       otherwise

rotated above $KERNELLENS_EVENTS_MAX_BYTES (default 8M; 0 never), keeping $KERNELLENS_EVENTS_KEEP
(default 2) older files. A failure to log never breaks a compile: it is reported once on stderr.

    python -m kernellens.listener                # prints where events go
"""

import importlib.abc
import os
import socket
import sys
import time

from kernellens import events

__all__ = ["install"]


def _artefact_bytes(metadata_group):
    total = 0
    for file_path in (metadata_group or {}).values():
        try:
            total += os.stat(file_path).st_size
        except (OSError, TypeError, ValueError):
            pass
    return total


def _event(src, metadata, metadata_group, times, cache_hit):
    metadata = metadata or {}
    if times is None:
        stages = []
    elif cache_hit:
        # On a hit Triton reports the whole hit path (key, group file, metadata) as
        # ir_initialization and nothing else: it is logged as the "lookup" stage.
        stages = [("lookup", int(times.ir_initialization))]
    else:
        stages = [("ir_initialization", int(times.ir_initialization))]
        stages += [(str(name), int(us)) for name, us in times.lowering_stages]
        stages.append(("store_results", int(times.store_results)))
    return {
        "time_ns": time.time_ns(),
        "origin": "triton",
        "kernel": str(metadata.get("name") or getattr(src, "name", "") or ""),
        "key": str(metadata.get("hash") or ""),
        "cache_hit": bool(cache_hit),
        "arch": events.arch_of(metadata.get("target")),
        "stages_us": stages,
        "total_us": sum(us for _, us in stages),
        "bytes": _artefact_bytes(metadata_group),
        "pid": os.getpid(),
        "host": socket.gethostname(),
    }


_warned = False


def _warn_once(what):
    global _warned
    if not _warned:
        _warned = True
        sys.stderr.write("kernellens: could not log a Triton compile event: %s\n" % (what,))


def _make_listener(previous):

    def kernellens_listener(*, src, metadata, metadata_group, times, cache_hit):
        try:
            events.append_line(events.format_line(_event(src, metadata, metadata_group, times, cache_hit)))
        except Exception as e:  # never break a compile over a log line
            _warn_once(e)
        if previous is not None:
            previous(src=src, metadata=metadata, metadata_group=metadata_group, times=times, cache_hit=cache_hit)

    kernellens_listener._kernellens = True
    kernellens_listener.previous = previous
    return kernellens_listener


def install():
    """Hook triton.knobs.compilation.listener now (imports Triton); idempotent. Returns the listener or None."""
    _remove_import_hook()
    import triton
    compilation = getattr(getattr(triton, "knobs", None), "compilation", None)
    if compilation is None or not hasattr(compilation, "listener"):
        _warn_once("Triton %s has no triton.knobs.compilation.listener" % getattr(triton, "__version__", "?"))
        return None
    current = compilation.listener
    # The mark, not this module's identity: a listener installed by another copy of this code
    # (the old file loaded by path, say) must not be wrapped a second time.
    if getattr(current, "_kernellens", False):
        return current
    compilation.listener = _make_listener(current)
    return compilation.listener


class _InstallWhenTritonIsImported(importlib.abc.MetaPathFinder):
    """Installs the listener right after the `triton` package finishes importing."""

    def find_spec(self, fullname, path, target=None):
        if fullname != "triton":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        original = loader.exec_module

        def exec_module(module):
            original(module)
            try:
                install()
            except Exception as e:
                _warn_once(e)

        loader.exec_module = exec_module
        return spec


_hook = None


def _remove_import_hook():
    global _hook
    if _hook is not None:
        try:
            sys.meta_path.remove(_hook)
        except ValueError:
            pass
        _hook = None


def _register():
    global _hook
    if "triton" in sys.modules:
        try:
            install()
        except Exception as e:
            _warn_once(e)
    elif _hook is None:
        _hook = _InstallWhenTritonIsImported()
        sys.meta_path.insert(0, _hook)


def main():
    """Print where events go and the rotation settings."""
    max_bytes, keep = events.log_options()
    print("KernelLens events log: %s" % events.events_log_path())
    print("rotation: above %d bytes, keeping %d rotated files" % (max_bytes, keep))


if __name__ == "__main__":
    main()
else:
    _register()
