#include "remoteclean.h"

#include "core/formats/layout.h"

#include <algorithm>
#include <charconv>
#include <numeric>

namespace kl::remote {
namespace {

bool neverHits(const Entry& e)
{
    return e.kind == EntryKind::Kernel && e.status != EntryStatus::Complete;
}

RemoteCleanItem itemFor(const Entry& e, std::int64_t idle, const KeyFormat& format, Text reason)
{
    RemoteCleanItem item;
    item.key = e.folderName;
    item.kernel = e.kernel;
    item.bytes = e.totalSize;
    item.idleSeconds = idle;
    item.reason = std::move(reason);
    if (e.hasProblem(problem::BadKey)) {
        item.redisKeys.push_back(e.path);
        return item;
    }
    // Stages hold every value but the group; the group goes first.
    if (e.kind == EntryKind::Kernel)
        item.redisKeys.push_back(
            format.make(e.folderName, layout::groupFileName(layout::fileStem(e.kernel))));
    for (const Stage& s : e.stages)
        item.redisKeys.push_back(format.make(e.folderName, s.fileName));
    return item;
}

long long field(const std::string& info, std::string_view name)
{
    const std::string needle = "\n" + std::string(name) + ":";
    auto at = ("\n" + info).find(needle);
    if (at == std::string::npos)
        return 0;
    const char* begin = info.data() + at + needle.size() - 1;
    long long v = 0;
    std::from_chars(begin, info.data() + info.size(), v);
    return v;
}

std::string textField(const std::string& info, std::string_view name)
{
    const std::string needle = "\n" + std::string(name) + ":";
    const std::string padded = "\n" + info;
    auto at = padded.find(needle);
    if (at == std::string::npos)
        return {};
    auto start = at + needle.size();
    auto end = padded.find_first_of("\r\n", start);
    return padded.substr(start, end - start);
}

} // namespace

RemoteCleanPlan planRemoteClean(const RemoteSnapshot& snap, const KeyFormat& format,
                                const RemoteCleanPolicy& policy)
{
    RemoteCleanPlan plan;
    const auto& entries = snap.snapshot.entries;
    std::vector<bool> chosen(entries.size(), false);
    for (const Entry& e : entries)
        plan.totalBytes += e.totalSize;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        const std::int64_t idle = snap.idleSeconds[i];
        if (policy.broken && (neverHits(e) || e.hasProblem(problem::BadKey))) {
            chosen[i] = true;
            plan.items.push_back(
                itemFor(e, idle, format,
                        Text::of(KL_TEXT("kl::remote", "no Triton can hit it: %1"),
                                 e.problems.empty() ? Text::verbatim(std::string(toString(e.status)))
                                                    : e.problems.front().message)));
        } else if (policy.idleSeconds && idle >= *policy.idleSeconds) {
            chosen[i] = true;
            plan.items.push_back(itemFor(e, idle, format,
                                         Text::of(KL_TEXT("kl::remote", "not read or written for %1 s"),
                                                  static_cast<long long>(idle))));
        }
    }
    if (policy.keepBytes) {
        std::uint64_t remaining = plan.totalBytes;
        for (const RemoteCleanItem& it : plan.items)
            remaining -= it.bytes;
        // Least recently used first: the longest idle.
        std::vector<std::size_t> order(entries.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return snap.idleSeconds[a] > snap.idleSeconds[b];
        });
        for (std::size_t i : order) {
            if (remaining <= *policy.keepBytes)
                break;
            if (chosen[i])
                continue;
            chosen[i] = true;
            remaining -= entries[i].totalSize;
            plan.items.push_back(
                itemFor(entries[i], snap.idleSeconds[i], format,
                        Text::of(KL_TEXT("kl::remote", "least recently used while the cache is over "
                                                       "%1 bytes"),
                                 static_cast<long long>(*policy.keepBytes))));
        }
    }
    for (const RemoteCleanItem& it : plan.items)
        plan.bytes += it.bytes;
    return plan;
}

Result<RemoteCleanResult> executeRemoteClean(Client& client, const RemoteCleanPlan& plan,
                                             const std::function<void(std::size_t, std::size_t)>& progress,
                                             const std::atomic<bool>* cancel)
{
    RemoteCleanResult result;
    constexpr std::size_t kBatch = 128;
    for (std::size_t at = 0; at < plan.items.size(); at += kBatch) {
        if (cancel && cancel->load()) {
            result.cancelled = true;
            break;
        }
        const std::size_t end = std::min(plan.items.size(), at + kBatch);
        std::vector<std::vector<std::string_view>> commands;
        for (std::size_t i = at; i < end; ++i)
            for (const std::string& k : plan.items[i].redisKeys)
                commands.push_back({"DEL", k});
        auto replies = client.pipeline(commands);
        if (!replies)
            return fail(std::move(replies.error()));
        for (const Reply& r : *replies)
            result.keysDeleted += static_cast<std::size_t>(std::max(0LL, r.integer));
        result.entriesDeleted += end - at;
        if (progress)
            progress(end, plan.items.size());
    }
    return result;
}

Result<ServerInfo> serverInfo(Client& client)
{
    auto r = client.command({"INFO"});
    if (!r)
        return fail(std::move(r.error()));
    const std::string& info = r->str;
    ServerInfo s;
    s.version = textField(info, "redis_version");
    s.usedMemory = static_cast<std::uint64_t>(field(info, "used_memory"));
    s.maxMemory = static_cast<std::uint64_t>(field(info, "maxmemory"));
    s.evictionPolicy = textField(info, "maxmemory_policy");
    s.keyspaceHits = field(info, "keyspace_hits");
    s.keyspaceMisses = field(info, "keyspace_misses");
    s.evictedKeys = field(info, "evicted_keys");
    s.uptimeSeconds = field(info, "uptime_in_seconds");
    const std::string db = textField(info, "db" + std::to_string(client.endpoint().db));
    if (db.starts_with("keys="))
        std::from_chars(db.data() + 5, db.data() + db.size(), s.dbKeys);
    return s;
}

} // namespace kl::remote
