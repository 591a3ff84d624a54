#pragma once

// Reading one pack: its header, its records (each checked before it is used), the damaged
// regions between them, and a record's bytes. A damaged record is never an entry: the walk
// reports it with its byte offset and cause, then resyncs at the next `KLR1` whose record checks
// out, so one flipped byte costs one record, not the rest of the pack.

#include "core/util/posixfile.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// What a pack's first 16 bytes say.
enum class PackHeaderState {
    Current, ///< `KLPACK\r\n`, version 1: read it
    Empty,   ///< 0 bytes: created, header not written yet (no records)
    Newer,   ///< version > 1: skipped by readers, never appended to
    Foreign, ///< another magic, or a version of 0: not a pack of this format
    Short,   ///< 1 to 15 bytes: a header cut off
};

struct PackHeader {
    PackHeaderState state = PackHeaderState::Foreign;
    std::uint32_t version = 0;
    Text why; ///< for any state but Current and Empty: what is wrong, naming the pack
};

/// One file of a record: where its bytes lie in the pack.
struct PackedFile {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::uint64_t offset = 0; ///< of its first byte in the pack file
};

/// How much of a record was checked.
enum class RecordCheck : std::uint8_t {
    Indexed, ///< an index line and the record's header agree; meta and CRC not read (keys only)
    Full,    ///< magic, bounds, CRC, meta and sizes: a valid record as the format defines it
    Listed,  ///< header and meta read and parsed (files known); the data's CRC not checked
};

struct PackRecord {
    std::uint64_t offset = 0;
    std::uint64_t length = 0; ///< header, meta and data
    std::uint32_t kind = 0;   ///< 1: an entry; other kinds are valid but skipped
    std::uint32_t crc = 0;    ///< as the record's header says (checked for RecordCheck::Full)
    std::string key;
    std::int64_t timeNs = 0;
    std::vector<PackedFile> files; ///< empty for RecordCheck::Indexed
    RecordCheck check = RecordCheck::Full;
    /// Holds a group file whose children are all files of the record (Full checks only).
    bool completeGroup = false;

    std::uint64_t dataOffset() const;
    std::uint64_t dataLength() const;
};

/// A region that holds no valid record: from a record that failed to the next valid one (or the end).
struct PackDamage {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    Text cause; ///< why the record at `offset` is not valid (the pack's path is the caller's)
};

enum class PackRead {
    Full,    ///< every record checked in full; the index is not read
    Indexed, ///< records the index chains from offset 16 checked by header only, the rest in full
};

/// What a walk found in one pack.
struct PackWalk {
    PackHeader header;
    std::uint64_t size = 0;
    std::vector<PackRecord> records;    ///< valid entry records, in offset order
    std::vector<PackRecord> otherKinds; ///< valid records of kinds this reader skips (a newer writer's)
    std::vector<PackDamage> damage;
    std::uint64_t validEnd = 0; ///< just past the last valid record (16 with none): where appends go
    std::size_t indexedRecords = 0;
    Text error; ///< a read failed mid-walk (EIO): what was found before it is kept
};

/// An open pack. Copying is not allowed: closing any descriptor of a file drops this process's
/// fcntl locks on it, so each pack is opened once while a writer or an unpack holds it.
class PackFile {
public:
    /// Opens `name` in the folder `folderFd` (shown as `folderPath`), never through a symlink, and
    /// only when it is a regular file. `writable`: O_RDWR, for taking its lock; `create`: created
    /// (empty) when missing.
    static Result<PackFile> open(int folderFd, const std::string& folderPath, const std::string& name,
                                 bool writable = false, bool create = false);

    const std::string& path() const { return m_path; }
    const std::string& name() const { return m_name; }
    int fd() const { return m_fd.get(); }
    /// The size when opened, or at the last refreshSize().
    std::uint64_t size() const { return m_size; }
    Status refreshSize();

    /// Takes the exclusive fcntl lock on the whole file without waiting: 0, or the errno (EACCES
    /// or EAGAIN: another process holds it).
    int tryLock() const;
    /// The pid holding a lock that conflicts with ours, or 0 when the kernel does not say.
    long lockHolder() const;
    /// Whether its name in `folderFd` still names this file: a pack removed or replaced since it
    /// was opened (klens unpack, another klens) does not, and must be opened again.
    bool stillNamedIn(int folderFd) const;

    PackHeader readHeader() const;
    /// The index, `indexName` in `folderFd`, is read for PackRead::Indexed only.
    PackWalk walk(PackRead mode, int folderFd = -1) const;

    /// One file's bytes as the pack holds them (no CRC check: readData checks), at most `maxBytes`.
    Result<std::string> readFile(const PackedFile& file, std::uint64_t maxBytes) const;
    /// A record's data (its files back to back), its CRC checked again; at most `maxBytes`.
    Result<std::string> readData(const PackRecord& record, std::uint64_t maxBytes) const;
    /// Checks the record at `offset` in full; nothing when it is not valid (`why` says why, and
    /// `ioError` is set when the pack could not be read there).
    std::optional<PackRecord> checkAt(std::uint64_t offset, Text* why = nullptr,
                                      bool* ioError = nullptr) const;
    /// The record at `offset` with its files listed from its meta, the data not read (a scan
    /// lists entries so; whoever reads a file checks the record first, with checkAt). Nothing when
    /// its header or meta is not valid (`why` says why).
    std::optional<PackRecord> listAt(std::uint64_t offset, Text* why = nullptr) const;

private:
    PackFile(UniqueFd fd, std::string path, std::string name, std::uint64_t size);

    UniqueFd m_fd;
    std::string m_path;
    std::string m_name;
    std::uint64_t m_size = 0;
};

} // namespace kl
