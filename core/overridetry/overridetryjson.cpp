#include "overridetryjson.h"

#include "core/cubin/cubininfojson.h"
#include "core/util/jsonwriter.h"

#include <algorithm>

namespace kl {

using json::str;
using json::Writer;

namespace {

const CubinKernel* kernelNamed(const CubinResult& c, const std::string& name)
{
    if (!c.ok)
        return nullptr;
    for (const CubinKernel& k : c.info.kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

void writeSide(Writer& w, const char* key, const TrySide& side, const CubinKernel* k)
{
    w.Key(key);
    if (!k) {
        w.Null();
        return;
    }
    const OccupancyResult occupancy = kernelOccupancy(side.info.info.sm, *k, side.launch);
    writeCubinKernelJson(w, *k, &occupancy);
}

// Every kernel of either side, by name, in the edit's order then the entry's.
void writeKernels(Writer& w, const OverrideTry& r)
{
    std::vector<std::string> names;
    for (const CubinResult* c : {&r.edited.info, &r.original.info})
        if (c->ok)
            for (const CubinKernel& k : c->info.kernels)
                if (std::find(names.begin(), names.end(), k.name) == names.end())
                    names.push_back(k.name);
    w.Key("kernels");
    w.StartArray();
    for (const std::string& name : names) {
        w.StartObject();
        w.Key("name");
        str(w, name);
        writeSide(w, "original", r.original, kernelNamed(r.original.info, name));
        writeSide(w, "edited", r.edited, kernelNamed(r.edited.info, name));
        w.EndObject();
    }
    w.EndArray();
}

} // namespace

void writeOverrideTryJson(const OverrideTry& r, const TryRun& run, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.override-try/1");
        w.Key("file");
        str(w, r.file);
        w.Key("stage");
        str(w, r.stage);
        w.Key("entry");
        str(w, r.entry);
        w.Key("kernel");
        str(w, r.kernel);
        w.Key("ok");
        w.Bool(r.ok);
        json::strOrNull(w, "error", r.error);
        json::strOrNull(w, "route", r.route);
        json::strOrNull(w, "assembler", r.assembler);
        json::strOrNull(w, "baseline", r.baseline);
        w.Key("diagnostics");
        w.StartArray();
        for (const CompileDiagnostic& d : r.diagnostics) {
            w.StartObject();
            w.Key("file");
            str(w, d.file);
            w.Key("line");
            w.Int(d.line);
            w.Key("severity");
            str(w, d.severity);
            w.Key("message");
            str(w, d.message);
            w.EndObject();
        }
        w.EndArray();
        w.Key("notes");
        w.StartArray();
        for (const Text& n : r.notes)
            str(w, n);
        w.EndArray();
        if (r.ok) {
            w.Key("same_code");
            w.Bool(r.sameCode);
            writeKernels(w, r);
            json::strOrNull(w, "ptx_diff", r.ptxDiff);
            json::strOrNull(w, "sass_diff", r.sassDiff);
            json::strOrNull(w, "sass_unavailable", r.sassUnavailable);
        } else {
            w.Key("kernels");
            w.StartArray();
            w.EndArray();
        }
        w.Key("gpu_run");
        w.StartObject();
        w.Key("ran");
        w.Bool(run.ran);
        json::strOrNull(w, "reason", run.reason);
        if (run.ran) {
            json::strOrNull(w, "device", run.device);
            json::strOrNull(w, "size", run.size);
            w.Key("outputs_differ");
            w.Bool(run.outputsDiffer);
            w.Key("outputs");
            w.StartArray();
            for (const TryRun::Output& o : run.outputs) {
                w.StartObject();
                json::strOrNull(w, "argument", o.argument);
                w.Key("checked");
                w.Uint64(o.checked);
                w.Key("mismatches");
                w.Uint64(o.mismatches);
                w.Key("max_abs_error");
                w.Double(o.maxAbsError);
                w.Key("first");
                if (o.firstIndex) {
                    w.StartObject();
                    w.Key("index");
                    w.Uint64(*o.firstIndex);
                    w.Key("original");
                    w.Double(o.firstOriginal);
                    w.Key("edited");
                    w.Double(o.firstEdited);
                    w.EndObject();
                } else {
                    w.Null();
                }
                json::strOrNull(w, "description", o.description);
                w.EndObject();
            }
            w.EndArray();
        }
        w.EndObject();
        w.Key("microseconds");
        w.StartObject();
        w.Key("compile");
        w.Int64(r.compileUs);
        w.Key("total");
        w.Int64(r.totalUs);
        w.EndObject();
        json::strOrNull(w, "log", r.log);
        w.EndObject();
    });
}

} // namespace kl
