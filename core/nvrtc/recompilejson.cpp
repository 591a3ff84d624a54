#include "recompilejson.h"

#include "core/util/jsonwriter.h"

namespace kl {

void writeRecompileJson(const std::vector<std::pair<Entry, RecompileReport>>& results, std::FILE* out)
{
    json::writeDocument(out, [&](json::Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.recompile/1");
        w.Key("entries");
        w.StartArray();
        for (const auto& [e, r] : results) {
            w.StartObject();
            w.Key("entry");
            json::str(w, e.path);
            w.Key("kernel");
            json::str(w, e.kernel);
            w.Key("ok");
            w.Bool(r.ok);
            json::strOrNull(w, "error", r.error);
            json::strOrNull(w, "kind", r.kind);
            json::strOrNull(w, "arch", r.arch);
            json::strOrNull(w, "assembler", r.assembler);
            w.Key("verdict");
            if (r.ok)
                json::str(w, recompileVerdict(r));
            else
                w.Null();
            w.Key("fresh");
            w.Bool(r.ok && r.fresh);
            w.Key("judged");
            w.Bool(r.ok && r.judged);
            w.Key("artefacts");
            w.StartArray();
            for (const auto& a : r.artefacts) {
                w.StartObject();
                w.Key("file");
                json::str(w, a.file);
                w.Key("identical");
                w.Bool(a.identical);
                json::strOrNull(w, "difference", a.difference);
                w.EndObject();
            }
            w.EndArray();
            w.Key("total_us");
            w.Int64(r.event.totalUs);
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
