#pragma once

#include "core/util/result.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

struct StoreOptions {
    /// fsync every file before its rename and the entry folder after the renames, so that an
    /// entry whose group file survives a power loss also has all its children. Off: Triton's own
    /// behaviour (atomic against crashes of the process, not of the machine), several times faster.
    bool fsync = true;
    /// get() refuses files larger than this (a damaged or foreign file, not a kernel).
    std::uint64_t maxReadBytes = 1ull << 30;
};

/// The files of one entry: file name -> bytes.
using StoreFiles = std::map<std::string, std::string>;

/// One file of an entry written back whole (`klens unpack`): its name, bytes and modification time.
struct RestoredFile {
    std::string name;
    std::string_view bytes;
    std::int64_t mtimeNs = 0;
};

/// Where a put wrote: the entry folder.
struct StoredEntry {
    std::string entryPath;
};
/// The entry folder, or why nothing was stored (the path and the cause).
using PutResult = Result<StoredEntry>;

/// What a lookup found. A miss is an answer, not an error: `missReason` says why.
struct Lookup {
    bool hit = false;
    StoreFiles files;      ///< on a hit: every child the group file lists
    std::string entryPath; ///< the entry folder
    Text missReason;       ///< on a miss
    /// On a hit whose group file records another location (a moved or copied cache): the folder
    /// it records. Triton itself would miss on such an entry and recompile.
    std::string recordedElsewhere;
};
/// A hit or a miss, or why the store could not tell (a bad key, a folder it cannot read).
using GetResult = Result<Lookup>;

/// Reads and writes kernel entries in a Triton 3.x cache root, in Triton's own layout:
/// `<root>/<base32 of the sha256 key>/<name>.<ext>`, the metadata `<name>.json` and the group file
/// `__grp__<name>.json` (the commit marker, written last). This is the only code in KernelLens that
/// writes cache entries.
///
/// Every file is written in a private `tmp.pid_<pid>_<uuid4>/` folder inside the entry and renamed
/// into place, so a reader (Triton, `get`, the scanner) sees each file whole or not at all, and an
/// entry is a hit only once its group file names children that all exist. A crash leaves a temp
/// folder or an entry without a group file, both of which the scanner reports. Concurrent writers
/// of one key (threads or processes) never tear a file; as in Triton, each file then comes whole
/// from one of them, which is harmless because a key names one compile's output.
///
/// Methods are const and keep no state between calls: safe to call from several threads.
class CacheStore {
public:
    explicit CacheStore(std::string_view root, StoreOptions options = {});

    /// The root as recorded in group files: absolute and lexically clean.
    const std::string& root() const { return m_root; }
    const StoreOptions& options() const { return m_options; }

    /// The entry folder for a sha256 hex key; empty when the key is not 64 hex digits.
    std::string entryPath(std::string_view keyHex) const;

    /// Write one entry. `files` maps file names, each `<stem>.<ext>` with `stem` =
    /// layout::fileStem(kernelName), to their bytes, and must hold the metadata `<stem>.json`. Files are
    /// written in Triton's order (source, ttir, ttgir, llir, ptx, cubin, amdgcn, hsaco, other stages, then
    /// the metadata); the group file maps each to its absolute path. Existing files of the entry are
    /// replaced.
    PutResult put(std::string_view keyHex, std::string_view kernelName, const StoreFiles& files) const;

    /// Read one entry: a hit only when its group file exists, names the metadata json and every
    /// child it lists exists; children are read by name inside the entry folder, never through the
    /// recorded path. `kernelName` picks the group file; when empty, the entry's only group file.
    GetResult get(std::string_view keyHex, std::string_view kernelName = {}) const;

    /// Write one file with no group file, as Triton's `cache.put` does for `<fn>.autotune.json`:
    /// written in a temp folder and renamed over `<entry>/<fileName>`, so a reader sees the old
    /// file or the new one, whole. `fileName` must be a plain name (no '/', not a group file).
    PutResult putFile(std::string_view keyHex, std::string_view fileName, std::string_view bytes) const;
    /// Read one such file: a hit when `<entry>/<fileName>` is a plain file (never followed through
    /// a symlink), with `files` holding just it.
    GetResult getFile(std::string_view keyHex, std::string_view fileName) const;

    /// Write the entry folder `folderName` (any key era: a pack keeps the folder name Triton gave)
    /// from files kept elsewhere, the way put() writes: each file in a private temp folder, its
    /// modification time set, renamed in; group files last, after the others are durable. The
    /// folder must not exist yet, so an entry is never mixed with another copy of it; when a
    /// write fails, what this call made is removed again.
    PutResult restore(std::string_view folderName, const std::vector<RestoredFile>& files) const;

private:
    std::string m_root;
    StoreOptions m_options;
};

} // namespace kl
