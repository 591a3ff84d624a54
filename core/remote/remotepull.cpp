#include "core/formats/autotune.h"
#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/formats/metadata.h"
#include "core/report/entrylabels.h"
#include "core/scan/entryfacts.h"
#include "core/util/utf8.h"
#include "remotetransfer.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace kl::remote {
namespace {

struct Planned {
    std::string key;
    const std::vector<std::string>* names = nullptr;
    EntryKind kind = EntryKind::Unknown;
    std::string groupName;               ///< kernels: the group value
    std::vector<std::string> fetchNames; ///< what the second round trip fetches
    TransferOutcome outcome;
    bool decided = false;
};

Planned planned(const std::string& key, const std::vector<std::string>& names)
{
    Planned p;
    p.key = key;
    p.names = &names;
    return p;
}

void refuse(Planned& p, Text why)
{
    p.outcome.result = TransferResult::Refused;
    p.outcome.detail = std::move(why);
    p.decided = true;
}

void skip(Planned& p, Text why)
{
    p.outcome.result = TransferResult::Skipped;
    p.outcome.detail = std::move(why);
    p.decided = true;
}

class Puller {
public:
    Puller(Client& client, const KeyFormat& format, const CacheStore& store, const TransferOptions& options)
        : m_client(client)
        , m_format(format)
        , m_store(store)
        , m_options(options)
    {
    }

    Status run(std::vector<Planned>& batch)
    {
        if (auto s = fetchGroups(batch); !s)
            return s;
        if (auto s = fetchChildren(batch); !s)
            return s;
        return {};
    }

private:
    std::string redisKey(const Planned& p, std::string_view name) const { return m_format.make(p.key, name); }

    // Round trip 1: each kernel's group, and the size of every value the entry will need.
    Status fetchGroups(std::vector<Planned>& batch)
    {
        std::vector<std::string> keys;
        for (Planned& p : batch) {
            p.kind = kindOfFiles(*p.names, [](const std::string& n) -> std::string_view { return n; });
            p.outcome.key = p.key;
            const auto hex = decodeBase32KeyFolder(p.key);
            if (!hex) {
                refuse(p,
                       Text::of(KL_TEXT("kl::remote", "key %1 is not the base32 key of a Triton 3.3 or later "
                                                      "entry; pull writes only that layout"),
                                printableName(p.key)));
                continue;
            }
            if (p.kind == EntryKind::Kernel) {
                const std::string stem =
                    kernelFileStem(*p.names, [](const std::string& n) -> std::string_view { return n; });
                p.groupName = layout::groupFileName(stem);
                p.outcome.kernel = stem;
                if (!std::binary_search(p.names->begin(), p.names->end(), p.groupName)) {
                    refuse(p,
                           Text::of(KL_TEXT("kl::remote", "%1: no group value, so Triton would miss on it"),
                                    redisKey(p, p.groupName)));
                    p.outcome.absent = true;
                    continue;
                }
                if (auto local = m_store.get(*hex, stem); local && local->hit) {
                    skip(p, Text::of(KL_TEXT("kl::remote", "already whole in %1"), local->entryPath));
                    continue;
                }
                keys.push_back(redisKey(p, p.groupName));
            } else if (p.kind == EntryKind::Autotune || p.kind == EntryKind::Module) {
                for (const std::string& n : *p.names)
                    if (p.kind == EntryKind::Module || layout::isAutotuneFileName(n))
                        p.fetchNames.push_back(n);
                p.outcome.kernel = p.fetchNames.empty() ? std::string() : p.fetchNames.front();
            } else {
                skip(p, Text::of(KL_TEXT("kl::remote", "key %1 holds no files Triton writes"),
                                 printableName(p.key)));
            }
        }
        std::vector<std::vector<std::string_view>> commands;
        for (const std::string& k : keys)
            commands.push_back({"GET", k});
        auto replies = m_client.pipeline(commands);
        if (!replies)
            return fail(std::move(replies.error()));
        std::size_t r = 0;
        for (Planned& p : batch) {
            if (p.decided || p.kind != EntryKind::Kernel)
                continue;
            Reply& g = (*replies)[r++];
            if (g.type != Reply::Type::String) {
                refuse(p,
                       Text::of(KL_TEXT("kl::remote", "%1 is not on the server"), redisKey(p, p.groupName)));
                p.outcome.absent = true;
                continue;
            }
            auto group = parseGroupFile(g.str);
            if (!group) {
                refuse(p, Text::of(KL_TEXT("kl::remote", "%1: %2"), redisKey(p, p.groupName),
                                   std::move(group.error())));
                continue;
            }
            for (const GroupChild& c : group->children) {
                if (!isPlainFileName(c.name) || layout::isGroupFileName(c.name)) {
                    refuse(p, Text::of(KL_TEXT("kl::remote",
                                               "%1 names child \"%2\", which is not a plain file name"),
                                       redisKey(p, p.groupName), printableName(c.name)));
                    break;
                }
                p.fetchNames.push_back(c.name);
            }
        }
        return {};
    }

