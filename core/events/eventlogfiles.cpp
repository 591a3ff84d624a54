#include "eventlogfiles.h"

#include "core/util/dirlist.h"
#include "eventlog.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>

namespace kl {
namespace {

// Rotated generation numbers present in the log's folder, newest (1) first. Reading the folder
// rather than probing .1, .2, ... keeps generations after a gap (a rotation cut short by a crash).
std::vector<int> generationsOnDisk(const std::string& path)
{
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    const std::string prefix = (slash == std::string::npos ? path : path.substr(slash + 1)) + ".";
    std::vector<int> out;
    UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    std::vector<DirName> names;
    int err = 0;
    if (!fd.valid() || !listDirectory(fd.get(), names, err))
        return out;
    for (const DirName& n : names) {
        if (!n.name.starts_with(prefix) || n.name.size() == prefix.size())
            continue;
        const char* b = n.name.data() + prefix.size();
        const char* e = n.name.data() + n.name.size();
        int g = 0;
        auto [p, ec] = std::from_chars(b, e, g);
        if (ec == std::errc() && p == e && g >= 1 && *b != '0')
            out.push_back(g);
    }
    std::sort(out.begin(), out.end());
    return out;
}

UniqueFd sharedLock(const std::string& path)
{
    const std::string lockPath = eventLogLockPath(path);
    UniqueFd lock(::open(lockPath.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (!lock.valid() && errno == ENOENT)
        // Before the first rotation there is no lock file; make it so that a first rotation cannot
        // run between our opens (fails harmlessly in a folder we may not write to).
        lock = UniqueFd(::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0644));
    if (lock.valid()) {
        int r;
        do {
            r = ::flock(lock.get(), LOCK_SH);
        } while (r != 0 && errno == EINTR);
    }
    return lock;
}

} // namespace

Text eventLogFileError(const std::string& path, std::string cause)
{
    return Text::of(KL_TEXT("kl::events", "%1: %2"), path, std::move(cause));
}

EventLogIssue overlongLineIssue(const std::string& path, std::uint64_t line)
{
    return {path, line, Text(KL_TEXT("kl::events", "line longer than 1 MiB"))};
}

EventLogIssue partialLineIssue(const std::string& path, std::uint64_t line)
{
    return {path, line, Text(KL_TEXT("kl::events", "partial last line (no newline)")), true};
}

Status openEventLogFiles(const std::string& path, std::vector<OpenedLogFile>& out)
{
    out.clear();
    struct stat dirCheck {};
    const auto slash = path.rfind('/');
    if (slash != std::string::npos && slash > 0 && ::stat(path.substr(0, slash).c_str(), &dirCheck) != 0)
        return {}; // no folder, no log yet
    UniqueFd lock = sharedLock(path);
    std::vector<int> generations = generationsOnDisk(path);
    auto openOne = [&](const std::string& p, bool live) -> Status {
        UniqueFd fd(::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
        if (!fd.valid() && errno == ENOENT)
            return {};
        if (!fd.valid())
            return fail(eventLogFileError(p, errnoText(errno)));
        struct stat st {};
        if (::fstat(fd.get(), &st) != 0)
            return fail(eventLogFileError(p, errnoText(errno)));
        if (!S_ISREG(st.st_mode))
            return fail(Text::of(KL_TEXT("kl::events", "%1: not a regular file"), p));
        OpenedLogFile f;
        f.path = p;
        f.fd = std::move(fd);
        f.size = static_cast<std::uint64_t>(st.st_size);
        f.dev = st.st_dev;
        f.ino = st.st_ino;
        f.live = live;
        out.push_back(std::move(f));
        return {};
    };
    for (auto it = generations.rbegin(); it != generations.rend(); ++it)
        if (Status opened = openOne(eventLogGeneration(path, *it), false); !opened)
            return opened;
    return openOne(path, true);
}

void LineSplitter::feed(std::string_view bytes, const Sink& sink)
{
    while (!bytes.empty()) {
        const auto nl = bytes.find('\n');
        if (nl == std::string_view::npos) {
            if (!m_overlong && m_rest.size() + bytes.size() > kMaxBufferedLine) {
                m_overlong = true;
                m_rest.clear();
            }
            if (!m_overlong)
                m_rest.append(bytes);
            return;
        }
        const std::string_view piece = bytes.substr(0, nl);
        bytes.remove_prefix(nl + 1);
        if (m_overlong || m_rest.size() + piece.size() > kMaxBufferedLine) {
            sink({}, true);
        } else if (m_rest.empty()) {
            sink(piece, false);
        } else {
            m_rest.append(piece);
            sink(m_rest, false);
        }
        m_rest.clear();
        m_overlong = false;
    }
}

std::string LineSplitter::takeRest()
{
    std::string r = std::move(m_rest);
    reset();
    return r;
}

void LineSplitter::reset()
{
    m_rest.clear();
    m_overlong = false;
}

} // namespace kl
