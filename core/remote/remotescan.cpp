#include "remote/remotescan.h"

#include "formats/groupfile.h"
#include "formats/layout.h"
#include "remote/remotebatch.h"

#include <algorithm>
#include <unordered_map>

namespace kl::remote::detail {
namespace {

// One value seen by the SCAN: a RemoteFile without text, its size and idle time read when its
// entry is judged (a group's when it is first seen).
struct SeenFile {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t idleSeconds = -1;
    bool vanished = false;
    bool sized = false; ///< size and idle time read
};

// One `{key}` seen by the SCAN, until it is judged (and after, to know its keys).
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
    /// The text of `files[groupFile]`, read when the group was first seen, until the entry is judged.
    std::string groupText;
    std::size_t groupFile = std::string::npos; ///< npos: no group text held
    std::size_t index = std::string::npos;     ///< in the snapshot, once handed over
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

    // One SCAN page: its keys by entry, the groups it brought, the entries it made whole. Nothing
    // is read of a key until its entry is judged, but a group seen for the first time.
    Status takePage(std::vector<std::string>& keys)
    {
        struct Added {
            const std::string* key;
            SeenEntry* entry;
            std::size_t file;
        };
        std::vector<Added> added;
        added.reserve(keys.size());
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
        }

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

    // The first group of each entry in `groups`: its size and idle time (one round trip), then its
    // text (one more), kept for the entry's judging; the children it names, and which SCAN has not
    // returned yet. A group that is too large, empty, gone, not json or names a path outside the
    // entry cannot say when the entry is whole: the entry waits for the end.
    Status readGroups(const Pending& groups)
    {
        std::vector<std::string> redisKeys;
        std::vector<SeenEntry*> asked;
        std::vector<SeenFile*> files;
        for (auto [key, e] : groups) {
            if (e->state != State::Listed)
                continue; // a second group came in the same page
            std::size_t g = std::string::npos;
            for (std::size_t i = 0; i < e->files.size(); ++i)
                if (layout::isGroupFileName(e->files[i].name))
                    g = i;
            if (g == std::string::npos) {
                e->state = State::Unusable;
                continue;
            }
            redisKeys.push_back(m_format.make(*key, e->files[g].name));
            asked.push_back(e);
            files.push_back(&e->files[g]);
            e->groupFile = g;
        }
        if (asked.empty())
            return {};
        if (auto st = readSizes<SeenFile>(m_client, redisKeys, files, m_options); !st)
            return st;
        std::vector<std::vector<std::string_view>> commands;
        std::vector<SeenEntry*> read;
        for (std::size_t j = 0; j < asked.size(); ++j) {
            SeenEntry& e = *asked[j];
            const SeenFile& g = e.files[e.groupFile];
            files[j]->sized = true;
            e.state = State::Unusable;
            if (g.vanished || g.size == 0 || g.size > m_options.maxJsonBytes) {
                e.groupFile = std::string::npos;
                continue;
            }
            commands.push_back({"GET", redisKeys[j]});
            read.push_back(&e);
        }
        if (commands.empty())
            return {};
        auto values = m_client.pipeline(commands);
        if (!values)
            return fail(std::move(values.error()));
        for (std::size_t j = 0; j < read.size(); ++j) {
            SeenEntry& e = *read[j];
            Reply& v = (*values)[j];
            if (v.type != Reply::Type::String) {
                e.files[e.groupFile].vanished = true;
                e.groupFile = std::string::npos;
                continue;
            }
            e.groupText = std::move(v.str);
            auto group = parseGroupFile(e.groupText);
            if (!group)
                continue;
            std::vector<std::size_t> waiting;
            bool plain = true;
            for (const GroupChild& c : group->children) {
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

    // The entries of one batch as readRemote reads them: the sizes and idle times of the values
    // not read yet (one round trip), the group's text where it was read when first seen.
    Result<Batch> readBatch(const Pending& entries, std::size_t start, std::size_t end)
    {
        Batch batch;
        batch.reserve(end - start);
        std::vector<std::string> redisKeys;
        std::vector<std::pair<std::size_t, std::size_t>> unsized; // (batch index, file index)
        for (std::size_t i = start; i < end; ++i) {
            SeenEntry& e = *entries[i].second;
            std::vector<RemoteFile> files;
            files.reserve(e.files.size());
            for (std::size_t j = 0; j < e.files.size(); ++j) {
                const SeenFile& f = e.files[j];
                RemoteFile copy;
                copy.name = f.name;
                copy.size = f.size;
                copy.idleSeconds = f.idleSeconds;
                copy.vanished = f.vanished;
                if (!f.sized) {
                    unsized.emplace_back(batch.size(), j);
                    redisKeys.push_back(m_format.make(*entries[i].first, f.name));
                }
                files.push_back(std::move(copy));
            }
            if (e.groupFile != std::string::npos) { // read once: a later judging fetches it
                files[e.groupFile].text = std::move(e.groupText);
                e.groupText = {};
                e.groupFile = std::string::npos;
            }
            batch.emplace_back(entries[i].first, std::move(files));
        }
        std::vector<RemoteFile*> sized;
        sized.reserve(unsized.size());
        for (auto [b, j] : unsized)
            sized.push_back(&batch[b].second[j]);
        if (auto st = readSizes<RemoteFile>(m_client, redisKeys, sized, m_options); !st)
            return fail(std::move(st.error()));
        // Kept for a judging again (SCAN returning a late key): only the new key is read then.
        for (auto [b, j] : unsized) {
            SeenFile& f = entries[start + b].second->files[j];
            const RemoteFile& r = batch[b].second[j];
            f.size = r.size;
            f.idleSeconds = r.idleSeconds;
            f.vanished = r.vanished;
            f.sized = true;
        }
        return batch;
    }

    // Judge `entries` as readRemote does, `batchEntries` at a time; new ones are handed over,
    // ones judged `again` replace what was handed over.
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
            auto batch = readBatch(entries, start, end);
            if (!batch)
                return fail(std::move(batch.error()));
            if (again) {
                RemoteSnapshot judged;
                std::vector<std::size_t> placed;
                if (auto st = judgeBatch(m_client, m_format, *batch, m_options, judged, &placed); !st)
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
                if (auto st = judgeBatch(m_client, m_format, *batch, m_options, m_out, &placed); !st)
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

Result<RemoteSnapshot> scanWhileListing(Client& client, const KeyFormat& format,
                                        const RemoteScanOptions& options)
{
    return StreamingScan(client, format, options).run();
}

} // namespace kl::remote::detail
