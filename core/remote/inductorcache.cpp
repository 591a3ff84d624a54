#include "inductorcache.h"

#include "core/util/utf8.h"

#include <algorithm>
#include <charconv>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace kl::remote {
namespace {

bool isLowerHex64(std::string_view s)
{
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// Inductor's cache ids (torch/_inductor): autotune results are keyed by a sha256; the others by name.
InductorKind kindOf(std::string_view cacheId)
{
    if (isLowerHex64(cacheId))
        return InductorKind::Autotune;
    if (cacheId.starts_with("bundled-autotune"))
        return InductorKind::BundledAutotune;
    if (cacheId.starts_with("fx-graph"))
        return InductorKind::FxGraph;
    if (cacheId.starts_with("aot-autograd") || cacheId.starts_with("aotautograd"))
        return InductorKind::AotAutograd;
    if (cacheId.starts_with("dynamo-pgo") || cacheId.find("pgo") != std::string_view::npos)
        return InductorKind::DynamoPgo;
    return InductorKind::Other;
}

std::string jsonText(const rapidjson::Value& v)
{
    rapidjson::StringBuffer buf;
    rapidjson::Writer<rapidjson::StringBuffer> w(buf);
    v.Accept(w);
    return std::string(buf.GetString(), buf.GetSize());
}

std::optional<InductorBestConfig> bestConfig(const rapidjson::Value& o)
{
    if (!o.IsObject() || !o.HasMember("num_warps") || !o.HasMember("configs_hash"))
        return std::nullopt;
    InductorBestConfig c;
    for (auto it = o.MemberBegin(); it != o.MemberEnd(); ++it) {
        const std::string name(it->name.GetString(), it->name.GetStringLength());
        const rapidjson::Value& v = it->value;
        if (name == "num_warps" && v.IsInt64())
            c.numWarps = v.GetInt64();
        else if (name == "num_stages" && v.IsInt64())
            c.numStages = v.GetInt64();
        else if (name == "time_taken_ms" && v.IsInt64())
            c.timeTakenMs = v.GetInt64();
        else if (name == "found_by_coordesc" && v.IsBool())
            c.foundByCoordesc = v.GetBool();
        else if (name == "configs_hash" && v.IsString())
            c.configsHash.assign(v.GetString(), v.GetStringLength());
        else if (name == "triton_cache_hash" && v.IsString())
            c.tritonCacheHash.assign(v.GetString(), v.GetStringLength());
        else if (name != "triton_cache_hash" && name != "extra_options")
            c.kwargs.emplace_back(name, jsonText(v));
    }
    return c;
}

} // namespace

std::string_view toString(InductorKind kind)
{
    switch (kind) {
    case InductorKind::Autotune: return "autotune";
    case InductorKind::BundledAutotune: return "bundled-autotune";
    case InductorKind::FxGraph: return "fx-graph";
    case InductorKind::AotAutograd: return "aot-autograd";
    case InductorKind::DynamoPgo: return "dynamo-pgo";
    case InductorKind::Other: return "other";
    }
    return "other";
}

std::optional<InductorValue> parseInductorKey(std::string_view k)
{
    // pt2:<cache_id>::<key>:c<version>; the key may hold ':' (file names, joined parts).
    if (!k.starts_with("pt2:"))
        return std::nullopt;
    const std::string_view rest = k.substr(4);
    const auto sep = rest.find("::");
    const auto tail = rest.rfind(":c");
    if (sep == std::string_view::npos || sep == 0 || tail == std::string_view::npos || tail < sep + 2)
        return std::nullopt;
    InductorValue v;
    const std::string_view version = rest.substr(tail + 2);
    auto [end, ec] = std::from_chars(version.data(), version.data() + version.size(), v.version);
    if (ec != std::errc() || end != version.data() + version.size())
        return std::nullopt;
    v.redisKey = std::string(k);
    v.cacheId = std::string(rest.substr(0, sep));
    v.key = std::string(rest.substr(sep + 2, tail - sep - 2));
    v.kind = kindOf(v.cacheId);
    return v;
}

void decodeInductorValue(InductorValue& value, std::string_view text)
{
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseNanAndInfFlag>(text.data(), text.size());
    if (doc.HasParseError() || !doc.IsObject()) {
        value.problem =
            Text::of(KL_TEXT("kl::remote", "%1 is not a JSON object, as Inductor writes its values"),
                     printableName(value.redisKey));
        return;
    }
    if (value.kind == InductorKind::Autotune) {
        if (auto c = bestConfig(doc))
            value.configs.push_back(std::move(*c));
        else
            value.problem =
                Text::of(KL_TEXT("kl::remote", "%1 has no num_warps or configs_hash: not an autotune result"),
                         printableName(value.redisKey));
        return;
    }
    // Bundled: {kernel file basename: autotune result, ...}
    for (auto it = doc.MemberBegin(); it != doc.MemberEnd(); ++it)
        if (auto c = bestConfig(it->value)) {
            value.bundledFiles.emplace_back(it->name.GetString(), it->name.GetStringLength());
            value.configs.push_back(std::move(*c));
        }
}

Result<std::vector<InductorValue>> listInductorValues(Client& client, std::uint64_t maxJsonBytes,
                                                      const std::atomic<bool>* cancel)
{
    std::vector<InductorValue> out;
    std::string cursor = "0";
    do {
        if (cancel && cancel->load())
            break;
        auto page = client.scan(cursor, "pt2:*", 1000);
        if (!page)
            return fail(std::move(page.error()));
        cursor = std::move(page->cursor);
        for (const std::string& k : page->keys)
            if (auto v = parseInductorKey(k))
                out.push_back(std::move(*v));
    } while (cursor != "0");
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.redisKey < b.redisKey; });
    out.erase(std::unique(out.begin(), out.end(),
                          [](const auto& a, const auto& b) { return a.redisKey == b.redisKey; }),
              out.end());

    constexpr std::size_t kBatch = 512;
    for (std::size_t at = 0; at < out.size(); at += kBatch) {
        const std::size_t end = std::min(out.size(), at + kBatch);
        std::vector<std::vector<std::string_view>> commands;
        for (std::size_t i = at; i < end; ++i) {
            commands.push_back({"OBJECT", "IDLETIME", out[i].redisKey});
            commands.push_back({"STRLEN", out[i].redisKey});
        }
        auto sizes = client.pipeline(commands);
        if (!sizes)
            return fail(std::move(sizes.error()));
        commands.clear();
        std::vector<std::size_t> decode;
        for (std::size_t i = at; i < end; ++i) {
            const Reply& idle = (*sizes)[2 * (i - at)];
            out[i].idleSeconds = idle.type == Reply::Type::Integer ? idle.integer : -1;
            out[i].size = static_cast<std::uint64_t>(std::max(0LL, (*sizes)[2 * (i - at) + 1].integer));
            const bool autotune =
                out[i].kind == InductorKind::Autotune || out[i].kind == InductorKind::BundledAutotune;
            if (autotune && out[i].size <= maxJsonBytes) {
                decode.push_back(i);
                commands.push_back({"GET", out[i].redisKey});
            }
        }
        auto values = client.pipeline(commands);
        if (!values)
            return fail(std::move(values.error()));
        for (std::size_t j = 0; j < decode.size(); ++j)
            if ((*values)[j].type == Reply::Type::String)
                decodeInductorValue(out[decode[j]], (*values)[j].str);
    }
    return out;
}

} // namespace kl::remote
