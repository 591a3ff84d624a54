#include "core/util/trim.h"
#include "stagelocations.h"

#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace kl {
namespace {

constexpr int kMaxDepth = 64;

using Place = std::tuple<unsigned, unsigned, unsigned>; // file index, line, column

bool readUnsigned(std::string_view& s, unsigned& v)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc())
        return false;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return true;
}

bool readPlace(std::string_view& s, Place& p)
{
    unsigned f = 0, l = 0, c = 0;
    if (!readUnsigned(s, f) || !readUnsigned(s, l))
        return false;
    readUnsigned(s, c);
    p = {f, l, c};
    return true;
}

/// `.loc F L C[, function_name X, inlined_at F2 L2 C2]`.
bool readLoc(std::string_view line, Place& at, std::optional<Place>& inlinedAt)
{
    if (!line.starts_with(".loc"))
        return false;
    std::string_view s = line.substr(4);
    if (!readPlace(s, at))
        return false;
    inlinedAt.reset();
    if (const std::size_t i = s.find("inlined_at"); i != std::string_view::npos) {
        std::string_view rest = s.substr(i + 10);
        Place p;
        if (readPlace(rest, p))
            inlinedAt = p;
    }
    return true;
}

} // namespace

StageLocations ptxLocations(std::string_view text)
{
    StageLocations out;
    const std::vector<std::string_view> lines = splitLines(text);
    out.lines.resize(lines.size());
    // First pass: the files (.file N "path", written after the code) and where each inlined
    // place was itself inlined, so a chain can be followed out to the kernel.
    std::map<unsigned, std::string> files;
    std::map<Place, Place> outer;
    for (std::string_view raw : lines) {
        std::string_view l = trimBlanks(raw);
        if (l.starts_with(".file")) {
            std::string_view s = l.substr(5);
            unsigned n = 0;
            const std::size_t q = s.find('"');
            const std::size_t q2 = q == std::string_view::npos ? q : s.find('"', q + 1);
            if (readUnsigned(s, n) && q2 != std::string_view::npos)
                files[n] = std::string(l.substr(5).substr(q + 1, q2 - q - 1));
            continue;
        }
        Place at;
        std::optional<Place> in;
        if (readLoc(l, at, in) && in)
            outer.emplace(at, *in);
    }
    const auto where = [&](const Place& p) {
        auto it = files.find(std::get<0>(p));
        if (it == files.end())
            ++out.unresolved;
        return SourceLocation{it == files.end() ? std::string() : it->second, std::get<1>(p)};
    };
    LocationChain current;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string_view l = trimBlanks(lines[i]);
        if (const std::size_t comment = l.find("//");
            comment != std::string_view::npos && !l.starts_with(".loc"))
            l = trimBlanks(l.substr(0, comment));
        Place at;
        std::optional<Place> in;
        if (readLoc(l, at, in)) {
            current.clear();
            if (std::get<1>(at) == 0)
                continue; // line 0: no place
            current.push_back(where(at));
            for (int depth = 0; in && depth < kMaxDepth; ++depth) {
                current.push_back(where(*in));
                auto next = outer.find(*in);
                if (next == outer.end() || next->second == *in)
                    break;
                in = next->second;
            }
            continue;
        }
        // An instruction: ends with ';', not a directive; a closing brace ends the function.
        if (l.starts_with("}")) {
            current.clear();
            continue;
        }
        if (current.empty() || l.empty() || l.starts_with(".") || l.starts_with("//") || !l.ends_with(";"))
            continue;
        out.lines[i].push_back(current);
        ++out.located;
    }
    return out;
}

} // namespace kl
