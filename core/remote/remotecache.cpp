#include "remote/remotecache.h"

#include "formats/groupfile.h"
#include "formats/layout.h"
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

namespace {

// One entry being read: its `{key}` and its values (sizes and idle times once read).
using Batch = std::vector<std::pair<const std::string*, std::vector<RemoteFile>>>;

RemoteSnapshot emptySnapshot(Client& client, const KeyFormat& format)
{
    RemoteSnapshot out;
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
    return out;
}

// Sizes and idle times of `files`, the values `keys` names (same order), in one pipeline.
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

// The json values that judge each entry of `batch` (its sizes read), fetched in one pipeline
// (GET does not change OBJECT IDLETIME's answer, which is read first), then each entry judged
// and added to `out` (with `keyOf` its key, or dropped as vanished). `placed` gets the index of
// each entry of `batch` in `out` (or npos when it vanished).
Status judgeBatch(Client& client, const KeyFormat& format, Batch& batch, const RemoteScanOptions& options,
                  RemoteSnapshot& out, std::vector<std::size_t>* placed = nullptr)
{
    std::vector<std::vector<std::string_view>> commands;
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
            if (placed)
                placed->push_back(std::string::npos);
            continue;
        }
        if (placed)
            placed->push_back(out.snapshot.entries.size());
        out.snapshot.entries.push_back(
            buildRemoteEntry(*key, format, std::move(present), options.maxJsonBytes, options.maxValueBytes));
        out.idleSeconds.push_back(idle);
    }
    return {};
}

// The keys that do not split, as entries at the end of `out`, handed over.
void addBadKeys(std::vector<std::string>& badKeys, const RemoteScanOptions& options, RemoteSnapshot& out)
{
    std::sort(badKeys.begin(), badKeys.end());
    badKeys.erase(std::unique(badKeys.begin(), badKeys.end()), badKeys.end());
    const std::size_t badStart = out.snapshot.entries.size();
    for (const std::string& k : badKeys) {
        out.snapshot.entries.push_back(badKeyEntry(k, 0));
        out.idleSeconds.push_back(-1);
    }
    if (options.entriesRead && out.snapshot.entries.size() > badStart)
        options.entriesRead(std::span<const Entry>(out.snapshot.entries).subspan(badStart));
}

} // namespace

Result<RemoteSnapshot> readRemote(Client& client, const KeyFormat& format, const KeyListing& listing,
                                  const RemoteScanOptions& options)
{
    RemoteSnapshot out = emptySnapshot(client, format);
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
        Batch batch;
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
        if (auto st = readSizes<RemoteFile>(client, redisKeys, sized, options); !st)
            return fail(std::move(st.error()));

        const std::size_t batchStart = out.snapshot.entries.size();
        if (auto st = judgeBatch(client, format, batch, options, out); !st)
            return fail(std::move(st.error()));
        if (options.entriesRead && out.snapshot.entries.size() > batchStart)
            options.entriesRead(std::span<const Entry>(out.snapshot.entries).subspan(batchStart));
        progress.entries += batch.size();
        if (options.progress)
            options.progress(progress);
    }
    std::vector<std::string> badKeys = listing.badKeys;
    addBadKeys(badKeys, options, out);
    out.handedOrder.resize(out.snapshot.entries.size());
    for (std::size_t i = 0; i < out.handedOrder.size(); ++i)
        out.handedOrder[i] = static_cast<int>(i);
    return out;
}

namespace {

// One value seen by the SCAN of scanRemote: a RemoteFile without text.
struct SeenFile {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t idleSeconds = -1;
    bool vanished = false;
};

// One `{key}` seen by the SCAN of scanRemote, until it is judged (and after, to know its keys).
struct SeenEntry {
    enum class State : std::uint8_t {
        Listed,   ///< no group seen yet
        Waiting,  ///< group read: `waiting` holds the children SCAN has not returned yet
        Unusable, ///< a group that cannot say when the entry is whole: judged at the end
        Judged,   ///< handed over
        Gone,     ///< judged, but every value had been deleted: not in the snapshot
        Stale,    ///< judged, then SCAN returned another of its keys: judged again at the end
    };
    std::vector<SeenFile> files; ///< every value seen (name, size, idle time; never its text)
    /// Hashes of the names (a collision judges the entry early; its late key judges it again).
    std::vector<std::size_t> waiting;
    std::size_t index = std::string::npos; ///< in the snapshot, once handed over
    State state = State::Listed;
    bool groupSeen = false;
};

std::size_t nameHash(std::string_view name)
{
    return std::hash<std::string_view>{}(name);
}

class StreamingScan {
public:
    StreamingScan(Client& client, const KeyFormat& format, const RemoteScanOptions& options)
        : m_client(client)
        , m_format(format)
        , m_options(options)
        , m_out(emptySnapshot(client, format))
    {
    }

