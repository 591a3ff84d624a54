#include "metadata.h"

#include "envvars.h"
#include "json.h"

#include <array>
#include <cstdio>

namespace kl {
namespace {

// Fields Triton adds after the options while lowering; not inputs of the key.
constexpr std::string_view kDerivedKeys[] = {"hash",
                                             "target",
                                             "triton_version",
                                             "name",
                                             "shared",
                                             "tmem_size",
                                             "tensordesc_meta",
                                             "global_scratch_size",
                                             "global_scratch_align",
                                             "profile_scratch_size",
                                             "profile_scratch_align"};

bool isDerived(std::string_view key)
{
    for (auto k : kDerivedKeys)
        if (k == key)
            return true;
    return false;
}

std::string formatFromVersion(const std::string& version)
{
    int major = 0, minor = 0;
    if (std::sscanf(version.c_str(), "%d.%d", &major, &minor) != 2)
        return {};
    if (major < 3)
        return "2.x";
    if (major > 3 || minor >= 7)
        return "3.7+";
    if (minor >= 4)
        return "3.4-3.6";
    return "3.0-3.3";
}

// Without triton_version (before 3.2, and some 3.x builds) the shape tells the era.
std::string formatFromShape(const rapidjson::Value& doc)
{
    if (!doc.HasMember("target") && !doc.HasMember("hash"))
        return "2.x";
    if (doc.HasMember("tmem_size") || doc.HasMember("profile_scratch_size"))
        return "3.4-3.6";
    return "3.0-3.3";
}

std::string archText(const rapidjson::Value& v)
{
    if (v.IsInt64())
        return std::to_string(v.GetInt64());
    if (v.IsString())
        return std::string(v.GetString(), v.GetStringLength());
    return {};
}

void readTarget(const rapidjson::Value& doc, Metadata& m)
{
    auto t = doc.FindMember("target");
    if (t != doc.MemberEnd() && t->value.IsObject()) {
        json::getString(t->value, "backend", m.target.backend);
        if (auto a = t->value.FindMember("arch"); a != t->value.MemberEnd())
            m.target.arch = archText(a->value);
        std::int64_t warp = 0;
        if (json::getInt(t->value, "warp_size", warp))
            m.target.warpSize = static_cast<int>(warp);
        return;
    }
    // 2.x: device_type plus a compute capability under "arch" or "capability".
    json::getString(doc, "device_type", m.target.backend);
    for (const char* key : {"arch", "capability", "cc"})
        if (auto a = doc.FindMember(key); a != doc.MemberEnd() && m.target.arch.empty())
            m.target.arch = archText(a->value);
    if (m.target.backend == "cuda")
        m.target.warpSize = 32;
    std::int64_t warp = 0;
    if (json::getInt(doc, "warp_size", warp))
        m.target.warpSize = static_cast<int>(warp);
}

} // namespace

namespace {

Result<Metadata> fromDocument(const rapidjson::Document& doc, MetadataDetail detail)
{
    if (!doc.IsObject())
        return fail(Text(KL_TEXT("kl::formats", "metadata is not a JSON object")));
    Metadata m;
    json::getString(doc, "hash", m.hash);
    json::getString(doc, "name", m.name);
    json::getString(doc, "triton_version", m.tritonVersion);
    readTarget(doc, m);
    std::int64_t v = 0;
    if (json::getInt(doc, "num_warps", v))
        m.numWarps = v;
    if (json::getInt(doc, "num_stages", v))
        m.numStages = v;
    if (json::getInt(doc, "shared", v))
        m.shared = v;
    m.format = m.tritonVersion.empty() ? formatFromShape(doc) : formatFromVersion(m.tritonVersion);
    if (m.format.empty())
        m.format = formatFromShape(doc);

    if (detail == MetadataDetail::Full) {
        for (auto it = doc.MemberBegin(); it != doc.MemberEnd(); ++it) {
            std::string key(it->name.GetString(), it->name.GetStringLength());
            MetadataField field{key, json::toText(it->value)};
            if (isCacheInvalidatingEnvVar(key))
                m.envVars.push_back(std::move(field));
            else if (isDerived(key))
                m.derived.push_back(std::move(field));
            else
                m.options.push_back(std::move(field));
        }
    }
    return m;
}

} // namespace

Result<Metadata> parseMetadata(std::string_view text, MetadataDetail detail)
{
    json::ScratchDocument scratch; // a remote listing parses 200,000 of these
    rapidjson::Document& doc = scratch.get();
    if (auto parsed = json::parse(doc, text); !parsed)
        return fail(std::move(parsed.error()));
    return fromDocument(doc, detail);
}

Result<Metadata> parseMetadataSummaryInPlace(std::string& text)
{
    json::ScratchDocument scratch;
    rapidjson::Document& doc = scratch.get();
    if (auto parsed = json::parseInPlace(doc, text); !parsed)
        return fail(std::move(parsed.error()));
    return fromDocument(doc, MetadataDetail::Summary);
}

} // namespace kl
