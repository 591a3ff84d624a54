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

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def refresh(self, on_record):
        """Reads records appended since the last refresh; calls on_record(record) for each.
        Reopens the pack: on NFS only an open revalidates what other hosts appended."""
        if not self.usable:
            return
        self.close()
        try:
            self.fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
            size = os.fstat(self.fd).st_size
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
    """This process's pack: one it holds the lock of, named after this host."""

    def __init__(self, folder, fsync):
        self.folder = folder
        self.fsync = fsync
        self.fd = self.index_fd = None
        self.end = 0
        self.path = None
        self.pid = os.getpid()
        host = host_name()
        os.makedirs(folder, exist_ok=True)
        n = 0
        while self.fd is None:
            path = os.path.join(folder, "%s-%d.klpack" % (host, n))
            n += 1
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                os.close(fd)
                if e.errno in (errno.EACCES, errno.EAGAIN):
                    continue  # another process's pack
                raise
            try:
                self._take(fd, path)
            except PackError:
                os.close(fd)  # a pack of a newer format, or damaged at the start: never appended to
                continue
            except BaseException:
                os.close(fd)
                raise
            self.fd, self.path = fd, path

    def _take(self, fd, path):
        size = os.fstat(fd).st_size
        if size == 0:
            os.pwrite(fd, _PACK_HEADER.pack(MAGIC, VERSION, 0), 0)
            size = _PACK_HEADER.size
        else:
            check_pack_header(fd, path)
        reader = _PackReader(path)
        reader.fd = fd
        indexed = []
        for offset, length, _key in reader._index_lines(size):
            if offset != reader.end:
                break
            record = read_record_at(fd, reader, offset, size)
            if record is None or record.length != length:
                break
            indexed.append(record)
            reader.end = offset + length
        # Past the index: what a writer killed before its index line left, checked in full. A
        # record that fails with no whole record after it is a torn append, cut off; one with whole
        # records after it is damage, left for klens doctor to name and klens unpack to step over.
        unindexed = []
        while reader.end < size:
            record = _whole_record_at(fd, reader, reader.end, size)
            if record is None:
                following = _next_whole_record(fd, reader, reader.end + 1, size)
                if following is None:
                    break
                record = following
            unindexed.append(record)
            reader.end = record.offset + record.length
        if reader.end < size:
            os.ftruncate(fd, reader.end)
        self.end = reader.end
        index_path = reader.index_path
        lines = b"".join(b"%d %d %s\n" % (r.offset, r.length, r.key.encode()) for r in indexed + unindexed)
        temp = index_path + ".tmp.%d" % os.getpid()
        with open(temp, "wb") as f:
            f.write(INDEX_HEADER + lines)
        os.replace(temp, index_path)
        self.index_fd = os.open(index_path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)

    def append(self, data, key):
        """Appends one record's bytes; a failure (ENOSPC, EIO) leaves the pack as it was."""
        offset = self.end
        try:
            view, at = memoryview(data), offset
            while view:
                written = os.pwrite(self.fd, view, at)
                view, at = view[written:], at + written
            if self.fsync:
                os.fsync(self.fd)
        except OSError:
            try:
                os.ftruncate(self.fd, offset)
            except OSError:
                pass
            raise
        self.end = offset + len(data)
        try:
            os.write(self.index_fd, b"%d %d %s\n" % (offset, len(data), key.encode()))
        except OSError:
            pass  # the index is advisory: readers walk past its end
        return offset

    def close(self):
        for fd in (self.fd, self.index_fd):
            if fd is not None:
                try:
                    os.close(fd)  # also drops the lock
                except OSError:
                    pass
        self.fd = self.index_fd = None


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
                    reader.refresh(self._add)
                except PackError as e:
                    self.problems.append(str(e))

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
            try:
                self._writer.append(data, key)
            except OSError as e:
                if not e.filename:
                    e.filename = self._writer.path
                raise

    def close(self):
        with self._lock:
            if self._writer is not None:
                self._writer.close()
                self._writer = None
            for reader in self._readers.values():
                reader.close()