    Result<RemoteSnapshot> run()
    {
        const std::string pattern = m_format.scanPattern();
        std::string cursor = "0";
        do {
            if (cancelled(m_options)) {
                m_out.snapshot.cancelled = true;
                break;
            }
            auto page = m_client.scan(cursor, pattern, m_options.scanCount);
            if (!page)
                return fail(std::move(page.error()));
            cursor = std::move(page->cursor);
            if (auto st = takePage(page->keys); !st)
                return fail(std::move(st.error()));
            m_progress.keys = m_rawKeys;
            m_progress.entriesTotal = m_seen.size();
            if (m_options.progress)
                m_options.progress(m_progress);
        } while (cursor != "0");
        if (!m_out.snapshot.cancelled)
            if (auto st = judgeTheRest(); !st)
                return fail(std::move(st.error()));
        return finish();
    }

private:
    using State = SeenEntry::State;
    using Pending = std::vector<std::pair<const std::string*, SeenEntry*>>;

    // One SCAN page: its keys by entry, their sizes, the groups it brought, the entries it made whole.
    Status takePage(std::vector<std::string>& keys)
    {
        struct Added {
            const std::string* key;
            SeenEntry* entry;
            std::size_t file;
        };
        std::vector<std::string> redisKeys;
        std::vector<Added> added;
        for (std::string& k : keys) {
            ++m_rawKeys;
            auto parts = m_format.split(k);
            if (!parts) {
                m_badKeys.push_back(std::move(k));
                continue;
            }
            auto it = m_seen.try_emplace(std::move(parts->key)).first;
            SeenEntry& e = it->second;
            // SCAN may return a key more than once (when the table is rehashed meanwhile).
            if (std::any_of(e.files.begin(), e.files.end(),
                            [&](const SeenFile& f) { return f.name == parts->filename; }))
                continue;
            e.files.push_back(SeenFile{std::move(parts->filename)});
            added.push_back({&it->first, &e, e.files.size() - 1});
            redisKeys.push_back(std::move(k));
        }
        std::vector<SeenFile*> sized;
        sized.reserve(added.size());
        for (const Added& a : added)
            sized.push_back(&a.entry->files[a.file]);
        if (auto st = readSizes<SeenFile>(m_client, redisKeys, sized, m_options); !st)
            return st;
        redisKeys.clear();

        // What each new value changes: a first group to read, a child waited for, a late key.
        Pending groups;
        for (const Added& a : added) {
            SeenEntry& e = *a.entry;
            const std::string& name = e.files[a.file].name;
            const bool group = layout::isGroupFileName(name);
            switch (e.state) {
            case State::Judged: e.state = State::Stale; break;
            case State::Gone:
                e.state = State::Stale; // index npos: judged at the end as if never judged
                --m_out.snapshot.vanished;
                break;
            case State::Stale:
            case State::Unusable: break;
            case State::Listed:
                if (group && e.groupSeen)
                    e.state = State::Unusable; // two groups: the end judges which counts
                else if (group) {
                    e.groupSeen = true;
                    groups.emplace_back(a.key, &e);
                }
                break;
            case State::Waiting:
                if (group)
                    e.state = State::Unusable;
                else
                    std::erase(e.waiting, nameHash(name));
                break;
            }
        }
        if (auto st = readGroups(groups); !st)
            return st;

        // Entries whole now: judged and handed over, a batch at a time.
        Pending ready;
        for (const Added& a : added)
            if (a.entry->state == State::Waiting && a.entry->waiting.empty()) {
                a.entry->state = State::Judged; // taken once, however many of its keys the page had
                ready.emplace_back(a.key, a.entry);
            }
        return judge(ready, /*again=*/false);
    }

