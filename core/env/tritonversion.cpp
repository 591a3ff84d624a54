#include "tritonversion.h"

#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace kl {
namespace {

using Clock = std::chrono::steady_clock;

// execvp's lookup, done here so the error can say which PATH was searched.
std::string findInPath(const std::string& name, const std::string& pathVar)
{
    if (name.find('/') != std::string::npos)
        return isExecutableFile(name) ? name : std::string{};
    std::size_t start = 0;
    while (start <= pathVar.size()) {
        std::size_t colon = pathVar.find(':', start);
        if (colon == std::string::npos)
            colon = pathVar.size();
        std::string dir = pathVar.substr(start, colon - start);
        std::string candidate = joinPath(dir.empty() ? "." : dir, name);
        if (isExecutableFile(candidate))
            return candidate;
        start = colon + 1;
    }
    return {};
}

std::string trim(const std::string& s)
{
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string lastLine(const std::string& text)
{
    std::string t = trim(text);
    auto nl = t.rfind('\n');
    return nl == std::string::npos ? t : trim(t.substr(nl + 1));
}

struct Pipe {
    UniqueFd read, write;
    bool open()
    {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return false;
        read = UniqueFd(fds[0]);
        write = UniqueFd(fds[1]);
        return true;
    }
};

struct RunResult {
    bool started = false;
    bool timedOut = false;
    int status = 0;
    std::string out, err;
    Text error;
};

RunResult runWithTimeout(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout)
{
    RunResult r;
    Pipe out, err;
    if (!out.open() || !err.open()) {
        r.error = Text::of(KL_TEXT("kl::env", "cannot create a pipe: %1"), errnoText(errno));
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err.write.get(), STDERR_FILENO);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // Its own process group, so a timeout kills whatever the interpreter started as well.
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> argv;
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, program.c_str(), &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    out.write = UniqueFd();
    err.write = UniqueFd();
    if (rc != 0) {
        r.error = Text::of(KL_TEXT("kl::env", "cannot run %1: %2"), program, errnoText(rc));
        return r;
    }
    r.started = true;

    // Read both pipes until they close or the deadline passes; a chatty import must not block on
    // a full stderr pipe while we wait on stdout.
    constexpr std::size_t kMaxOutput = 1 << 20;
    const auto deadline = Clock::now() + timeout;
    bool outOpen = true, errOpen = true;
    while (outOpen || errOpen) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) {
            r.timedOut = true;
            break;
        }
        pollfd fds[2] = {{outOpen ? out.read.get() : -1, POLLIN, 0},
                         {errOpen ? err.read.get() : -1, POLLIN, 0}};
        const int n = ::poll(fds, 2, static_cast<int>(left.count()));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        for (int i = 0; i < 2; ++i) {
            if (!fds[i].revents)
                continue;
            char buf[4096];
            const ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
            std::string& dst = i == 0 ? r.out : r.err;
            if (got > 0 && dst.size() < kMaxOutput)
                dst.append(buf, static_cast<std::size_t>(got));
            else if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                (i == 0 ? outOpen : errOpen) = false;
        }
    }
    // The pipes closed: the interpreter is exiting. Reap it, but a child that closed its pipes
    // and kept running is killed at the deadline.
    bool reaped = false;
    while (!r.timedOut && !reaped) {
        const pid_t w = ::waitpid(pid, &r.status, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR))
            reaped = true;
        else if (Clock::now() >= deadline)
            r.timedOut = true;
        else
            ::usleep(5000);
    }
    if (r.timedOut) {
        ::kill(-pid, SIGKILL);
        // A process stuck in uninterruptible I/O (an import from a hung NFS mount) dies only when
        // the I/O returns: wait a moment, then leave it rather than hang with it.
        const auto giveUp = Clock::now() + std::chrono::seconds(1);
        while (Clock::now() < giveUp) {
            const pid_t w = ::waitpid(pid, &r.status, WNOHANG);
            if (w == pid || (w < 0 && errno != EINTR))
                break;
            ::usleep(5000);
        }
    }
    return r;
}

} // namespace

bool isExecutableFile(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

UserPython findUserPython(const Environment& env)
{
    UserPython u;
    std::string name = "python3";
    if (auto p = env.get("KL_PYTHON"); p && !p->empty()) {
        name = *p;
        u.fromKlPython = true;
    }
    const std::string pathVar = env.get("PATH").value_or("/usr/local/bin:/usr/bin:/bin");
    u.path = findInPath(name, pathVar);
    if (u.path.empty())
        u.error =
            name.find('/') != std::string::npos
                ? Text::of(KL_TEXT("kl::env", "%1 (from KL_PYTHON) does not exist or is not executable"),
                           name)
                : Text::of(KL_TEXT("kl::env", "no %1 on PATH (%2)"), name, pathVar);
    return u;
}

TritonVersion detectTritonVersion(const Environment& env, std::chrono::milliseconds timeout)
{
    TritonVersion v;
    const UserPython python = findUserPython(env);
    v.python = python.path;
    if (v.python.empty()) {
        v.python = env.get("KL_PYTHON").value_or("python3");
        v.error = python.error;
        return v;
    }
    const RunResult r =
        runWithTimeout(v.python, {v.python, "-c", "import triton; print(triton.__version__)"}, timeout);
    if (!r.started) {
        v.error = r.error;
        return v;
    }
    if (r.timedOut) {
        v.error = Text::of(KL_TEXT("kl::env", "%1 did not answer within %2 ms (import triton hung); killed"),
                           v.python, timeout.count());
        return v;
    }
    if (WIFSIGNALED(r.status)) {
        v.error = Text::of(KL_TEXT("kl::env", "%1 was killed by signal %2 importing triton"), v.python,
                           WTERMSIG(r.status));
        return v;
    }
    if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0) {
        const std::string last = lastLine(r.err);
        v.error = last.empty() ? Text::of(KL_TEXT("kl::env", "import triton failed in %1 (exit %2)"),
                                          v.python, WEXITSTATUS(r.status))
                               : Text::of(KL_TEXT("kl::env", "import triton failed in %1 (exit %2): %3"),
                                          v.python, WEXITSTATUS(r.status), last);
        return v;
    }
    v.version = lastLine(r.out);
    if (v.version.empty() || v.version.size() > 64 || !isValidUtf8(v.version)) {
        v.error = Text::of(KL_TEXT("kl::env", "%1 printed no Triton version"), v.python);
        v.version.clear();
        return v;
    }
    v.found = true;
    return v;
}

} // namespace kl
