"""Packed caches: a few append-only pack files per cache root instead of a folder per entry.

The format, and what readers and writers promise each other, is docs/pack-format.md; `klens`
reads and writes the same files. In short: `<root>/.kernellens-pack/<host>-<n>.klpack` holds
records (header, JSON meta, the entry's files back to back, a CRC over meta and files), each pack
has one writer at a time (an fcntl lock), and `<stem>.klidx` lists the records so that a reader
need not walk the pack. Readers trust only records whose CRC matches, so a writer killed
mid-append, or another host's half-visible append, is never an entry.
"""

import errno
import fcntl
import json
import os
import re
import socket
import struct
import threading
import time
import zlib

FOLDER = ".kernellens-pack"
MAGIC = b"KLPACK\r\n"
VERSION = 1
_PACK_HEADER = struct.Struct("<8sII")
RECORD_MAGIC = b"KLR1"
# magic, meta_len, data_len, crc32(meta + data), kind
_RECORD_HEADER = struct.Struct("<4sIQII")
KIND_ENTRY = 1
INDEX_HEADER = b"KLIDX 1\n"
GROUP_PREFIX = "__grp__"
_MAX_META = 16 << 20
_SCAN_CHUNK = 1 << 20


class PackError(Exception):
    """A pack that cannot be used: names the path and the cause."""


class Record:
    """One valid-looking record: where it is and what files it holds. The CRC is checked when its
    bytes are read (read_files), not when it is listed, so that listing reads headers only."""

    __slots__ = ("pack", "offset", "length", "key", "files", "crc", "data_offset", "data_len", "time_ns")

    def __init__(self, pack, offset, length, key, files, crc, data_offset, data_len, time_ns):
        self.pack, self.offset, self.length, self.key = pack, offset, length, key
        self.files, self.crc, self.data_offset, self.data_len = files, crc, data_offset, data_len
        self.time_ns = time_ns

    def names(self):
        return [f[0] for f in self.files]

    def complete_group(self, filename):
        """Whether the record holds group `filename`'s group file and every file it lists."""
        return (GROUP_PREFIX + filename) in self.names()


def host_name():
    return re.sub(r"[^A-Za-z0-9._-]", "_", socket.gethostname()) or "host"


def encode_record(key, files, time_ns=None):
    """files: [(name, bytes, mtime_ns)] -> the record's bytes."""
    meta = json.dumps({
        "key": key,
        "time_ns": int(time.time_ns() if time_ns is None else time_ns),
        "files": [{"name": n, "size": len(d), "mtime_ns": int(m)} for n, d, m in files],
    }, separators=(",", ":")).encode("utf-8")
    data = b"".join(d for _, d, _ in files)
    crc = zlib.crc32(data, zlib.crc32(meta)) & 0xFFFFFFFF
    return _RECORD_HEADER.pack(RECORD_MAGIC, len(meta), len(data), crc, KIND_ENTRY) + meta + data


def _pread_all(fd, size, offset):
    chunks = []
    while size > 0:
        chunk = os.pread(fd, size, offset)
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def _parse_meta(raw, data_len):
    """(key, files, time_ns) from a record's meta, or None when it is not what the format says."""
    try:
        meta = json.loads(raw)
        key, files = meta["key"], meta["files"]
        parsed = [(str(f["name"]), int(f["size"]), int(f.get("mtime_ns", 0))) for f in files]
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
    if not isinstance(key, str) or not key or sum(s for _, s, _ in parsed) != data_len:
        return None
    if any(s < 0 or not n or "/" in n for n, s, _ in parsed):
        return None
    return key, parsed, int(meta.get("time_ns", 0))


def read_record_at(fd, pack, offset, size):
    """The record at `offset` if its header and meta are sound and it ends within `size`, else None."""
    if offset + _RECORD_HEADER.size > size:
        return None
    head = _pread_all(fd, _RECORD_HEADER.size, offset)
    if len(head) < _RECORD_HEADER.size:
        return None
    magic, meta_len, data_len, crc, kind = _RECORD_HEADER.unpack(head)
    length = _RECORD_HEADER.size + meta_len + data_len
    if magic != RECORD_MAGIC or meta_len > _MAX_META or offset + length > size:
        return None
    raw = _pread_all(fd, meta_len, offset + _RECORD_HEADER.size)
    parsed = _parse_meta(raw, data_len) if kind == KIND_ENTRY else None
    if parsed is None:
        return None
    key, files, time_ns = parsed
    return Record(pack, offset, length, key, files, crc, offset + _RECORD_HEADER.size + meta_len, data_len,
                  time_ns)


