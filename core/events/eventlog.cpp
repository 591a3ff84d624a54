#include "eventlog.h"

#include "core/util/posixfile.h"
#include "eventline.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

// Create the missing folders above `path` with mode 0700. Returns "" or "<folder>: <cause>".
std::string makeParents(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos || slash == 0)
        return {};
    const std::string dir = path.substr(0, slash);
    for (std::size_t pos = 1; pos <= dir.size(); ++pos) {
        if (pos != dir.size() && dir[pos] != '/')
            continue;
        const std::string sofar = dir.substr(0, pos);
        if (::mkdir(sofar.c_str(), 0700) != 0 && errno != EEXIST)
            return sofar + ": " + errnoText(errno);
    }
    return {};
}

// Open for appending; O_NONBLOCK so that a FIFO planted at the path cannot block us.
int openForAppend(const std::string& path)
{
    return ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0644);
}

// True when `path` names the file `st` describes: a filesystem that reports no link count for a
// live file must not make us write a line twice.
bool stillNamed(const std::string& path, const struct stat& st)
{
    struct stat now {};
    return ::stat(path.c_str(), &now) == 0 && now.st_ino == st.st_ino && now.st_dev == st.st_dev;
}

// How often a line is written again after the file it went to vanished under it (see header).
constexpr int kMaxAttempts = 8;

} // namespace

EventLog::EventLog(std::string path, EventLogOptions options)
    : m_path(std::move(path))
    , m_options(options)
{
    if (m_options.generations < 1)
        m_options.generations = 1;
}

std::string EventLog::append(const CompileEvent& event) const
{
    return appendLine(formatEventLine(event));
}

std::string EventLog::appendLine(std::string_view line) const
{
    if (line.empty() || line.back() != '\n' || line.size() > kMaxEventLineBytes)
        return m_path + ": refusing to append a line that does not end in a newline or is longer than " +
               std::to_string(kMaxEventLineBytes) + " bytes";
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        UniqueFd fd(openForAppend(m_path));
        if (!fd.valid() && errno == ENOENT) {
            if (std::string err = makeParents(m_path); !err.empty())
                return "cannot create the events log folder " + err;
            fd = UniqueFd(openForAppend(m_path));
        }
        if (!fd.valid())
            return m_path + ": " + errnoText(errno);
        struct stat st {};
        if (::fstat(fd.get(), &st) != 0)
            return m_path + ": " + errnoText(errno);
        if (!S_ISREG(st.st_mode))
            return m_path + ": not a regular file";
        ssize_t n;
        do {
            n = ::write(fd.get(), line.data(), line.size());
        } while (n < 0 && errno == EINTR);
        if (n < 0)
            return m_path + ": " + errnoText(errno);
        if (static_cast<std::size_t>(n) != line.size())
            // A short write on a regular file means the disk filled: the partial line stays (readers
            // skip and count it); writing the rest separately could interleave with other writers.
            return m_path + ": short write (" + std::to_string(n) + " of " + std::to_string(line.size()) +
                   " bytes; disk full?)";
        if (::fstat(fd.get(), &st) != 0)
            return m_path + ": " + errnoText(errno);
        if (st.st_nlink == 0 && !stillNamed(m_path, st))
            continue; // the generation we wrote to aged out meanwhile: the line is nowhere, write it again
        if (m_options.maxBytes > 0 && static_cast<std::uint64_t>(st.st_size) > m_options.maxBytes) {
            if (std::string err = rotate(); !err.empty())
                return "the event was logged, but rotating failed: " + err;
        }
        return {};
    }
    return m_path + ": the file kept being removed while appending (" + std::to_string(kMaxAttempts) +
           " attempts)";
}

std::string EventLog::rotate() const
{
    const std::string lockPath = eventLogLockPath(m_path);
    UniqueFd lock(::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0644));
    if (!lock.valid())
        return lockPath + ": " + errnoText(errno);
    int r;
    do {
        r = ::flock(lock.get(), LOCK_EX);
    } while (r != 0 && errno == EINTR);
    if (r != 0)
        return lockPath + ": flock: " + errnoText(errno);
    // Appenders that saw the same oversized file queue up here; only the first one rotates.
    struct stat st {};
    if (::stat(m_path.c_str(), &st) != 0)
        return errno == ENOENT ? std::string() : m_path + ": " + errnoText(errno);
    if (static_cast<std::uint64_t>(st.st_size) <= m_options.maxBytes)
        return {};
    for (int i = m_options.generations - 1; i >= 1; --i) {
        const std::string from = eventLogGeneration(m_path, i);
        if (::rename(from.c_str(), eventLogGeneration(m_path, i + 1).c_str()) != 0 && errno != ENOENT)
            return from + ": rename: " + errnoText(errno);
    }
    if (::rename(m_path.c_str(), eventLogGeneration(m_path, 1).c_str()) != 0 && errno != ENOENT)
        return m_path + ": rename: " + errnoText(errno);
    return {}; // the lock is released when `lock` closes
}

std::string eventLogGeneration(const std::string& path, int n)
{
    return path + "." + std::to_string(n);
}

std::string eventLogLockPath(const std::string& path)
{
    return path + ".lock";
}

} // namespace kl
