#include "keyformat.h"

#include "core/formats/keyencoding.h"

#include <vector>

namespace kl::remote {
namespace {

Result<KeyFormat> refuse(std::string_view format, Text why)
{
    return fail(Text::of(KL_TEXT("kl::remote", "key format \"%1\" cannot be used: %2"), std::string(format),
                         std::move(why)));
}

std::string globEscape(std::string_view s)
{
    std::string out;
    for (char c : s) {
        if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

// Triton's keys are the base32 (A-Z, 2-7) folder names; older eras used hex and base64url.
bool isKeyChar(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

} // namespace

Result<KeyFormat> KeyFormat::parse(std::string_view format)
{
    KeyFormat f;
    f.m_text = std::string(format);
    std::vector<std::string> fields;
    std::string literal;
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        if (c == '{' && i + 1 < format.size() && format[i + 1] == '{') {
            literal += '{';
            ++i;
        } else if (c == '}' && i + 1 < format.size() && format[i + 1] == '}') {
            literal += '}';
            ++i;
        } else if (c == '{') {
            auto close = format.find('}', i);
            if (close == std::string_view::npos)
                return refuse(format, Text::of(KL_TEXT("kl::remote", "a '{' is never closed")));
            std::string_view field = format.substr(i + 1, close - i - 1);
            if (field != "key" && field != "filename")
                return refuse(format,
                              Text::of(KL_TEXT("kl::remote", "field {%1} is not one Triton fills in (only "
                                                             "{key} and {filename})"),
                                       std::string(field)));
            if (fields.size() == 2)
                return refuse(format,
                              Text::of(KL_TEXT("kl::remote", "{key} and {filename} must each appear once")));
            f.m_lit[fields.size()] = std::move(literal);
            literal.clear();
            fields.emplace_back(field);
            i = close;
        } else if (c == '}') {
            return refuse(format, Text::of(KL_TEXT("kl::remote", "a lone '}' (write '}}' for a brace)")));
        } else {
            literal += c;
        }
    }
    if (fields.size() != 2 || fields[0] == fields[1])
        return refuse(format, Text::of(KL_TEXT("kl::remote", "it must hold {key} and {filename}, each once, "
                                                             "or entries cannot be told apart")));
    f.m_lit[2] = std::move(literal);
    f.m_keyFirst = fields[0] == "key";
    return f;
}

std::string KeyFormat::make(std::string_view key, std::string_view filename) const
{
    std::string out = m_lit[0];
    out += m_keyFirst ? key : filename;
    out += m_lit[1];
    out += m_keyFirst ? filename : key;
    out += m_lit[2];
    return out;
}

std::optional<KeyFormat::Parts> KeyFormat::split(std::string_view k) const
{
    if (k.size() < m_lit[0].size() + m_lit[1].size() + m_lit[2].size() + 2 || !k.starts_with(m_lit[0]) ||
        !k.ends_with(m_lit[2]))
        return std::nullopt;
    std::string_view mid = k.substr(m_lit[0].size(), k.size() - m_lit[0].size() - m_lit[2].size());
    std::size_t cut = std::string_view::npos;
    const std::string& sep = m_lit[1];
    if (sep.empty()) {
        // No separator: the key is as long as one of Triton's key encodings (base32 first).
        for (std::size_t len : {std::size_t{52}, std::size_t{64}, std::size_t{43}, std::size_t{32}}) {
            if (mid.size() <= len)
                continue;
            const std::size_t at = m_keyFirst ? 0 : mid.size() - len;
            if (classifyFolderName(mid.substr(at, len)) != KeyEra::None) {
                cut = m_keyFirst ? len : at;
                break;
            }
        }
    } else {
        // File names may hold the separator (':' is legal in them); keys never do.
        cut = m_keyFirst ? mid.find(sep) : mid.rfind(sep);
    }
    if (cut == std::string_view::npos || cut + sep.size() > mid.size())
        return std::nullopt;
    std::string_view first = mid.substr(0, cut), second = mid.substr(cut + sep.size());
    if (first.empty() || second.empty())
        return std::nullopt;
    Parts p;
    p.key = std::string(m_keyFirst ? first : second);
    p.filename = std::string(m_keyFirst ? second : first);
    for (char c : p.key)
        if (!isKeyChar(c))
            return std::nullopt;
    if (p.filename.find('/') != std::string::npos)
        return std::nullopt;
    return p;
}

std::string KeyFormat::scanPattern() const
{
    return globEscape(m_lit[0]) + "*" + globEscape(m_lit[1]) + "*" + globEscape(m_lit[2]);
}

namespace {

std::string patternAround(const std::string (&lit)[3], bool keyFirst, const std::string& keyGlob)
{
    return globEscape(lit[0]) + (keyFirst ? keyGlob : "*") + globEscape(lit[1]) + (keyFirst ? "*" : keyGlob) +
           globEscape(lit[2]);
}

} // namespace

std::string KeyFormat::entryPattern(std::string_view key) const
{
    return patternAround(m_lit, m_keyFirst, globEscape(key));
}

std::string KeyFormat::entryPrefixPattern(std::string_view prefix) const
{
    return patternAround(m_lit, m_keyFirst, globEscape(prefix) + "*");
}

} // namespace kl::remote