    // The first group of each entry in `groups`: the children it names, and which SCAN has not
    // returned yet. A group that is too large, empty, gone, not json or names a path outside the
    // entry cannot say when the entry is whole: the entry waits for the end.
    Status readGroups(const Pending& groups)
    {
        std::vector<std::string> getKeys;
        std::vector<SeenEntry*> asked;
        for (auto [key, e] : groups) {
            if (e->state != State::Listed)
                continue; // a second group came in the same page
            const SeenFile* g = nullptr;
            for (const SeenFile& f : e->files)
                if (layout::isGroupFileName(f.name))
                    g = &f;
            if (!g || g->vanished || g->size == 0 || g->size > m_options.maxJsonBytes) {
                e->state = State::Unusable;
                continue;
            }
            getKeys.push_back(m_format.make(*key, g->name));
            asked.push_back(e);
        }
        if (getKeys.empty())
            return {};
        std::vector<std::vector<std::string_view>> commands;
        commands.reserve(getKeys.size());
        for (const std::string& k : getKeys)
            commands.push_back({"GET", k});
        auto values = m_client.pipeline(commands);
        if (!values)
            return fail(std::move(values.error()));
        for (std::size_t j = 0; j < asked.size(); ++j) {
            SeenEntry& e = *asked[j];
            e.state = State::Unusable;
            Reply& v = (*values)[j];
            if (v.type != Reply::Type::String)
                continue;
            auto group = parseGroupFileInPlace(v.str);
            if (!group)
                continue;
            std::vector<std::size_t> waiting;
            bool plain = true;
            for (GroupChild& c : group->children) {
                plain &= isPlainFileName(c.name);
                if (std::none_of(e.files.begin(), e.files.end(),
                                 [&](const SeenFile& f) { return f.name == c.name; }))
                    waiting.push_back(nameHash(c.name));
            }
            if (!plain)
                continue;
            e.waiting = std::move(waiting);
            e.state = State::Waiting;
        }
        return {};
    }

    // Judge `entries` (sizes read) as readRemote does, `batchEntries` at a time; new ones are
    // handed over, ones judged `again` replace what was handed over.
    Status judge(const Pending& entries, bool again)
    {
        for (std::size_t start = 0; start < entries.size(); start += m_options.batchEntries) {
            if (cancelled(m_options)) {
                m_out.snapshot.cancelled = true;
                for (std::size_t i = start; i < entries.size(); ++i)
                    if (entries[i].second->state == State::Judged && !again)
                        entries[i].second->state = State::Listed; // not handed over
                return {};
            }
            const std::size_t end = std::min(entries.size(), start + m_options.batchEntries);
            Batch batch;
            batch.reserve(end - start);
            for (std::size_t i = start; i < end; ++i) {
                std::vector<RemoteFile> files;
                files.reserve(entries[i].second->files.size());
                for (const SeenFile& f : entries[i].second->files) {
                    RemoteFile copy;
                    copy.name = f.name;
                    copy.size = f.size;
                    copy.idleSeconds = f.idleSeconds;
                    copy.vanished = f.vanished;
                    files.push_back(std::move(copy));
                }
                batch.emplace_back(entries[i].first, std::move(files));
            }
            if (again) {
                RemoteSnapshot judged;
                std::vector<std::size_t> placed;
                if (auto st = judgeBatch(m_client, m_format, batch, m_options, judged, &placed); !st)
                    return st;
                for (std::size_t i = start; i < end; ++i) {
                    SeenEntry& e = *entries[i].second;
                    const std::size_t p = placed[i - start];
                    if (p == std::string::npos) {
                        m_dropped.push_back(e.index);
                        ++m_out.snapshot.vanished;
                    } else {
                        m_out.snapshot.entries[e.index] = std::move(judged.snapshot.entries[p]);
                        m_out.idleSeconds[e.index] = judged.idleSeconds[p];
                    }
                }
                m_rejudged = true;
            } else {
                const std::size_t batchStart = m_out.snapshot.entries.size();
                std::vector<std::size_t> placed;
                if (auto st = judgeBatch(m_client, m_format, batch, m_options, m_out, &placed); !st)
                    return st;
                for (std::size_t i = start; i < end; ++i) {
                    SeenEntry& e = *entries[i].second;
                    e.index = placed[i - start];
                    e.state = e.index == std::string::npos ? State::Gone : State::Judged;
                    e.waiting = {};
                }
                if (m_options.entriesRead && m_out.snapshot.entries.size() > batchStart)
                    m_options.entriesRead(std::span<const Entry>(m_out.snapshot.entries).subspan(batchStart));
            }
            if (!again)
                m_progress.entries += end - start;
            if (m_progress.scanned && m_options.progress)
                m_options.progress(m_progress);
        }
        return {};
    }

