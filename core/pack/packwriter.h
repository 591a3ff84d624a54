#pragma once

// Appending to one pack (docs/pack-format.md, "Writers"): one writer at a time, by an exclusive
// fcntl lock on the whole file; a new pack gets its header and an index starting `KLIDX 1`; on
// taking a pack the torn tail a killed writer left is cut off; each record is one write at the
// end, then fsync, then its index line. A failed append (ENOSPC, EIO) cuts the pack back, so the
// pack never holds half a record of ours.

#include "packfile.h"
#include "packformat.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

struct PackWriterOptions {
    /// fsync each record before its index line (KERNELLENS_TRITON_FSYNC=0 is the Python side's off).
    bool fsync = true;
};

/// One file of an entry to append: its name, bytes and modification time.
struct FileToPack {
    std::string name;
    std::string_view bytes;
    std::int64_t mtimeNs = 0;
};

/// A pack this process holds the lock of. The lock lives as long as the writer; the process must
/// not open and close the same pack elsewhere meanwhile (closing any descriptor of a file drops
/// the process's fcntl locks on it).
class PackWriter {
public:
    enum class State {
        Taken,   ///< `writer` holds the pack
        Busy,    ///< another process holds its lock
        NotOurs, ///< a newer format or not a pack: never appended to
        Failed,  ///< an I/O error; `why` names the path and the cause
    };
    struct Take {
        State state = State::Failed;
        std::unique_ptr<PackWriter> writer;
        Text why;
    };

    /// Takes `<folderPath>/<name>`, creating the folder (not its parents) and the pack when missing.
    static Take take(const std::string& folderPath, const std::string& name, PackWriterOptions options = {});

    ~PackWriter();
    PackWriter(const PackWriter&) = delete;
    PackWriter& operator=(const PackWriter&) = delete;

    const std::string& path() const { return m_file.path(); }
    const std::string& name() const { return m_file.name(); }
    /// Where the next record goes: the end of the valid records, which is the file's size.
    std::uint64_t size() const { return m_end; }
    /// What the pack held when taken (records the index lists checked by header, the rest in full).
    const PackWalk& found() const { return m_found; }
    /// Bytes of a torn tail cut off when the pack was taken.
    std::uint64_t truncated() const { return m_truncated; }
    /// The open pack, for reading its records while the lock is held.
    const PackFile& file() const { return m_file; }

    /// Appends one entry record and returns its offset. Nothing is written when the key or a
    /// file name is not one a reader accepts.
    Result<std::uint64_t> append(std::string_view key, std::int64_t timeNs,
                                 const std::vector<FileToPack>& files);

    /// fsync the pack, its index and the folder (a new pack's name), so that what was appended
    /// survives a power loss before anything that depends on it (klens pack removing folders).
    Status sync();

private:
    PackWriter(PackFile file, UniqueFd folderFd, std::string folderPath, PackWriterOptions options);
    Status open();
    void writeIndexLine(std::uint64_t offset, std::uint64_t length, std::string_view key);

    PackFile m_file;
    UniqueFd m_folderFd;
    std::string m_folderPath;
    PackWriterOptions m_options;
    UniqueFd m_indexFd;
    std::uint64_t m_indexSize = 0;
    std::uint64_t m_end = 0;
    std::uint64_t m_truncated = 0;
    PackWalk m_found;
};

} // namespace kl
