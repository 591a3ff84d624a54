#include "explainjson.h"

#include "core/util/jsonwriter.h"
#include "core/util/utf8.h"

#include <optional>
#include <string>

namespace kl {
namespace {

using json::str;
using json::Writer;

void optStr(Writer& w, const std::optional<std::string>& s)
{
    if (s)
        str(w, *s);
    else
        w.Null();
}

// Difference values are JSON text already (as the metadata recorded them).
void raw(Writer& w, const std::optional<std::string>& json)
{
    if (!json)
        w.Null();
    else if (isValidUtf8(*json))
        w.RawValue(json->data(), json->size(), rapidjson::kStringType);
    else
        str(w, *json);
}

void writeSide(Writer& w, const EntryDetail& d)
{
    w.StartObject();
    w.Key("path");
    str(w, d.entry.path);
    w.Key("folder");
    str(w, d.entry.folderName);
    w.Key("kernel");
    str(w, d.entry.kernel);
    w.Key("hash");
    optStr(w, d.entry.hash.empty() ? std::nullopt : std::optional<std::string>(d.entry.hash));
    w.Key("triton_version");
    optStr(w,
           d.entry.tritonVersion.empty() ? std::nullopt : std::optional<std::string>(d.entry.tritonVersion));
    w.Key("target");
    if (d.entry.target.empty()) {
        w.Null();
    } else {
        w.StartObject();
        w.Key("backend");
        str(w, d.entry.target.backend);
        w.Key("arch");
        str(w, d.entry.target.arch);
        w.Key("warp_size");
        w.Int(d.entry.target.warpSize);
        w.EndObject();
    }
    w.EndObject();
}

void writeEnvironment(Writer& w, const CurrentEnvironment& now)
{
    w.StartObject();
    w.Key("triton_version");
    optStr(w, now.tritonVersion);
    w.Key("triton_version_source");
    str(w, now.tritonVersionSource);
    w.Key("gpu_archs");
    w.StartArray();
    for (const std::string& a : now.gpuArchs)
        str(w, a);
    w.EndArray();
    w.Key("gpu_source");
    str(w, now.gpuSource);
    w.Key("env_vars");
    w.StartObject();
    for (const auto& [name, value] : now.envVars) {
        w.Key(name.c_str());
        str(w, value);
    }
    w.EndObject();
    w.EndObject();
}

} // namespace

void writeExplainJson(const Explanation& ex, const EntryDetail& a, const EntryDetail* b,
                      const CurrentEnvironment* now, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.explain/1");
        w.Key("mode");
        w.String(b ? "entries" : "environment");
        w.Key("a");
        writeSide(w, a);
        w.Key("b");
        if (b)
            writeSide(w, *b);
        else
            w.Null();
        w.Key("environment");
        if (now)
            writeEnvironment(w, *now);
        else
            w.Null();
        w.Key("same_hash");
        w.Bool(ex.sameHash);
        w.Key("same_code");
        if (ex.sameCode)
            w.Bool(*ex.sameCode);
        else
            w.Null();
        w.Key("nothing_recorded_differs");
        w.Bool(ex.differences.empty());
        w.Key("differences");
        w.StartArray();
        for (const Difference& d : ex.differences) {
            w.StartObject();
            w.Key("kind");
            w.String(toString(d.kind).data());
            w.Key("name");
            str(w, d.name);
            if (d.kind == DifferenceKind::Stage) {
                w.Key("a_lines");
                w.Uint64(d.aLineCount);
                w.Key("b_lines");
                w.Uint64(d.bLineCount);
                w.Key("lines");
                w.StartArray();
                for (const LineDifference& l : d.lines) {
                    w.StartObject();
                    w.Key("line");
                    w.Uint64(l.line);
                    w.Key("a");
                    optStr(w, l.a);
                    w.Key("b");
                    optStr(w, l.b);
                    w.EndObject();
                }
                w.EndArray();
            } else {
                w.Key("a");
                raw(w, d.a);
                w.Key("b");
                raw(w, d.b);
            }
            w.Key("note");
            optStr(w, d.note.empty() ? std::nullopt : std::optional<std::string>(d.note.english()));
            w.EndObject();
        }
        w.EndArray();
        w.Key("not_recorded");
        w.StartArray();
        for (const Text& s : ex.notRecorded)
            str(w, s);
        w.EndArray();
        w.Key("notes");
        w.StartArray();
        for (const Text& s : ex.notes)
            str(w, s);
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
