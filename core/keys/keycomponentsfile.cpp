#include "keys/keycomponentsfile.h"

#include "formats/json.h"
#include "formats/keyencoding.h"

namespace kl {
namespace {

bool readEnvObject(const rapidjson::Value& v, const char* field, bool hex, EnvVarList& out,
                   std::string& error)
{
    if (!v.IsObject()) {
        error = std::string(field) + " must be an object of NAME: value strings";
        return false;
    }
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
        std::string name(it->name.GetString(), it->name.GetStringLength());
        if (!it->value.IsString()) {
            error = std::string(field) + "." + name + " must be a string";
            return false;
        }
        std::string value(it->value.GetString(), it->value.GetStringLength());
        if (hex) {
            auto bytes = hexToBytes(value);
            if (!bytes) {
                error = std::string(field) + "." + name + " is not even-length hex";
                return false;
            }
            value = *bytes;
        }
        out.emplace_back(std::move(name), std::move(value));
    }
    return true;
}

} // namespace

bool parseKeyComponents(std::string_view json, KeyComponents& out, std::string& error)
{
    rapidjson::Document doc;
    if (!json::parse(doc, json, error))
        return false;
    if (!doc.IsObject()) {
        error = "the components file must hold a JSON object";
        return false;
    }
    out = KeyComponents{};
    struct Required {
        const char* name;
        std::string* target;
        bool seen;
    } required[] = {{"triton_key", &out.tritonKey, false},
                    {"source_hash", &out.sourceHash, false},
                    {"backend_hash", &out.backendHash, false},
                    {"options_hash", &out.optionsHash, false},
                    {"inspect_stages_key", &out.inspectStagesKey, true}};
    for (auto it = doc.MemberBegin(); it != doc.MemberEnd(); ++it) {
        const std::string name(it->name.GetString(), it->name.GetStringLength());
        if (name == "env_vars" || name == "env_vars_hex") {
            if (!readEnvObject(it->value, name.c_str(), name == "env_vars_hex", out.envVars, error))
                return false;
            continue;
        }
        bool known = false;
        for (Required& r : required) {
            if (name != r.name)
                continue;
            known = r.seen = true;
            if (!it->value.IsString()) {
                error = name + " must be a string";
                return false;
            }
            r.target->assign(it->value.GetString(), it->value.GetStringLength());
        }
        if (!known) {
            error = "unknown field \"" + name +
                    "\" (expected triton_key, source_hash, backend_hash, options_hash, env_vars, "
                    "env_vars_hex, inspect_stages_key)";
            return false;
        }
    }
    for (const Required& r : required) {
        if (!r.seen) {
            error = std::string("missing field \"") + r.name + "\"";
            return false;
        }
    }
    return true;
}

} // namespace kl
