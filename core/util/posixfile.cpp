#include "util/posixfile.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace kl {

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.release();
    }
    return *this;
}

UniqueFd::~UniqueFd()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

int UniqueFd::release()
{
    int fd = m_fd;
    m_fd = -1;
    return fd;
}

bool listDirectory(int fd, std::vector<DirName>& out, int& err)
{
    alignas(struct dirent64) char buffer[16384];
    for (;;) {
        const ssize_t n = ::getdents64(fd, buffer, sizeof buffer);
        if (n == 0)
            return true;
        if (n < 0) {
            err = errno;
            return false;
        }
        for (ssize_t off = 0; off < n;) {
            const auto* d = reinterpret_cast<const struct dirent64*>(buffer + off);
            off += d->d_reclen;
            const std::string_view nm(d->d_name);
            if (nm != "." && nm != "..")
                out.push_back(DirName{std::string(nm), d->d_type});
        }
    }
}

std::string errnoText(int err)
{
    char buf[256];
    // GNU strerror_r returns the message pointer, which may or may not be buf.
    return std::string(strerror_r(err, buf, sizeof buf));
}

namespace {

bool readAll(int fd, std::uint64_t size, std::string& out, std::string& error)
{
    out.resize(size);
    std::uint64_t got = 0;
    while (got < size) {
        ssize_t n = ::read(fd, out.data() + got, size - got);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = errnoText(errno);
            return false;
        }
        if (n == 0)
            break; // truncated while we read: keep what is there
        got += static_cast<std::uint64_t>(n);
    }
    out.resize(got);
    return true;
}

} // namespace

SmallFile readSmallFileAt(int dirFd, const std::string& name, std::uint64_t maxBytes)
{
    SmallFile r;
    UniqueFd fd(::openat(dirFd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid()) {
        r.vanished = errno == ENOENT;
        r.error = errnoText(errno);
        return r;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) {
        r.error = errnoText(errno);
        return r;
    }
    if (!S_ISREG(st.st_mode)) {
        r.error = "not a regular file";
        return r;
    }
    r.size = static_cast<std::uint64_t>(st.st_size);
    r.mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    if (r.size > maxBytes) {
        r.tooLarge = true;
        r.error = "file of " + std::to_string(r.size) + " bytes exceeds the limit of " +
                  std::to_string(maxBytes) + " bytes for metadata";
        return r;
    }
    if (!readAll(fd.get(), r.size, r.text, r.error))
        return r;
    r.ok = true;
    return r;
}

bool readFile(const std::string& path, std::uint64_t maxBytes, std::string& out, std::string& error)
{
    // Like readSmallFileAt: a symlink is not followed (it may point out of the cache), and a FIFO
    // must not block the open; the S_ISREG check below rejects both.
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid()) {
        error = errnoText(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) {
        error = errnoText(errno);
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        error = "not a regular file";
        return false;
    }
    auto size = static_cast<std::uint64_t>(st.st_size);
    return readAll(fd.get(), size < maxBytes ? size : maxBytes, out, error);
}

std::string absoluteClean(std::string_view path)
{
    std::string full;
    if (path.empty() || path.front() != '/') {
        std::vector<char> cwd(4096);
        if (::getcwd(cwd.data(), cwd.size()))
            full = cwd.data();
        full += '/';
    }
    full += path;
    std::vector<std::string_view> parts;
    std::string_view rest(full);
    while (!rest.empty()) {
        auto slash = rest.find('/');
        auto part = rest.substr(0, slash);
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            if (!parts.empty())
                parts.pop_back();
            continue;
        }
        parts.push_back(part);
    }
    std::string out;
    for (auto p : parts) {
        out += '/';
        out += p;
    }
    return out.empty() ? "/" : out;
}

std::string joinPath(std::string_view dir, std::string_view name)
{
    std::string out(dir);
    if (out.empty() || out.back() != '/')
        out += '/';
    out += name;
    return out;
}

namespace {

// Length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629), or 0 when the bytes there
// are not one: overlong forms, surrogates (U+D800..U+DFFF) and code points above U+10FFFF are
// rejected, as strict JSON readers (QJsonDocument, Python) reject them.
std::size_t utf8SequenceLength(std::string_view s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80)
        return 1;
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (i + len > s.size())
        return 0;
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if (c1 < lo || c1 > hi)
        return 0;
    for (std::size_t k = 2; k < len; ++k)
        if ((static_cast<unsigned char>(s[i + k]) >> 6) != 0x2)
            return 0;
    return len;
}

} // namespace

std::string utf8Prefix(std::string_view s, std::size_t codePoints)
{
    std::size_t i = 0;
    for (std::size_t n = 0; n < codePoints && i < s.size(); ++n) {
        const std::size_t len = utf8SequenceLength(s, i);
        i += len == 0 ? 1 : len;
    }
    return std::string(s.substr(0, i));
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
    while (i < s.size()) {
        std::size_t len = utf8SequenceLength(s, i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

std::string printableName(std::string_view s)
{
    std::string out;
    std::size_t i = 0;
    static constexpr char hex[] = "0123456789abcdef";
    auto escape = [&](unsigned char c) {
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
    };
    while (i < s.size()) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t len = utf8SequenceLength(s, i);
        if (len == 0 || (len == 1 && (c < 0x20 || c == 0x7f))) {
            escape(c);
            ++i;
            continue;
        }
        out.append(s.substr(i, len));
        i += len;
    }
    return out;
}

} // namespace kl
