#include "autotune.h"

#include "json.h"

namespace kl {

Result<AutotuneResult> parseAutotune(std::string_view text)
{
    rapidjson::Document doc;
    if (auto parsed = json::parse(doc, text); !parsed)
        return fail(std::move(parsed.error()));
    if (!doc.IsObject())
        return fail(Text(KL_TEXT("kl::formats", "autotune result is not a JSON object")));
    AutotuneResult r;
    if (auto k = doc.FindMember("key"); k != doc.MemberEnd())
        r.keyJson = json::toText(k->value);
    auto ct = doc.FindMember("configs_timings");
    if (ct == doc.MemberEnd() || !ct->value.IsArray()) {
        return fail(Text(KL_TEXT("kl::formats", "autotune result has no \"configs_timings\" list")));
    }
    for (const auto& pair : ct->value.GetArray()) {
        if (!pair.IsArray() || pair.Size() != 2) {
            return fail(
                Text(KL_TEXT("kl::formats", "a \"configs_timings\" item is not a [config, timings] pair")));
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
