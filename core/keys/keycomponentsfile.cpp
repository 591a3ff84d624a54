#include "keycomponentsfile.h"

#include "core/formats/json.h"
#include "core/formats/keyencoding.h"

namespace kl {
namespace {

Status readEnvObject(const rapidjson::Value& v, const std::string& field, bool hex, EnvVarList& out)
{
    if (!v.IsObject())
        return fail(Text::of(KL_TEXT("kl::keys", "%1 must be an object of NAME: value strings"), field));
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
        std::string name(it->name.GetString(), it->name.GetStringLength());
        if (!it->value.IsString())
            return fail(Text::of(KL_TEXT("kl::keys", "%1.%2 must be a string"), field, name));
        std::string value(it->value.GetString(), it->value.GetStringLength());
        if (hex) {
            auto bytes = hexToBytes(value);
            if (!bytes)
                return fail(Text::of(KL_TEXT("kl::keys", "%1.%2 is not even-length hex"), field, name));
            value = *bytes;
        }
        out.emplace_back(std::move(name), std::move(value));
    }
    return {};
}

} // namespace

Result<KeyComponents> parseKeyComponents(std::string_view json)
{
    rapidjson::Document doc;
    if (auto parsed = json::parse(doc, json); !parsed)
        return fail(std::move(parsed.error()));
    if (!doc.IsObject())
        return fail(Text(KL_TEXT("kl::keys", "the components file must hold a JSON object")));
    KeyComponents out;
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
            if (auto read = readEnvObject(it->value, name, name == "env_vars_hex", out.envVars); !read)
                return fail(std::move(read.error()));
            continue;
        }
        bool known = false;
        for (Required& r : required) {
            if (name != r.name)
                continue;
            known = r.seen = true;
            if (!it->value.IsString())
                return fail(Text::of(KL_TEXT("kl::keys", "%1 must be a string"), name));
            r.target->assign(it->value.GetString(), it->value.GetStringLength());
        }
        if (!known)
            return fail(
                Text::of(KL_TEXT("kl::keys", "unknown field \"%1\" (expected triton_key, source_hash, "
                                             "backend_hash, options_hash, env_vars, env_vars_hex, "
                                             "inspect_stages_key)"),
                         name));
    }
    for (const Required& r : required)
        if (!r.seen)
            return fail(Text::of(KL_TEXT("kl::keys", "missing field \"%1\""), r.name));
    return out;
}

} // namespace kl
