#include "remote/remotecache.h"

#include "remote/remoteentry.h"
#include "util/utf8.h"

#include <algorithm>
#include <unordered_map>

namespace kl::remote {
namespace {

bool cancelled(const RemoteScanOptions& o)
{
    return o.cancel && o.cancel->load(std::memory_order_relaxed);
}

Entry badKeyEntry(const std::string& redisKey, int rootIndex)
{
    Entry e;
    e.path = redisKey;
    e.folderName = redisKey;
    e.rootIndex = rootIndex;
    e.kind = EntryKind::Unknown;
    e.status = EntryStatus::Foreign;
    e.addProblem(problem::BadKey,
                 Text::of(KL_TEXT("kl::remote", "key %1 matches the key format's pattern but cannot "
                                                "be split into {key} and {filename}"),
                          printableName(redisKey)));
    return e;
}

} // namespace

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
                                 const std::atomic<bool>* cancel)
{
    KeyListing listing;
    std::string cursor = "0";
    const std::string pattern = format.entryPattern(key);
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
            if (auto parts = format.split(k); parts && parts->key == key) {
                listing.entries[key].push_back(std::move(parts->filename));
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
    RemoteSnapshot out;
    out.keys = listing.keys;
    out.keyFormat = format.text();
    Root root;
    root.path = client.server();
    root.reason = Text::verbatim(client.endpoint().source);
    root.given = client.endpoint().source == "given";
    root.exists = true;
    if (!client.noTouch())
        root.note = Text::of(KL_TEXT("kl::remote",
                                     "this server cannot be read without refreshing what it reads (CLIENT "
                                     "NO-TOUCH came in Redis 7.2): idle times shown were read first, but "
                                     "this listing reset them on the server"));
    out.snapshot.roots.push_back(std::move(root));
    out.snapshot.cancelled = listing.cancelled;
    out.snapshot.entries.reserve(listing.entries.size() + listing.badKeys.size());
    out.idleSeconds.reserve(listing.entries.size() + listing.badKeys.size());

    RemoteProgress progress;
    progress.keys = listing.keys;
    progress.entriesTotal = listing.entries.size();

    std::vector<std::string> redisKeys; // kept alive: the pipelined commands view them
    std::vector<std::vector<std::string_view>> commands;
    auto it = listing.entries.begin();
    while (it != listing.entries.end()) {
        if (cancelled(options)) {
            out.snapshot.cancelled = true;
            break;
        }
        // One batch: sizes and idle times of every value, then the json that judges each entry.
        std::vector<std::pair<const std::string*, std::vector<RemoteFile>>> batch;
        redisKeys.clear();
        commands.clear();
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
        const std::size_t perKey = options.idleTimes ? 2 : 1;
        commands.reserve(redisKeys.size() * perKey);
        // IDLETIME first: on servers without CLIENT NO-TOUCH, STRLEN and GET refresh it.
        for (const std::string& k : redisKeys) {
            if (options.idleTimes)
                commands.push_back({"OBJECT", "IDLETIME", k});
            commands.push_back({"STRLEN", k});
        }
        auto sizes = client.pipeline(commands);
        if (!sizes)
            return fail(std::move(sizes.error()));
        std::size_t r = 0;
        for (auto& [key, files] : batch)
            for (RemoteFile& f : files) {
                const Reply& len = (*sizes)[r + perKey - 1];
                f.size = len.type == Reply::Type::Integer ? static_cast<std::uint64_t>(len.integer) : 0;
                // STRLEN of a missing key is 0; IDLETIME of one is nil: deleted since the listing.
                if (options.idleTimes) {
                    const Reply& idle = (*sizes)[r];
                    if (idle.type == Reply::Type::Integer)
                        f.idleSeconds = idle.integer;
                    else
                        f.vanished = f.size == 0;
                }
                r += perKey;
            }

        // The json values (GET does not change OBJECT IDLETIME's answer above, which is read first).
        commands.clear();
        std::vector<std::pair<std::size_t, std::size_t>> fetched; // (batch index, file index)
        std::vector<std::string> getKeys;
        for (std::size_t b = 0; b < batch.size(); ++b)
            for (std::size_t i : filesToFetch(batch[b].second)) {
                RemoteFile& f = batch[b].second[i];
                if (f.size > options.maxJsonBytes) {
                    f.tooLarge = true;
                    continue;
                }
                fetched.emplace_back(b, i);
                getKeys.push_back(format.make(*batch[b].first, f.name));
            }
        for (const std::string& k : getKeys)
            commands.push_back({"GET", k});
        auto values = client.pipeline(commands);
        if (!values)
            return fail(std::move(values.error()));
        for (std::size_t j = 0; j < fetched.size(); ++j) {
            RemoteFile& f = batch[fetched[j].first].second[fetched[j].second];
            Reply& v = (*values)[j];
            if (v.type == Reply::Type::String)
                f.text = std::move(v.str);
            else
                f.vanished = true;
        }

        const std::size_t batchStart = out.snapshot.entries.size();
        for (auto& [key, files] : batch) {
            std::int64_t idle = -1;
            std::vector<RemoteFile> present;
            for (RemoteFile& f : files) {
                if (f.vanished && !f.text && f.size == 0)
                    continue;
                if (f.idleSeconds >= 0)
                    idle = idle < 0 ? f.idleSeconds : std::min(idle, f.idleSeconds);
                present.push_back(std::move(f));
            }
            if (present.empty()) {
                ++out.snapshot.vanished;
                continue;
            }
            out.snapshot.entries.push_back(buildRemoteEntry(*key, format, std::move(present),
                                                            options.maxJsonBytes, options.maxValueBytes));
            out.idleSeconds.push_back(idle);
        }
        if (options.entriesRead && out.snapshot.entries.size() > batchStart)
            options.entriesRead(std::span<const Entry>(out.snapshot.entries).subspan(batchStart));
        progress.entries += batch.size();
        if (options.progress)
            options.progress(progress);
    }
    const std::size_t badStart = out.snapshot.entries.size();
    for (const std::string& k : listing.badKeys) {
        out.snapshot.entries.push_back(badKeyEntry(k, 0));
        out.idleSeconds.push_back(-1);
    }
    if (options.entriesRead && out.snapshot.entries.size() > badStart)
        options.entriesRead(std::span<const Entry>(out.snapshot.entries).subspan(badStart));
    return out;
}

Result<RemoteSnapshot> scanRemote(Client& client, const KeyFormat& format, const RemoteScanOptions& options)
{
    auto listing = listKeys(client, format, options);
    if (!listing)
        return fail(std::move(listing.error()));
    auto snap = readRemote(client, format, *listing, options);
    if (snap && options.inductor && !snap->snapshot.cancelled) {
        auto inductor = listInductorValues(client, options.maxJsonBytes, options.cancel);
        if (!inductor)
            return fail(std::move(inductor.error()));
        snap->inductor = std::move(*inductor);
    }
    return snap;
}

} // namespace kl::remote
