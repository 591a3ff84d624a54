#pragma once

// A persistent index of what the scanner read, after git's index: each entry folder it read with
// no problems is recorded with the stamps (inode, size, mtime, ctime) of the folder and its files
// and the facts it computed. A re-scan that finds the same stamps takes the facts and opens,
// lists and parses nothing. One file per cache root (and per program: the GUI and the CLI are two
// executables, each fingerprinted by its own size and mtime).

#include "model/entry.h"
#include "util/posixfile.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kl {

struct FolderStamp {
    std::uint64_t ino = 0;
    std::uint64_t dev = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t ctimeNs = 0;
};

struct FileStamp {
    std::string name;
    std::uint64_t ino = 0;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t ctimeNs = 0;
    bool symlink = false;
};

/// What the reader saw of one entry folder, taken before (folder) and as (files) it read it.
struct EntryStamps {
    FolderStamp folder;
    std::vector<FileStamp> files;
};

/// What makes an index file valid for a scan besides its own checks.
struct ScanIndexKey {
    std::string rootPath;     ///< as walked: entries' paths (and moved-cache checks) use it
    std::string rootRealPath; ///< names the file
    std::uint64_t maxJsonBytes = 0;
};

/// Where one record lies in a loaded index file (its bytes after the length); empty: none.
struct RecordRef {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    bool empty() const { return length == 0; }
};

/// The loaded index of one root: a table from folder names (by hash) to where their records lie
/// in the file, which stays open; a record is read when it is looked up. Keeping the 28 MB file
/// of a 100,000-entry root in memory put a re-scan over its 200 MB target. Read-only once loaded:
/// the scan's threads share it.
class ScanIndex {
public:
    /// The file in `dir` for this root and program. Empty when `dir` is.
    static std::string filePath(const std::string& dir, const std::string& rootRealPath);

    /// Loads the index file; anything wrong with it (missing, truncated, another schema, program or
    /// root, a bad checksum) gives an empty index.
    static ScanIndex load(const std::string& dir, const ScanIndexKey& key);

    std::size_t size() const { return m_slots.size(); }

    /// When `folderName` is recorded and the stamps of the folder (under `parentFd`) and of every
    /// file still match: sets `out`'s facts (not its path, folder name, root or era) and `raw` to
    /// where the record lies, for the next index. False on any difference or error.
    bool reuse(int parentFd, const std::string& folderName, Entry& out, RecordRef& raw) const;

    /// The bytes of a record `reuse` returned; false when the file cannot be read (then the
    /// record is left out of the next index).
    bool read(RecordRef ref, std::string& out) const;

private:
    struct Slot {
        std::uint64_t nameHash = 0;
        RecordRef ref;
    };
    UniqueFd m_fd;
    std::vector<Slot> m_slots; ///< by nameHash; names that share a hash sit next to each other
};

/// True when an entry (read with stamps) may be recorded: no problems, only files, a kind whose
/// facts the record holds, and no stamp at or after `racyFromNs` (a change in the same clock tick
/// could have kept its stamp: git's "racily clean").
bool indexable(const Entry& e, const EntryStamps& s, std::int64_t racyFromNs);

/// Builds the next index file of one root from reused and freshly read records.
class ScanIndexWriter {
public:
    /// One record (thread-safe: the scan's threads encode what they read); empty when the entry's
    /// stages are not described by its stamps (never expected).
    static std::string encode(const Entry& e, const EntryStamps& s);
    /// Puts `resources` into a record encoded (or reused) without them (KernelResources::NotRead,
    /// the record's last byte). False, and `record` unchanged, when it has them already.
    static bool setResources(std::string& record, const KernelResources& resources);
    /// Adds a record that `source.reuse` returned; `source` must outlive commit().
    void addReused(const ScanIndex& source, RecordRef record)
    {
        m_source = &source;
        m_records.push_back({{}, record});
    }
    /// Adds a record `encode` made.
    void addFresh(std::string record);
    void reserve(std::size_t records) { m_records.reserve(records); }
    std::size_t size() const { return m_records.size(); }

    /// Writes the file atomically (temp file, rename; no fsync: a torn file fails its checksum). False on any
    /// failure, which callers ignore: a read-only home must not break scanning.
    bool commit(const std::string& dir, const ScanIndexKey& key) const;

private:
    // Kept records are read back from the old file at commit, not copied: a re-scan keeps most of
    // them, and holding their bytes cost 28 MB for 100,000 entries.
    struct Piece {
        std::string_view fresh; ///< into m_fresh, or empty for a kept record
        RecordRef kept;
    };
    std::vector<Piece> m_records;
    std::deque<std::string> m_fresh; ///< what the fresh views point into (a deque never moves them)
    const ScanIndex* m_source = nullptr;
};

} // namespace kl
