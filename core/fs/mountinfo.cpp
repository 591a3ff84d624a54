#include "mountinfo.h"

#include "core/util/posixfile.h"

#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <unistd.h>

namespace kl {
namespace {

std::vector<std::string_view> splitSpaces(std::string_view line)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        if (i >= line.size())
            break;
        std::size_t j = line.find(' ', i);
        if (j == std::string_view::npos)
            j = line.size();
        out.push_back(line.substr(i, j - i));
        i = j;
    }
    return out;
}

template <typename T> bool parseNumber(std::string_view s, T& out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

bool parseLine(std::string_view line, MountInfoLine& m)
{
    const auto f = splitSpaces(line);
    // id parent major:minor root mountpoint options [optional...] - type source superoptions
    if (f.size() < 9)
        return false;
    std::size_t dash = 6;
    while (dash < f.size() && f[dash] != "-")
        ++dash;
    // Some kernels write an empty source for a few pseudo filesystems: then only type and
    // super options follow the dash.
    if (dash >= f.size() || f.size() - dash < 3)
        return false;
    const auto colon = f[2].find(':');
    if (colon == std::string_view::npos || !parseNumber(f[0], m.id) || !parseNumber(f[1], m.parentId) ||
        !parseNumber(f[2].substr(0, colon), m.devMajor) || !parseNumber(f[2].substr(colon + 1), m.devMinor))
        return false;
    m.root = unescapeMountinfo(f[3]);
    m.mountPoint = unescapeMountinfo(f[4]);
    m.mountOptions = std::string(f[5]);
    for (std::size_t i = 6; i < dash; ++i)
        m.optionalFields.emplace_back(f[i]);
    m.type = unescapeMountinfo(f[dash + 1]);
    if (f.size() - dash >= 4) {
        m.source = unescapeMountinfo(f[dash + 2]);
        m.superOptions = unescapeMountinfo(f[dash + 3]);
    } else {
        m.superOptions = unescapeMountinfo(f[dash + 2]);
    }
    return !m.mountPoint.empty() && m.mountPoint.front() == '/';
}

} // namespace

std::string unescapeMountinfo(std::string_view field)
{
    std::string out;
    out.reserve(field.size());
    for (std::size_t i = 0; i < field.size(); ++i) {
        if (field[i] == '\\' && i + 3 < field.size()) {
            const char a = field[i + 1], b = field[i + 2], c = field[i + 3];
            if (a >= '0' && a <= '3' && b >= '0' && b <= '7' && c >= '0' && c <= '7') {
                out += static_cast<char>((a - '0') * 64 + (b - '0') * 8 + (c - '0'));
                i += 3;
                continue;
            }
        }
        out += field[i];
    }
    return out;
}

std::vector<MountInfoLine> parseMountinfo(std::string_view text)
{
    std::vector<MountInfoLine> mounts;
    while (!text.empty()) {
        auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        MountInfoLine m;
        if (parseLine(line, m))
            mounts.push_back(std::move(m));
    }
    return mounts;
}

bool isPathUnder(std::string_view path, std::string_view dir)
{
    if (dir.size() > 1 && dir.back() == '/')
        dir.remove_suffix(1);
    if (dir == "/")
        return !path.empty() && path.front() == '/';
    if (!path.starts_with(dir))
        return false;
    return path.size() == dir.size() || path[dir.size()] == '/';
}

std::optional<std::size_t> findMount(const std::vector<MountInfoLine>& mounts, std::string_view path,
                                     std::optional<std::pair<unsigned, unsigned>> dev)
{
    auto best = [&](bool devOnly) -> std::optional<std::size_t> {
        std::optional<std::size_t> found;
        std::size_t bestLen = 0;
        for (std::size_t i = 0; i < mounts.size(); ++i) {
            const MountInfoLine& m = mounts[i];
            if (devOnly && (m.devMajor != dev->first || m.devMinor != dev->second))
                continue;
            if (!isPathUnder(path, m.mountPoint))
                continue;
            // >= so that a later mount stacked on the same point wins.
            if (!found || m.mountPoint.size() >= bestLen) {
                found = i;
                bestLen = m.mountPoint.size();
            }
        }
        return found;
    };
    if (dev)
        if (auto i = best(true))
            return i;
    return best(false);
}

Result<std::string> readProcMountinfo()
{
    const char* path = "/proc/self/mountinfo";
    UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
    if (!fd.valid())
        return fail(Text::of(KL_TEXT("kl::fs", "%1: %2"), path, errnoText(errno)));
    // Hosts with thousands of container mounts have megabytes of mountinfo; past 64 MiB
    // something is wrong and the probe falls back to statfs alone.
    constexpr std::size_t kMax = 64u << 20;
    std::string text;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail(Text::of(KL_TEXT("kl::fs", "%1: %2"), path, errnoText(errno)));
        }
        if (n == 0)
            break;
        text.append(buf, static_cast<std::size_t>(n));
        if (text.size() > kMax)
            return fail(Text::of(KL_TEXT("kl::fs", "%1: larger than 64 MiB"), path));
    }
    return text;
}

} // namespace kl
