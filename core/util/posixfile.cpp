#include "posixfile.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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
    r.ctimeNs = static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
    r.ino = static_cast<std::uint64_t>(st.st_ino);
    r.dev = static_cast<std::uint64_t>(st.st_dev);
    if (r.size > maxBytes) {
        r.tooLarge = true;
        return r;
    }
    if (!readAll(fd.get(), r.size, r.text, r.error))
        return r;
    r.ok = true;
    return r;
}

Result<std::string> readFile(const std::string& path, std::uint64_t maxBytes)
{
    // Like readSmallFileAt: a symlink is not followed (it may point out of the cache), and a FIFO
    // must not block the open; the S_ISREG check below rejects both.
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd.valid())
        return fail(Text::verbatim(errnoText(errno)));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return fail(Text::verbatim(errnoText(errno)));
    if (!S_ISREG(st.st_mode))
        return fail(Text::verbatim("not a regular file"));
    auto size = static_cast<std::uint64_t>(st.st_size);
    std::string out, error;
    if (!readAll(fd.get(), size < maxBytes ? size : maxBytes, out, error))
        return fail(Text::verbatim(std::move(error)));
    return out;
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

std::string executableDir()
{
    char buf[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return {};
    const std::string exe(buf, std::size_t(n));
    const auto slash = exe.rfind('/');
    return slash == std::string::npos ? std::string() : exe.substr(0, slash);
}

UniqueFd openBeneath(int dirFd, const std::string& folder, const std::string& name, int flags)
{
    static std::atomic<bool> noOpenat2{false};
    flags |= O_NOFOLLOW | O_CLOEXEC;
    if (!noOpenat2.load(std::memory_order_relaxed)) {
        struct open_how how {};
        how.flags = static_cast<std::uint64_t>(flags);
        how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
        const std::string rel = folder + "/" + name;
        const long fd = ::syscall(SYS_openat2, dirFd, rel.c_str(), &how, sizeof how);
        if (fd >= 0 || errno != ENOSYS)
            return UniqueFd(static_cast<int>(fd));
        noOpenat2 = true;
    }
    UniqueFd dir(::openat(dirFd, folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    return UniqueFd(dir.valid() ? ::openat(dir.get(), name.c_str(), flags) : -1);
}

std::string tempDirectory()
{
    const char* tmp = std::getenv("TMPDIR");
    return tmp && *tmp == '/' ? std::string(tmp) : std::string("/tmp");
}

} // namespace kl
