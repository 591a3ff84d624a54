"""A Triton cache manager that survives shared and network filesystems, with KernelLens events.

    pip install resources/python        # or: pip install kernellens
    export TRITON_CACHE_MANAGER=kernellens.triton:CacheManager

Triton's own FileCacheManager writes each file into a temp folder, renames it into place, and
then removes the temp folder with `os.removedirs`, which also tries every parent. On NFS and other
network filesystems that rmdir can answer EBUSY (a file of the folder is still open somewhere),
and the exception fails the compile; many ranks compiling the same kernel also replace each
other's files while others read them (FileNotFoundError, ESTALE). This manager keeps Triton's
layout byte for byte (`<root>/<key>/<files>`, the group file `__grp__<name>.json` holding
{"child_paths": {file: path}}), so Triton's own manager, `klens` and the KernelLens window read what
it writes and it reads what they write. What it does differently, and why:

- Each file is written into a private `tmp.pid_<pid>_<uuid4>` folder inside the entry (the name
  Triton uses, which `klens doctor` and `klens clean` know as an orphan), fsynced, and renamed into
  place; the group file, the entry's commit marker, comes last. Removing the temp folder is one
  `os.rmdir` whose failure (EBUSY, ENOTEMPTY, ENOENT, ESTALE, ...) leaves an orphan and never
  fails the compile; shared parent folders are never removed.
- Whoever publishes a file first wins: a writer that finds the same bytes already in place drops
  its copy instead of replacing a file others may be reading. Different bytes (a compile from an
  override, TRITON_ALWAYS_COMPILE) replace it, as Triton does, so a compile always gets its own.
- A lookup trusts only a complete group: the group file and every file it lists. Files are taken
  from this entry folder by name, so a cache mounted at another path on another host still hits.
  On ENOENT or ESTALE while another writer publishes it retries once, then counts a miss.
- When the cache cannot be written (read-only, full, not a folder, no permission), the compile
  goes on without it: its files go to a per-process folder on local disk (/dev/shm, or $TMPDIR
  when set), with one warning per
  process that names the cache path and the cause.
- Every lookup is appended to the KernelLens events log (origin "triton-cache"; where the log is:
  kernellens.events): a hit when the lookup found a complete entry, else a miss that is logged
  when the compile stores its entry, with stages_us {"lookup", "store"}, the kernel, its key (the
  metadata hash), arch and bytes. `klens stats` and the dashboard's hit rate then need no listener.
  A background thread writes the lines, within 50 ms of a burst's first, and at exit: a hit only
  queues its event; a process killed loses the lines of its last 50 ms.

Works with Triton 3.0 to 3.9: the constructor takes (key) and (key, override=False, dump=False),
and Triton also uses the class for its dump and override folders. From 3.4 Triton requires a
subclass of its CacheManager, which this is whenever Triton is importable.
`kernellens.triton:RemoteCacheManager` is Triton's RemoteCacheManager (for a Redis team cache
with kernellens.remote:RedisBackend) with this manager as its local tier.

    KERNELLENS_TRITON_FSYNC=0   skip the fsyncs (as Triton: safe against a killed process, not
                                against a machine that loses power)
    KERNELLENS_TRITON_EVENTS=0  log no events (a warm hit then costs what Triton's own costs; the
                                event's work, on the writer's thread, is most of the rest:
                                tests/bench/RESULTS.md)
    KERNELLENS_TRITON_PACK=1    packed mode, against inode quotas: new entries go into a few
                                append-only pack files in <root>/.kernellens-pack (kernellens.pack,
                                docs/pack-format.md) instead of a folder each; lookups read packs
                                and folders, and hand Triton copies on local disk
"""

import atexit
import collections
import errno
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
import uuid
import weakref

from kernellens import pack as _pack

try:
    from triton.runtime.cache import CacheManager as _TritonCacheManager
except ImportError:  # imported without Triton (docs, tests of the layout): a plain base

    class _TritonCacheManager:
        def __init__(self, key, override=False, dump=False):
            pass


