#pragma once

// Triton's Redis remote cache read as a cache: listKeys (the keys alone), readRemote (a listing's
// entries judged), scanRemote (both while SCAN runs, so a window streams rows) and fetchValue.
// The result is a Snapshot, so every reader of one (the GUI's table, the trace join) can show a
// server; an entry is judged by the folder reader's rules (remoteentry.h).

#include "core/model/snapshot.h"
#include "inductorcache.h"
#include "keyformat.h"
#include "redisclient.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace kl::remote {

/// The largest value KernelLens fetches (a pull, a stage shown): far above any stage Triton
/// writes (cubins of tens of MiB), far below Redis's 512 MiB limit. Larger values are listed
/// with their size and the problem `oversized-value`, never read.
inline constexpr std::uint64_t kMaxValueBytes = 256ull << 20;

/// How far a listing got: keys seen so far, and entries read of the entries known. scanRemote
/// reads entries while SCAN runs, so `entriesTotal` grows until `scanned` (SCAN has ended);
/// listKeys reports keys only (entries 0, entriesTotal 0), readRemote entries of a known total.
struct RemoteProgress {
    std::size_t keys = 0;
    std::size_t entries = 0;
    std::size_t entriesTotal = 0;
    bool scanned = false; ///< SCAN has returned the whole keyspace
};

struct RemoteScanOptions {
    int scanCount = 1000;                         ///< SCAN's COUNT hint
    std::size_t batchEntries = 256;               ///< entries per pipelined round trip
    std::uint64_t maxJsonBytes = 64ull << 20;     ///< as the folder scanner: larger json is not read
    std::uint64_t maxValueBytes = kMaxValueBytes; ///< larger values are reported (oversized-value)
    bool idleTimes = true;                        ///< OBJECT IDLETIME per key (one more command per key)
    bool inductor = true; ///< also list PyTorch Inductor's `pt2:` values (one more SCAN)
    std::function<void(const RemoteProgress&)> progress;
    /// Called on the listing's thread after each batch of entries is read and judged, with the
    /// entries that batch added to the snapshot (then once more with the keys that do not
    /// split), before that batch's progress: a window shows rows while the rest is read. The
    /// snapshot's entries are exactly those handed over; RemoteSnapshot::handedOrder says where
    /// each went (scanRemote hands entries over in SCAN order and sorts them at its end).
    std::function<void(std::span<const Entry>)> entriesRead;
    const std::atomic<bool>* cancel = nullptr;
};

/// The keys of one server, by entry: `{key}` -> its file names. Keys that match the format's
/// pattern but do not split are kept apart.
struct KeyListing {
    std::map<std::string, std::vector<std::string>> entries;
    std::vector<std::string> badKeys;
    std::size_t keys = 0;
    bool cancelled = false;
};

/// SCAN the whole keyspace for the format's keys (never KEYS), with progress and cancel.
Result<KeyListing> listKeys(Client& client, const KeyFormat& format, const RemoteScanOptions& options);

/// How listEntryKeys matches `key`: the whole key, or its start (the handle a listing printed).
enum class KeyMatch { Exact, Prefix };

/// The keys of one entry only, or of the entries whose key starts with `key` (SCAN MATCH on their
/// own pattern: still a walk of the keyspace, but nothing is read). Empty when none matches.
Result<KeyListing> listEntryKeys(Client& client, const KeyFormat& format, const std::string& key,
                                 const std::atomic<bool>* cancel = nullptr, KeyMatch match = KeyMatch::Exact);

/// One value of an entry (`{key}`, `{filename}`), refused without reading when it is larger than
/// `maxBytes`; the error names the Redis key and the cause.
Result<std::string> fetchValue(Client& client, const KeyFormat& format, const std::string& key,
                               const std::string& fileName, std::uint64_t maxBytes);

/// A remote cache as the folder scanner gives a local one: one Root (the server), one Entry per
/// `{key}` (sorted by key), plus what only a server knows.
struct RemoteSnapshot {
    Snapshot snapshot;
    /// Per entry (same index): seconds since any of its values was last read or written; -1 unknown.
    std::vector<std::int64_t> idleSeconds;
    std::size_t keys = 0;
    std::string keyFormat;
    /// PyTorch Inductor's values beside Triton's (autotune results decoded), when asked for.
    std::vector<InductorValue> inductor;
    /// For each entry handed to `entriesRead`, in the order handed over: its index in
    /// `snapshot.entries`. Empty when an entry handed over was judged again at the end (SCAN
    /// returned one more of its keys after it was shown): rows shown must be made again.
    std::vector<int> handedOrder;
};

/// List and read the server: sizes (STRLEN), idle times (OBJECT IDLETIME) and the json that
/// judges each entry (GET), pipelined. Entries are read while SCAN runs: after each SCAN page,
/// each newly seen group (to learn its children); an entry whose group and every child it names
/// have been seen is judged and handed over then (its values' sizes and idle times read then;
/// remote/remotescan.h). What is still pending when SCAN ends (children never seen, no group, ...) is judged
/// at the end, and an entry that got another key after it was handed over is judged again. The
/// snapshot is sorted by key at the end, bad keys last: the same snapshot as listKeys then
/// readRemote. Entries deleted meanwhile are dropped.
Result<RemoteSnapshot> scanRemote(Client& client, const KeyFormat& format,
                                  const RemoteScanOptions& options = {});

/// The same for a listing already made (pull and clean list once, then read what they need).
Result<RemoteSnapshot> readRemote(Client& client, const KeyFormat& format, const KeyListing& listing,
                                  const RemoteScanOptions& options = {});

} // namespace kl::remote