    // SCAN has ended: what never became whole is judged as readRemote judges it, in key order,
    // then whatever got a key after it was handed over is judged again.
    Status judgeTheRest()
    {
        m_progress.scanned = true;
        m_progress.keys = m_rawKeys;
        m_progress.entriesTotal = m_seen.size();
        m_out.snapshot.entries.reserve(m_seen.size() + m_badKeys.size());
        m_out.idleSeconds.reserve(m_seen.size() + m_badKeys.size());
        Pending rest, again;
        for (auto& [key, e] : m_seen) {
            if (e.state == State::Stale && e.index != std::string::npos)
                again.emplace_back(&key, &e);
            else if (e.state == State::Stale) // gone when judged, keys seen since
                rest.emplace_back(&key, &e), --m_progress.entries;
            else if (e.state != State::Judged && e.state != State::Gone)
                rest.emplace_back(&key, &e);
        }
        auto byKey = [](const auto& a, const auto& b) { return *a.first < *b.first; };
        std::sort(rest.begin(), rest.end(), byKey);
        std::sort(again.begin(), again.end(), byKey);
        if (m_options.progress)
            m_options.progress(m_progress);
        if (auto st = judge(rest, false); !st)
            return st;
        if (m_out.snapshot.cancelled)
            return {};
        return judge(again, true);
    }

    // The snapshot sorted by key (bad keys last, sorted), and where each entry handed over went.
    Result<RemoteSnapshot> finish()
    {
        std::size_t unique = 0;
        for (const auto& [key, e] : m_seen)
            unique += e.files.size();
        m_seen.clear();

        std::vector<Entry>& entries = m_out.snapshot.entries;
        std::vector<std::int64_t>& idle = m_out.idleSeconds;
        if (!m_dropped.empty()) { // judged again and gone: no order is kept then
            std::vector<bool> dropped(entries.size(), false);
            for (std::size_t i : m_dropped)
                dropped[i] = true;
            std::size_t kept = 0;
            for (std::size_t i = 0; i < entries.size(); ++i)
                if (!dropped[i]) {
                    if (kept != i) {
                        entries[kept] = std::move(entries[i]);
                        idle[kept] = idle[i];
                    }
                    ++kept;
                }
            entries.resize(kept);
            idle.resize(kept);
        }
        // Sorted in place (a second array of 100,000 entries would double the snapshot's memory).
        std::vector<std::size_t> order(entries.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return entries[a].folderName < entries[b].folderName;
        });
        std::vector<int> placeOf(entries.size(), -1);
        for (std::size_t n = 0; n < order.size(); ++n)
            placeOf[order[n]] = static_cast<int>(n);
        std::vector<bool> done(order.size(), false);
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (done[i] || order[i] == i)
                continue;
            Entry held = std::move(entries[i]);
            const std::int64_t heldIdle = idle[i];
            std::size_t j = i;
            while (order[j] != i) {
                entries[j] = std::move(entries[order[j]]);
                idle[j] = idle[order[j]];
                done[j] = true;
                j = order[j];
            }
            entries[j] = std::move(held);
            idle[j] = heldIdle;
            done[j] = true;
        }
        if (!m_rejudged && m_dropped.empty()) {
            m_out.handedOrder.reserve(placeOf.size() + m_badKeys.size());
            for (int p : placeOf)
                m_out.handedOrder.push_back(p);
        }
        const std::size_t badStart = entries.size();
        addBadKeys(m_badKeys, m_options, m_out);
        unique += m_badKeys.size();
        if (!m_rejudged && m_dropped.empty())
            for (std::size_t i = badStart; i < entries.size(); ++i)
                m_out.handedOrder.push_back(static_cast<int>(i));
        m_out.keys = unique;
        return std::move(m_out);
    }

    Client& m_client;
    const KeyFormat& m_format;
    const RemoteScanOptions& m_options;
    RemoteSnapshot m_out;
    RemoteProgress m_progress;
    // Gathered by hash (800,000 keys into a sorted map cost more than the SCAN), sorted at the end.
    std::unordered_map<std::string, SeenEntry> m_seen;
    std::vector<std::string> m_badKeys;
    std::vector<std::size_t> m_dropped; ///< entries handed over, judged again, gone
    std::size_t m_rawKeys = 0;
    bool m_rejudged = false;
};

} // namespace

Result<RemoteSnapshot> scanRemote(Client& client, const KeyFormat& format, const RemoteScanOptions& options)
{
    auto snap = StreamingScan(client, format, options).run();
    if (snap && options.inductor && !snap->snapshot.cancelled) {
        auto inductor = listInductorValues(client, options.maxJsonBytes, options.cancel);
        if (!inductor)
            return fail(std::move(inductor.error()));
        snap->inductor = std::move(*inductor);
    }
    return snap;
}

} // namespace kl::remote