    // Round trip 2: the sizes of what is to be fetched, then (for those within the limit) MGET.
    Status fetchChildren(std::vector<Planned>& batch)
    {
        std::vector<std::string> keys;
        std::vector<std::vector<std::string_view>> commands;
        for (Planned& p : batch)
            if (!p.decided)
                for (const std::string& n : p.fetchNames)
                    keys.push_back(redisKey(p, n));
        for (const std::string& k : keys)
            commands.push_back({"STRLEN", k});
        auto sizes = m_client.pipeline(commands);
        if (!sizes)
            return fail(std::move(sizes.error()));
        std::size_t r = 0;
        commands.clear();
        std::vector<Planned*> fetching;
        std::size_t k = 0;
        for (Planned& p : batch) {
            if (p.decided)
                continue;
            const std::size_t first = k;
            bool ok = true;
            for (const std::string& n : p.fetchNames) {
                const std::uint64_t size = static_cast<std::uint64_t>(std::max(0LL, (*sizes)[r++].integer));
                if (ok && size > m_options.maxValueBytes) {
                    refuse(p, Text::of(KL_TEXT("kl::remote", "%1 on %2 holds %3, more than the %4 a pull "
                                                             "accepts; not fetched"),
                                       redisKey(p, n), m_client.server(), humanSize(size),
                                       humanSize(m_options.maxValueBytes)));
                    ok = false;
                }
                ++k;
            }
            if (!ok)
                continue;
            std::vector<std::string_view> mget{"MGET"};
            for (std::size_t i = first; i < k; ++i)
                mget.push_back(keys[i]);
            if (mget.size() > 1) {
                commands.push_back(std::move(mget));
                fetching.push_back(&p);
            }
        }
        auto values = m_client.pipeline(commands);
        if (!values)
            return fail(std::move(values.error()));
        // Each entry's files go through its own fsyncs: several entries at once overlap them.
        std::atomic<std::size_t> next{0};
        auto worker = [&] {
            for (std::size_t i; (i = next.fetch_add(1)) < fetching.size();)
                store(*fetching[i], (*values)[i]);
        };
        std::vector<std::thread> threads;
        const std::size_t n = std::min<std::size_t>(m_options.storeThreads, fetching.size());
        for (std::size_t t = 1; t < n; ++t)
            threads.emplace_back(worker);
        worker();
        for (std::thread& t : threads)
            t.join();
        return {};
    }

    void store(Planned& p, Reply& values)
    {
        StoreFiles files;
        for (std::size_t i = 0; i < p.fetchNames.size(); ++i) {
            Reply& v = i < values.elements.size() ? values.elements[i] : values;
            if (v.type != Reply::Type::String) {
                refuse(p,
                       Text::of(KL_TEXT("kl::remote", "%1 is listed but not on the server: Triton would miss "
                                                      "on this entry"),
                                redisKey(p, p.fetchNames[i])));
                return;
            }
            if (v.str.empty()) {
                refuse(p, Text::of(KL_TEXT("kl::remote", "%1 is empty (0 bytes)"),
                                   redisKey(p, p.fetchNames[i])));
                return;
            }
            p.outcome.bytes += v.str.size();
            files.emplace(p.fetchNames[i], std::move(v.str));
        }
        const std::string hex = *decodeBase32KeyFolder(p.key);
        if (p.kind == EntryKind::Kernel)
            storeKernel(p, hex, files);
        else
            storeFiles(p, hex, files);
    }

