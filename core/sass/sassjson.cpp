#include "sassjson.h"

#include "core/util/jsonwriter.h"

namespace kl {
namespace {

using json::Writer;

void location(Writer& w, const SourceLocation& l)
{
    w.StartObject();
    w.Key("file");
    json::str(w, l.file);
    w.Key("line");
    w.Uint(l.line);
    w.EndObject();
}

void instruction(Writer& w, const SassInstruction& ins)
{
    w.StartObject();
    w.Key("offset");
    w.Uint64(ins.offset);
    json::strOrNull(w, "predicate", ins.predicate());
    w.Key("opcode");
    json::str(w, ins.opcode());
    w.Key("operands");
    json::str(w, ins.operands());
    w.Key("text");
    json::str(w, ins.text);
    json::strOrNull(w, "file", ins.location().file);
    w.Key("line");
    if (ins.location().file.empty())
        w.Null();
    else
        w.Uint(ins.location().line);
    w.Key("inlined_at");
    w.StartArray();
    for (const SourceLocation& l : ins.inlinedAt())
        location(w, l);
    w.EndArray();
    w.Key("target");
    if (ins.targetOffset)
        w.Uint64(*ins.targetOffset);
    else
        w.Null();
    json::strOrNull(w, "target_label", ins.targetLabel);
    w.EndObject();
}

} // namespace

void writeSassJson(const SassResult& r, const std::string& kernel, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.sass/1");
        w.Key("cubin");
        json::str(w, r.cubinPath);
        w.Key("sha256");
        json::str(w, r.sha256);
        w.Key("nvdisasm");
        w.StartObject();
        w.Key("path");
        json::str(w, r.tool.path);
        json::strOrNull(w, "version", r.tool.version);
        w.Key("found_by");
        json::str(w, r.tool.foundBy);
        w.Key("from_cache");
        w.Bool(r.fromCache);
        w.EndObject();
        w.Key("line_info");
        w.Bool(r.listing.hasLineInfo);
        json::strings(w, "notes", r.notes);
        w.Key("kernels");
        w.StartArray();
        const std::string arch = "sm_" + std::to_string(r.sm);
        for (const SassKernel& k : r.listing.kernels) {
            if (!kernel.empty() && k.name != kernel)
                continue;
            w.StartObject();
            w.Key("name");
            json::str(w, k.name);
            w.Key("arch");
            json::str(w, arch);
            w.Key("labels");
            w.StartArray();
            for (const SassLabel& l : k.labels) {
                w.StartObject();
                w.Key("name");
                json::str(w, l.name);
                w.Key("offset");
                w.Uint64(l.offset);
                w.EndObject();
            }
            w.EndArray();
            w.Key("instructions");
            w.StartArray();
            for (const SassInstruction& ins : k.instructions)
                instruction(w, ins);
            w.EndArray();
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
