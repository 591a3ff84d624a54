#include "irnormalise.h"

#include "core/util/trim.h"

#include <cctype>

namespace kl {
namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isIdent(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

// Drops `loc(...)` (balanced parentheses, quoted strings skipped) and `, !dbg !N`.
std::string_view withoutLocations(std::string_view line, std::string& buffer)
{
    if (line.find("loc(") == std::string_view::npos && line.find("!dbg") == std::string_view::npos)
        return line;
    buffer.clear();
    std::size_t i = 0;
    while (i < line.size()) {
        if (line.compare(i, 4, "loc(") == 0 && (i == 0 || !isIdent(line[i - 1]))) {
            std::size_t j = i + 4;
            int depth = 1;
            bool quoted = false;
            for (; j < line.size() && depth > 0; ++j) {
                const char c = line[j];
                if (quoted) {
                    if (c == '\\')
                        ++j;
                    else if (c == '"')
                        quoted = false;
                } else if (c == '"') {
                    quoted = true;
                } else if (c == '(') {
                    ++depth;
                } else if (c == ')') {
                    --depth;
                }
            }
            while (!buffer.empty() && buffer.back() == ' ')
                buffer.pop_back();
            i = j;
            continue;
        }
        if (line.compare(i, 6, ", !dbg") == 0) {
            std::size_t j = i + 6;
            while (j < line.size() && line[j] == ' ')
                ++j;
            if (j < line.size() && line[j] == '!') {
                ++j;
                while (j < line.size() && isDigit(line[j]))
                    ++j;
                i = j;
                continue;
            }
        }
        buffer.push_back(line[i++]);
    }
    return buffer;
}

} // namespace

bool isLocationLine(std::string_view line)
{
    const std::string_view t = trimBlanks(line);
    if (t.starts_with(".loc") && (t.size() == 4 || t[4] == ' ' || t[4] == '\t'))
        return true;
    if (t.starts_with(".file") && (t.size() == 5 || t[5] == ' ' || t[5] == '\t'))
        return true;
    if (t.starts_with("#loc")) // #loc = loc(...), #loc12 = loc(...)
        return t.find("= loc(") != std::string_view::npos;
    if (t.starts_with("!") && t.size() > 1 && isDigit(t[1])) // !12 = !DILocation(...) and friends
        return t.find("= !DI") != std::string_view::npos ||
               t.find("= distinct !DI") != std::string_view::npos;
    return false;
}

void normaliseLine(std::string_view line, const DiffOptions& o, std::string& out)
{
    out.clear();
    std::string noLoc;
    if (o.ignoreLocations)
        line = withoutLocations(line, noLoc);
    if (o.ignoreSpace)
        line = trimBlanks(line);
    out.reserve(line.size());
    bool lastSpace = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (o.ignoreSpace && (c == ' ' || c == '\t' || c == '\r')) {
            if (!lastSpace)
                out.push_back(' ');
            lastSpace = true;
            continue;
        }
        lastSpace = false;
        out.push_back(c);
        if (!o.ignoreSsa)
            continue;
        const bool sigil = c == '%' || (c == '^' && line.compare(i + 1, 2, "bb") == 0);
        if (!sigil)
            continue;
        // The name part (letters: `arg`, `rd`, `bb`), then the number, which becomes '#'.
        std::size_t j = i + 1;
        while (j < line.size() && (std::isalpha(static_cast<unsigned char>(line[j])) || line[j] == '_'))
            out.push_back(line[j++]);
        if (j < line.size() && isDigit(line[j])) {
            while (j < line.size() && isDigit(line[j]))
                ++j;
            out.push_back('#');
        }
        i = j - 1;
    }
}

} // namespace kl
