#include "stagelocations.h"

#include <charconv>
#include <string>
#include <unordered_map>

namespace kl {
namespace {

constexpr int kMaxDepth = 64;

/// `!123` at the start of `s` as 123.
bool readId(std::string_view s, unsigned& id)
{
    if (!s.starts_with("!"))
        return false;
    auto [end, ec] = std::from_chars(s.data() + 1, s.data() + s.size(), id);
    return ec == std::errc() && end > s.data() + 1;
}

/// The value of `field: ` in a metadata node's text: up to the next ',' or ')'.
std::string_view field(std::string_view node, std::string_view name)
{
    std::size_t at = 0;
    for (;;) {
        at = node.find(name, at);
        if (at == std::string_view::npos)
            return {};
        // A whole field name: after '(' or ' ' and followed by ": ".
        const bool starts = at > 0 && (node[at - 1] == '(' || node[at - 1] == ' ');
        if (starts && node.substr(at + name.size()).starts_with(": "))
            break;
        at += name.size();
    }
    std::string_view v = node.substr(at + name.size() + 2);
    if (v.starts_with("\"")) {
        const std::size_t close = v.find('"', 1);
        return close == std::string_view::npos ? std::string_view() : v.substr(1, close - 1);
    }
    const std::size_t end = v.find_first_of(",)");
    return v.substr(0, end);
}

class Metadata {
public:
    explicit Metadata(const std::vector<std::string_view>& lines)
    {
        for (std::string_view l : lines) {
            unsigned id = 0;
            if (!readId(l, id))
                continue;
            const std::size_t eq = l.find(" = ");
            if (eq != std::string_view::npos)
                m_nodes.emplace(id, l.substr(eq + 3));
        }
    }

    /// The chain of a !DILocation, following inlinedAt.
    LocationChain chain(unsigned id, std::size_t& unresolved)
    {
        LocationChain out;
        for (int depth = 0; depth < kMaxDepth; ++depth) {
            auto it = m_nodes.find(id);
            if (it == m_nodes.end()) {
                ++unresolved;
                break;
            }
            std::string_view node = it->second;
            if (!node.starts_with("!DILocation("))
                break;
            unsigned line = 0;
            const std::string_view lineText = field(node, "line");
            std::from_chars(lineText.data(), lineText.data() + lineText.size(), line);
            unsigned scope = 0;
            readId(field(node, "scope"), scope);
            out.push_back({fileOfScope(scope), line});
            unsigned next = 0;
            if (!readId(field(node, "inlinedAt"), next))
                break;
            id = next;
        }
        return out;
    }

private:
    std::string fileOfScope(unsigned scope)
    {
        for (int depth = 0; depth < kMaxDepth; ++depth) {
            auto it = m_nodes.find(scope);
            if (it == m_nodes.end())
                return {};
            unsigned file = 0;
            if (readId(field(it->second, "file"), file))
                return filePath(file);
            if (!readId(field(it->second, "scope"), scope))
                return {};
        }
        return {};
    }

    std::string filePath(unsigned id)
    {
        if (auto cached = m_files.find(id); cached != m_files.end())
            return cached->second;
        std::string path;
        if (auto it = m_nodes.find(id); it != m_nodes.end()) {
            const std::string_view name = field(it->second, "filename");
            const std::string_view dir = field(it->second, "directory");
            path = name.starts_with('/') || dir.empty() ? std::string(name)
                                                        : std::string(dir) + "/" + std::string(name);
        }
        m_files.emplace(id, path);
        return path;
    }

    std::unordered_map<unsigned, std::string_view> m_nodes;
    std::unordered_map<unsigned, std::string> m_files;
};

} // namespace

StageLocations llvmLocations(std::string_view text)
{
    StageLocations out;
    const std::vector<std::string_view> lines = splitLines(text);
    out.lines.resize(lines.size());
    Metadata md(lines);
    std::unordered_map<unsigned, LocationChain> chains;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view l = lines[i];
        if (l.starts_with("!") || l.starts_with("define") || l.starts_with("declare"))
            continue;
        const std::size_t dbg = l.rfind("!dbg !");
        unsigned id = 0;
        if (dbg == std::string_view::npos || !readId(l.substr(dbg + 5), id))
            continue;
        auto it = chains.find(id);
        if (it == chains.end())
            it = chains.emplace(id, md.chain(id, out.unresolved)).first;
        if (it->second.empty() || it->second.front().line == 0)
            continue;
        out.lines[i].push_back(it->second);
        ++out.located;
    }
    return out;
}

} // namespace kl
