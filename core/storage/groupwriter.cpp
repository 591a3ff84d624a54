#include "groupwriter.h"

#include "core/util/utf8.h"

#include <algorithm>
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

} // namespace

std::string pythonJsonString(std::string_view utf8)
{
    std::string out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < utf8.size();) {
        char32_t cp = 0;
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

std::string tritonRemoteGroupText(std::vector<std::string> names)
{
    // Python sorts str by code point, which for UTF-8 is byte order.
    std::sort(names.begin(), names.end());
    std::string out = "{\"child_paths\": [";
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i)
            out += ", ";
        out += pythonJsonString(names[i]);
    }
    out += "]}";
    return out;
}

} // namespace kl
