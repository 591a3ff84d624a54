#include "autotunefile.h"

#include "core/keys/tritonkey.h"
#include "core/nvrtc/nvrtccompiler.h"

#include <cmath>
#include <limits>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace kl {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                                 rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>;

void str(Writer& w, std::string_view s)
{
    w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// Compact, as Triton writes it (json.dumps); PrettyWriter of RapidJSON 1.1 drops the Infinity flag.
// The config as Triton records one (Config.__dict__): kwargs, num_warps, num_ctas. The other
// Triton fields (num_stages, maxnreg, hooks) have no meaning for a CUDA C++ kernel.
void writeConfig(Writer& w, const KernelSpec& spec, const ConfigOutcome& c)
{
    w.StartObject();
    w.Key("kwargs");
    w.StartObject();
    for (std::size_t p = 0; p < spec.parameters.size() && p < c.config.values.size(); ++p) {
        w.Key(spec.parameters[p].name.c_str());
        w.Int64(c.config.values[p]);
    }
    w.EndObject();
    w.Key("num_warps");
    if (c.threadsPerBlock > 0)
        w.Int((c.threadsPerBlock + 31) / 32);
    else
        w.Null();
    w.Key("num_ctas");
    w.Int(1);
    w.EndObject();
}

} // namespace

std::string autotuneKeyJson(const KernelSpec& spec,
                            const std::vector<std::pair<std::string, std::int64_t>>& size)
{
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> w(buf);
    w.StartArray();
    for (const auto& [name, value] : size)
        w.Int64(value);
    for (const KernelArgument& a : spec.arguments)
        if (a.kind == ArgumentKind::Buffer)
            w.String(std::string(dataTypeName(a.type)).c_str());
    w.EndArray();
    return buf.GetString();
}

std::string autotuneKeyHex(const KernelSpec& spec, const AutotuneReport& report, int optLevel)
{
    std::string m = "kernellens-autotune/1\n";
    m += "kernel " + spec.name + "\nentry " + spec.entry + "\n";
    m += "source " + sha256Hex(spec.source) + "\n";
    m += "key " + report.keyJson + "\n";
    m += "arch " + report.arch + "\ndevice " + report.device + "\n";
    m += "nvrtc " + toolkitInfo().nvrtcVersion + "\nO" + std::to_string(optLevel) + "\n";
    for (const ConfigOutcome& c : report.configs)
        m += "config " + c.label + "\n";
    return sha256Hex(m);
}

std::string autotuneFileText(const KernelSpec& spec, const AutotuneReport& r)
{
    rapidjson::StringBuffer buf;
    Writer w(buf);
    w.StartObject();
    w.Key("key");
    w.RawValue(r.keyJson.c_str(), r.keyJson.size(), rapidjson::kArrayType);
    w.Key("configs_timings");
    w.StartArray();
    const double inf = std::numeric_limits<double>::infinity();
    for (const ConfigOutcome& c : r.configs) {
        w.StartArray();
        writeConfig(w, spec, c);
        w.StartArray();
        const bool ok = c.status == ConfigStatus::Ok;
        for (double v : {c.timing.median, c.timing.p20, c.timing.p80})
            w.Double(ok ? v : inf);
        w.EndArray();
        w.EndArray();
    }
    w.EndArray();

    w.Key("kernellens");
    w.StartObject();
    w.Key("schema");
    w.String("kernellens.autotune/1");
    w.Key("kernel");
    str(w, r.kernel);
    w.Key("device");
    str(w, r.device);
    w.Key("arch");
    str(w, r.arch);
    w.Key("size");
    w.StartObject();
    w.Key("name");
    str(w, r.sizeName);
    for (const auto& [name, value] : r.sizeValues) {
        w.Key(name.c_str());
        w.Int64(value);
    }
    w.EndObject();
    w.Key("metric");
    str(w, metricKindName(r.metricKind));
    w.Key("unit");
    str(w, throughputUnit(r.metricKind));
    w.Key("best");
    if (r.best)
        writeConfig(w, spec, r.configs[*r.best]);
    else
        w.Null();
    w.Key("results");
    w.StartArray();
    for (const ConfigOutcome& c : r.configs) {
        w.StartObject();
        w.Key("config");
        str(w, c.label);
        w.Key("status");
        str(w, configStatusName(c.status));
        w.Key("message");
        str(w, c.message.english());
        w.Key("throughput");
        w.Double(c.status == ConfigStatus::Ok ? c.throughput : 0);
        w.Key("registers");
        w.Int(c.kernel.registers);
        w.Key("local_bytes");
        w.Int(c.kernel.localBytes);
        w.Key("static_shared_bytes");
        w.Int(c.kernel.staticSharedBytes);
        w.Key("repeats");
        w.Int(c.timing.count);
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    w.EndObject();
    return std::string(buf.GetString()) + "\n";
}

} // namespace kl
