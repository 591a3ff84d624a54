#include "packingjson.h"

#include "core/report/snapshotjson.h"
#include "core/util/jsonwriter.h"

namespace kl {
namespace {

using json::str;
using json::Writer;

std::string_view stateName(PackHeaderState s)
{
    switch (s) {
    case PackHeaderState::Current: return "current";
    case PackHeaderState::Empty: return "empty";
    case PackHeaderState::Newer: return "newer";
    case PackHeaderState::Foreign: return "foreign";
    case PackHeaderState::Short: return "short";
    }
    return "foreign";
}

void count(Writer& w, const char* key, std::size_t n)
{
    w.Key(key);
    w.Uint64(n);
}

void strOrNullPath(Writer& w, const char* key, const std::string& path)
{
    json::strOrNull(w, key, std::string_view(path));
}

} // namespace

void writePackJson(const std::vector<Root>& roots, const PackResult& result, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.pack/1");
        w.Key("dry_run");
        w.Bool(result.dryRun);
        w.Key("roots");
        writeRoots(w, roots);
        w.Key("packed");
        w.StartArray();
        std::uint64_t bytes = 0;
        for (const PackRootResult& r : result.roots) {
            w.StartObject();
            w.Key("root");
            str(w, r.root);
            w.Key("pack_folder");
            str(w, r.packFolder);
            json::strings(w, "packs", r.packsUsed);
            w.Key("truncated_bytes");
            w.Uint64(r.truncated);
            json::strOrNull(w, "error", r.error);
            w.Key("entries");
            w.StartArray();
            for (const PackedFolder& f : r.folders) {
                if (f.outcome == PackOutcome::Packed || f.outcome == PackOutcome::WouldPack)
                    bytes += f.bytes;
                w.StartObject();
                w.Key("path");
                str(w, f.path);
                w.Key("result");
                w.String(toString(f.outcome).data());
                strOrNullPath(w, "pack", f.pack);
                w.Key("offset");
                if (f.pack.empty())
                    w.Null();
                else
                    w.Uint64(f.offset);
                count(w, "files", f.files);
                w.Key("size");
                w.Uint64(f.bytes);
                w.Key("removed");
                w.Bool(f.removed);
                json::strOrNull(w, "detail", f.detail);
                w.EndObject();
            }
            w.EndArray();
            w.EndObject();
        }
        w.EndArray();
        w.Key("summary");
        w.StartObject();
        count(w, "packed", result.count(PackOutcome::Packed));
        count(w, "already_packed", result.count(PackOutcome::AlreadyPacked));
        count(w, "would_pack", result.count(PackOutcome::WouldPack));
        count(w, "left", result.count(PackOutcome::Left));
        count(w, "failed", result.count(PackOutcome::Failed));
        count(w, "removed", result.removed());
        w.Key("bytes_packed");
        w.Uint64(bytes);
        w.EndObject();
        w.EndObject();
    });
}

void writeUnpackJson(const std::vector<Root>& roots, const UnpackResult& result, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.unpack/1");
        w.Key("dry_run");
        w.Bool(result.dryRun);
        w.Key("roots");
        writeRoots(w, roots);
        w.Key("unpacked");
        w.StartArray();
        for (const UnpackRootResult& r : result.roots) {
            w.StartObject();
            w.Key("root");
            str(w, r.root);
            w.Key("pack_folder");
            str(w, r.packFolder);
            w.Key("pack_folder_removed");
            w.Bool(r.folderRemoved);
            json::strOrNull(w, "error", r.error);
            w.Key("packs");
            w.StartArray();
            for (const UnpackedPack& p : r.packs) {
                w.StartObject();
                w.Key("path");
                str(w, p.path);
                w.Key("format");
                w.String(stateName(p.state).data());
                count(w, "records", p.records);
                w.Key("result");
                w.String(p.removed ? "removed" : !p.kept.empty() ? "kept" : "would-remove");
                json::strOrNull(w, "reason", p.kept);
                w.Key("damage");
                w.StartArray();
                for (const PackDamage& d : p.damage) {
                    w.StartObject();
                    w.Key("offset");
                    w.Uint64(d.offset);
                    w.Key("length");
                    w.Uint64(d.length);
                    w.Key("cause");
                    str(w, d.cause);
                    w.EndObject();
                }
                w.EndArray();
                w.EndObject();
            }
            w.EndArray();
            w.Key("entries");
            w.StartArray();
            for (const UnpackedEntry& e : r.entries) {
                w.StartObject();
                w.Key("path");
                str(w, e.path);
                w.Key("result");
                w.String(toString(e.outcome).data());
                w.Key("pack");
                str(w, e.pack);
                w.Key("offset");
                w.Uint64(e.offset);
                w.Key("complete");
                w.Bool(e.complete);
                count(w, "duplicates", e.duplicates);
                json::strOrNull(w, "detail", e.detail);
                w.EndObject();
            }
            w.EndArray();
            w.EndObject();
        }
        w.EndArray();
        w.Key("summary");
        w.StartObject();
        count(w, "restored", result.count(UnpackOutcome::Restored));
        count(w, "already_there", result.count(UnpackOutcome::AlreadyThere));
        count(w, "would_restore", result.count(UnpackOutcome::WouldRestore));
        count(w, "conflicts", result.count(UnpackOutcome::Conflict));
        count(w, "failed", result.count(UnpackOutcome::Failed));
        count(w, "packs_removed", result.packsRemoved());
        count(w, "packs_kept", result.packsKept());
        count(w, "damaged_regions", result.damagedRegions());
        w.EndObject();
        w.EndObject();
    });
}

} // namespace kl
