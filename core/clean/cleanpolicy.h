#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// What `klens clean` may remove. Policies combine: an entry goes when any selecting policy
/// chooses it, then --max-size removes the oldest of the rest until the cache fits. Only Triton's
/// own items are ever chosen: kernel, autotune and module folders named after a key (md5, sha256,
/// base64url or base32), and temp folders and files; never foreign or unknown files, symlinks, or
/// folders with other names, and nothing in or of a dump or override folder (a user's work) unless
/// that folder is named in `dumpFolders`.
struct CleanPolicy {
    /// Keep the cache at most this large: remove the least recently written entries first.
    std::optional<std::uint64_t> maxSize;
    /// Entries last written longer ago than this (ns).
    std::optional<std::int64_t> olderThanNs;
    /// Per kernel name (in each root), keep the K most recently written entries.
    std::optional<std::size_t> keepLatest;
    /// Entries written by another Triton or for another GPU than the context's (never hit here).
    bool stale = false;
    /// Leftover temp folders and files whose writer no longer runs.
    bool orphans = false;
    /// Entries Triton cannot use: incomplete (no group file, no metadata, a missing child) or corrupt.
    bool incomplete = false;
    /// Dump or override folders to remove, each named by its path (absolute, as the scan lists
    /// it): the only way any of them is removed.
    std::vector<std::string> dumpFolders;
    /// Never touch what was written more recently than this (ns): it may still be being written.
    std::int64_t graceNs = 10ll * 60 * 1000000000;

    bool selectsAnything() const
    {
        return maxSize || olderThanNs || keepLatest || stale || orphans || incomplete || !dumpFolders.empty();
    }
};

} // namespace kl
