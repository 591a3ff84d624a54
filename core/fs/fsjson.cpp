#include "fsjson.h"

#include "core/util/jsonwriter.h"

#include <rapidjson/filewritestream.h>
#include <rapidjson/writer.h>

namespace kl {
namespace {

using json::str;
using json::strings;
using json::strOrNull;
using json::Writer;

void writeFsInfo(Writer& w, const FsInfo& fs)
{
    w.StartObject();
    w.Key("probed_path");
    str(w, fs.probedPath);
    w.Key("walked_up");
    w.Bool(fs.walkedUp);
    strOrNull(w, "resolved_path", fs.resolvedPath);
    w.Key("category");
    w.String(toString(fs.category).data());
    strOrNull(w, "type", fs.type);
    strOrNull(w, "source", fs.source);
    strOrNull(w, "mount_point", fs.mountPoint);
    strOrNull(w, "mount_root", fs.mountRoot);
    w.Key("bind_mount");
    w.Bool(fs.bindMount);
    strOrNull(w, "bind_of", fs.bindOf);
    strOrNull(w, "autofs_mount_point", fs.autofsMountPoint);
    w.Key("autofs_pending");
    w.Bool(fs.autofsPending);
    w.Key("statfs_magic");
    if (fs.statfsMagic) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(fs.statfsMagic));
        w.String(buf);
    } else {
        w.Null();
    }
    strOrNull(w, "error", fs.error);
    strOrNull(w, "note", fs.note);
    w.EndObject();
}

void writeFolders(Writer& w, const std::vector<FolderHealth>& folders)
{
    w.Key("folders");
    w.StartArray();
    for (const FolderHealth& h : folders) {
        w.StartObject();
        w.Key("role");
        str(w, h.folder.role);
        w.Key("path");
        str(w, h.folder.path);
        w.Key("reason");
        str(w, h.folder.reason);
        w.Key("exists");
        w.Bool(h.folder.exists);
        w.Key("in_use");
        w.Bool(h.folder.inUse);
        strOrNull(w, "switch", h.folder.switchVariable);
        strOrNull(w, "same_as", h.sameAs);
        w.Key("fs");
        writeFsInfo(w, h.fs);
        w.Key("severity");
        w.String(toString(h.severity).data());
        strings(w, "warnings", h.warnings);
        strings(w, "notes", h.notes);
        w.EndObject();
    }
    w.EndArray();
    std::size_t warnings = 0;
    for (const FolderHealth& h : folders)
        warnings += h.warnings.size();
    w.Key("warning_count");
    w.Uint64(warnings);
}

} // namespace

void writeFsJson(const std::vector<FolderHealth>& folders, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.fs/1");
        writeFolders(w, folders);
        w.EndObject();
    });
}

void writeEnvJson(const EnvReport& report, std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.env/1");
        writeFolders(w, report.folders);
        w.Key("cache_env_vars");
        w.StartArray();
        for (const EnvVarSetting& v : report.cacheEnvVars) {
            w.StartObject();
            w.Key("name");
            str(w, v.name);
            w.Key("value");
            str(w, v.value);
            w.Key("current");
            w.Bool(v.current);
            w.EndObject();
        }
        w.EndArray();
        w.Key("triton");
        w.StartObject();
        w.Key("found");
        w.Bool(report.triton.found);
        strOrNull(w, "version", report.triton.version);
        strOrNull(w, "python", report.triton.python);
        strOrNull(w, "error", report.triton.error);
        w.EndObject();
        w.EndObject();
    });
}

} // namespace kl
