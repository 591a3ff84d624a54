#pragma once

// Taking entries out of a root's packs (klens clean): each pack that holds a record of a key to
// remove is rewritten without them, under its lock, and the new file renamed over it. Every
// other byte stays as it was (other keys' records, records of other kinds, damage the doctor
// names), so the only loss is what was asked for. Writers hold a pack's lock for one append and
// check after taking it that the path still names their file (docs/pack-format.md, "Writers"):
// one that waited on the old file opens the new one.

#include "core/util/text.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace kl {

struct PackedKeyRemoval {
    std::string key;
    enum class Result { Removed, Vanished, Young, Busy, Failed } result = Result::Vanished;
    Text detail;                  ///< for Young, Busy and Failed: which pack and why
    std::uint64_t bytesFreed = 0; ///< the records' bytes
};

struct PackRewriteOptions {
    /// A key with a record written at or after this time (ns since the epoch) stays whole: it
    /// may have been compiled again since the scan.
    std::int64_t youngFromNs = std::numeric_limits<std::int64_t>::max();
    bool fsync = true;
    int lockTries = 20; ///< 100 ms apart: writers hold a lock for one append
};

/// Removes every record of `keys` (duplicates included) from the packs in
/// `<rootPath>/.kernellens-pack`, reached through `rootFd`. One outcome per key, in order.
std::vector<PackedKeyRemoval> removeFromPacks(int rootFd, const std::string& rootPath,
                                              const std::vector<std::string>& keys,
                                              const PackRewriteOptions& options);

} // namespace kl
