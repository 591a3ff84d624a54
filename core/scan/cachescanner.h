#pragma once

// The scanner: roots in, an immutable Snapshot out. Entries are read on a few threads; folders of
// folders are searched for nested caches level by level. Every root has a kind (cache, dump,
// override): one the environment names as Triton's dump or override folder (knownFolders, matched
// by device and inode) or laid out as Triton's default one takes that kind, and a root nested in
// one inherits it. In a dump or override root every folder without a group file is a dump or
// override entry; in a cache root, a folder formats/dumplayout judges so becomes one too, with the
// problem `dump-folder-in-cache`: a user's hand-edited stages must never look like a broken entry.

#include "core/model/snapshot.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kl {

/// What the scan index did in one scan (ScanOptions::indexStats).
struct ScanIndexStats {
    std::size_t loaded = 0;           ///< records in the index files read at the start
    std::size_t entriesFromIndex = 0; ///< entries whose facts came from the index
    std::size_t recorded = 0;         ///< records in the index files written at the end
    std::size_t filesWritten = 0;     ///< index files written (one per root that changed)
};

struct ScanOptions {
    /// Worker threads; 0 picks a default from the hardware (I/O bound work likes a few extra).
    unsigned threads = 0;
    /// How deep to look for caches nested in non-cache folders (vLLM rank folders, Inductor).
    int maxNestDepth = 6;
    /// Metadata, group and autotune files larger than this are reported, not read.
    std::uint64_t maxJsonBytes = 64ull << 20;
    /// Called with (entries done, entries known so far), from worker threads.
    std::function<void(std::size_t, std::size_t)> progress;
    /// Set to true from any thread to stop early; the snapshot then has `cancelled` set.
    const std::atomic<bool>* cancel = nullptr;
    /// Called from worker threads with each entry as soon as it is read (not folders searched for
    /// nested caches, not vanished ones), before the snapshot is sorted: a viewer can show rows
    /// while the scan runs. The final snapshot holds exactly the entries passed here. `readId`
    /// names the entry in this scan (distinct per call, below the count of entries listed).
    std::function<void(const Entry&, std::size_t readId)> entryRead;
    /// Read each kernel entry's cubin for its registers, local memory and occupancy
    /// (Entry::resources), after the rows of its level went to entryRead; the scan index keeps
    /// them. Off by default: only the views that show them pay for the reads.
    bool readResources = false;
    /// Observer called just before an entry is read (tests use it to remove folders mid-scan).
    std::function<void(const std::string& entryPath)> beforeEntry;
    /// Where the scan index lives (core/scan/scanindex.h); empty: none is read or written. The
    /// front ends set it from the environment (scanIndexDir in env/environment.h).
    std::string indexDir;
    /// Files changed this recently before the scan started are not recorded (their stamps may not
    /// show a change made within the same clock tick). Tests set 0 to record fresh files.
    std::int64_t racyMarginNs = 2'000'000'000;
    /// Filled at the end of a scan when set.
    ScanIndexStats* indexStats = nullptr;
    /// The dump and override folders this environment names (env/cacheroots'
    /// dumpAndOverrideRoots): a given or nested root that is one of them (the same folder, by
    /// device and inode) takes its kind, and so does a folder laid out as Triton's defaults
    /// (`.triton/dump`, `.triton/override`). Nothing in those roots is ever a cache entry.
    std::vector<Root> knownFolders;
};

/// Walks cache roots and classifies what is directly inside each one. It reads names, sizes,
/// times and the small json files; never IR, and a cubin only when asked (readResources).
class CacheScanner {
public:
    explicit CacheScanner(ScanOptions options = {});

    /// Scan every root (their `path` and `reason` set by the caller). Roots that cannot be opened
    /// get `error` set; caches found nested inside a root are appended as extra roots.
    Snapshot scan(std::vector<Root> roots) const;

    /// A scan's snapshot, and where each entry given to entryRead ended up in it.
    struct Placed {
        Snapshot snapshot;
        /// For each readId, the index of that entry in snapshot.entries (-1 for ids never given
        /// to entryRead): whoever showed entries while scanning maps them to the snapshot with
        /// it, without comparing paths.
        std::vector<int> placeOfRead;
    };
    Placed scanPlaced(std::vector<Root> roots) const;

    /// Read one entry (a folder or a lone file) in `parentPath`. `vanished` is set when it is gone.
    Entry scanOne(const std::string& parentPath, const std::string& name, bool& vanished) const;

private:
    Snapshot scan(std::vector<Root> roots, std::vector<int>* placeOfRead) const;

    ScanOptions m_options;
};

} // namespace kl
