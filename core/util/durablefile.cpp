#include "durablefile.h"

#include "posixfile.h"
#include "utf8.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {

Status writeNewFileAt(int dirFd, const std::string& name, std::string_view bytes, bool sync,
                      const std::int64_t* mtimeNs)
{
    // 0666 less the umask: what Python's open(path, "w") creates, so our files look like Triton's.
    UniqueFd fd(::openat(dirFd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
    if (!fd.valid())
        return fail(Text::verbatim(errnoText(errno)));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail(Text::verbatim(errnoText(errno)));
        }
        done += static_cast<std::size_t>(n);
    }
    if (mtimeNs) {
        // Access time too: a restored file looks as it did, not as if read just now.
        struct timespec times[2];
        times[0].tv_sec = static_cast<time_t>(*mtimeNs / 1000000000);
        times[0].tv_nsec = static_cast<long>(*mtimeNs % 1000000000);
        if (times[0].tv_nsec < 0) {
            times[0].tv_nsec += 1000000000;
            --times[0].tv_sec;
        }
        times[1] = times[0];
        if (::futimens(fd.get(), times) != 0)
            return fail(Text::verbatim("futimens: " + errnoText(errno)));
    }
    if (sync && ::fsync(fd.get()) != 0)
        return fail(Text::verbatim("fsync: " + errnoText(errno)));
    // close() can report a deferred write error (NFS): a file we cannot vouch for is not committed.
    if (::close(fd.release()) != 0)
        return fail(Text::verbatim("close: " + errnoText(errno)));
    return {};
}

Status syncFolder(int dirFd)
{
    if (::fsync(dirFd) != 0)
        return fail(Text::verbatim("fsync: " + errnoText(errno)));
    return {};
}

Status makeFolders(const std::string& path, bool sync, TextSource what)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return {};
        return fail(
            Text::of(what, printableName(path), Text(KL_TEXT("kl::storage", "exists and is not a folder"))));
    }
    std::string sofar;
    std::size_t pos = 0;
    while (pos < path.size()) {
        const std::size_t next = path.find('/', pos + 1);
        const std::string parent = sofar.empty() ? "/" : sofar;
        sofar = path.substr(0, next);
        pos = next == std::string::npos ? path.size() : next;
        if (::mkdir(sofar.c_str(), 0777) == 0) {
            if (sync) {
                UniqueFd parentFd(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
                if (!parentFd.valid())
                    return fail(Text::of(what, printableName(parent), errnoText(errno)));
                if (auto synced = syncFolder(parentFd.get()); !synced)
                    return fail(Text::of(what, printableName(parent), std::move(synced.error())));
            }
        } else if (errno != EEXIST) {
            return fail(Text::of(what, printableName(sofar), errnoText(errno)));
        }
    }
    return {};
}

std::string uuid4()
{
    unsigned char b[16] = {};
    std::size_t got = 0;
    while (got < sizeof b) {
        const ssize_t n = ::getrandom(b + got, sizeof b - got, 0);
        if (n > 0)
            got += static_cast<std::size_t>(n);
        else if (n < 0 && errno != EINTR)
            break;
    }
    if (got < sizeof b) {
        // getrandom does not fail on a running Linux; should it, a per-process counter and the clock
        // still keep names unique within this process (the pid is in the folder name too).
        static std::atomic<std::uint64_t> counter{0};
        std::uint64_t mix[2] = {
            counter.fetch_add(1) * 0x9E3779B97F4A7C15ull,
            static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())};
        for (std::size_t i = got; i < sizeof b; ++i)
            b[i] = static_cast<unsigned char>(mix[i / 8] >> (8 * (i % 8)));
    }
    b[6] = static_cast<unsigned char>((b[6] & 0x0f) | 0x40); // version 4
    b[8] = static_cast<unsigned char>((b[8] & 0x3f) | 0x80); // RFC 4122 variant
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(36);
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out += '-';
        out += hex[b[i] >> 4];
        out += hex[b[i] & 15];
    }
    return out;
}

} // namespace kl
