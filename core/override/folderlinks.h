#pragma once

// Which cache entries a dump or override folder belongs to. Triton names those folders by a hash
// of the kernel's source alone (not by the cache key), so nothing on disk names the link: the
// stages themselves do. A dump holds the very bytes the compile stored in its cache entry; an
// override folder holds a user's edit of a stage, which a compile made from it stores unchanged.

#include "core/model/snapshot.h"
#include "core/util/text.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace kl {

/// A cache entry linked to a dump or override folder.
struct LinkedEntry {
    std::size_t entry = 0;                 ///< index into Snapshot::entries (a cache entry)
    std::vector<std::string> sharedStages; ///< extensions whose bytes are equal, in compile order
    /// Every stage both hold is equal: for a dump, the compile that wrote it last; for an
    /// override folder, an entry built from it.
    bool whole = false;
    /// Linked through the dump folder of the same name (the same source), not by content: the
    /// kernel an override folder overrides, before or without a compile from it.
    bool viaTwin = false;
};

/// One dump or override folder and what it is linked to.
struct FolderLinks {
    std::size_t folder = 0; ///< index into Snapshot::entries (kind Dump or Override)
    std::vector<LinkedEntry> entries;
    /// The folder of the other kind with the same name (the same source hash), if scanned.
    std::ptrdiff_t twin = -1;
    /// An override folder's stages that differ from its twin dump's (all of them without a
    /// twin): what the user edited, in compile order.
    std::vector<std::string> editedStages;
    /// A dump whose stages several compiles wrote (targets or configs of one source share the
    /// folder; the last writer's files win): entries share some of its stages but not all.
    bool severalWriters = false;
    Text note; ///< what the user should know: several writers, unreadable stages
};

/// True when `entry` holds one of the stages the user edited in the override folder `links`.
bool sharesEdited(const FolderLinks& links, const LinkedEntry& entry);

struct FolderLinkOptions {
    unsigned threads = 0; ///< 0: from the hardware
    const std::atomic<bool>* cancel = nullptr;
    std::uint64_t maxFileBytes = 256ull << 20; ///< stage files larger than this are not compared
    /// Where stage digests are kept between runs (core/override/digestcache; stageDigestCachePath):
    /// an unchanged file is not read again. Empty: every stage is read. Worth it for a whole
    /// cache (override ls, the doctor); one kernel's links read fewer bytes than the cache holds.
    /// With it, a stage is known by the stamp the scan took (Snapshot::stampedFromNs), not by a
    /// stat of its own: a kept digest answers for the file as the snapshot saw it.
    std::string digestCache;
};

/// Links every dump and override folder of `snap` to its cache entries. Reads only the stage
/// files of folders and of cache entries whose kernel file names match a folder's (never
/// through a symlink); compares their XXH3-128 digests (only of stages whose size a folder's
/// stage has), never pairs of files.
std::vector<FolderLinks> linkUserFolders(const Snapshot& snap, const FolderLinkOptions& options = {});

/// The same for one entry of `snap` (a detail pane): a cache entry's linked dump and override
/// folders, or a dump or override folder's own links. Reads only the files of that kernel.
std::vector<FolderLinks> linkUserFoldersOf(const Snapshot& snap, std::size_t entry,
                                           const FolderLinkOptions& options = {});

/// The cache entries a dump or override folder is linked to (by content, or through its twin
/// dump), each once, in link order: what an edit in that folder is compared with. Empty for an
/// entry that is not such a folder.
std::vector<std::size_t> linkedCacheEntries(const Snapshot& snap, std::size_t folder,
                                            const FolderLinkOptions& options = {});

} // namespace kl