ORIGIN = "triton-cache"
_GROUP_PREFIX = "__grp__"
# Errors a reader can get while another writer is publishing the same entry.
_TRANSIENT = (errno.ENOENT, errno.ESTALE)
_RETRY_PAUSE_S = 0.01
# A file renamed into place this recently may still be replaced by a writer that does not use this
# manager (Triton's own replaces every file it compiles): Triton is then handed a private local
# copy, so a rename on the shared filesystem cannot make its loader fail (ESTALE, ENOENT).
_SETTLE_S = 5.0

_warned = set()
_warn_lock = threading.Lock()


def _warn_once(kind, text):
    with _warn_lock:
        if kind in _warned:
            return
        _warned.add(kind)
    sys.stderr.write("kernellens.triton: %s\n" % text)


# The two fields of Triton's metadata an event needs, found in its bytes rather than by parsing the
# whole document, which costs as much as the rest of a warm hit's logging.
_HASH_RE = re.compile(rb'"hash"\s*:\s*"([0-9a-fA-F]{16,128})"')
_BACKEND_RE = re.compile(rb'"backend"\s*:\s*"([a-z]+)"')
_ARCH_RE = re.compile(rb'"arch"\s*:\s*("?)([0-9A-Za-z_]+)')


def _hash_and_arch(meta_path):
    """(hash, arch) from a metadata file, "" for what it does not say."""
    if not meta_path:
        return "", ""
    try:
        # os.read, not open(): a buffered file object cost more than the read on a warm hit.
        fd = os.open(meta_path, os.O_RDONLY | os.O_CLOEXEC)
        try:
            # Its size, not a large buffer: os.read allocates what it is asked for (4 MB took 37 us).
            data = os.read(fd, min(os.fstat(fd).st_size, 1 << 22) + 1)
        finally:
            os.close(fd)
    except OSError:
        return "", ""
    h = _HASH_RE.search(data)
    arch = ""
    at = data.find(b'"target"')
    if at >= 0:
        target = data[at:data.find(b"}", at)]
        backend, value = _BACKEND_RE.search(target), _ARCH_RE.search(target)
        if value:
            arch = value.group(2).decode()
            if backend and backend.group(1) == b"cuda" and not value.group(1):
                arch = "sm_" + arch
    return (h.group(1).decode() if h else ""), arch


_hostname = None


def _host():
    global _hostname
    if _hostname is None:
        _hostname = socket.gethostname()
    return _hostname


def _fsync_enabled():
    return os.environ.get("KERNELLENS_TRITON_FSYNC", "1").strip() not in ("0", "false", "no", "off")


def _pack_enabled():
    return os.environ.get("KERNELLENS_TRITON_PACK", "0").strip().lower() not in ("", "0", "false", "no", "off")


_pack_stores = {}
_pack_stores_lock = threading.Lock()


def _pack_store(root):
    """This process's view of `root`'s packs (one per root, shared by every entry's manager)."""
    with _pack_stores_lock:
        store = _pack_stores.get(root)
        if store is None:
            store = _pack_stores[root] = _pack.PackStore(root, fsync=_fsync_enabled())
        return store


def _flush_standalone(store, key, pending):
    """Files put without a group (Triton's driver modules, autotune results): stored as a record
    of their own when their manager goes away, since no put_group will say the entry is done."""
    if not pending:
        return
    try:
        store.append(key, list(pending))
    except Exception as e:  # never fails a compile, nor the interpreter's exit
        _warn_once(("pack", store.root), "cannot write the packed cache %s (%s)" % (store.folder, e))
    pending.clear()


# For each kind of folder: Triton 3.4+'s knob, and before it the variable, the default's function
# in triton.runtime.cache, and the folder under ~/.triton.
_ROOTS = {
    "cache": ("dir", "TRITON_CACHE_DIR", "default_cache_dir", "cache"),
    "dump": ("dump_dir", "TRITON_DUMP_DIR", "default_dump_dir", "dump"),
    "override": ("override_dir", "TRITON_OVERRIDE_DIR", "default_override_dir", "override"),
}


