#include "eventstatsjson.h"

#include "core/util/isotime.h"
#include "core/util/jsonwriter.h"
#include "core/util/utf8.h"

namespace kl {
namespace {

using json::str;
using json::Writer;

void timeOrNull(Writer& w, const char* k, std::int64_t ns, bool present)
{
    w.Key(k);
    if (present)
        str(w, isoTime(ns));
    else
        w.Null();
}

void duration(Writer& w, const DurationSummary& d)
{
    w.StartObject();
    w.Key("count");
    w.Uint64(d.count);
    w.Key("median");
    d.count ? w.Double(d.medianUs) : w.Null();
    w.Key("p90");
    d.count ? w.Double(d.p90Us) : w.Null();
    w.EndObject();
}

void origin(Writer& w, const OriginStats& o)
{
    w.StartObject();
    w.Key("events");
    w.Uint64(o.events);
    w.Key("hits");
    w.Uint64(o.hits);
    w.Key("misses");
    w.Uint64(o.misses);
    w.Key("hit_rate");
    o.hitRate ? w.Double(*o.hitRate) : w.Null();
    w.Key("miss_total_us");
    duration(w, o.missTotal);
    w.Key("hit_total_us");
    duration(w, o.hitTotal);
    w.Key("stages_us");
    w.StartArray();
    for (const StageSummary& s : o.stages) {
        w.StartObject();
        w.Key("stage");
        str(w, s.stage);
        w.Key("count");
        w.Uint64(s.time.count);
        w.Key("median");
        w.Double(s.time.medianUs);
        w.Key("p90");
        w.Double(s.time.p90Us);
        w.EndObject();
    }
    w.EndArray();
    w.Key("miss_bytes");
    w.Uint64(o.missBytes);
    w.EndObject();
}

} // namespace

void writeEventStatsJson(const std::string& logPath, const EventLogContents& log, const EventStats& stats,
                         const std::optional<std::int64_t>& sinceNs, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.stats/1");
        w.Key("log");
        w.StartObject();
        w.Key("path");
        str(w, logPath);
        w.Key("found");
        w.Bool(log.found);
        json::strings(w, "files", log.files);
        w.Key("lines");
        w.Uint64(log.lines);
        w.Key("events");
        w.Uint64(log.events.size());
        w.Key("corrupt_lines");
        w.Uint64(log.corruptLines);
        w.Key("partial_lines");
        w.Uint64(log.partialLines);
        w.Key("issues");
        w.StartArray();
        for (const EventLogIssue& i : log.issues) {
            w.StartObject();
            w.Key("path");
            str(w, i.path);
            w.Key("line");
            w.Uint64(i.line);
            w.Key("cause");
            str(w, i.cause);
            w.EndObject();
        }
        w.EndArray();
        json::strOrNull(w, "error", log.error);
        w.EndObject();
        timeOrNull(w, "since", sinceNs.value_or(0), sinceNs.has_value());
        w.Key("since_ns");
        sinceNs ? w.Int64(*sinceNs) : w.Null();
        w.Key("events");
        w.Uint64(stats.consideredEvents);
        timeOrNull(w, "first", stats.firstTimeNs, stats.consideredEvents > 0);
        timeOrNull(w, "last", stats.lastTimeNs, stats.consideredEvents > 0);
        w.Key("total");
        origin(w, stats.total);
        w.Key("by_origin");
        w.StartObject();
        for (const OriginStats& o : stats.byOrigin) {
            const std::string name = isValidUtf8(o.origin) ? o.origin : printableName(o.origin);
            w.Key(name.c_str(), static_cast<rapidjson::SizeType>(name.size()));
            origin(w, o);
        }
        w.EndObject();
        w.Key("slowest");
        w.StartArray();
        for (const KernelCompileTimes& k : stats.slowest) {
            w.StartObject();
            w.Key("origin");
            str(w, k.origin);
            w.Key("kernel");
            str(w, k.kernel);
            w.Key("compiles");
            w.Uint64(k.compiles);
            w.Key("max_us");
            w.Int64(k.maxUs);
            w.Key("median_us");
            w.Double(k.medianUs);
            w.Key("sum_us");
            w.Int64(k.sumUs);
            w.Key("slowest_key");
            str(w, k.slowestKey);
            w.Key("slowest_arch");
            str(w, k.slowestArch);
            timeOrNull(w, "slowest_time", k.slowestTimeNs, true);
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
