#include "utf8.h"

#include <cstdint>
#include <cstring>

namespace kl {

std::size_t decodeUtf8(std::string_view s, std::size_t i, char32_t& cp)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    std::size_t len = 0;
    char32_t min = 0;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    if (i + len > s.size())
        return 0;
    for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b >> 6) != 0x2)
            return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

void appendUtf8(std::string& out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool isValidUtf8(std::string_view s)
{
    std::size_t i = 0;
    // Nearly every name in a cache is ASCII: skip 8 such bytes at a time.
    for (std::uint64_t word = 0; i + 8 <= s.size(); i += 8) {
        std::memcpy(&word, s.data() + i, 8);
        if (word & 0x8080808080808080ull)
            break;
    }
    char32_t cp = 0;
    while (i < s.size()) {
        const std::size_t len = decodeUtf8(s, i, cp);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

std::string utf8Prefix(std::string_view s, std::size_t codePoints)
{
    std::size_t i = 0;
    char32_t cp = 0;
    for (std::size_t n = 0; n < codePoints && i < s.size(); ++n) {
        const std::size_t len = decodeUtf8(s, i, cp);
        i += len == 0 ? 1 : len;
    }
    return std::string(s.substr(0, i));
}

std::size_t utf8Length(std::string_view s)
{
    std::size_t n = 0;
    char32_t cp = 0;
    for (std::size_t i = 0; i < s.size(); ++n) {
        const std::size_t len = decodeUtf8(s, i, cp);
        i += len == 0 ? 1 : len;
    }
    return n;
}

std::string_view utf8PrefixBytes(std::string_view s, std::size_t maxBytes)
{
    std::size_t end = 0;
    char32_t cp = 0;
    while (end < s.size()) {
        const std::size_t len = decodeUtf8(s, end, cp);
        const std::size_t step = len == 0 ? 1 : len;
        if (end + step > maxBytes)
            break;
        end += step;
    }
    return s.substr(0, end);
}

std::string printableName(std::string_view s)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(s.size());
    char32_t cp = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t len = decodeUtf8(s, i, cp);
        if (len == 0 || (len == 1 && (c < 0x20 || c == 0x7f))) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++i;
            continue;
        }
        out.append(s.substr(i, len));
        i += len;
    }
    return out;
}

} // namespace kl