    void storeKernel(Planned& p, const std::string& hex, StoreFiles& files)
    {
        const std::string metaName = layout::metadataFileName(p.outcome.kernel);
        auto meta = files.find(metaName);
        if (meta == files.end()) {
            refuse(p, Text::of(KL_TEXT("kl::remote", "%1 does not list the metadata %2"),
                               redisKey(p, p.groupName), metaName));
            return;
        }
        auto m = parseMetadata(meta->second, MetadataDetail::Summary);
        if (!m) {
            refuse(p, Text::of(KL_TEXT("kl::remote", "%1: %2"), redisKey(p, metaName), std::move(m.error())));
            return;
        }
        // The content must be the compile its key names: a poisoned or mis-keyed entry is refused.
        if (m->hash.empty() || encodeKeyFolder(m->hash, KeyEra::Base32) != p.key) {
            refuse(p,
                   Text::of(KL_TEXT("kl::remote",
                                    "%1 records hash %2, whose key is not %3: the content does not "
                                    "match its key (poisoned or mis-keyed); not pulled"),
                            redisKey(p, metaName), m->hash.empty() ? std::string("(none)") : m->hash, p.key));
            return;
        }
        const std::string kernel = m->name.empty() ? p.outcome.kernel : m->name;
        if (layout::fileStem(kernel) != p.outcome.kernel) {
            refuse(p,
                   Text::of(KL_TEXT("kl::remote",
                                    "%1 names kernel \"%2\" but the entry's values are named \"%3\""),
                            redisKey(p, metaName), printableName(kernel), printableName(p.outcome.kernel)));
            return;
        }
        p.outcome.kernel = kernel;
        auto put = m_store.put(hex, kernel, files);
        if (!put) {
            refuse(p, std::move(put.error()));
            return;
        }
        p.outcome.result = TransferResult::Done;
        p.outcome.detail = Text::of(KL_TEXT("kl::remote", "pulled into %1"), put->entryPath);
        p.decided = true;
    }

    void storeFiles(Planned& p, const std::string& hex, StoreFiles& files)
    {
        for (const auto& [name, bytes] : files)
            if (layout::isAutotuneFileName(name))
                if (auto a = parseAutotune(bytes); !a) {
                    refuse(p, Text::of(KL_TEXT("kl::remote", "%1: %2"), redisKey(p, name),
                                       std::move(a.error())));
                    return;
                }
        std::size_t written = 0;
        std::string where;
        for (const auto& [name, bytes] : files) {
            if (auto local = m_store.getFile(hex, name); local && local->hit)
                continue; // a file already here is never replaced
            auto put = m_store.putFile(hex, name, bytes);
            if (!put) {
                refuse(p, std::move(put.error()));
                return;
            }
            where = put->entryPath;
            ++written;
        }
        if (written == 0) {
            skip(p, Text::of(KL_TEXT("kl::remote", "already in %1"), m_store.entryPath(hex)));
            return;
        }
        p.outcome.result = TransferResult::Done;
        p.outcome.detail = Text::of(KL_TEXT("kl::remote", "pulled into %1"), where);
        p.decided = true;
    }

    Client& m_client;
    const KeyFormat& m_format;
    const CacheStore& m_store;
    const TransferOptions& m_options;
};

} // namespace

std::size_t TransferReport::count(TransferResult r) const
{
    return static_cast<std::size_t>(std::count_if(outcomes.begin(), outcomes.end(),
                                                  [r](const TransferOutcome& o) { return o.result == r; }));
}

std::uint64_t TransferReport::bytes() const
{
    std::uint64_t total = 0;
    for (const TransferOutcome& o : outcomes)
        if (o.result == TransferResult::Done)
            total += o.bytes;
    return total;
}

Result<TransferReport> pullEntries(Client& client, const KeyFormat& format, const KeyListing& listing,
                                   const std::vector<std::string>& keys, const CacheStore& store,
                                   const TransferOptions& options)
{
    TransferReport report;
    std::vector<Planned> wanted;
    if (keys.empty()) {
        for (const auto& [key, names] : listing.entries)
            wanted.push_back(planned(key, names));
    } else {
        for (const std::string& key : keys) {
            auto it = listing.entries.find(key);
            if (it == listing.entries.end()) {
                TransferOutcome o;
                o.key = key;
                o.detail =
                    Text::of(KL_TEXT("kl::remote", "no entry %1 on %2"), printableName(key), client.server());
                report.outcomes.push_back(std::move(o));
                continue;
            }
            wanted.push_back(planned(key, it->second));
        }
    }
    Puller puller(client, format, store, options);
    for (std::size_t at = 0; at < wanted.size(); at += options.batchEntries) {
        if (options.cancel && options.cancel->load()) {
            report.cancelled = true;
            break;
        }
        std::vector<Planned> batch(
            std::make_move_iterator(wanted.begin() + static_cast<std::ptrdiff_t>(at)),
            std::make_move_iterator(wanted.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                         wanted.size(), at + options.batchEntries))));
        if (auto s = puller.run(batch); !s)
            return fail(std::move(s.error()));
        for (Planned& p : batch)
            report.outcomes.push_back(std::move(p.outcome));
        if (options.progress)
            options.progress(std::min(wanted.size(), at + options.batchEntries), wanted.size());
    }
    return report;
}

} // namespace kl::remote
