#include "keyjson.h"

#include "core/util/digest.h"
#include "core/util/jsonwriter.h"

#include <vector>

namespace kl {
namespace {

using json::str;
using json::Writer;

void optStr(Writer& w, const std::string& s)
{
    if (s.empty())
        w.Null();
    else
        str(w, s);
}

void writeFolders(Writer& w, const std::vector<KeyFolder>& folders)
{
    w.Key("folders");
    w.StartObject();
    for (const KeyFolder& f : folders) {
        w.Key(toString(f.era).data());
        optStr(w, f.name);
    }
    w.EndObject();
}

} // namespace

void writeKeyJson(const KeyComponents& parts, std::FILE* out)
{
    const std::string key = tritonCacheKey(parts);
    const std::string sha = sha256Hex(key);
    const auto folders = keyFolderNames(key);
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.key/1");
        w.Key("key");
        str(w, key);
        w.Key("env_part");
        str(w, tritonEnvVarsPart(parts.envVars));
        w.Key("sha256");
        str(w, sha);
        w.Key("md5");
        str(w, md5Hex(key));
        writeFolders(w, folders);
        w.EndObject();
    });
}

void writeEntryKeyJson(const Entry& entry, const std::string& envPart, const OptionsHash& options,
                       const std::string& optionsError, std::FILE* out)
{
    static const char* notRecorded[] = {"triton_key", "source_hash", "backend_hash"};
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.entry-key/1");
        w.Key("entry");
        str(w, entry.path);
        w.Key("kernel");
        str(w, entry.kernel);
        w.Key("key_era");
        w.String(toString(entry.era).data());
        w.Key("hash");
        optStr(w, entry.hash);
        w.Key("hash_ok");
        if (entry.hashOk)
            w.Bool(*entry.hashOk);
        else
            w.Null();
        w.Key("env_part");
        str(w, envPart);
        w.Key("options_hash");
        optStr(w, options.ok() ? options.hash : std::string());
        w.Key("options_hash_error");
        optStr(w, options.ok() ? std::string() : optionsError);
        w.Key("options_key_text");
        optStr(w, options.ok() ? options.keyText : std::string());
        w.Key("extern_libs");
        w.StartArray();
        for (const auto& [name, path] : options.externLibs) {
            w.StartObject();
            w.Key("name");
            str(w, name);
            w.Key("path");
            str(w, path);
            w.EndObject();
        }
        w.EndArray();
        w.Key("not_recorded");
        w.StartArray();
        for (const char* n : notRecorded)
            w.String(n);
        w.EndArray();
        w.EndObject();
    });
}

} // namespace kl