def record_crc_ok(fd, record):
    """Whether the record's bytes match its CRC; returns (ok, data)."""
    meta_len = record.data_offset - record.offset - _RECORD_HEADER.size
    body = _pread_all(fd, meta_len + record.data_len, record.offset + _RECORD_HEADER.size)
    if len(body) != meta_len + record.data_len:
        return False, b""
    return (zlib.crc32(body) & 0xFFFFFFFF) == record.crc, body[meta_len:]


def check_pack_header(fd, path):
    """Raises PackError unless the pack starts with this format's header."""
    head = _pread_all(fd, _PACK_HEADER.size, 0)
    if len(head) < _PACK_HEADER.size:
        raise PackError("%s: too short for a pack header (%d bytes)" % (path, len(head)))
    magic, version, _flags = _PACK_HEADER.unpack(head)
    if magic != MAGIC:
        raise PackError("%s: not a KernelLens pack (bad magic)" % path)
    if version > VERSION:
        raise PackError("%s: pack format %d is newer than this KernelLens reads (%d)" % (path, version, VERSION))


def _next_magic(fd, offset, size):
    """The offset of the next record magic at or after `offset`, or `size`."""
    while offset < size:
        chunk = _pread_all(fd, min(_SCAN_CHUNK, size - offset), offset)
        if not chunk:
            return size
        at = chunk.find(RECORD_MAGIC)
        if at >= 0:
            return offset + at
        offset += max(1, len(chunk) - len(RECORD_MAGIC) + 1)
    return size


def _whole_record_at(fd, pack, offset, size):
    """The record at `offset` when its CRC matches too, else None."""
    record = read_record_at(fd, pack, offset, size)
    return record if record is not None and record_crc_ok(fd, record)[0] else None


def _next_whole_record(fd, pack, offset, size):
    """The first record with a matching CRC at or after `offset`, or None."""
    while True:
        offset = _next_magic(fd, offset, size)
        if offset >= size:
            return None
        record = _whole_record_at(fd, pack, offset, size)
        if record is not None:
            return record
        offset += 1


class _PackReader:
    """What one process knows of one pack: its records up to `end`, read incrementally."""

    def __init__(self, path):
        self.path = path
        self.index_path = path[:-len(".klpack")] + ".klidx"
        self.end = _PACK_HEADER.size
        self.index_pos = len(INDEX_HEADER)
        self.usable = True
        self.fd = None
        self.inode = None

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def refresh(self, on_record, on_rewritten=None):
        """Reads records appended since the last refresh; calls on_record(record) for each.
        Reopens the pack: on NFS only an open revalidates what other hosts appended. A pack
        `klens` rewrote (another file at the path) is read again from its start, after
        on_rewritten() drops what was listed from the old one."""
        if not self.usable:
            return
        self.close()
        try:
            self.fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
            st = os.fstat(self.fd)
            size = st.st_size
            if self.inode is not None and st.st_ino != self.inode:
                self.end, self.index_pos = _PACK_HEADER.size, len(INDEX_HEADER)
                if on_rewritten:
                    on_rewritten()
            self.inode = st.st_ino
            if self.end == _PACK_HEADER.size:
                check_pack_header(self.fd, self.path)
        except PackError:
            self.usable = False
            self.close()
            raise
        except OSError:
            self.close()
            return
        # Indexed records are listed from their index line alone (100,000 entries: a tenth of a
        # second, not seconds of header reads); their header and meta are read when looked up.
        for offset, length, key in self._index_lines(size):
            if offset != self.end:
                continue  # a stale or torn line: the walk below finds what it meant
            on_record(Record(self, offset, length, key, None, 0, 0, 0, 0))
            self.end = offset + length
        while self.end < size:
            record = read_record_at(self.fd, self, self.end, size)
            if record is None:
                # The tail another writer is still appending, or damage: look past it for the next
                # record, but never treat a tail that may still grow as lost.
                nxt = _next_magic(self.fd, self.end + 1, size)
                if nxt >= size:
                    break
                candidate = read_record_at(self.fd, self, nxt, size)
                if candidate is None:
                    break
                self.end = nxt
                continue
            on_record(record)
            self.end = record.offset + record.length

    def _index_lines(self, size):
        try:
            with open(self.index_path, "rb") as f:
                f.seek(self.index_pos)
                data = f.read()
        except OSError:
            return []
        lines = []
        done = data.rfind(b"\n") + 1
        for line in data[:done].splitlines():
            parts = line.split(b" ", 2)
            try:
                offset, length, key = int(parts[0]), int(parts[1]), parts[2].decode()
            except (ValueError, IndexError, UnicodeDecodeError):
                continue
            if 0 < offset and offset + length <= size and key:
                lines.append((offset, length, key))
        self.index_pos += done
        return lines


