"""The KernelLens events log, written from Python.

One JSON line per compile or cache lookup (schema `kernellens.event/1`, documented in KernelLens's
docs/json-schema.md, section "Compile events"), read by `klens stats`, `klens events` and the
dashboard. kernellens.listener (Triton's compiles) and kernellens.remote (lookups in a Redis team
cache) write through it; so can any other tool. It imports neither Triton nor anything outside the
standard library.

Where events go (the same rules as KernelLens itself):

    $KERNELLENS_EVENTS_LOG                       when set and not empty
    $XDG_STATE_HOME/kernellens/events.jsonl      when XDG_STATE_HOME is an absolute path
    ~/.local/state/kernellens/events.jsonl       otherwise

Rotation: once the file is larger than $KERNELLENS_EVENTS_MAX_BYTES (default 8M; 0 never) it is
renamed to events.jsonl.1 (older ones shift up to $KERNELLENS_EVENTS_KEEP, default 2), under an
exclusive flock on events.jsonl.lock. Each line is one os.write() of at most 4096 bytes (PIPE_BUF)
on an O_APPEND descriptor, so lines from concurrent processes never interleave.

    from kernellens import events
    events.append_line(events.format_line({"time_ns": ..., "origin": "my-tool", ...}))
"""

import datetime
import fcntl
import json
import os
import re
import stat

SCHEMA = "kernellens.event/1"
MAX_LINE_BYTES = 4096  # PIPE_BUF, newline included
DEFAULT_MAX_BYTES = 8 * 1024 * 1024
DEFAULT_KEEP = 2
_MAX_ATTEMPTS = 8

__all__ = ["SCHEMA", "MAX_LINE_BYTES", "DEFAULT_MAX_BYTES", "DEFAULT_KEEP", "events_log_path",
           "log_options", "format_line", "append_line", "arch_of"]


def events_log_path(environ=None):
    """Where events are appended: see the module documentation."""
    environ = os.environ if environ is None else environ
    path = environ.get("KERNELLENS_EVENTS_LOG", "")
    if path:
        return path
    state = environ.get("XDG_STATE_HOME", "")
    if state.startswith("/"):
        return os.path.join(state, "kernellens", "events.jsonl")
    return os.path.join(os.path.expanduser("~"), ".local", "state", "kernellens", "events.jsonl")


def _parse_size(text):
    """'8M', '65536', '1.5GiB' -> bytes (K/M/G/T are powers of 1024), as klens parses sizes; None if invalid."""
    m = re.fullmatch(r"([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)([A-Za-z]*)", text)
    if not m:
        return None
    unit = m.group(2).upper()
    if unit.endswith("IB"):
        unit = unit[:-2]
    elif len(unit) > 1 and unit.endswith("B"):
        unit = unit[:-1]
    scale = {"": 1, "B": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}.get(unit)
    if scale is None:
        return None
    return int(round(float(m.group(1)) * scale))


def log_options(environ=None):
    """(max_bytes, keep) from KERNELLENS_EVENTS_MAX_BYTES and KERNELLENS_EVENTS_KEEP; invalid values keep the defaults."""
    environ = os.environ if environ is None else environ
    max_bytes, keep = DEFAULT_MAX_BYTES, DEFAULT_KEEP
    size = _parse_size(environ.get("KERNELLENS_EVENTS_MAX_BYTES", ""))
    if size is not None:
        max_bytes = size
    try:
        n = int(environ.get("KERNELLENS_EVENTS_KEEP", ""))
        if 1 <= n <= 1000:
            keep = n
    except ValueError:
        pass
    return max_bytes, keep


# The last second formatted, as one tuple (swapped whole, so threads never see half of it): a
# cache manager logs every lookup, and strftime was a tenth of an event's cost.
_second_text = (None, "")


