#pragma once

// A persistent index of what the scanner read, after git's index: each entry folder it read with
// no problems is recorded with the stamps (inode, size, mtime, ctime) of the folder and its files
// and the facts it computed. A re-scan that finds the same stamps takes the facts and opens,
// lists and parses nothing. One file per cache root (and per program: the GUI and the CLI are two
// executables, each fingerprinted by its own size and mtime).

#include "core/model/entry.h"
#include "core/util/posixfile.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
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
    /// The next index file of one root, in `dir`: written to a temp file as records come (the
    /// first scan of a 100,000-entry root held 31 MB of them until the end) and renamed into place
    /// by commit(); an uncommitted temp file is removed on destruction.
    ScanIndexWriter(std::string dir, ScanIndexKey key);
    ~ScanIndexWriter();
    ScanIndexWriter(const ScanIndexWriter&) = delete;
    ScanIndexWriter& operator=(const ScanIndexWriter&) = delete;

    /// One record (thread-safe: the scan's threads encode what they read); empty when the entry's
    /// stages are not described by its stamps (never expected). It ends with the entry's resources
    /// in a fixed-size field, so they can be filled in after the record was added.
    static std::string encode(const Entry& e, const EntryStamps& s);
    /// Puts `resources` into a record encoded (or reused) without them. False, and `record`
    /// unchanged, when it has them already or is not a record.
    static bool setResources(std::string& record, const KernelResources& resources);

    /// Adds a record `encode` made (thread-safe). Returns a handle for setResources, or -1 when
    /// the record is empty or could not be written (the index is then not committed).
    std::int64_t addFresh(std::string_view record);
    /// The same as the static one, on a record addFresh took (thread-safe).
    bool setResources(std::int64_t handle, const KernelResources& resources);
    /// Adds a record that `source.reuse` returned; `source` must outlive commit(). Not thread-safe.
    void addReused(const ScanIndex& source, RecordRef record);
    void reserve(std::size_t records) { m_kept.reserve(records); }
    std::size_t size() const { return m_kept.size() + m_freshCount; }

    /// Writes the kept records after the fresh ones, the header, and renames the file into place
    /// (no fsync: a torn file fails its checksum). False on any failure, which callers ignore: a
    /// read-only home must not break scanning.
    bool commit();

private:
    void openTempLocked();
    bool flushLocked();

    std::string m_dir;
    ScanIndexKey m_key;
    std::size_t m_headerSize = 0;
    std::mutex m_mutex;     // the fields below: addFresh and setResources come from the scan's threads
    UniqueFd m_dirFd, m_fd; ///< the temp file, made at the first record
    std::string m_temp;
    std::string m_buffer;        ///< payload bytes not yet written, from m_flushed on
    std::uint64_t m_flushed = 0; ///< payload bytes written
    std::size_t m_freshCount = 0;
    bool m_failed = false;
    const ScanIndex* m_source = nullptr;
    std::vector<RecordRef> m_kept;
};

} // namespace kl
