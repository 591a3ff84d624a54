#include "subprocess.h"

#include "posixfile.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace kl {
namespace {

constexpr std::size_t kMaxStderr = 16 * 1024;

using Clock = std::chrono::steady_clock;

int msLeft(Clock::time_point deadline)
{
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

void appendUpTo(std::string& into, const char* data, std::size_t n, std::size_t limit, bool* cut)
{
    if (into.size() >= limit) {
        if (cut && n > 0)
            *cut = true;
        return;
    }
    const std::size_t take = std::min(n, limit - into.size());
    into.append(data, take);
    if (cut && take < n)
        *cut = true;
}

} // namespace

ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& options)
{
    ProcessResult r;
    if (argv.empty()) {
        r.error = Text(KL_TEXT("kl::util", "no command"));
        return r;
    }
    int outFds[2], errFds[2] = {-1, -1};
    if (::pipe2(outFds, O_CLOEXEC) != 0 || (options.captureStderr && ::pipe2(errFds, O_CLOEXEC) != 0)) {
        r.error = Text::of(KL_TEXT("kl::util", "cannot make a pipe for %1: %2"), argv[0], errnoText(errno));
        return r;
    }
    UniqueFd outRead(outFds[0]), outWrite(outFds[1]), errRead(errFds[0]), errWrite(errFds[1]);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outWrite.get(), 1);
    if (options.captureStderr)
        posix_spawn_file_actions_adddup2(&actions, errWrite.get(), 2);
    else
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);

    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    outWrite = UniqueFd();
    errWrite = UniqueFd();
    if (rc != 0) {
        r.error = rc == ENOENT ? Text::of(KL_TEXT("kl::util", "%1 not found on PATH"), argv[0])
                               : Text::of(KL_TEXT("kl::util", "cannot run %1: %2"), argv[0], errnoText(rc));
        return r;
    }
    r.started = true;

    const auto deadline = Clock::now() + std::chrono::milliseconds(options.timeoutMs);
    const auto cancelled = [&] { return options.cancel && options.cancel->load(); };
    const auto stopped = [&] { return cancelled() || msLeft(deadline) == 0; };
    // Both pipes are drained together: a child that fills one while we wait on the other would
    // block forever (nvdisasm prints warnings on stderr while it writes megabytes of code).
    std::vector<char> buf(64 * 1024);
    bool outOpen = true, errOpen = options.captureStderr;
    while ((outOpen || errOpen) && !stopped()) {
        pollfd p[2];
        nfds_t n = 0;
        if (outOpen)
            p[n++] = {outRead.get(), POLLIN, 0};
        if (errOpen)
            p[n++] = {errRead.get(), POLLIN, 0};
        int ready = ::poll(p, n, std::min(msLeft(deadline), 100));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        for (nfds_t i = 0; i < n; ++i) {
            if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const bool isOut = p[i].fd == outRead.get();
            ssize_t got = ::read(p[i].fd, buf.data(), buf.size());
            if (got < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (got <= 0) {
                (isOut ? outOpen : errOpen) = false;
                continue;
            }
            if (isOut)
                appendUpTo(r.out, buf.data(), static_cast<std::size_t>(got), options.maxOutput, &r.truncated);
            else
                appendUpTo(r.err, buf.data(), static_cast<std::size_t>(got), kMaxStderr, nullptr);
        }
    }
    int status = 0;
    // The pipes close while the child exits, a moment before it can be reaped: the first looks
    // come soon (a fixed 10 ms sleep added that much to a quick ptxas run), later ones back off.
    auto nap = std::chrono::microseconds(50);
    for (;;) {
        pid_t w = ::waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR) {
            r.error = Text::of(KL_TEXT("kl::util", "cannot wait for %1: %2"), argv[0], errnoText(errno));
            return r;
        }
        if (stopped()) {
            r.timedOut = !cancelled();
            char limit[32];
            std::snprintf(limit, sizeof limit, "%.1f s", options.timeoutMs / 1000.0);
            r.error = r.timedOut
                          ? Text::of(KL_TEXT("kl::util", "%1 did not finish within %2"), argv[0], limit)
                          : Text::of(KL_TEXT("kl::util", "%1 was cancelled"), argv[0]);
            ::kill(-pid, SIGKILL); // its own process group: the command and whatever it started
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            return r;
        }
        std::this_thread::sleep_for(nap);
        nap = std::min(nap * 2, std::chrono::microseconds(10'000));
    }
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    else
        r.error = Text::of(KL_TEXT("kl::util", "%1 was killed by signal %2"), argv[0], WTERMSIG(status));
    return r;
}

} // namespace kl