def _triton_dir(kind):
    """The cache, dump or override root as the running Triton computes it. Only the one asked
    for: each knob reads the environment, and three of them were a third of a manager's set-up."""
    knob, variable, default_name, folder = _ROOTS[kind]
    try:
        from triton import knobs  # 3.4+

        return getattr(knobs.cache, knob)
    except (ImportError, AttributeError):
        pass
    value = os.getenv(variable, "").strip()
    if value:
        return value
    try:
        from triton.runtime import cache as triton_cache
    except ImportError:
        triton_cache = None
    default = getattr(triton_cache, default_name, None)
    if default is not None:
        return default()
    return os.path.join(os.path.expanduser("~"), ".triton", folder)


def _local_base():
    """$TMPDIR when the user set it; else /dev/shm (memory: a packed hit writes an entry's 7+ files
    there, ~4x faster than on a disk's /tmp, and they go at exit), else the system's temp folder."""
    if not os.environ.get("TMPDIR") and os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK):
        return "/dev/shm"
    return tempfile.gettempdir()


_local_folder_of = (None, None)


def _local_folder():
    """This process's folder on local disk (private copies, compiles the cache could not take)."""
    global _local_folder_of
    pid, folder = _local_folder_of
    if pid != os.getpid():
        folder = os.path.join(_local_base(), "kernellens-triton-%d" % os.getuid(), str(os.getpid()))
        _local_folder_of = (os.getpid(), folder)
    return folder


def _sweep_dead_local_folders():
    """Removes the local folders of processes that are gone: a killed process never ran its atexit.
    Only this user's `<pid>` folders whose pid no longer runs on this host (the folder is on local
    disk) are touched."""
    parent = os.path.dirname(_local_folder())
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            os.kill(int(name), 0)
            continue  # still running
        except ProcessLookupError:
            shutil.rmtree(os.path.join(parent, name), ignore_errors=True)
        except OSError:  # another user's process with that pid: not ours to judge
            continue


def _same_bytes(path, data):
    """Whether `path` holds `data`; False when it is absent. Raises ESTALE-like errors twice over."""
    for attempt in (0, 1):
        try:
            with open(path, "rb") as f:
                return f.read(len(data) + 1) == data
        except FileNotFoundError:
            return False
        except OSError as e:
            if e.errno not in _TRANSIENT or attempt:
                return False  # unreadable: written anew, which replaces it


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


_made_folders = set()
# Local copies of packed files this process wrote: path -> (pack, offset) of the record.
_copied = {}


def _materialise(folder, name, data):
    """`data` as folder/name on local disk, private to this process; returns the path."""
    if folder not in _made_folders:
        os.makedirs(folder, exist_ok=True)
        _made_folders.add(folder)
    path = os.path.join(folder, name)
    temp = path + ".tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
    try:
        _write_all(fd, data)
    finally:
        os.close(fd)
    os.replace(temp, path)
    return path


class _Syncer:
    """fsyncs descriptors on worker threads (fsync releases the GIL), so that the disk flushes of a
    compile's stages overlap its work and each other instead of adding up."""

    def __init__(self):
        self._pool = None
        self._pid = None

    def submit(self, fd):
        if self._pid != os.getpid():  # first use, or a forked child: the threads did not follow
            import concurrent.futures

            self._pool = concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="kernellens-fsync")
            self._pid = os.getpid()
        return self._pool.submit(_fsync_and_close, fd)


def _fsync_and_close(fd):
    try:
        os.fsync(fd)
    except OSError:  # not supported here: the rename is still atomic, as in Triton
        pass
    finally:
        os.close(fd)


_syncer = _Syncer()


_local_used = False


def _local_folder_used():
    global _local_used
    if not _local_used:
        _local_used = True
        _sweep_dead_local_folders()


