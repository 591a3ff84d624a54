#include "snapshotjson.h"

#include "core/cubin/occupancy.h"
#include "core/util/isotime.h"
#include "core/util/jsonwriter.h"
#include "entryhandles.h"

#include <ctime>
#include <rapidjson/filewritestream.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/writer.h>
#include <set>

namespace kl {
namespace {

using json::str;
using json::Writer;

void key(Writer& w, const char* k)
{
    w.Key(k);
}

template <typename T> void optInt(Writer& w, const char* k, const std::optional<T>& v)
{
    key(w, k);
    if (v)
        w.Int64(*v);
    else
        w.Null();
}

void writeTarget(Writer& w, const Target& t)
{
    if (t.empty()) {
        w.Null();
        return;
    }
    w.StartObject();
    key(w, "backend");
    str(w, t.backend);
    key(w, "arch");
    str(w, t.arch);
    key(w, "warp_size");
    if (t.warpSize)
        w.Int(t.warpSize);
    else
        w.Null();
    w.EndObject();
}

// null when the scan did not read the cubin (klens scan --no-resources, other commands, not a
// kernel); spills as Triton's n_spills (local bytes / 4).
void writeResources(Writer& w, const KernelResources& r)
{
    key(w, "resources");
    if (r.state == KernelResources::State::NotRead) {
        w.Null();
        return;
    }
    w.StartObject();
    key(w, "state");
    w.String(r.state == KernelResources::State::Read      ? "read"
             : r.state == KernelResources::State::NoCubin ? "no_cubin"
                                                          : "unreadable");
    if (r.state == KernelResources::State::Read) {
        key(w, "kernels");
        w.Uint(r.kernels);
        key(w, "registers");
        w.Uint(r.registers);
        key(w, "local_bytes");
        w.Uint(r.localBytes);
        key(w, "spills");
        w.Uint(r.spills());
        key(w, "occupancy");
        if (r.hasOccupancy)
            w.Double(r.occupancyPermille / 1000.0);
        else
            w.Null();
        key(w, "limited_by");
        if (r.hasOccupancy)
            str(w, limitText(r.limitedBy));
        else
            w.Null();
    }
    w.EndObject();
}

} // namespace

void writeEntryJson(Writer& w, const Entry& e, const Snapshot* snap,
                    const std::function<void(Writer&)>& extra)
{
    w.StartObject();
    key(w, "path");
    str(w, e.path);
    key(w, "folder");
    str(w, e.folderName);
    if (snap) {
        key(w, "root");
        str(w, snap->roots[static_cast<std::size_t>(e.rootIndex)].path);
    }
    key(w, "pack");
    if (!e.packed()) {
        w.Null();
    } else {
        w.StartObject();
        key(w, "file");
        str(w, e.packPath);
        key(w, "offset");
        w.Uint64(e.packOffset);
        w.EndObject();
    }
    key(w, "kind");
    w.String(toString(e.kind).data());
    key(w, "kernel");
    str(w, e.kernel);
    key(w, "key_era");
    w.String(toString(e.era).data());
    key(w, "hash");
    if (e.hash.empty())
        w.Null();
    else
        str(w, e.hash);
    key(w, "hash_ok");
    if (e.hashOk)
        w.Bool(*e.hashOk);
    else
        w.Null();
    key(w, "target");
    writeTarget(w, e.target);
    optInt(w, "num_warps", e.numWarps);
    optInt(w, "num_stages", e.numStages);
    optInt(w, "shared", e.shared);
    key(w, "triton_version");
    if (e.tritonVersion.empty())
        w.Null();
    else
        str(w, e.tritonVersion);
    key(w, "metadata_format");
    if (e.metadataFormat.empty())
        w.Null();
    else
        str(w, e.metadataFormat);
    writeResources(w, e.resources);
    key(w, "stages");
    w.StartObject();
    std::set<std::string> seen;
    for (const Stage& s : e.stages) {
        // Two files can share an unknown suffix; the file name keeps the key unique.
        const std::string k = seen.insert(std::string(s.ext())).second ? std::string(s.ext()) : s.fileName;
        str(w, k);
        w.Uint64(s.size);
    }
    w.EndObject();
    key(w, "unknown_stages");
    w.StartArray();
    for (const Stage& s : e.stages)
        if (!s.known)
            str(w, s.fileName);
    w.EndArray();
    key(w, "size");
    w.Uint64(e.totalSize);
    key(w, "mtime");
    str(w, isoTime(e.newestMtimeNs));
    key(w, "mtime_ns");
    w.Int64(e.newestMtimeNs);
    key(w, "status");
    w.String(toString(e.status).data());
    key(w, "problems");
    writeProblems(w, e.problems);
    if (extra)
        extra(w);
    w.EndObject();
}

namespace {

void writeFields(Writer& w, const char* name, const std::vector<MetadataField>& fields)
{
    key(w, name);
    w.StartObject();
    for (const MetadataField& f : fields) {
        str(w, f.key);
        w.RawValue(f.json.data(), f.json.size(), rapidjson::kObjectType);
    }
    w.EndObject();
}

} // namespace

void writeProblems(json::Writer& w, const std::vector<Problem>& problems)
{
    w.StartArray();
    for (const Problem& p : problems) {
        w.StartObject();
        w.Key("code");
        str(w, p.code);
        w.Key("message");
        str(w, p.message);
        w.EndObject();
    }
    w.EndArray();
}

void writeRoots(json::Writer& w, const std::vector<Root>& roots)
{
    w.StartArray();
    for (const Root& r : roots) {
        w.StartObject();
        w.Key("path");
        str(w, r.path);
        w.Key("reason");
        str(w, r.reason);
        w.Key("exists");
        w.Bool(r.exists);
        w.Key("kind");
        w.String(toString(r.kind).data());
        json::strOrNull(w, "error", r.error);
        json::strOrNull(w, "note", r.note);
        w.Key("parent");
        if (r.parentIndex < 0 || static_cast<std::size_t>(r.parentIndex) >= roots.size())
            w.Null();
        else
            str(w, roots[static_cast<std::size_t>(r.parentIndex)].path);
        w.Key("packed");
        if (!r.packed.present) {
            w.Null();
        } else {
            w.StartObject();
            w.Key("path");
            str(w, r.packed.path);
            w.Key("packs");
            w.Uint64(r.packed.packs);
            w.Key("entries");
            w.Uint64(r.packed.entries);
            w.Key("records");
            w.Uint64(r.packed.records);
            w.Key("skipped");
            w.Uint64(r.packed.skipped);
            json::strOrNull(w, "error", r.packed.error);
            w.EndObject();
        }
        w.EndObject();
    }
    w.EndArray();
}

void writeSnapshotJson(const Snapshot& snap, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        key(w, "schema");
        w.String("kernellens.scan/1");
        key(w, "roots");
        writeRoots(w, snap.roots);
        key(w, "entries");
        w.StartArray();
        const std::vector<std::string> handles = entryHandles(snap);
        for (std::size_t i = 0; i < snap.entries.size(); ++i)
            writeEntryJson(w, snap.entries[i], &snap, [&](Writer& ew) {
                key(ew, "handle");
                str(ew, handles[i]);
            });
        w.EndArray();
        const Summary s = snap.summary();
        key(w, "summary");
        w.StartObject();
        key(w, "entries");
        w.Uint64(s.entries);
        key(w, "by_kind");
        w.StartObject();
        for (const auto& [k, n] : s.byKind) {
            str(w, k);
            w.Uint64(n);
        }
        w.EndObject();
        key(w, "by_status");
        w.StartObject();
        for (const auto& [k, n] : s.byStatus) {
            str(w, k);
            w.Uint64(n);
        }
        w.EndObject();
        key(w, "total_size");
        w.Uint64(s.totalSize);
        key(w, "problems");
        w.Uint64(s.problems);
        key(w, "vanished");
        w.Uint64(s.vanished);
        key(w, "cancelled");
        w.Bool(snap.cancelled);
        w.EndObject();
        w.EndObject();
    });
}

