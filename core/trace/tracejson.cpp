#include "tracejson.h"

#include <algorithm>

namespace kl::trace {

namespace {

void micros(json::Writer& w, const char* key, std::int64_t ns)
{
    w.Key(key);
    if (ns < 0)
        w.Null();
    else
        w.Double(static_cast<double>(ns) / 1000.0);
}

void intOrNull(json::Writer& w, const char* key, std::int64_t v)
{
    w.Key(key);
    if (v < 0)
        w.Null();
    else
        w.Int64(v);
}

template <typename T> void optional(json::Writer& w, const char* key, const std::optional<T>& v)
{
    w.Key(key);
    if (v)
        w.Uint64(static_cast<std::uint64_t>(*v));
    else
        w.Null();
}

void observed(json::Writer& w, const char* key, const char* seenKey, const Observed& o)
{
    intOrNull(w, key, o.common);
    w.Key(seenKey);
    w.StartArray();
    for (std::int64_t v : o.distinct)
        w.Int64(v);
    w.EndArray();
}

const KernelJoin* joinOf(const JoinResult* join, std::size_t kernel)
{
    return join ? join->of(kernel) : nullptr;
}

void skipped(json::Writer& w, const SkipCounts& s)
{
    w.Key("skipped");
    w.StartObject();
    w.Key("missing_ts");
    w.Uint64(s.missingTs);
    w.Key("missing_dur");
    w.Uint64(s.missingDur);
    w.Key("negative_dur");
    w.Uint64(s.negativeDur);
    w.Key("huge_dur");
    w.Uint64(s.hugeDur);
    w.Key("bad_number");
    w.Uint64(s.badNumber);
    w.Key("non_utf8_names");
    w.Uint64(s.nonUtf8Names);
    w.EndObject();
}

void entryMatch(json::Writer& w, const EntryMatch& m, bool fits)
{
    w.StartObject();
    w.Key("path");
    json::str(w, m.path);
    json::strOrNull(w, "arch", m.arch);
    w.Key("num_warps");
    if (m.numWarps)
        w.Int64(*m.numWarps);
    else
        w.Null();
    optional(w, "registers", m.registers);
    optional(w, "shared", m.sharedBytes);
    optional(w, "static_shared", m.staticShared);
    w.Key("fits");
    w.Bool(fits);
    w.Key("arch_matches");
    w.Bool(m.archMatches);
    w.Key("warps_match");
    w.Bool(m.warpsMatch);
    w.Key("resources_match");
    w.Bool(m.resourcesMatch);
    json::strOrNull(w, "cubin_error", m.cubinError);
    w.EndObject();
}

} // namespace

std::string_view matchState(const TraceReport& report, const JoinResult* join, std::size_t kernel)
{
    if (!join)
        return "not-joined";
    if (const KernelJoin* k = joinOf(join, kernel))
        return k->allFit() ? "fits" : "mismatch";
    const KernelClass cls = report.kernels[kernel].cls;
    return cls == KernelClass::Memcpy || cls == KernelClass::Memset ? "not-joined" : "none";
}

void writeTraceJson(json::Writer& w, const TraceReport& report, const JoinResult* join,
                    const std::vector<const Snapshot*>& snapshots, std::size_t top)
{
    w.StartObject();
    w.Key("schema");
    w.String("kernellens.trace/1");

    w.Key("files");
    w.StartArray();
    for (const TraceFileSummary& f : report.files) {
        w.StartObject();
        w.Key("path");
        json::str(w, f.path);
        optional(w, "rank", f.rank);
        optional(w, "world_size", f.worldSize);
        w.Key("events");
        w.Uint64(f.events);
        w.Key("gpu_events");
        w.Uint64(f.gpuEvents);
        micros(w, "gpu_total_us", f.gpuTotalNs);
        skipped(w, f.skipped);
        w.Key("truncated");
        if (f.truncated) {
            w.StartObject();
            w.Key("offset");
            w.Uint64(f.truncated->offset);
            w.Key("compressed_offset");
            w.Uint64(f.truncated->compressedOffset);
            w.Key("message");
            json::str(w, f.truncated->message);
            w.EndObject();
        } else {
            w.Null();
        }
        w.EndObject();
    }
    w.EndArray();

    w.Key("caches");
    w.StartArray();
    for (const Snapshot* s : snapshots)
        for (const Root& r : s->roots)
            json::str(w, r.path);
    w.EndArray();

    micros(w, "gpu_total_us", report.gpuTotalNs);
    w.Key("comm_patterns");
    w.StartArray();
    for (const std::string& p : report.commPatterns)
        json::str(w, p);
    w.EndArray();
    w.Key("unnamed_on_comm_streams");
    w.StartArray();
    for (std::size_t i : report.unnamedOnCommStreams)
        json::str(w, report.kernels[i].name);
    w.EndArray();
    w.Key("classes");
    w.StartObject();
    micros(w, "compute_us", report.classes.computeNs);
    micros(w, "communication_us", report.classes.communicationNs);
    micros(w, "memcpy_us", report.classes.memcpyNs);
    micros(w, "memset_us", report.classes.memsetNs);
    w.EndObject();
    w.Key("launch_delay");
    w.StartObject();
    w.Key("matched");
    w.Int64(report.launchDelays.matched);
    micros(w, "p50_us", report.launchDelays.p50Ns);
    micros(w, "p95_us", report.launchDelays.p95Ns);
    micros(w, "max_us", report.launchDelays.maxNs);
    w.EndObject();

    w.Key("kernels");
    w.StartArray();
    const std::size_t n = top ? std::min(top, report.kernels.size()) : report.kernels.size();
    for (std::size_t i = 0; i < n; ++i) {
        const KernelStats& k = report.kernels[i];
        w.StartObject();
        w.Key("name");
        json::str(w, k.name);
        w.Key("short_name");
        json::str(w, k.shortName);
        w.Key("class");
        w.String(toString(k.cls).data());
        json::strOrNull(w, "class_rule", k.classRule);
        w.Key("calls");
        w.Int64(k.calls);
        micros(w, "total_us", k.totalNs);
        micros(w, "mean_us", k.meanNs);
        micros(w, "p50_us", k.p50Ns);
        micros(w, "p95_us", k.p95Ns);
        micros(w, "min_us", k.minNs);
        micros(w, "max_us", k.maxNs);
        w.Key("share");
        w.Double(k.share);
        observed(w, "registers", "registers_seen", k.registers);
        observed(w, "shared_memory", "shared_memory_seen", k.sharedMemory);
        intOrNull(w, "block_threads", k.blockX.common);
        w.Key("devices");
        w.StartArray();
        for (std::int32_t d : k.devices)
            w.Int(d);
        w.EndArray();
        w.Key("ranks");
        w.StartArray();
        for (std::int32_t r : k.ranks)
            w.Int(r);
        w.EndArray();
        micros(w, "launch_delay_p50_us", k.launchDelayP50Ns);
        w.Key("inductor");
        if (k.inductor >= 0) {
            const InductorKernel& ind = report.inductor[static_cast<std::size_t>(k.inductor)];
            w.StartObject();
            w.Key("kernel_hash");
            json::str(w, ind.kernelHash);
            w.Key("kernel_file");
            json::str(w, ind.kernelFile);
            intOrNull(w, "num_warps", ind.numWarps);
            intOrNull(w, "num_stages", ind.numStages);
            w.EndObject();
        } else {
            w.Null();
        }
        w.Key("match");
        w.String(matchState(report, join, i).data());
        w.Key("entries");
        w.StartArray();
        if (const KernelJoin* kj = joinOf(join, i))
            for (std::size_t e = 0; e < kj->entries.size(); ++e)
                entryMatch(w, kj->entries[e],
                           std::find(kj->variantBest.begin(), kj->variantBest.end(), static_cast<int>(e)) !=
                               kj->variantBest.end());
        w.EndArray();
        w.EndObject();
    }
    w.EndArray();

    w.Key("devices");
    w.StartArray();
    for (const DeviceStats& d : report.devices) {
        w.StartObject();
        intOrNull(w, "rank", d.rank);
        w.Key("device");
        w.Int(d.device);
        json::strOrNull(w, "name", d.deviceName);
        json::strOrNull(w, "arch", d.arch);
        micros(w, "busy_us", d.busyNs);
        micros(w, "span_us", d.spanNs);
        w.Key("utilization");
        w.Double(d.spanNs > 0 ? static_cast<double>(d.busyNs) / static_cast<double>(d.spanNs) : 0.0);
        micros(w, "compute_us", d.computeNs);
        micros(w, "communication_us", d.communicationNs);
        micros(w, "memory_us", d.memoryNs);
        micros(w, "overlap_us", d.overlapNs);
        micros(w, "exposed_communication_us", d.exposedCommunicationNs);
        w.Key("hidden_share");
        w.Double(d.hiddenShare());
        w.Key("streams");
        w.StartArray();
        for (const StreamStats& s : d.streams) {
            w.StartObject();
            w.Key("stream");
            w.Int(s.stream);
            w.Key("events");
            w.Int64(s.events);
            micros(w, "busy_us", s.busyNs);
            micros(w, "span_us", s.spanNs);
            micros(w, "idle_us", s.idleNs);
            w.Key("largest_gaps");
            w.StartArray();
            for (const IdleGap& g : s.largestGaps) {
                w.StartObject();
                micros(w, "start_us", g.startNs);
                micros(w, "dur_us", g.durNs);
                w.EndObject();
            }
            w.EndArray();
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    }
    w.EndArray();

    w.Key("matched_us");
    if (join)
        w.Double(static_cast<double>(join->matchedNs) / 1000.0);
    else
        w.Null();
    w.Key("unmatched");
    w.StartArray();
    if (join)
        for (std::size_t k : join->unmatched)
            json::str(w, report.kernels[k].name);
    w.EndArray();
    w.Key("findings");
    w.StartArray();
    if (join)
        for (const TraceFinding& f : join->findings) {
            w.StartObject();
            w.Key("code");
            json::str(w, f.code);
            w.Key("severity");
            json::str(w, f.severity);
            w.Key("kernel");
            json::str(w, report.kernels[f.kernel].name);
            json::strings(w, "entries", f.entries);
            w.Key("message");
            json::str(w, f.message);
            w.Key("fix");
            json::str(w, f.fix);
            w.EndObject();
        }
    w.EndArray();
    w.EndObject();
}

} // namespace kl::trace