class _EventWriter:
    """Appends events to the KernelLens log from a background thread: a compile pays a deque
    append, not the metadata read, the JSON and the write (about 45 us of a 600 us warm hit).
    Lines are written within _FLUSH_S (_POLL_S at worst), in batches, through one descriptor kept open; the path is
    checked again every second (the log may have been rotated or removed: a line then goes
    through kernellens.events.append_line, which rotates and reopens), and after every batch
    once the file is past the rotation size. At exit the queue is drained; a forked child starts
    with an empty queue (the parent writes its own); a process killed loses what was queued."""

    _RECHECK_NS = 1_000_000_000
    _FLUSH_S = 0.05
    _POLL_S = 1.0

    def __init__(self):
        self._queue = collections.deque()
        self._wake = threading.Event()
        self._lock = threading.Lock()  # one writer of the log at a time: the thread, or drain()
        self._thread = None
        self._thread_pid = None
        self._stop = False
        self._fd = None
        self._pid = None
        self._path = None
        self._checked_ns = 0
        self._max_bytes = 0

    def submit(self, make_event):
        was_empty = not self._queue
        self._queue.append(make_event)
        if self._thread_pid is None:  # reset in a forked child
            self._start()
        if was_empty:
            self._wake.set()

    def _start(self):
        self._thread_pid = _pid
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="kernellens-events", daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop:
            # Woken by the first event of a burst (the poll is a backstop for one queued while
            # the last batch was being written), then a pause, so that the burst is one batch.
            self._wake.wait(self._POLL_S)
            self._wake.clear()
            if self._queue and not self._stop:
                time.sleep(self._FLUSH_S)
                self._write_queued()

    def _write_queued(self):
        with self._lock:
            lines = []
            while self._queue:
                make_event = self._queue.popleft()
                try:
                    event = make_event()
                    if event is not None:
                        lines.append(_events().format_line(event))
                except Exception as e:  # a log line never breaks a compile
                    _warn_once("log", "could not log a cache event: %s" % (e,))
            if lines:
                self._write(lines)

    def _close(self):
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
        self._fd = None

    def _write(self, lines):
        events = _events()
        for line in lines:
            try:
                now = time.monotonic_ns()
                if self._fd is None or self._pid != _pid or now - self._checked_ns > self._RECHECK_NS:
                    # First line, a forked child, time to look again, or the file is past the
                    # rotation size: the slow, careful path, which rotates.
                    self._close()
                    self._pid = _pid
                    self._checked_ns = now
                    self._path = events.events_log_path()
                    self._max_bytes, _ = events.log_options()
                    events.append_line(line, self._path)
                    # O_CREAT: append_line may just have rotated the file away.
                    self._fd = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
                    continue
                # One O_APPEND write per line, as append_line writes: lines of other processes
                # never land inside one of ours.
                os.write(self._fd, line)
                if self._max_bytes and os.fstat(self._fd).st_size > self._max_bytes:
                    self._checked_ns = 0  # the next line rotates
            except Exception as e:  # a log line never breaks a compile
                self._close()
                self._checked_ns = 0
                _warn_once("log", "could not log a cache event: %s" % (e,))

    def drain(self):
        """Writes what is queued (at exit): the thread is a daemon and would die with lines left."""
        self._stop = True
        self._wake.set()
        if self._thread_pid is not None:
            self._write_queued()
        self._close()

    def after_fork_in_child(self):
        # The parent's queued events are the parent's to write; its thread does not exist here.
        self._queue.clear()
        self._thread_pid = None
        self._lock = threading.Lock()
        self._fd = None
        self._pid = None


def _events():
    from kernellens import events

    return events


_writer = _EventWriter()
# This process's pid, kept up to date at fork: os.getpid() on every event was a tenth of its cost.
_pid = os.getpid()


def _after_fork_in_child():
    global _pid
    _pid = os.getpid()
    _writer.after_fork_in_child()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


@atexit.register
def _at_exit():
    _writer.drain()
    for folder in list(_held):
        _release(folder)
    if _local_used:
        shutil.rmtree(_local_folder(), ignore_errors=True)


# Entries' temp folders this process still holds: each keeps a second name of the files it
# published, which Triton reads (see CacheManager._publish_linked). Released at exit, and the oldest
# once more are held, long after Triton read them (it reads a compile's files as it returns).
_held = []
_HOLD = 32
_held_lock = threading.Lock()


