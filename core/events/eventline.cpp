#include "eventline.h"

#include "core/formats/json.h"
#include "core/util/isotime.h"
#include "core/util/utf8.h"

#include <cmath>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace kl {
namespace {

using LineWriter = rapidjson::Writer<rapidjson::StringBuffer>;

void text(LineWriter& w, std::string_view s)
{
    if (isValidUtf8(s)) {
        w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
        return;
    }
    const std::string p = printableName(s);
    w.String(p.data(), static_cast<rapidjson::SizeType>(p.size()));
}

void key(LineWriter& w, const char* k)
{
    w.Key(k);
}

std::string serialize(const CompileEvent& e, bool withStages, const std::vector<std::string>& truncated)
{
    rapidjson::StringBuffer buffer;
    LineWriter w(buffer);
    w.StartObject();
    key(w, "schema");
    w.String(kEventSchema.data(), static_cast<rapidjson::SizeType>(kEventSchema.size()));
    key(w, "time");
    text(w, isoTime(e.timeNs));
    key(w, "time_ns");
    w.Int64(e.timeNs);
    key(w, "origin");
    text(w, e.origin);
    key(w, "kernel");
    text(w, e.kernel);
    key(w, "key");
    text(w, e.key);
    key(w, "cache_hit");
    w.Bool(e.cacheHit);
    key(w, "arch");
    text(w, e.arch);
    if (withStages) {
        key(w, "stages_us");
        w.StartObject();
        for (const auto& [name, us] : e.stagesUs) {
            const std::string n = isValidUtf8(name) ? name : printableName(name);
            w.Key(n.data(), static_cast<rapidjson::SizeType>(n.size()));
            w.Int64(us);
        }
        w.EndObject();
    }
    key(w, "total_us");
    w.Int64(e.totalUs);
    key(w, "bytes");
    w.Uint64(e.bytes);
    key(w, "pid");
    w.Int64(e.pid);
    key(w, "host");
    text(w, e.host);
    if (!truncated.empty()) {
        key(w, "truncated");
        w.StartArray();
        for (const std::string& t : truncated)
            text(w, t);
        w.EndArray();
    }
    w.EndObject();
    std::string line(buffer.GetString(), buffer.GetSize());
    line += '\n';
    return line;
}

bool cut(std::string& s, std::size_t codePoints, const char* name, std::vector<std::string>& truncated)
{
    std::string shorter = utf8Prefix(s, codePoints);
    if (shorter.size() == s.size())
        return false;
    s = std::move(shorter);
    truncated.emplace_back(name);
    return true;
}

// A JSON number as an int64, rounding floats; false for other types and non-finite values.
bool number(const rapidjson::Value& v, std::int64_t& out)
{
    if (v.IsInt64()) {
        out = v.GetInt64();
        return true;
    }
    if (v.IsUint64()) {
        out = static_cast<std::int64_t>(std::min<std::uint64_t>(v.GetUint64(), INT64_MAX));
        return true;
    }
    if (v.IsDouble()) {
        const double d = v.GetDouble();
        if (!std::isfinite(d) || std::fabs(d) > 9.2e18)
            return false;
        out = std::llround(d);
        return true;
    }
    return false;
}

std::string stringOf(const rapidjson::Value& obj, const char* k)
{
    auto it = obj.FindMember(k);
    if (it == obj.MemberEnd() || !it->value.IsString())
        return {};
    return std::string(it->value.GetString(), it->value.GetStringLength());
}

std::int64_t numberOf(const rapidjson::Value& obj, const char* k)
{
    std::int64_t v = 0;
    auto it = obj.FindMember(k);
    if (it != obj.MemberEnd())
        number(it->value, v);
    return v;
}

} // namespace

std::string formatEventLine(const CompileEvent& event)
{
    std::string line = serialize(event, true, {});
    if (line.size() <= kMaxEventLineBytes)
        return line;
    // Only pathological names get here (a 3,000-character generated kernel name, say): cut the
    // free-text fields to bounds whose worst case (every character escaped as \u00XX) still fits.
    CompileEvent e = event;
    std::vector<std::string> truncated;
    cut(e.kernel, 256, "kernel", truncated);
    cut(e.key, 128, "key", truncated);
    cut(e.host, 128, "host", truncated);
    cut(e.origin, 32, "origin", truncated);
    cut(e.arch, 32, "arch", truncated);
    line = serialize(e, true, truncated);
    if (line.size() <= kMaxEventLineBytes)
        return line;
    truncated.emplace_back("stages_us");
    return serialize(e, false, truncated);
}

Result<CompileEvent> parseEventLine(std::string_view line, EventLineExtras* extras)
{
    rapidjson::Document doc;
    if (auto parsed = json::parse(doc, line); !parsed)
        return fail(std::move(parsed.error()));
    if (!doc.IsObject())
        return fail(Text(KL_TEXT("kl::events", "not a JSON object")));
    auto origin = doc.FindMember("origin");
    auto hit = doc.FindMember("cache_hit");
    auto time = doc.FindMember("time_ns");
    std::int64_t timeNs = 0;
    if (origin == doc.MemberEnd() || !origin->value.IsString())
        return fail(Text(KL_TEXT("kl::events", "no \"origin\" string")));
    if (hit == doc.MemberEnd() || !hit->value.IsBool())
        return fail(Text(KL_TEXT("kl::events", "no \"cache_hit\" boolean")));
    if (time == doc.MemberEnd() || !number(time->value, timeNs))
        return fail(Text(KL_TEXT("kl::events", "no \"time_ns\" number")));
    CompileEvent e;
    e.timeNs = timeNs;
    e.origin.assign(origin->value.GetString(), origin->value.GetStringLength());
    e.cacheHit = hit->value.GetBool();
    e.kernel = stringOf(doc, "kernel");
    e.key = stringOf(doc, "key");
    e.arch = stringOf(doc, "arch");
    e.host = stringOf(doc, "host");
    e.totalUs = numberOf(doc, "total_us");
    e.bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, numberOf(doc, "bytes")));
    e.pid = numberOf(doc, "pid");
    if (auto stages = doc.FindMember("stages_us"); stages != doc.MemberEnd() && stages->value.IsObject()) {
        for (const auto& m : stages->value.GetObject()) {
            std::int64_t us = 0;
            if (number(m.value, us))
                e.stagesUs.emplace_back(std::string(m.name.GetString(), m.name.GetStringLength()), us);
        }
    }
    if (extras) {
        extras->truncated.clear();
        if (auto t = doc.FindMember("truncated"); t != doc.MemberEnd() && t->value.IsArray())
            for (const auto& v : t->value.GetArray())
                if (v.IsString())
                    extras->truncated.emplace_back(v.GetString(), v.GetStringLength());
    }
    return e;
}

} // namespace kl
