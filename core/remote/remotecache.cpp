#include "remotecache.h"

#include "remotebatch.h"
#include "remotescan.h"

#include <algorithm>
#include <unordered_map>

namespace kl::remote {
using detail::cancelled;

Result<KeyListing> listKeys(Client& client, const KeyFormat& format, const RemoteScanOptions& options)
{
    KeyListing out;
    const std::string pattern = format.scanPattern();
    std::string cursor = "0";
    RemoteProgress progress;
    // Gathered by hash (800,000 keys into a sorted map cost more than the SCAN), sorted once at the end.
    std::unordered_map<std::string, std::vector<std::string>> byKey;
    do {
        if (cancelled(options)) {
            out.cancelled = true;
            break;
        }
        auto page = client.scan(cursor, pattern, options.scanCount);
        if (!page)
            return fail(std::move(page.error()));
        cursor = std::move(page->cursor);
        for (std::string& k : page->keys) {
            ++out.keys;
            if (auto parts = format.split(k))
                byKey[std::move(parts->key)].push_back(std::move(parts->filename));
            else
                out.badKeys.push_back(std::move(k));
        }
        progress.keys = out.keys;
        if (options.progress)
            options.progress(progress);
    } while (cursor != "0");
    std::vector<std::pair<std::string, std::vector<std::string>>> sorted(
        std::make_move_iterator(byKey.begin()), std::make_move_iterator(byKey.end()));
    byKey.clear();
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& kv : sorted)
        out.entries.emplace_hint(out.entries.end(), std::move(kv.first), std::move(kv.second));
    // SCAN may return a key more than once (when the table is rehashed meanwhile).
    std::size_t unique = out.badKeys.size();
    for (auto& [key, files] : out.entries) {
        std::sort(files.begin(), files.end());
        files.erase(std::unique(files.begin(), files.end()), files.end());
        unique += files.size();
    }
    std::sort(out.badKeys.begin(), out.badKeys.end());
    out.badKeys.erase(std::unique(out.badKeys.begin(), out.badKeys.end()), out.badKeys.end());
    out.keys = unique;
    return out;
}

Result<KeyListing> listEntryKeys(Client& client, const KeyFormat& format, const std::string& key,
                                 const std::atomic<bool>* cancel, KeyMatch match)
{
    KeyListing listing;
    std::string cursor = "0";
    const bool prefix = match == KeyMatch::Prefix;
    const std::string pattern = prefix ? format.entryPrefixPattern(key) : format.entryPattern(key);
    do {
        if (cancel && cancel->load()) {
            listing.cancelled = true;
            break;
        }
        auto page = client.scan(cursor, pattern, 1000);
        if (!page)
            return fail(std::move(page.error()));
        cursor = std::move(page->cursor);
        for (const std::string& k : page->keys)
            if (auto parts = format.split(k);
                parts && (prefix ? parts->key.starts_with(key) : parts->key == key)) {
                listing.entries[parts->key].push_back(std::move(parts->filename));
                ++listing.keys;
            }
    } while (cursor != "0");
    for (auto& [k, files] : listing.entries) {
        std::sort(files.begin(), files.end());
        files.erase(std::unique(files.begin(), files.end()), files.end());
    }
    return listing;
}

Result<std::string> fetchValue(Client& client, const KeyFormat& format, const std::string& key,
                               const std::string& fileName, std::uint64_t maxBytes)
{
    const std::string k = format.make(key, fileName);
    auto size = client.command({"STRLEN", k});
    if (!size)
        return fail(std::move(size.error()));
    if (static_cast<std::uint64_t>(std::max(0LL, size->integer)) > maxBytes)
        return fail(Text::of(KL_TEXT("kl::remote", "%1 holds %2 bytes, more than the %3 shown; not fetched"),
                             k, size->integer, static_cast<long long>(maxBytes)));
    auto value = client.command({"GET", k});
    if (!value)
        return fail(std::move(value.error()));
    if (value->type != Reply::Type::String)
        return fail(Text::of(KL_TEXT("kl::remote", "%1 is not on the server"), k));
    return std::move(value->str);
}

Result<RemoteSnapshot> readRemote(Client& client, const KeyFormat& format, const KeyListing& listing,
                                  const RemoteScanOptions& options)
{
    RemoteSnapshot out = detail::emptySnapshot(client, format);
    out.keys = listing.keys;
    out.snapshot.cancelled = listing.cancelled;
    out.snapshot.entries.reserve(listing.entries.size() + listing.badKeys.size());
    out.idleSeconds.reserve(listing.entries.size() + listing.badKeys.size());

    RemoteProgress progress;
    progress.keys = listing.keys;
    progress.entriesTotal = listing.entries.size();
    progress.scanned = true;

    std::vector<std::string> redisKeys; // kept alive: the pipelined commands view them
    std::vector<RemoteFile*> sized;
    auto it = listing.entries.begin();
    while (it != listing.entries.end()) {
        if (cancelled(options)) {
            out.snapshot.cancelled = true;
            break;
        }
        // One batch: sizes and idle times of every value, then the json that judges each entry.
        detail::Batch batch;
        redisKeys.clear();
        for (std::size_t n = 0; n < options.batchEntries && it != listing.entries.end(); ++n, ++it) {
            std::vector<RemoteFile> files;
            for (const std::string& name : it->second) {
                RemoteFile f;
                f.name = name;
                files.push_back(std::move(f));
                redisKeys.push_back(format.make(it->first, name));
            }
            batch.emplace_back(&it->first, std::move(files));
        }
        sized.clear();
        for (auto& [key, files] : batch)
            for (RemoteFile& f : files)
                sized.push_back(&f);
        if (auto st = detail::readSizes<RemoteFile>(client, redisKeys, sized, options); !st)
            return fail(std::move(st.error()));

        const std::size_t batchStart = out.snapshot.entries.size();
        if (auto st = detail::judgeBatch(client, format, batch, options, out); !st)
            return fail(std::move(st.error()));
        if (options.entriesRead && out.snapshot.entries.size() > batchStart)
            options.entriesRead(std::span<const Entry>(out.snapshot.entries).subspan(batchStart));
        progress.entries += batch.size();
        if (options.progress)
            options.progress(progress);
    }
    std::vector<std::string> badKeys = listing.badKeys;
    detail::addBadKeys(badKeys, options, out);
    out.handedOrder.resize(out.snapshot.entries.size());
    for (std::size_t i = 0; i < out.handedOrder.size(); ++i)
        out.handedOrder[i] = static_cast<int>(i);
    return out;
}

Result<RemoteSnapshot> scanRemote(Client& client, const KeyFormat& format, const RemoteScanOptions& options)
{
    auto snap = detail::scanWhileListing(client, format, options);
    if (snap && options.inductor && !snap->snapshot.cancelled) {
        auto inductor = listInductorValues(client, options.maxJsonBytes, options.cancel);
        if (!inductor)
            return fail(std::move(inductor.error()));
        snap->inductor = std::move(*inductor);
    }
    return snap;
}

} // namespace kl::remote
