"""kernellens_triton_listener: the old name of kernellens.listener, kept for existing setups.

Importing it registers the KernelLens Triton compile listener exactly as `import kernellens.listener`
does, so a sitecustomize.py, .pth file or script with

    import kernellens_triton_listener

keeps logging every Triton compile and cache hit to the KernelLens events log. The documentation
(where events go: $KERNELLENS_EVENTS_LOG, $XDG_STATE_HOME/kernellens/events.jsonl or
~/.local/state/kernellens/events.jsonl; rotation: $KERNELLENS_EVENTS_MAX_BYTES and
$KERNELLENS_EVENTS_KEEP) is in kernellens.listener and kernellens.events, whose names this module
re-exports: install, events_log_path, log_options, format_line, append_line and the rest.

Loaded by path with `_KERNELLENS_LIBRARY_ONLY = True` set on the module before it runs (how
kernellens_triton_remote used to get format_line and append_line), it gives the events-log
functions without registering the listener. The kernellens package must be importable or beside
this file.

    python kernellens_triton_listener.py         # prints where events go (python -m kernellens.listener)
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

from kernellens import events as _events  # noqa: E402
from kernellens.events import append_line, events_log_path, format_line, log_options  # noqa: E402

__all__ = ["install", "events_log_path", "log_options", "format_line", "append_line"]

if __name__ == "__main__":
    import runpy

    # As `python -m kernellens.listener`: prints, and registers nothing.
    runpy.run_module("kernellens.listener", run_name="__main__")
    _sources = (_events,)
elif globals().get("_KERNELLENS_LIBRARY_ONLY"):
    # Importing kernellens.listener would register the listener, which a caller that only wants
    # the events log must not get (configuring a cache backend must not install it, say).

    def install():
        """Hook triton.knobs.compilation.listener now (imports Triton); see kernellens.listener.install."""
        from kernellens import listener
        return listener.install()

    _sources = (_events,)
else:
    from kernellens import listener as _listener  # registers the compile listener
    from kernellens.listener import install

    _sources = (_listener, _events)


def __getattr__(name):
    # Every other name the old module had (SCHEMA, MAX_LINE_BYTES, _arch_of, _event, _hook, ...),
    # read from the modules it moved to when asked, so that state (_hook, _warned) stays current.
    for module in _sources:
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
