#include "packindex.h"

#include "core/util/posixfile.h"
#include "packformat.h"

#include <charconv>

namespace kl::pack {
namespace {

bool parseNumber(std::string_view s, std::uint64_t& out)
{
    if (s.empty() || s.size() > 20)
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

} // namespace

PackIndex parseIndex(std::string_view text)
{
    PackIndex idx;
    if (!text.starts_with(kIndexHeader))
        return idx;
    idx.present = true;
    std::size_t at = kIndexHeader.size();
    idx.completeEnd = at;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos)
            break; // torn: a writer stopped mid-line
        const std::string_view line = text.substr(at, nl - at);
        at = nl + 1;
        idx.completeEnd = at;
        const std::size_t s1 = line.find(' ');
        const std::size_t s2 = s1 == std::string_view::npos ? s1 : line.find(' ', s1 + 1);
        IndexLine l;
        if (s2 == std::string_view::npos || !parseNumber(line.substr(0, s1), l.offset) ||
            !parseNumber(line.substr(s1 + 1, s2 - s1 - 1), l.length) || !isValidKey(line.substr(s2 + 1))) {
            ++idx.badLines;
            continue;
        }
        l.key = std::string(line.substr(s2 + 1));
        idx.lines.push_back(std::move(l));
    }
    return idx;
}

PackIndex readIndexAt(int folderFd, const std::string& name, std::uint64_t maxBytes)
{
    SmallFile f = readSmallFileAt(folderFd, name, maxBytes);
    if (!f.ok)
        return {};
    return parseIndex(f.text);
}

std::string indexLine(std::uint64_t offset, std::uint64_t length, std::string_view key)
{
    std::string out = std::to_string(offset);
    out += ' ';
    out += std::to_string(length);
    out += ' ';
    out += key;
    out += '\n';
    return out;
}

} // namespace kl::pack
