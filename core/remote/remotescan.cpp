#include "remotescan.h"

#include "core/formats/groupfile.h"
#include "core/formats/layout.h"
#include "remotebatch.h"

#include <algorithm>
#include <optional>
#include <span>
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

// A json value is read with its size, in the same round trip: GETRANGE of its first bytes, kept
// when that is the whole value (Triton's groups and metadata are a few KiB); a larger one is
// fetched on its own (readGroups, judgeBatch).
constexpr std::uint64_t kTextBytes = 64 << 10;

// Sizes and idle times of `files` (the values `keys` names, same order) and, for each `wantText`,
// its text in `texts` when it is short: one pipeline. A text is kept only when it is the whole
// value (as long as STRLEN said: GETRANGE of a missing key is empty, GET's is nil).
template <typename File>
Status readSizesAndTexts(Client& client, std::span<const std::string> keys, std::span<File* const> files,
                         const std::vector<bool>& wantText, std::vector<std::optional<std::string>>& texts,
                         const RemoteScanOptions& options)
{
    texts.assign(keys.size(), std::nullopt);
    if (keys.empty())
        return {};
    const std::uint64_t cap = std::min(kTextBytes, options.maxJsonBytes);
    const std::string last = std::to_string(cap > 0 ? cap - 1 : 0);
    std::vector<std::vector<std::string_view>> commands;
    commands.reserve(keys.size() * 3);
    // IDLETIME first: on servers without CLIENT NO-TOUCH, STRLEN and GETRANGE refresh it.
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (options.idleTimes)
            commands.push_back({"OBJECT", "IDLETIME", keys[i]});
        commands.push_back({"STRLEN", keys[i]});
        if (wantText[i] && cap > 0)
            commands.push_back({"GETRANGE", keys[i], "0", last});
    }
    auto replies = client.pipeline(commands);
    if (!replies)
        return fail(std::move(replies.error()));
    std::size_t r = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        File* f = files[i];
        const Reply* idle = options.idleTimes ? &(*replies)[r++] : nullptr;
        const Reply& len = (*replies)[r++];
        f->size = len.type == Reply::Type::Integer ? static_cast<std::uint64_t>(len.integer) : 0;
        // STRLEN of a missing key is 0; IDLETIME of one is nil: deleted since the listing.
        if (idle) {
            if (idle->type == Reply::Type::Integer)
                f->idleSeconds = idle->integer;
            else
                f->vanished = f->size == 0;
        }
        if (wantText[i] && cap > 0) {
            Reply& text = (*replies)[r++];
            if (text.type == Reply::Type::String && !f->vanished && f->size > 0 && text.str.size() == f->size)
                texts[i] = std::move(text.str);
        }
    }
    return {};
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

    // The first group of each entry in `groups`: its size, idle time and text (one round trip,
    // one more for a group over kTextBytes), the text kept for the entry's judging; the children
    // it names, and which SCAN has not returned yet. A group that is too large, empty, gone, not
    // json or names a path outside the entry cannot say when the entry is whole: the entry waits
    // for the end.
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
        }
        if (asked.empty())
            return {};
        std::vector<std::optional<std::string>> texts;
        if (auto st = readSizesAndTexts<SeenFile>(m_client, redisKeys, files,
                                                  std::vector<bool>(asked.size(), true), texts, m_options);
            !st)
            return st;
        std::vector<std::vector<std::string_view>> commands; // the groups too long for one read
        std::vector<std::size_t> long_;
        for (std::size_t j = 0; j < asked.size(); ++j) {
            SeenEntry& e = *asked[j];
            SeenFile& g = *files[j];
            g.sized = true;
            e.state = State::Unusable;
            if (g.vanished || g.size == 0 || g.size > m_options.maxJsonBytes)
                continue;
            e.groupFile = static_cast<std::size_t>(&g - e.files.data());
            if (texts[j])
                e.groupText = std::move(*texts[j]);
            else {
                commands.push_back({"GET", redisKeys[j]});
                long_.push_back(j);
            }
        }
        if (!commands.empty()) {
            auto values = m_client.pipeline(commands);
            if (!values)
                return fail(std::move(values.error()));
            for (std::size_t n = 0; n < long_.size(); ++n) {
                SeenEntry& e = *asked[long_[n]];
                Reply& v = (*values)[n];
                if (v.type == Reply::Type::String)
                    e.groupText = std::move(v.str);
                else {
                    files[long_[n]]->vanished = true;
                    e.groupFile = std::string::npos;
                }
            }
        }
        for (SeenEntry* ep : asked) {
            SeenEntry& e = *ep;
            if (e.groupFile == std::string::npos)
                continue;
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

    // The entries of one batch as readRemote reads them, in one round trip: the sizes and idle
    // times of the values not read yet and the text of the short json that judges each entry
    // (judgeBatch fetches a longer one); the group's text is the one read when it was first seen.
    Result<Batch> readBatch(const Pending& entries, std::size_t start, std::size_t end)
    {
        Batch batch;
        batch.reserve(end - start);
        std::vector<std::string> redisKeys;
        struct Unsized {
            std::size_t entry; ///< in the batch
            std::size_t file;  ///< in the batch's entry (sorted by name)
            SeenFile* seen;
        };
        std::vector<Unsized> unsized;
        std::vector<bool> wantText;
        std::vector<std::size_t> order;
        for (std::size_t i = start; i < end; ++i) {
            SeenEntry& e = *entries[i].second;
            // By name, as listKeys gives them: which group and json judge the entry depends on it.
            order.resize(e.files.size());
            for (std::size_t j = 0; j < order.size(); ++j)
                order[j] = j;
            std::sort(order.begin(), order.end(),
                      [&](std::size_t a, std::size_t b) { return e.files[a].name < e.files[b].name; });
            std::vector<RemoteFile> files;
            files.reserve(e.files.size());
            for (std::size_t j : order) {
                const SeenFile& f = e.files[j];
                RemoteFile copy;
                copy.name = f.name;
                copy.size = f.size;
                copy.idleSeconds = f.idleSeconds;
                copy.vanished = f.vanished;
                if (j == e.groupFile) { // read once: a later judging fetches it
                    copy.text = std::move(e.groupText);
                    e.groupText = {};
                }
                files.push_back(std::move(copy));
            }
            e.groupFile = std::string::npos;
            // The json that judge the entry (by name, as judgeBatch picks them; it fetches one too
            // long to be read here, and drops the group's text when another group judges the entry).
            const std::vector<std::size_t> toFetch = filesToFetch(files);
            for (std::size_t k = 0; k < order.size(); ++k) {
                SeenFile& f = e.files[order[k]];
                if (f.sized)
                    continue;
                unsized.push_back({batch.size(), k, &f});
                redisKeys.push_back(m_format.make(*entries[i].first, f.name));
                wantText.push_back(!files[k].text &&
                                   std::find(toFetch.begin(), toFetch.end(), k) != toFetch.end());
            }
            batch.emplace_back(entries[i].first, std::move(files));
        }
        std::vector<RemoteFile*> sized;
        sized.reserve(unsized.size());
        for (const Unsized& u : unsized)
            sized.push_back(&batch[u.entry].second[u.file]);
        std::vector<std::optional<std::string>> texts;
        if (auto st = readSizesAndTexts<RemoteFile>(m_client, redisKeys, sized, wantText, texts, m_options);
            !st)
            return fail(std::move(st.error()));
        // Kept for a judging again (SCAN returning a late key): only the new key is read then.
        for (std::size_t n = 0; n < unsized.size(); ++n) {
            SeenFile& f = *unsized[n].seen;
            RemoteFile& r = *sized[n];
            if (texts[n])
                r.text = std::move(*texts[n]);
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
