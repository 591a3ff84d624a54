#include "formats/json.h"

#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace kl::json {
namespace {

// rapidjson's reader and writer recurse once per nesting level: a few hundred KB of '[' overflow
// the stack. json.dumps output from Triton nests a handful of levels; anything this deep is damage.
constexpr std::size_t kMaxDepth = 512;

// Byte offset at which `text` opens more than `limit` nested arrays/objects, or npos.
std::size_t tooDeepAt(std::string_view text, std::size_t limit)
{
    std::size_t depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return std::string_view::npos;
}

} // namespace

bool parse(rapidjson::Document& doc, std::string_view text, std::string& error)
{
    if (auto at = tooDeepAt(text, kMaxDepth); at != std::string_view::npos) {
        error = "nested deeper than " + std::to_string(kMaxDepth) + " levels at byte " + std::to_string(at);
        return false;
    }
    constexpr unsigned flags = rapidjson::kParseNanAndInfFlag | rapidjson::kParseFullPrecisionFlag;
    doc.Parse<flags>(text.data(), text.size());
    if (doc.HasParseError()) {
        error = std::string(rapidjson::GetParseError_En(doc.GetParseError())) + " at byte " +
                std::to_string(doc.GetErrorOffset());
        return false;
    }
    return true;
}

bool parseInPlace(rapidjson::Document& doc, std::string& text, std::string& error)
{
    constexpr unsigned flags = rapidjson::kParseInsituFlag | rapidjson::kParseIterativeFlag |
                               rapidjson::kParseNanAndInfFlag | rapidjson::kParseFullPrecisionFlag;
    doc.ParseInsitu<flags>(text.data());
    if (doc.HasParseError()) {
        error = std::string(rapidjson::GetParseError_En(doc.GetParseError())) + " at byte " +
                std::to_string(doc.GetErrorOffset());
        return false;
    }
    return true;
}

std::string toText(const rapidjson::Value& value)
{
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>, rapidjson::CrtAllocator,
                      rapidjson::kWriteNanAndInfFlag>
        writer(buffer);
    value.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

bool getString(const rapidjson::Value& obj, const char* key, std::string& out)
{
    auto it = obj.FindMember(key);
    if (it == obj.MemberEnd() || !it->value.IsString())
        return false;
    out.assign(it->value.GetString(), it->value.GetStringLength());
    return true;
}

bool getInt(const rapidjson::Value& obj, const char* key, std::int64_t& out)
{
    auto it = obj.FindMember(key);
    if (it == obj.MemberEnd() || !it->value.IsInt64())
        return false;
    out = it->value.GetInt64();
    return true;
}

} // namespace kl::json
