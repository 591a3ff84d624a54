#include "formats/json.h"

#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace kl::json {

bool parse(rapidjson::Document& doc, std::string_view text, std::string& error)
{
    constexpr unsigned flags = rapidjson::kParseNanAndInfFlag | rapidjson::kParseFullPrecisionFlag;
    doc.Parse<flags>(text.data(), text.size());
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
    rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                      rapidjson::CrtAllocator, rapidjson::kWriteNanAndInfFlag>
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
