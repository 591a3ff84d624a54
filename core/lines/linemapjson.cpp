#include "linemapjson.h"

#include "core/util/jsonwriter.h"

namespace kl {

void writeLineMapJson(const std::string& entryPath, const LineMap& map, std::FILE* out)
{
    json::writeDocument(out, [&](json::Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.lines/1");
        w.Key("entry");
        json::str(w, entryPath);
        json::strings(w, "stages", map.stages);
        w.Key("files");
        w.StartArray();
        for (const LineMapFile& f : map.files) {
            w.StartObject();
            w.Key("path");
            json::str(w, f.path);
            w.Key("exists");
            w.Bool(f.exists);
            w.Key("changed");
            w.Bool(f.changed);
            w.EndObject();
        }
        w.EndArray();
        json::strings(w, "notes", map.notes);
        w.Key("lines");
        w.StartArray();
        for (const LineMapRow& row : map.rows) {
            w.StartObject();
            w.Key("file");
            json::str(w, row.source.file);
            w.Key("line");
            w.Uint(row.source.line);
            w.Key("stages");
            w.StartObject();
            for (const auto& [stage, lines] : row.stages) {
                w.Key(stage.c_str());
                w.StartArray();
                for (unsigned l : lines)
                    w.Uint(l);
                w.EndArray();
            }
            w.EndObject();
            w.Key("sass");
            w.StartArray();
            for (std::uint64_t off : row.sass)
                w.Uint64(off);
            w.EndArray();
            w.EndObject();
        }
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
