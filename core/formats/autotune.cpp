#include "formats/autotune.h"

#include "formats/json.h"

namespace kl {

std::optional<AutotuneResult> parseAutotune(std::string_view text, std::string& error)
{
    rapidjson::Document doc;
    if (!json::parse(doc, text, error))
        return std::nullopt;
    if (!doc.IsObject()) {
        error = "autotune result is not a JSON object";
        return std::nullopt;
    }
    AutotuneResult r;
    if (auto k = doc.FindMember("key"); k != doc.MemberEnd())
        r.keyJson = json::toText(k->value);
    auto ct = doc.FindMember("configs_timings");
    if (ct == doc.MemberEnd() || !ct->value.IsArray()) {
        error = "autotune result has no \"configs_timings\" list";
        return std::nullopt;
    }
    for (const auto& pair : ct->value.GetArray()) {
        if (!pair.IsArray() || pair.Size() != 2) {
            error = "a \"configs_timings\" item is not a [config, timings] pair";
            return std::nullopt;
        }
        AutotuneTiming t;
        t.configJson = json::toText(pair[0]);
        if (pair[1].IsArray()) {
            for (const auto& x : pair[1].GetArray())
                if (x.IsNumber())
                    t.timings.push_back(x.GetDouble());
        } else if (pair[1].IsNumber()) {
            t.timings.push_back(pair[1].GetDouble());
        }
        r.configs.push_back(std::move(t));
    }
    return r;
}

} // namespace kl
