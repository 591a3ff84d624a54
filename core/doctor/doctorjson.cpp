#include "doctorjson.h"

#include "core/report/snapshotjson.h"
#include "core/util/jsonwriter.h"

namespace kl {
namespace {

using json::str;
using json::Writer;

void writeFinding(Writer& w, const Finding& f)
{
    w.StartObject();
    w.Key("code");
    str(w, f.code);
    w.Key("severity");
    w.String(toString(f.severity).data());
    w.Key("path");
    str(w, f.path);
    w.Key("message");
    str(w, f.message);
    w.Key("fix");
    str(w, f.fix.english());
    if (f.pid) {
        w.Key("pid");
        w.Int64(*f.pid);
    }
    if (f.pidAlive) {
        w.Key("pid_alive");
        w.Bool(*f.pidAlive);
    }
    if (f.ageSeconds) {
        w.Key("age_s");
        w.Int64(*f.ageSeconds);
    }
    if (!f.kernel.empty()) {
        w.Key("kernel");
        str(w, f.kernel);
    }
    if (f.count) {
        w.Key("count");
        w.Int64(*f.count);
    }
    if (f.offset) {
        w.Key("offset");
        w.Uint64(*f.offset);
    }
    if (f.length) {
        w.Key("length");
        w.Uint64(*f.length);
    }
    w.EndObject();
}

void countMap(Writer& w, const char* key, const std::map<std::string, std::size_t>& m)
{
    w.Key(key);
    w.StartObject();
    for (const auto& [k, n] : m) {
        w.Key(k.c_str());
        w.Uint64(n);
    }
    w.EndObject();
}

} // namespace

void writeDoctorJson(const Snapshot& snap, const DoctorReport& report, const DoctorContext& ctx,
                     std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.doctor/1");
        w.Key("context");
        w.StartObject();
        w.Key("triton_version");
        if (ctx.tritonVersion)
            str(w, *ctx.tritonVersion);
        else
            w.Null();
        w.Key("gpu_archs");
        w.StartArray();
        for (const std::string& a : ctx.gpuArchs)
            str(w, a);
        w.EndArray();
        w.Key("filesystem_checked");
        w.Bool(static_cast<bool>(ctx.probeFilesystem));
        w.EndObject();
        w.Key("roots");
        writeRoots(w, snap.roots);
        w.Key("findings");
        w.StartArray();
        for (const Finding& f : report.findings)
            writeFinding(w, f);
        w.EndArray();
        const DoctorSummary s = report.summary();
        w.Key("summary");
        w.StartObject();
        w.Key("entries");
        w.Uint64(s.entries);
        w.Key("findings");
        w.Uint64(s.findings);
        countMap(w, "by_severity", s.bySeverity);
        countMap(w, "by_code", s.byCode);
        w.Key("binaries_checked");
        w.Uint64(s.binariesChecked);
        w.Key("cancelled");
        w.Bool(s.cancelled);
        w.EndObject();
        w.EndObject();
    });
}

} // namespace kl