class _PackWriter:
    """Appends to this host's packs. The lock of a pack is held for one append only, so that
    processes of one host share packs (their number follows the appends at the same instant, not
    the processes) and `klens pack/unpack/clean` can take a pack to rewrite it between appends."""

    def __init__(self, folder, fsync):
        self.folder = folder
        self.fsync = fsync
        self.host = host_name()
        self.pid = os.getpid()
        self._open = {}  # path -> (fd, inode)
        self._known_end = {}  # path -> end of the records this process has checked
        self._unusable = set()  # packs of a newer format or a bad header: never appended to
        self._readers = {}  # path -> _PackReader, for the index lines others appended
        self._indexed_end = {}  # path -> end of the records the index lists contiguously
        os.makedirs(folder, exist_ok=True)

    def append(self, data, key):
        """Appends one record's bytes; returns the pack's path. A failure (ENOSPC, EIO) leaves the
        pack as it was and raises OSError."""
        n = 0
        while True:
            path = os.path.join(self.folder, "%s-%d.klpack" % (self.host, n))
            n += 1
            if path in self._unusable:
                continue
            fd = self._locked(path)
            if fd is None:
                continue  # another process is appending there right now
            try:
                end = self._settle(fd, path)
                if end is None:
                    self._unusable.add(path)
                    continue
                self._write(fd, path, end, data, key)
                return path
            finally:
                try:
                    fcntl.lockf(fd, fcntl.LOCK_UN)
                except OSError:
                    pass

    def _locked(self, path):
        """The pack's descriptor with its lock taken, or None when another process holds it. A
        pack rewritten since it was opened (another inode at the path) is opened again."""
        for _ in range(3):
            fd, inode = self._open.get(path, (None, None))
            if fd is None:
                try:
                    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
                except FileNotFoundError:  # `klens unpack` removed the emptied pack folder
                    os.makedirs(self.folder, exist_ok=True)
                    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
                inode = os.fstat(fd).st_ino
                self._open[path] = (fd, inode)
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno in (errno.EACCES, errno.EAGAIN):
                    return None
                raise
            try:
                current = os.stat(path).st_ino
            except FileNotFoundError:
                current = None
            if current == inode:
                return fd
            os.close(fd)  # rewritten or removed under us: start again on what is there now
            del self._open[path]
            for known in (self._known_end, self._indexed_end, self._readers):
                known.pop(path, None)
        raise OSError(errno.EAGAIN, "the pack keeps being replaced", path)

    def _settle(self, fd, path):
        """With the lock held: the offset to append at, after checking what others appended since
        this process last looked (a torn tail is cut off; damage with whole records after it is
        left for klens doctor). None for a pack this writer must not append to."""
        size = os.fstat(fd).st_size
        if size == 0:
            os.pwrite(fd, _PACK_HEADER.pack(MAGIC, VERSION, 0), 0)
            self._reset_index(path)
            self._readers[path] = _PackReader(path)
            self._known_end[path] = self._indexed_end[path] = _PACK_HEADER.size
            return _PACK_HEADER.size
        reader = self._readers.get(path)
        if reader is None:
            try:
                check_pack_header(fd, path)
            except PackError:
                return None
            reader = self._readers[path] = _PackReader(path)
            self._indexed_end[path] = _PACK_HEADER.size
        reader.fd = fd
        # Records with an index line were appended whole before the line was written: trusted.
        indexed_end = self._indexed_end[path]
        for offset, length, _key in reader._index_lines(size):
            if offset == indexed_end:
                indexed_end = offset + length
        end = max(self._known_end.get(path, _PACK_HEADER.size), indexed_end)
        unindexed = []
        while end < size:
            record = _whole_record_at(fd, reader, end, size)
            if record is None:
                record = _next_whole_record(fd, reader, end + 1, size)
                if record is None:
                    break  # a writer killed mid-append: its torn record is cut off below
            unindexed.append(record)
            end = record.offset + record.length
        if end < size:
            os.ftruncate(fd, end)
        self._index_append(path, b"".join(b"%d %d %s\n" % (r.offset, r.length, r.key.encode()) for r in unindexed))
        self._known_end[path] = self._indexed_end[path] = end
        return end

    def _index_path(self, path):
        return path[:-len(".klpack")] + ".klidx"

    def _reset_index(self, path):
        with open(self._index_path(path), "wb") as f:
            f.write(INDEX_HEADER)

    def _index_append(self, path, lines):
        """Appends index lines, first cutting a torn last line (no newline)."""
        index = self._index_path(path)
        try:
            fd = os.open(index, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        except OSError:
            return
        try:
            size = os.fstat(fd).st_size
            if size < len(INDEX_HEADER) or _pread_all(fd, len(INDEX_HEADER), 0) != INDEX_HEADER:
                os.ftruncate(fd, 0)
                os.pwrite(fd, INDEX_HEADER, 0)
                size = len(INDEX_HEADER)
            elif _pread_all(fd, 1, size - 1) != b"\n":
                tail = _pread_all(fd, min(size, 4096), max(0, size - 4096))
                size -= len(tail) - (tail.rfind(b"\n") + 1)
                os.ftruncate(fd, max(size, len(INDEX_HEADER)))
            if lines:
                os.pwrite(fd, lines, size)
        except OSError:
            pass  # the index is advisory: readers walk past its end
        finally:
            os.close(fd)

    def _write(self, fd, path, offset, data, key):
        try:
            view, at = memoryview(data), offset
            while view:
                written = os.pwrite(fd, view, at)
                view, at = view[written:], at + written
            if self.fsync:
                os.fsync(fd)
        except OSError as e:
            try:
                os.ftruncate(fd, offset)
            except OSError:
                pass
            if not e.filename:
                e.filename = path
            raise
        self._known_end[path] = self._indexed_end[path] = offset + len(data)
        self._index_append(path, b"%d %d %s\n" % (offset, len(data), key.encode()))

    def close(self):
        for fd, _ in self._open.values():
            try:
                os.close(fd)
            except OSError:
                pass
        self._open.clear()


class PackStore:
    """One cache root's packs as this process sees them: key -> records, and this process's writer."""

    def __init__(self, root, fsync=True):
        self.root = root
        self.folder = os.path.join(root, FOLDER)
        self.fsync = fsync
        self._readers = {}
        self._records = {}
        self._writer = None
        self._lock = threading.RLock()
        self._fd_of = {}
        self.problems = []  # PackError texts of packs this process skipped

    def _add(self, record):
        self._records.setdefault(record.key, []).append(record)

    def refresh(self):
        with self._lock:
            try:
                names = sorted(n for n in os.listdir(self.folder) if n.endswith(".klpack"))
            except OSError:
                return
            for name in names:
                reader = self._readers.get(name)
                if reader is None:
                    reader = self._readers[name] = _PackReader(os.path.join(self.folder, name))
                try:
                    reader.refresh(self._add, lambda r=reader: self._forget(r))
                except PackError as e:
                    self.problems.append(str(e))

    def _forget(self, reader):
        for key in list(self._records):
            kept = [r for r in self._records[key] if r.pack is not reader]
            if kept:
                self._records[key] = kept
            else:
                del self._records[key]

    def keys(self):
        """Every key seen so far (refresh() first for what others appended)."""
        with self._lock:
            return list(self._records)

    def _load(self, record):
        """Reads the header and meta of a record listed from its index line; None when they do not
        match the line (an index that lies: the record is not used)."""
        fd = self._fd(record.pack)
        if fd is None:
            return None
        try:
            size = os.fstat(fd).st_size
        except OSError:
            return None
        full = read_record_at(fd, record.pack, record.offset, size)
        if full is None or full.length != record.length or full.key != record.key:
            return None
        return full

    def _fd(self, reader):
        if reader.fd is None:
            try:
                reader.fd = os.open(reader.path, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return None
        return reader.fd

    def records(self, key, refresh_on_miss=True):
        """The records of `key`, in pack-name then offset order (the first complete one wins)."""
        with self._lock:
            found = self._records.get(key)
            if not found and refresh_on_miss:
                self.refresh()
                found = self._records.get(key)
            if not found:
                return []
            if any(r.files is None for r in found):
                found = [r if r.files is not None else self._load(r) for r in found]
                found = self._records[key] = [r for r in found if r is not None]
            return sorted(found, key=lambda r: (r.pack.path, r.offset))

    def read_files(self, record):
        """{name: bytes} of a record, or None when its CRC does not match (damage)."""
        with self._lock:
            fd = self._fd(record.pack)
            if fd is None:
                return None
            ok, data = record_crc_ok(fd, record)
        if not ok:
            return None
        out, at = {}, 0
        for name, size, _ in record.files:
            out[name] = data[at:at + size]
            at += size
        return out

    def append(self, key, files):
        """Appends an entry (files: [(name, bytes, mtime_ns)]); raises OSError naming the pack."""
        data = encode_record(key, files)
        with self._lock:
            if self._writer is not None and self._writer.pid != os.getpid():
                self._writer = None  # a forked child: the lock stayed with the parent
            if self._writer is None:
                self._writer = _PackWriter(self.folder, self.fsync)
            self._writer.append(data, key)

    def close(self):
        with self._lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
            for reader in self._readers.values():
                reader.close()
