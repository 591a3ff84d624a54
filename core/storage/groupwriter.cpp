#include "storage/groupwriter.h"

#include <cstdint>

namespace kl {
namespace {

void appendU16(std::string& out, std::uint32_t unit)
{
    static constexpr char hex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += hex[(unit >> shift) & 15];
}

// Decodes one well-formed UTF-8 sequence at s[i]; returns its length, or 0 when the bytes there
// are not one (overlong, surrogate, above U+10FFFF, truncated).
std::size_t decodeUtf8(std::string_view s, std::size_t i, std::uint32_t& cp)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    std::size_t len = 0;
    std::uint32_t min = 0;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2, cp = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, cp = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, cp = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
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

} // namespace

std::string pythonJsonString(std::string_view utf8)
{
    std::string out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < utf8.size();) {
        std::uint32_t cp = 0;
        std::size_t len = decodeUtf8(utf8, i, cp);
        if (len == 0) {
            cp = 0xDC00 | static_cast<unsigned char>(utf8[i]);
            len = 1;
        }
        i += len;
        switch (cp) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (cp >= 0x20 && cp <= 0x7E) {
                out += static_cast<char>(cp);
            } else if (cp < 0x10000) {
                appendU16(out, cp);
            } else {
                const std::uint32_t v = cp - 0x10000;
                appendU16(out, 0xD800 | (v >> 10));
                appendU16(out, 0xDC00 | (v & 0x3FF));
            }
        }
    }
    out += '"';
    return out;
}

std::string tritonGroupFileText(const std::vector<std::pair<std::string, std::string>>& children)
{
    // json.dumps's default separators: ", " between items, ": " after keys.
    std::string out = "{\"child_paths\": {";
    bool first = true;
    for (const auto& [name, path] : children) {
        if (!first)
            out += ", ";
        first = false;
        out += pythonJsonString(name);
        out += ": ";
        out += pythonJsonString(path);
    }
    out += "}}";
    return out;
}

} // namespace kl
