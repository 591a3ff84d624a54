#pragma once

#include "cachescanner.h"
#include "core/model/entry.h"
#include "scanindex.h"

#include <string>

namespace kl {

enum class ItemType { Dir, File, Symlink, Other };

/// What a directory entry's d_type says (Other for DT_UNKNOWN: stat it, then itemTypeOfMode).
ItemType itemTypeOfDirent(unsigned char dtype);
/// What a stat's st_mode says.
ItemType itemTypeOfMode(unsigned mode);

/// What reading one item under a root produced.
struct EntryReadResult {
    Entry entry;
    bool vanished = false;  ///< removed between listing and reading
    bool container = false; ///< a plain folder holding only folders: maybe a nested cache root
    /// Set (with `stamps`) when stamps were asked for and the folder held only files: what the
    /// scan index records.
    bool stamped = false;
    EntryStamps stamps;
};

/// Where an item lies: its parent folder as an open descriptor, as walked, and as resolved.
struct ParentDir {
    int fd = -1;
    std::string path;                ///< absolute, as the user named it (symlinks kept)
    std::string realPath;            ///< with symlinks resolved; a group file may record either
    RootKind kind = RootKind::Cache; ///< in a dump or override root, no folder is a cache entry
};

/// How a read uses the scan index of the item's root.
struct IndexUse {
    const ScanIndex* index = nullptr; ///< facts to reuse when their stamps still hold
    bool wantStamps = false;          ///< take an entry folder's stamps as it is read (one fstat more)
    RecordRef reused;                 ///< out: the record the facts came from
};

/// Classify and read one item (an entry folder or a lone file) directly inside `parent`.
EntryReadResult readEntry(const ParentDir& parent, const std::string& name, ItemType type,
                          const ScanOptions& options, IndexUse* index = nullptr);

class PackFile;
struct PackRecord;

/// Read one record of a pack in `root` (listed: RecordCheck::Listed or Full) as the entry folder
/// it was packed from; its path is `<pack>/<key>`, and Entry::packPath and packOffset say where it lies.
EntryReadResult readPackedEntry(const ParentDir& root, const PackFile& pack, const PackRecord& record,
                                const ScanOptions& options);

} // namespace kl
