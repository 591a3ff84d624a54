#include "overridejson.h"

#include "core/formats/keyencoding.h"
#include "core/report/snapshotjson.h"
#include "core/util/jsonwriter.h"

#include <set>

namespace kl {

using json::str;
using json::Writer;

namespace {

void writeLinkedEntry(Writer& w, const Snapshot& snap, const LinkedEntry& l)
{
    const Entry& e = snap.entries[l.entry];
    w.StartObject();
    w.Key("path");
    str(w, e.path);
    w.Key("kernel");
    str(w, e.kernel);
    json::strOrNull(w, "arch", e.target.arch);
    w.Key("shared_stages");
    w.StartArray();
    for (const std::string& s : l.sharedStages)
        str(w, s);
    w.EndArray();
    w.Key("whole");
    w.Bool(l.whole);
    w.Key("via");
    w.String(l.viaTwin ? "twin" : "content");
    w.EndObject();
}

void writeFolder(Writer& w, const Snapshot& snap, const FolderLinks& l)
{
    const Entry& f = snap.entries[l.folder];
    w.StartObject();
    w.Key("path");
    str(w, f.path);
    w.Key("kind");
    w.String(toString(f.kind).data());
    w.Key("kernels");
    w.StartArray();
    if (!f.kernel.empty())
        str(w, f.kernel);
    w.EndArray();
    w.Key("stages");
    w.StartArray();
    std::set<std::string> seen;
    for (const Stage& s : f.stages)
        if (seen.insert(std::string(s.ext())).second)
            str(w, s.ext());
    w.EndArray();
    w.Key("key_era");
    w.String(toString(f.era).data());
    json::strOrNull(w, "source_hash", decodeKeyFolder(f.folderName).value_or(""));
    json::strOrNull(w, "twin",
                    l.twin < 0 ? std::string() : snap.entries[static_cast<std::size_t>(l.twin)].path);
    w.Key("several_writers");
    w.Bool(l.severalWriters);
    json::strOrNull(w, "note", l.note);
    w.Key("problems");
    writeProblems(w, f.problems);
    w.Key("entries");
    w.StartArray();
    for (const LinkedEntry& e : l.entries)
        writeLinkedEntry(w, snap, e);
    w.EndArray();
    w.EndObject();
}

} // namespace

void writeOverrideListJson(const Snapshot& snap, const std::vector<FolderLinks>& links, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.override/1");
        w.Key("roots");
        writeRoots(w, snap.roots);
        w.Key("folders");
        w.StartArray();
        for (const FolderLinks& l : links)
            writeFolder(w, snap, l);
        w.EndArray();
        w.EndObject();
    });
}

void writeOverrideMakeJson(const OverrideMakeResult& r, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.override-make/1");
        w.Key("file");
        str(w, r.file);
        w.Key("copied_from");
        str(w, r.copiedFrom);
        w.Key("dump");
        str(w, r.dumpFolder);
        w.Key("replaced");
        w.Bool(r.replaced);
        w.Key("environment");
        w.StartArray();
        for (const std::string& v : r.environment)
            str(w, v);
        w.EndArray();
        w.Key("per_config");
        str(w, r.perConfig);
        w.EndObject();
    });
}

} // namespace kl