void writeEntryDetailJson(const EntryDetail& d, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        key(w, "schema");
        w.String("kernellens.entry/1");
        key(w, "entry");
        writeEntryJson(w, d.entry, nullptr);
        key(w, "stage_files");
        w.StartArray();
        for (const Stage& s : d.entry.stages) {
            w.StartObject();
            key(w, "ext");
            str(w, std::string(s.ext()));
            key(w, "file");
            str(w, s.fileName);
            key(w, "size");
            w.Uint64(s.size);
            key(w, "mtime");
            str(w, isoTime(s.mtimeNs));
            key(w, "known");
            w.Bool(s.known);
            w.EndObject();
        }
        w.EndArray();
        key(w, "metadata");
        if (d.metadata) {
            w.StartObject();
            writeFields(w, "options", d.metadata->options);
            writeFields(w, "env_vars", d.metadata->envVars);
            writeFields(w, "derived", d.metadata->derived);
            w.EndObject();
        } else {
            w.Null();
        }
        key(w, "group");
        if (d.group) {
            w.StartObject();
            key(w, "shape");
            w.String(d.group->shape == GroupShape::PathMap ? "path-map" : "name-list");
            key(w, "children");
            w.StartArray();
            for (const GroupChild& c : d.group->children) {
                w.StartObject();
                key(w, "name");
                str(w, c.name);
                key(w, "recorded_path");
                if (c.recordedPath.empty())
                    w.Null();
                else
                    str(w, c.recordedPath);
                w.EndObject();
            }
            w.EndArray();
            w.EndObject();
        } else {
            w.Null();
        }
        key(w, "read_error");
        if (d.readError.empty())
            w.Null();
        else
            str(w, d.readError.english());
        key(w, "autotune");
        if (d.autotune) {
            w.StartObject();
            key(w, "key");
            if (d.autotune->keyJson.empty())
                w.Null(); // the file recorded no key
            else
                w.RawValue(d.autotune->keyJson.data(), d.autotune->keyJson.size(), rapidjson::kArrayType);
            key(w, "configs");
            w.StartArray();
            for (const AutotuneTiming& t : d.autotune->configs) {
                w.StartObject();
                key(w, "config");
                w.RawValue(t.configJson.data(), t.configJson.size(), rapidjson::kObjectType);
                key(w, "timings");
                w.StartArray();
                for (double x : t.timings)
                    w.Double(x);
                w.EndArray();
                w.EndObject();
            }
            w.EndArray();
            w.EndObject();
        } else {
            w.Null();
        }
        w.EndObject();
    });
}

} // namespace kl
