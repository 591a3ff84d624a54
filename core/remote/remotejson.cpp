#include "remotejson.h"

#include "core/report/snapshotjson.h"
#include "core/util/jsonwriter.h"

namespace kl::remote {
namespace {

using json::Writer;

// Seconds since a value was last read or written, or null when the server did not say.
void idleSeconds(Writer& w, std::int64_t seconds)
{
    w.Key("idle_seconds");
    if (seconds >= 0)
        w.Int64(seconds);
    else
        w.Null();
}

void summary(Writer& w, const RemoteSnapshot& snap)
{
    const Summary s = snap.snapshot.summary();
    w.Key("summary");
    w.StartObject();
    w.Key("entries");
    w.Uint64(s.entries);
    w.Key("keys");
    w.Uint64(snap.keys);
    w.Key("by_kind");
    w.StartObject();
    for (const auto& [k, n] : s.byKind) {
        json::str(w, k);
        w.Uint64(n);
    }
    w.EndObject();
    w.Key("by_status");
    w.StartObject();
    for (const auto& [k, n] : s.byStatus) {
        json::str(w, k);
        w.Uint64(n);
    }
    w.EndObject();
    w.Key("total_size");
    w.Uint64(s.totalSize);
    w.Key("problems");
    w.Uint64(s.problems);
    w.Key("vanished");
    w.Uint64(s.vanished);
    w.Key("cancelled");
    w.Bool(snap.snapshot.cancelled);
    w.EndObject();
}

void writeConfig(Writer& w, const InductorBestConfig& c)
{
    w.StartObject();
    w.Key("kwargs");
    w.StartObject();
    for (const auto& [k, v] : c.kwargs) {
        json::str(w, k);
        w.RawValue(v.data(), v.size(), rapidjson::kObjectType);
    }
    w.EndObject();
    auto opt = [&](const char* key, const std::optional<std::int64_t>& v) {
        w.Key(key);
        if (v)
            w.Int64(*v);
        else
            w.Null();
    };
    opt("num_warps", c.numWarps);
    opt("num_stages", c.numStages);
    opt("time_taken_ms", c.timeTakenMs);
    w.Key("found_by_coordesc");
    if (c.foundByCoordesc)
        w.Bool(*c.foundByCoordesc);
    else
        w.Null();
    json::strOrNull(w, "configs_hash", c.configsHash);
    json::strOrNull(w, "triton_cache_hash", c.tritonCacheHash);
    w.EndObject();
}

void writeInductor(Writer& w, const std::vector<InductorValue>& values)
{
    w.Key("inductor");
    w.StartArray();
    for (const InductorValue& v : values) {
        w.StartObject();
        w.Key("redis_key");
        json::str(w, v.redisKey);
        w.Key("kind");
        w.String(toString(v.kind).data());
        w.Key("cache_id");
        json::str(w, v.cacheId);
        w.Key("key");
        json::str(w, v.key);
        w.Key("size");
        w.Uint64(v.size);
        idleSeconds(w, v.idleSeconds);
        w.Key("configs");
        w.StartArray();
        for (std::size_t i = 0; i < v.configs.size(); ++i) {
            if (i < v.bundledFiles.size()) {
                // A bundle names the kernel file each config belongs to.
                w.StartObject();
                w.Key("file");
                json::str(w, v.bundledFiles[i]);
                w.Key("config");
                writeConfig(w, v.configs[i]);
                w.EndObject();
            } else {
                writeConfig(w, v.configs[i]);
            }
        }
        w.EndArray();
        json::strOrNull(w, "problem", v.problem);
        w.EndObject();
    }
    w.EndArray();
}

} // namespace

std::string_view toString(TransferResult r)
{
    switch (r) {
    case TransferResult::Done: return "done";
    case TransferResult::Skipped: return "skipped";
    case TransferResult::Refused: return "refused";
    }
    return "refused";
}

void writeRemoteSnapshotJson(const RemoteSnapshot& snap, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.remote/1");
        w.Key("server");
        json::str(w, snap.snapshot.roots.empty() ? std::string() : snap.snapshot.roots.front().path);
        w.Key("key_format");
        json::str(w, snap.keyFormat);
        w.Key("entries");
        w.StartArray();
        for (std::size_t i = 0; i < snap.snapshot.entries.size(); ++i)
            writeEntryJson(w, snap.snapshot.entries[i], nullptr,
                           [&](Writer& w2) { idleSeconds(w2, snap.idleSeconds[i]); });
        w.EndArray();
        writeInductor(w, snap.inductor);
        summary(w, snap);
        w.EndObject();
    });
}

