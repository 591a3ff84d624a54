#include "explain/commandprobe.h"

#include "util/posixfile.h"

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

constexpr std::size_t kMaxOutput = 64 * 1024;

using Clock = std::chrono::steady_clock;

int msLeft(Clock::time_point deadline)
{
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

} // namespace

CommandResult runCommand(const std::vector<std::string>& argv, int timeoutMs, const std::atomic<bool>* cancel)
{
    CommandResult r;
    if (argv.empty()) {
        r.error = Text(KL_TEXT("kl::explain", "no command"));
        return r;
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        r.error =
            Text::of(KL_TEXT("kl::explain", "cannot make a pipe for %1: %2"), argv[0], errnoText(errno));
        return r;
    }
    UniqueFd readEnd(fds[0]), writeEnd(fds[1]);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, writeEnd.get(), 1);
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
    writeEnd = UniqueFd();
    if (rc != 0) {
        r.error = rc == ENOENT
                      ? Text::of(KL_TEXT("kl::explain", "%1 not found on PATH"), argv[0])
                      : Text::of(KL_TEXT("kl::explain", "cannot run %1: %2"), argv[0], errnoText(rc));
        return r;
    }
    r.started = true;

    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    const auto stopped = [&] { return (cancel && cancel->load()) || msLeft(deadline) == 0; };
    char buf[4096];
    bool eof = false;
    while (!eof && !stopped()) {
        pollfd p{readEnd.get(), POLLIN, 0};
        int n = ::poll(&p, 1, std::min(msLeft(deadline), 100));
        if (n < 0 && errno != EINTR)
            break;
        if (n <= 0)
            continue;
        ssize_t got = ::read(readEnd.get(), buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            eof = true;
        } else if (r.out.size() < kMaxOutput) {
            r.out.append(buf,
                         std::min<std::size_t>(static_cast<std::size_t>(got), kMaxOutput - r.out.size()));
        }
    }
    int status = 0;
    for (;;) {
        pid_t w = ::waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR) {
            r.error = Text::of(KL_TEXT("kl::explain", "cannot wait for %1: %2"), argv[0], errnoText(errno));
            return r;
        }
        if (stopped()) {
            r.timedOut = !(cancel && cancel->load());
            char limit[32];
            std::snprintf(limit, sizeof limit, "%.1f s", timeoutMs / 1000.0);
            r.error = r.timedOut
                          ? Text::of(KL_TEXT("kl::explain", "%1 did not finish within %2"), argv[0], limit)
                          : Text::of(KL_TEXT("kl::explain", "%1 was cancelled"), argv[0]);
            ::kill(-pid, SIGKILL); // its own process group: the command and whatever it started
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            return r;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (WIFEXITED(status))
        r.exitCode = WEXITSTATUS(status);
    else
        r.error = Text::of(KL_TEXT("kl::explain", "%1 was killed by signal %2"), argv[0], WTERMSIG(status));
    return r;
}

} // namespace kl
