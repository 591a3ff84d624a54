#pragma once

// What readRemote and scanRemote share (core/remote internals, not an API): the snapshot's
// start, the sizes and idle times of a pipelined batch of values, a batch of entries judged.

#include "remotecache.h"
#include "remoteentry.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace kl::remote::detail {

inline bool cancelled(const RemoteScanOptions& o)
{
    return o.cancel && o.cancel->load(std::memory_order_relaxed);
}

/// One entry being read: its `{key}` and its values (sizes and idle times once read).
using Batch = std::vector<std::pair<const std::string*, std::vector<RemoteFile>>>;

/// A snapshot with the server as its one root and nothing in it yet.
RemoteSnapshot emptySnapshot(Client& client, const KeyFormat& format);

/// Sizes and idle times of `files`, the values `keys` names (same order), in one pipeline.
/// `File` has `size`, `idleSeconds` and `vanished` as RemoteFile has.
template <typename File>
Status readSizes(Client& client, std::span<const std::string> keys, std::span<File* const> files,
                 const RemoteScanOptions& options)
{
    if (keys.empty())
        return {};
    const std::size_t perKey = options.idleTimes ? 2 : 1;
    std::vector<std::vector<std::string_view>> commands;
    commands.reserve(keys.size() * perKey);
    // IDLETIME first: on servers without CLIENT NO-TOUCH, STRLEN and GET refresh it.
    for (const std::string& k : keys) {
        if (options.idleTimes)
            commands.push_back({"OBJECT", "IDLETIME", k});
        commands.push_back({"STRLEN", k});
    }
    auto sizes = client.pipeline(commands);
    if (!sizes)
        return fail(std::move(sizes.error()));
    std::size_t r = 0;
    for (File* f : files) {
        const Reply& len = (*sizes)[r + perKey - 1];
        f->size = len.type == Reply::Type::Integer ? static_cast<std::uint64_t>(len.integer) : 0;
        // STRLEN of a missing key is 0; IDLETIME of one is nil: deleted since the listing.
        if (options.idleTimes) {
            const Reply& idle = (*sizes)[r];
            if (idle.type == Reply::Type::Integer)
                f->idleSeconds = idle.integer;
            else
                f->vanished = f->size == 0;
        }
        r += perKey;
    }
    return {};
}

/// The json values that judge each entry of `batch` (its sizes read), fetched in one pipeline
/// (GET does not change OBJECT IDLETIME's answer, which is read first), then each entry judged
/// and added to `out` (or dropped as vanished). A json value whose text the batch already holds
/// (scanRemote reads a group when it first sees it) is not fetched again; a text held for a value
/// that does not judge the entry is dropped, so the entry is the one readRemote makes. `placed`
/// gets the index of each entry of `batch` in `out` (or npos when it vanished).
Status judgeBatch(Client& client, const KeyFormat& format, Batch& batch, const RemoteScanOptions& options,
                  RemoteSnapshot& out, std::vector<std::size_t>* placed = nullptr);

/// The keys that do not split, as entries at the end of `out`, handed over.
void addBadKeys(std::vector<std::string>& badKeys, const RemoteScanOptions& options, RemoteSnapshot& out);

} // namespace kl::remote::detail
