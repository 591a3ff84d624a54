#include "tritonkey.h"

#include "core/formats/envvars.h"
#include "core/formats/json.h"
#include "core/formats/keyencoding.h"
#include "pythonrepr.h"

#include <algorithm>
#include <map>

namespace kl {

std::string tritonEnvVarsPart(const EnvVarList& envVars)
{
    // A dict keeps one value per name (the last assigned); sorted() orders the (name, value)
    // tuples by name in code-point order.
    std::map<std::string, std::string> last;
    for (const auto& [name, value] : envVars)
        last[name] = value;
    std::vector<std::pair<std::string, std::string>> items(last.begin(), last.end());
    std::stable_sort(items.begin(), items.end(),
                     [](const auto& a, const auto& b) { return pythonStrLess(a.first, b.first); });
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ", ";
        out += "(" + pythonStrRepr(items[i].first) + ", " + pythonStrRepr(items[i].second) + ")";
    }
    return out + "]";
}

std::string tritonCacheKey(const KeyComponents& p)
{
    return p.tritonKey + "-" + p.sourceHash + "-" + p.backendHash + "-" + p.optionsHash + "-" +
           tritonEnvVarsPart(p.envVars) + p.inspectStagesKey;
}

std::vector<KeyFolder> folderNamesForHash(std::string_view sha256Hex)
{
    std::vector<KeyFolder> out;
    for (KeyEra era : {KeyEra::Sha256Hex, KeyEra::Base64Url, KeyEra::Base32})
        if (auto name = encodeKeyFolder(sha256Hex, era))
            out.push_back({era, *name});
    return out;
}

std::vector<KeyFolder> keyFolderNames(std::string_view key)
{
    std::vector<KeyFolder> out{{KeyEra::Md5Hex, md5Hex(key)}};
    for (KeyFolder& f : folderNamesForHash(sha256Hex(key)))
        out.push_back(std::move(f));
    return out;
}

EnvVarList envVarsFromMetadata(const std::vector<MetadataField>& envVars)
{
    EnvVarList out;
    for (const MetadataField& f : envVars) {
        rapidjson::Document doc;
        if (json::parse(doc, f.json) && doc.IsString())
            out.emplace_back(f.key, std::string(doc.GetString(), doc.GetStringLength()));
        else
            out.emplace_back(f.key, f.json);
    }
    return out;
}

std::string tritonEnvValue(std::string_view raw)
{
    std::string lower(raw);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "on" || lower == "true" || lower == "1")
        return "true";
    if (lower == "off" || lower == "false" || lower == "0")
        return "false";
    return std::string(raw);
}

EnvVarList tritonCacheEnvVars(const Environment& env, bool olderNames)
{
    EnvVarList out;
    if (!env.get)
        return out;
    for (const CacheEnvVar& v : cacheInvalidatingEnvVars()) {
        if (!v.current && !olderNames)
            continue;
        auto value = env.get(std::string(v.name));
        if (value && !value->empty())
            out.emplace_back(std::string(v.name), tritonEnvValue(*value));
    }
    return out;
}

} // namespace kl