def _hold(folder):
    with _held_lock:
        _held.append(folder)
        old = _held[:-_HOLD] if len(_held) > _HOLD else []
        del _held[:len(old)]
    for folder in old:
        _release(folder)


def _release(folder):
    try:
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)
    except OSError:
        pass  # an orphan temp folder, which klens doctor and klens clean know


def _fsync_folder(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some filesystems do not fsync folders; the files themselves were synced
        pass
    finally:
        os.close(fd)


class CacheManager(_TritonCacheManager):
    """Triton's cache interface (get_file, put, get_group, put_group) over the safe protocol above."""

    def __init__(self, key, override=False, dump=False):
        # Triton's base __init__ does nothing, and takes only (key) before 3.4: not called.
        self.key = key
        self._kind = "override" if override else ("dump" if dump else "cache")
        root = _triton_dir(self._kind)
        if not root:
            raise RuntimeError("Could not create or locate cache dir")
        self.cache_dir = os.path.join(root, key)
        # Triton's FileCacheManager has these; some callers read them.
        self.lock_path = None if override else os.path.join(self.cache_dir, "lock")
        self._write_dir = self.cache_dir
        self._lookup_us = None
        self._store_us = 0
        self._stored_bytes = 0
        self._group_bytes = 0
        self._pending = []  # background fsyncs of this entry's children
        self._temp_dir = None  # this entry's temp folder, holding a second name of each child
        self._links = True
        self._packs = _pack_store(root) if self._kind == "cache" and _pack_enabled() else None
        if self._packs is not None:
            # No folder per entry: that is what packed mode saves. Files put before the group
            # wait here; a group's put writes them as one record.
            self._pack_pending = []
            weakref.finalize(self, _flush_standalone, self._packs, key, self._pack_pending)
        elif not override:
            try:
                os.makedirs(self.cache_dir, exist_ok=True)
            except OSError as e:
                self._fall_back(e)

    # -- where files are ------------------------------------------------------------------

    def _fall_back(self, error):
        local = os.path.join(_local_folder(), self._kind, self.key)
        _warn_once(("fallback", self._kind), "cannot write the Triton %s folder %s (%s); compiling without it, "
                   "this process's files go to %s" % (self._kind, self.cache_dir, error.strerror or error,
                                                      os.path.dirname(local)))
        os.makedirs(local, exist_ok=True)
        _local_folder_used()
        self._write_dir = local

    def _folders(self):
        """Where this entry's files may be: the cache, then the local fallback when in use."""
        return (self.cache_dir,) if self._write_dir == self.cache_dir else (self.cache_dir, self._write_dir)

    def _find(self, filename):
        """The path of `filename` in this entry (or in the local fallback), or None."""
        for folder in self._folders():
            path = os.path.join(folder, filename)
            if os.path.exists(path):
                return path
        return None

    def has_file(self, filename):
        return self.get_file(filename) is not None

    def get_file(self, filename):
        if self._packs is not None:
            for record in self._packs.records(self.key):
                if filename in record.names():
                    files = self._packs.read_files(record)
                    if files is not None:
                        return self._local_copy(filename, files[filename], (record.pack.path, record.offset))
        return self._find(filename)

    # -- packed mode ----------------------------------------------------------------------

    def _packed_folder(self):
        return os.path.join(_local_folder(), "packed", self.key)

    def _local_copy(self, name, data, source=None):
        """`data` as name in this entry's folder on local disk. The folder is this process's
        alone, so the file is written in place; `source` (a record's place) skips writing what
        this process already wrote from the same record."""
        _local_folder_used()
        folder = self._packed_folder()
        path = os.path.join(folder, name)
        if source is not None and _copied.get(path) == source:
            return path
        if folder not in _made_folders:
            os.makedirs(folder, exist_ok=True)
            _made_folders.add(folder)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        _copied[path] = source
        return path

    def _read_packed_group(self, filename):
        """{file: local path} of the first complete packed group, or None."""
        for record in self._packs.records(self.key):
            if not record.complete_group(filename):
                continue
            files = self._packs.read_files(record)
            if files is None:
                continue  # damaged since it was listed: klens doctor names it
            try:
                children = json.loads(files[_GROUP_PREFIX + filename]).get("child_paths")
                names = {name: os.path.basename(str(path)) for name, path in children.items()}
            except (ValueError, AttributeError):
                continue
            if any(base not in files for base in names.values()):
                continue
            self._group_bytes = sum(len(files[base]) for base in names.values())
            source = (record.pack.path, record.offset)
            return {name: self._local_copy(base, files[base], source) for name, base in names.items()}
        return None

    def _put_packed(self, filename, group):
        """Writes this entry as one record unless another writer's complete one is there (the
        first writer wins); returns the group file's local path. Never raises for the cache."""
        recorded = {name: os.path.join(self.cache_dir, os.path.basename(path)) for name, path in group.items()}
        data = json.dumps({"child_paths": recorded}).encode("utf-8")
        group_name = _GROUP_PREFIX + filename
        files = [f for f in self._pack_pending if f[0] != group_name] + [(group_name, data, time.time_ns())]
        try:
            self._packs.refresh()
            stored = (r for r in self._packs.records(self.key, False) if r.complete_group(filename))
            if not any(self._packs.read_files(r) is not None for r in stored):  # a damaged one does not count
                self._packs.append(self.key, files)
        except Exception as e:
            _warn_once(("pack", self._packs.root), "cannot write the packed cache %s (%s); compiling without it, "
                       "this process's files go to %s" % (self._packs.folder, e, _local_folder()))
        del self._pack_pending[:]
        return self._local_copy(group_name, data)

    # -- lookups --------------------------------------------------------------------------

    def _read_group(self, filename):
        """{file: path} of a complete group, or None. Raises OSError for ENOENT/ESTALE mid-publish.
        Also sets self._group_bytes, the size of the files it lists."""
        data = None
        for folder in self._folders():
            group_path = os.path.join(folder, _GROUP_PREFIX + filename)
            try:
                with open(group_path, "rb") as f:
                    data = json.loads(f.read())
                break
            except FileNotFoundError:
                continue
            except OSError as e:
                if e.errno in _TRANSIENT:
                    raise
                return None
            except ValueError:  # not JSON: a damaged group file is a miss, as in Triton
                return None
        else:
            return None
        children = data.get("child_paths") if isinstance(data, dict) else None
        if not isinstance(children, dict):
            return None
        result = {}
        fresh = False
        size = 0
        settled = time.time() - _SETTLE_S
        prefix = folder + os.sep
        for name, recorded in children.items():
            if isinstance(recorded, str) and recorded.startswith(prefix) and recorded.find(os.sep, len(prefix)) < 0:
                # Recorded in this folder, as it is mounted here (the usual case): no path to
                # build (joining and splitting each file's path was a fifth of a hit).
                candidates = (recorded,)
            else:
                # This folder's copy first: the writer may have had the cache mounted elsewhere.
                candidates = [os.path.join(folder, os.path.basename(str(recorded)))]
                if isinstance(recorded, str) and recorded != candidates[0]:
                    candidates.append(recorded)
            for path in candidates:
                try:
                    st = os.stat(path)
                except FileNotFoundError:
                    continue
                fresh = fresh or st.st_ctime > settled
                size += st.st_size
                result[name] = path
                break
            else:
                raise OSError(errno.ENOENT, "a file of the group is missing", candidates[0])
        if fresh:
            # Opened and copied here, where a handle another writer's rename made stale is
            # retried, rather than in Triton's loader.
            result = self._private_copies(result)
        self._group_bytes = size
        return result

    def _private_copies(self, paths):
        """Local copies of an entry's files that no other process can replace."""
        local = os.path.join(_local_folder(), "entries", self.key)
        copies = {}
        for name, path in paths.items():
            with open(path, "rb") as f:
                copies[name] = _materialise(local, os.path.basename(path), f.read())
        _local_folder_used()
        return copies

    def get_group(self, filename):
        start = time.perf_counter_ns()
        group = None
        if self._packs is not None:
            group = self._read_packed_group(filename)
        for attempt in (0, 1):
            if group is not None:
                break
            try:
                group = self._read_group(filename)
                break
            except OSError:
                if attempt == 0:
                    time.sleep(_RETRY_PAUSE_S)
        us = (time.perf_counter_ns() - start) // 1000
        if self._kind == "cache":
            if group is None:
                self._lookup_us = us
            else:
                self._log(filename, group, True, [("lookup", us)], self._group_bytes)
        return group

    # -- stores ---------------------------------------------------------------------------

    def _publish(self, folder, filename, data, sync):
        """Writes `data` as folder/filename by the protocol; returns the path. Raises OSError.

        sync: "now" fsyncs before the rename (the group file), "later" hands the descriptor to
        the background syncer (a child: put_group waits for it before it commits), None skips."""
        target = os.path.join(folder, filename)
        # Dumps are a record of the last compile: replaced, as Triton does.
        if self._kind != "dump" and _same_bytes(target, data):
            return target
        temp_dir = os.path.join(folder, "tmp.pid_%d_%s" % (os.getpid(), uuid.uuid4()))
        os.mkdir(temp_dir)
        temp_path = os.path.join(temp_dir, filename)
        fd = None
        try:
            fd = os.open(temp_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            _write_all(fd, data)
            if sync == "now":
                os.fsync(fd)
            if self._kind != "dump" and _same_bytes(target, data):
                return target  # another writer published the same bytes meanwhile: theirs stays
            os.replace(temp_path, target)
            temp_path = None
            if sync == "later":
                # The descriptor still names the file now at `target`: its data reaches the disk
                # while Triton compiles the next stage, and before the group file names it.
                self._pending.append(_syncer.submit(fd))
                fd = None
            return target
        finally:
            if fd is not None:
                os.close(fd)
            try:
                if temp_path is not None:
                    os.unlink(temp_path)
                os.rmdir(temp_dir)
            except OSError:
                # EBUSY/ENOTEMPTY/ESTALE on a network filesystem, or already gone: an orphan temp
                # folder, which klens doctor and klens clean know. Never a failed compile.
                pass

    def _publish_linked(self, filename, data, sync):
        """Publishes a child by a hard link from this entry's temp folder and returns the temp
        name, which no other writer knows: Triton reads the file at the end of the compile, and a
        writer without this manager may replace the shared name meanwhile (on NFS its rename
        would make our handle stale). The link also gives "first writer wins" for free: it fails
        when the name exists. Where the filesystem has no hard links, a private copy on local
        disk plays the temp name's part."""
        if self._temp_dir is None:
            temp_dir = os.path.join(self.cache_dir, "tmp.pid_%d_%s" % (os.getpid(), uuid.uuid4()))
            os.mkdir(temp_dir)
            self._temp_dir = temp_dir
            _hold(temp_dir)
        temp_path = os.path.join(self._temp_dir, filename)
        target = os.path.join(self.cache_dir, filename)
        fd = os.open(temp_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o666)
        try:
            _write_all(fd, data)
            if sync == "later":
                self._pending.append(_syncer.submit(fd))
                fd = None
        finally:
            if fd is not None:
                os.close(fd)
        try:
            os.link(temp_path, target)
        except FileExistsError:
            if not _same_bytes(target, data):
                # Another compile's bytes (an override, TRITON_ALWAYS_COMPILE): replaced, as
                # Triton does, through a second temp name.
                swap = temp_path + ".swap"
                os.link(temp_path, swap)
                os.replace(swap, target)
        except OSError as e:
            if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV, errno.EMLINK):
                raise
            self._links = False  # this filesystem has no hard links
            os.replace(temp_path, target)
            _local_folder_used()
            return _materialise(os.path.join(_local_folder(), "entries", self.key), filename, data)
        return temp_path

    def put(self, data, filename, binary=True):
        start = time.perf_counter_ns()
        if isinstance(data, bytes):
            payload = data
        else:
            payload = str(data).encode("utf-8")
        group_file = filename.startswith(_GROUP_PREFIX)
        if self._packs is not None:
            self._pack_pending[:] = [f for f in self._pack_pending if f[0] != filename]
            self._pack_pending.append((filename, payload, time.time_ns()))
            self._stored_bytes += len(payload)
            path = self._local_copy(filename, payload)
            self._store_us += (time.perf_counter_ns() - start) // 1000
            return path
        sync = None
        if self._kind == "cache" and _fsync_enabled():
            sync = "now" if group_file else "later"
        try:
            if self._kind == "cache" and self._write_dir == self.cache_dir and not group_file and self._links:
                path = self._publish_linked(filename, payload, sync)
            else:
                path = self._publish(self._write_dir, filename, payload, sync)
        except OSError as e:
            if self._write_dir != self.cache_dir:
                raise  # the local fallback failed too: nothing left to fall back on
            self._fall_back(e)
            path = self._publish(self._write_dir, filename, payload, None)
        self._store_us += (time.perf_counter_ns() - start) // 1000
        self._stored_bytes += len(payload)
        return path

    def put_group(self, filename, group):
        start = time.perf_counter_ns()
        if self._packs is not None:
            path = self._put_packed(filename, group)
            self._store_us += (time.perf_counter_ns() - start) // 1000
            self._log(filename, group, False, [("lookup", self._lookup_us or 0), ("store", self._store_us)],
                      self._stored_bytes)
            self._lookup_us = None
            self._store_us = 0
            self._stored_bytes = 0
            return path
        if self._pending:
            # Every child on disk, and their renames, before the commit marker names them.
            for pending in self._pending:
                pending.result()
            self._pending = []
            _fsync_folder(self._write_dir)
        self._store_us += (time.perf_counter_ns() - start) // 1000
        # The files' places in the entry, as Triton's own manager records them, not the private
        # copies put handed Triton.
        recorded = {name: os.path.join(self._write_dir, os.path.basename(path)) for name, path in group.items()}
        path = self.put(json.dumps({"child_paths": recorded}), _GROUP_PREFIX + filename, binary=False)
        if self._kind == "cache":
            stages = [("lookup", self._lookup_us or 0), ("store", self._store_us)]
            self._log(filename, group, False, stages, self._stored_bytes)
            self._lookup_us = None
            self._store_us = 0
            self._stored_bytes = 0
        return path

    # -- events ---------------------------------------------------------------------------

    def _log(self, filename, group, hit, stages, size):
        # All but the time is done on the writer's thread, KERNELLENS_TRITON_EVENTS=0 included:
        # a hit pays about a microsecond here.
        now_ns = time.time_ns()
        pid = _pid

        def make_event():
            if os.environ.get("KERNELLENS_TRITON_EVENTS", "1").strip().lower() in ("0", "false", "no", "off"):
                return None
            hash_, arch = _hash_and_arch(group.get(filename) if filename.endswith(".json") else None)
            return {
                "time_ns": now_ns,
                "origin": ORIGIN,
                "kernel": filename[:-5] if filename.endswith(".json") else filename,
                "key": hash_ or self.key,
                "cache_hit": bool(hit),
                "arch": arch,
                "stages_us": stages,
                "total_us": sum(us for _, us in stages),
                "bytes": size,
                "pid": pid,
                "host": _host(),
            }

        _writer.submit(make_event)


try:
    from triton.runtime.cache import RemoteCacheManager as _TritonRemoteCacheManager
except ImportError:
    _TritonRemoteCacheManager = None

if _TritonRemoteCacheManager is not None:

    class RemoteCacheManager(_TritonRemoteCacheManager):
        """Triton's RemoteCacheManager with CacheManager, not FileCacheManager, as its local tier."""

        def __init__(self, key, override=False, dump=False):
            super().__init__(key, override=override, dump=dump)
            self._file_cache_manager = CacheManager(key, override=override, dump=dump)
