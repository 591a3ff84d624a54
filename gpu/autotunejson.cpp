#include "autotunejson.h"

#include "core/util/jsonwriter.h"

#include <utility>

namespace kl {

void writeAutotuneJson(const KernelSpec& spec, const AutotuneReport& r, const CopyYardstick& copy,
                       std::FILE* out)
{
    json::writeDocument(out, [&](json::Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.autotune-run/1");
        w.Key("kernel");
        json::str(w, r.kernel);
        w.Key("spec");
        json::str(w, spec.path);
        w.Key("device");
        json::str(w, r.device);
        w.Key("arch");
        json::str(w, r.arch);
        w.Key("size");
        w.StartObject();
        w.Key("name");
        json::str(w, r.sizeName);
        for (const auto& [name, value] : r.sizeValues) {
            w.Key(name.c_str());
            w.Int64(value);
        }
        w.EndObject();
        w.Key("metric");
        json::str(w, metricKindName(r.metricKind));
        w.Key("unit");
        json::str(w, throughputUnit(r.metricKind));
        w.Key("configs");
        w.StartArray();
        for (const ConfigOutcome& c : r.configs) {
            w.StartObject();
            w.Key("config");
            json::str(w, c.label);
            w.Key("status");
            json::str(w, configStatusName(c.status));
            w.Key("message");
            json::str(w, c.message.english());
            w.Key("compile_hit");
            w.Bool(c.compileHit);
            w.Key("compile_ms");
            w.Double(c.compileMs);
            w.Key("registers");
            w.Int(c.kernel.registers);
            w.Key("local_bytes");
            w.Int(c.kernel.localBytes);
            w.Key("timing_ms");
            if (c.status == ConfigStatus::Ok) {
                w.StartObject();
                for (auto [k, v] : {std::pair{"median", c.timing.median},
                                    {"p20", c.timing.p20},
                                    {"p80", c.timing.p80},
                                    {"min", c.timing.min},
                                    {"max", c.timing.max}}) {
                    w.Key(k);
                    w.Double(v);
                }
                w.Key("repeats");
                w.Int(c.timing.count);
                w.EndObject();
            } else {
                w.Null();
            }
            w.Key("throughput");
            w.Double(c.status == ConfigStatus::Ok ? c.throughput : 0);
            w.EndObject();
        }
        w.EndArray();
        w.Key("best");
        if (r.best)
            json::str(w, r.configs[*r.best].label);
        else
            w.Null();
        w.Key("copy_gbs");
        if (copy.gbs > 0)
            w.Double(copy.gbs);
        else
            w.Null();
        w.Key("compile_hits");
        w.Uint64(r.compileHits);
        w.Key("cancelled");
        w.Bool(r.cancelled);
        json::strOrNull(w, "stopped", r.stopped.english());
        json::strOrNull(w, "results_path", r.resultsPath);
        json::strOrNull(w, "persist_error", r.persistError.english());
        w.EndObject();
    });
}

} // namespace kl
