#include "nvrtckey.h"

#include "core/keys/tritonkey.h"
#include "core/util/posixfile.h"

#include <set>

namespace kl {
namespace {

constexpr std::uint64_t kMaxHeaderBytes = 64ull << 20;
constexpr std::size_t kMaxHeaders = 4096;

struct Include {
    std::string name;
    bool quoted = false;
};

// `#include "x"` and `#include <x>` lines. Conditional includes are all taken: a key that covers
// a header the preprocessor skips costs a needless miss at worst, never a stale hit.
std::vector<Include> includesOf(std::string_view text)
{
    std::vector<Include> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        auto skipSpace = [&line] {
            while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
                line.remove_prefix(1);
        };
        skipSpace();
        if (!line.starts_with('#'))
            continue;
        line.remove_prefix(1);
        skipSpace();
        if (!line.starts_with("include"))
            continue;
        line.remove_prefix(7);
        skipSpace();
        if (line.empty() || (line.front() != '"' && line.front() != '<'))
            continue;
        const char close = line.front() == '"' ? '"' : '>';
        const auto stop = line.find(close, 1);
        if (stop == std::string_view::npos || stop == 1)
            continue;
        out.push_back({std::string(line.substr(1, stop - 1)), close == '"'});
    }
    return out;
}

std::string dirOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash == 0 ? 1 : slash);
}

struct HeaderWalk {
    const std::vector<std::string>& includePaths;
    std::set<std::string> seen;
    std::vector<KeyedHeader> found;

    void scan(std::string_view text, const std::string& dir)
    {
        for (const Include& inc : includesOf(text)) {
            std::vector<std::string> candidates;
            if (inc.quoted && !inc.name.starts_with('/'))
                candidates.push_back(joinPath(dir, inc.name));
            if (inc.name.starts_with('/'))
                candidates.push_back(inc.name);
            else
                for (const auto& p : includePaths)
                    candidates.push_back(joinPath(p, inc.name));
            for (const auto& c : candidates) {
                auto read = readFile(c, kMaxHeaderBytes);
                if (!read)
                    continue;
                const std::string& bytes = *read;
                const std::string clean = absoluteClean(c);
                if (seen.insert(clean).second && found.size() < kMaxHeaders) {
                    found.push_back({clean, sha256Hex(bytes)});
                    scan(bytes, dirOf(clean));
                }
                break;
            }
        }
    }
};

} // namespace

NvrtcKey nvrtcKey(std::string_view source, std::string_view fileName, std::string_view sourceDir,
                  const NvrtcOptions& options, const ToolkitInfo& toolkit)
{
    NvrtcKey key;
    std::string& m = key.material;
    m += "format kernellens-nvrtc-1\n";
    m += "nvrtc " + toolkit.nvrtcVersion + "\n";
    if (options.via == CubinVia::NvJitLink)
        m += "nvjitlink " + toolkit.nvJitLinkVersion + "\n";
    m += "arch " + options.arch + "\n";
    m += "via " + std::string(cubinViaName(options.via)) + "\n";
    // The name as given reaches the output only through -lineinfo's .file directives; otherwise the
    // same source compiled from another working folder must hit.
    const auto slash = fileName.rfind('/');
    m += "program " +
         std::string(options.lineInfo || slash == std::string_view::npos ? fileName
                                                                         : fileName.substr(slash + 1)) +
         "\n";
    for (const auto& a : nvrtcArguments(options))
        m += "option " + a + "\n";
    if (options.via == CubinVia::NvJitLink)
        m += "link-option -O" + std::to_string(options.optLevel) + "\n";
    m += "source " + sha256Hex(source) + "\n";
    HeaderWalk walk{options.includePaths, {}, {}};
    walk.scan(source, sourceDir.empty() ? std::string(".") : std::string(sourceDir));
    for (const auto& h : walk.found)
        m += "header " + h.path + " " + h.sha256 + "\n";
    key.headers = std::move(walk.found);
    key.hex = sha256Hex(m);
    return key;
}

} // namespace kl
