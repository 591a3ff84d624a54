#pragma once

#include "core/storage/cachestore.h"
#include "keyformat.h"
#include "redisclient.h"
#include "remotecache.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kl::remote {

enum class TransferResult { Done, Skipped, Refused };

/// What became of one entry.
struct TransferOutcome {
    std::string key;    ///< the entry's key (folder name)
    std::string kernel; ///< its kernel, when known
    TransferResult result = TransferResult::Refused;
    Text detail; ///< where it went, or why it was skipped or refused (names the key and the cause)
    std::uint64_t bytes = 0;
    bool absent = false; ///< refused because the server does not hold the entry (a plain miss)
};

struct TransferReport {
    std::vector<TransferOutcome> outcomes;
    bool cancelled = false;
    std::size_t count(TransferResult r) const;
    std::uint64_t bytes() const;
};

struct TransferOptions {
    std::size_t batchEntries = 64;                ///< entries per pipelined round trip
    std::uint64_t maxValueBytes = kMaxValueBytes; ///< larger values are refused, never fetched
    bool force = false;                           ///< push: overwrite an entry the server already has
    unsigned storeThreads = 8;                    ///< pull: entries written at once (their fsyncs overlap)
    std::function<void(std::size_t done, std::size_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

/// Fetch entries into a local cache as Triton's RemoteCacheManager would (the group, then all its
/// children), but verified first and stored in the local form through CacheStore: atomic, the
/// group file written last, never half an entry. An entry the local cache already holds whole is
/// skipped (a good local entry is never replaced); one whose content does not match its key, or
/// that lacks a child, is refused with the reason. `keys` empty: every entry of `listing`.
Result<TransferReport> pullEntries(Client& client, const KeyFormat& format, const KeyListing& listing,
                                   const std::vector<std::string>& keys, const CacheStore& store,
                                   const TransferOptions& options = {});

/// Store local entries on the server in Triton's remote form: every child, then the group
/// (`{"child_paths": [...]}`) last, so a reader never finds a group before its children. Only
/// complete entries whose metadata hash matches their folder name are pushed. `paths` are entry
/// folders or cache roots (every entry under them).
Result<TransferReport> pushEntries(Client& client, const KeyFormat& format,
                                   const std::vector<std::string>& paths,
                                   const TransferOptions& options = {});

} // namespace kl::remote