void writeTransferJson(const TransferReport& report, std::string_view direction, const std::string& server,
                       std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.remote-transfer/1");
        w.Key("direction");
        json::str(w, direction);
        w.Key("server");
        json::str(w, server);
        w.Key("entries");
        w.StartArray();
        for (const TransferOutcome& o : report.outcomes) {
            w.StartObject();
            w.Key("key");
            json::str(w, o.key);
            w.Key("kernel");
            json::str(w, o.kernel);
            w.Key("result");
            w.String(toString(o.result).data());
            w.Key("detail");
            json::str(w, o.detail);
            w.Key("bytes");
            w.Uint64(o.bytes);
            w.EndObject();
        }
        w.EndArray();
        w.Key("done");
        w.Uint64(report.count(TransferResult::Done));
        w.Key("skipped");
        w.Uint64(report.count(TransferResult::Skipped));
        w.Key("refused");
        w.Uint64(report.count(TransferResult::Refused));
        w.Key("bytes");
        w.Uint64(report.bytes());
        w.Key("cancelled");
        w.Bool(report.cancelled);
        w.EndObject();
    });
}

void writeRemoteCleanJson(const RemoteCleanPlan& plan, const std::optional<RemoteCleanResult>& result,
                          const std::string& server, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.remote-clean/1");
        w.Key("server");
        json::str(w, server);
        w.Key("dry_run");
        w.Bool(!result);
        w.Key("entries");
        w.StartArray();
        for (const RemoteCleanItem& it : plan.items) {
            w.StartObject();
            w.Key("key");
            json::str(w, it.key);
            w.Key("kernel");
            json::str(w, it.kernel);
            w.Key("bytes");
            w.Uint64(it.bytes);
            idleSeconds(w, it.idleSeconds);
            w.Key("reason");
            json::str(w, it.reason);
            json::strings(w, "redis_keys", it.redisKeys);
            w.EndObject();
        }
        w.EndArray();
        w.Key("bytes");
        w.Uint64(plan.bytes);
        w.Key("total_bytes");
        w.Uint64(plan.totalBytes);
        w.Key("deleted_entries");
        if (result)
            w.Uint64(result->entriesDeleted);
        else
            w.Null();
        w.Key("deleted_keys");
        if (result)
            w.Uint64(result->keysDeleted);
        else
            w.Null();
        w.EndObject();
    });
}

void writeRemoteStatsJson(const RemoteSnapshot& snap, const ServerInfo& info, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.remote-stats/1");
        w.Key("server");
        json::str(w, snap.snapshot.roots.empty() ? std::string() : snap.snapshot.roots.front().path);
        w.Key("redis_version");
        json::str(w, info.version);
        w.Key("used_memory");
        w.Uint64(info.usedMemory);
        w.Key("max_memory");
        w.Uint64(info.maxMemory);
        w.Key("eviction_policy");
        json::str(w, info.evictionPolicy);
        w.Key("keyspace_hits");
        w.Int64(info.keyspaceHits);
        w.Key("keyspace_misses");
        w.Int64(info.keyspaceMisses);
        w.Key("evicted_keys");
        w.Int64(info.evictedKeys);
        w.Key("db_keys");
        w.Int64(info.dbKeys);
        w.Key("key_format");
        json::str(w, snap.keyFormat);
        summary(w, snap);
        w.EndObject();
    });
}

} // namespace kl::remote
