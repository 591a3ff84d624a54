#include "specreader.h"

#include <cctype>
#include <cmath>
#include <locale>
#include <sstream>

namespace kl {

bool isIdentifier(std::string_view s)
{
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
        return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
            return false;
    return true;
}

SpecReader::SpecReader(std::string path)
    : m_path(std::move(path))
{
}

std::string SpecReader::join(const std::string& prefix, const std::string& key)
{
    return prefix.empty() ? key : prefix + "." + key;
}

bool SpecReader::fail(const std::string& field, const Text& cause)
{
    if (m_error.empty())
        m_error = Text::of(KL_TEXT("kl::kernels", "%1: field `%2`: %3"), m_path, field, cause);
    return false;
}

bool SpecReader::failRaw(const Text& text)
{
    if (m_error.empty())
        m_error = Text::of(KL_TEXT("kl::kernels", "%1: %2"), m_path, text);
    return false;
}

const rapidjson::Value* SpecReader::member(const rapidjson::Value& obj, const char* key,
                                           const std::string& prefix, bool required)
{
    if (!ok())
        return nullptr;
    const auto it = obj.FindMember(key);
    if (it == obj.MemberEnd()) {
        if (required)
            failRaw(Text::of(KL_TEXT("kl::kernels", "field `%1` missing"), join(prefix, key)));
        return nullptr;
    }
    return &it->value;
}

const rapidjson::Value* SpecReader::array(const rapidjson::Value& obj, const char* key,
                                          const std::string& prefix, bool required)
{
    const rapidjson::Value* v = member(obj, key, prefix, required);
    if (v && !v->IsArray()) {
        fail(join(prefix, key), Text::of(KL_TEXT("kl::kernels", "must be an array")));
        return nullptr;
    }
    return v;
}

bool SpecReader::object(const rapidjson::Value& v, const std::string& field)
{
    if (v.IsObject())
        return ok();
    return field.empty() ? failRaw(Text::of(KL_TEXT(
                               "kl::kernels", "not a kernel spec: the top level must be a JSON object")))
                         : fail(field, Text::of(KL_TEXT("kl::kernels", "must be an object")));
}

bool SpecReader::onlyKnown(const rapidjson::Value& obj, const std::string& prefix,
                           std::initializer_list<const char*> keys)
{
    for (const auto& m : obj.GetObject()) {
        const std::string_view name(m.name.GetString(), m.name.GetStringLength());
        bool known = false;
        std::string expected;
        for (const char* k : keys) {
            known = known || name == k;
            expected += (expected.empty() ? "" : ", ") + std::string(k);
        }
        if (!known)
            return fail(join(prefix, std::string(name)),
                        Text::of(KL_TEXT("kl::kernels", "unknown field (expected %1)"), expected));
    }
    return ok();
}

bool SpecReader::string(const rapidjson::Value& obj, const char* key, const std::string& prefix,
                        std::string& out)
{
    const rapidjson::Value* v = member(obj, key, prefix, true);
    if (!v)
        return false;
    if (!v->IsString())
        return fail(join(prefix, key), Text::of(KL_TEXT("kl::kernels", "must be a string")));
    out.assign(v->GetString(), v->GetStringLength());
    return true;
}

bool SpecReader::number(const rapidjson::Value& obj, const char* key, const std::string& prefix, double& out)
{
    const rapidjson::Value* v = member(obj, key, prefix, true);
    if (!v)
        return false;
    if (!v->IsNumber() || !std::isfinite(v->GetDouble()))
        return fail(join(prefix, key), Text::of(KL_TEXT("kl::kernels", "must be a finite number")));
    out = v->GetDouble();
    return true;
}

bool SpecReader::wholeNumber(const rapidjson::Value& v, const std::string& field, std::int64_t& out)
{
    if (v.IsInt64()) {
        out = v.GetInt64();
        return true;
    }
    // 1e6 parses as a double; accept it when it is whole and exact.
    if (v.IsNumber()) {
        const double d = v.GetDouble();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) <= 9007199254740992.0) {
            out = std::int64_t(d);
            return true;
        }
    }
    return fail(field, Text::of(KL_TEXT("kl::kernels", "must be a whole number")));
}

bool SpecReader::expression(const rapidjson::Value& v, const std::string& field, std::string& out)
{
    if (v.IsString()) {
        out.assign(v.GetString(), v.GetStringLength());
        return true;
    }
    if (v.IsInt64()) {
        out = std::to_string(v.GetInt64());
        return true;
    }
    if (v.IsNumber() && std::isfinite(v.GetDouble())) {
        std::ostringstream s;
        s.imbue(std::locale::classic());
        s.precision(17);
        s << v.GetDouble();
        out = s.str();
        return true;
    }
    return fail(field, Text::of(KL_TEXT("kl::kernels", "must be an expression (a string or a number)")));
}

} // namespace kl