def _iso_time(ns):
    global _second_text
    second = ns // 1_000_000_000
    cached = _second_text
    if cached[0] != second:
        text = datetime.datetime.fromtimestamp(second, tz=datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
        cached = _second_text = (second, text)
    return cached[1] + ".%03dZ" % ((ns // 1_000_000) % 1000)


# One encoder for every line: json.dumps with separators builds a new one per call.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _serialize(event, with_stages, truncated):
    doc = {
        "schema": SCHEMA,
        "time": _iso_time(event["time_ns"]),
        "time_ns": event["time_ns"],
        "origin": event["origin"],
        "kernel": event["kernel"],
        "key": event["key"],
        "cache_hit": event["cache_hit"],
        "arch": event["arch"],
    }
    if with_stages:
        doc["stages_us"] = {name: us for name, us in event["stages_us"]}
    doc["total_us"] = event["total_us"]
    doc["bytes"] = event["bytes"]
    doc["pid"] = event["pid"]
    doc["host"] = event["host"]
    if truncated:
        doc["truncated"] = truncated
    text = _ENCODER.encode(doc)
    # Lone surrogates (undecodable file-system names) cannot be UTF-8: written as '?'.
    return text.encode("utf-8", "replace") + b"\n"


def format_line(event):
    """One event (a dict with the CompileEvent fields; stages_us a list of (name, us)) as its line.

    The fields: time_ns (int), origin, kernel, key, arch, host (str), cache_hit (bool), stages_us,
    total_us, bytes, pid (int). Never longer than MAX_LINE_BYTES: as KernelLens does, kernel (256
    characters), key, host (128), origin and arch (32) are cut first, then stages_us is dropped;
    "truncated" names what was cut.
    """
    line = _serialize(event, True, [])
    if len(line) <= MAX_LINE_BYTES:
        return line
    event = dict(event)
    truncated = []
    for field, limit in (("kernel", 256), ("key", 128), ("host", 128), ("origin", 32), ("arch", 32)):
        if len(event[field]) > limit:
            event[field] = event[field][:limit]
            truncated.append(field)
    line = _serialize(event, True, truncated)
    if len(line) <= MAX_LINE_BYTES:
        return line
    return _serialize(event, False, truncated + ["stages_us"])


def _make_parents(path):
    # Each missing folder with mode 0700, as XDG asks for state folders (os.makedirs would give the
    # intermediate ones 0777 less the umask).
    parent = os.path.dirname(path)
    missing = []
    while parent and not os.path.isdir(parent):
        missing.append(parent)
        parent = os.path.dirname(parent)
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass


def _rotate(path, max_bytes, keep):
    lock = os.open(path + ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK, 0o644)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            # Appenders that saw the same oversized file queue up on the lock; only the first rotates.
            if os.stat(path).st_size <= max_bytes:
                return
        except FileNotFoundError:
            return
        for i in range(keep - 1, 0, -1):
            try:
                os.rename("%s.%d" % (path, i), "%s.%d" % (path, i + 1))
            except FileNotFoundError:
                pass
        try:
            os.rename(path, path + ".1")
        except FileNotFoundError:
            pass
    finally:
        os.close(lock)  # releases the lock


def append_line(line, path=None, environ=None):
    """Append one formatted line with a single os.write() on an O_APPEND descriptor; rotate if due.

    path defaults to events_log_path(environ); environ (default os.environ) also gives the
    rotation settings. Raises ValueError for a line format_line() would not make, and OSError
    naming the path and the cause.
    """
    if not line.endswith(b"\n") or len(line) > MAX_LINE_BYTES:
        raise ValueError("an events-log line ends in a newline and has at most %d bytes" % MAX_LINE_BYTES)
    path = events_log_path(environ) if path is None else path
    max_bytes, keep = log_options(environ)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK
    for _ in range(_MAX_ATTEMPTS):
        try:
            fd = os.open(path, flags, 0o644)
        except FileNotFoundError:
            _make_parents(path)
            fd = os.open(path, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError("%s: not a regular file" % path)
            written = os.write(fd, line)
            if written != len(line):
                raise OSError("%s: short write (%d of %d bytes; disk full?)" % (path, written, len(line)))
            st = os.fstat(fd)
        finally:
            os.close(fd)
        if st.st_nlink == 0:
            # The generation we wrote to aged out meanwhile, so the line is nowhere: write it again
            # (unless this filesystem just reports no link count for a file still in place).
            try:
                now = os.stat(path)
                if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
                    continue
            except FileNotFoundError:
                continue
        if max_bytes and st.st_size > max_bytes:
            _rotate(path, max_bytes, keep)
        return
    raise OSError("%s: the file kept being removed while appending" % path)


def arch_of(target):
    """An event's arch from a Triton target (a GPUTarget, or its dict form in an entry's metadata).

    "sm_90" for CUDA's integer arch, the arch as text for other backends ("gfx942"), "" for none.
    """
    if target is None:
        return ""
    if isinstance(target, dict):
        backend, arch = target.get("backend"), target.get("arch")
    else:
        backend, arch = getattr(target, "backend", None), getattr(target, "arch", None)
    if arch is None:
        return ""
    if backend == "cuda" and isinstance(arch, int):
        return "sm_%d" % arch
    return str(arch)


_arch_of = arch_of  # the name kernellens_triton_listener had
