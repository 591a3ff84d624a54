#include "core/util/posixfile.h"
#include "cudabackend.h"
#include "gpustatus.h"
#include "gpuworker.h"
#include "workerprotocol.h"
#include "workerwire.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace kl {
namespace {

constexpr int kWorkerFd = 3; // the worker's end of the socket, as its command line says

bool isExecutable(const std::string& path)
{
    struct stat st {};
    return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

std::string describeExit(int status)
{
    if (WIFSIGNALED(status))
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) +
               ")";
    if (WIFEXITED(status))
        return "exit code " + std::to_string(WEXITSTATUS(status));
    return "status " + std::to_string(status);
}

class IsolatedBackend final : public AutotuneBackend {
public:
    IsolatedBackend(std::string workerPath, int ordinal)
        : m_workerPath(std::move(workerPath))
        , m_ordinal(ordinal)
    {
    }
    ~IsolatedBackend() override { stop(false); }

    Status start()
    {
        int fds[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
            return startError(std::string("socketpair: ") + std::strerror(errno));
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        // dup2 clears FD_CLOEXEC on the copy, so only the worker's end reaches it, as fd 3.
        posix_spawn_file_actions_adddup2(&actions, fds[1], kWorkerFd);
        const std::string device = std::to_string(m_ordinal), fd = std::to_string(kWorkerFd);
        const char* argv[] = {m_workerPath.c_str(), "--fd", fd.c_str(), "--device", device.c_str(), nullptr};
        const int spawned =
            posix_spawn(&m_pid, m_workerPath.c_str(), &actions, nullptr, const_cast<char**>(argv), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        if (spawned != 0) {
            ::close(fds[0]);
            m_pid = -1;
            return startError(std::string("posix_spawn: ") + std::strerror(spawned));
        }
        m_fd = fds[0];
        Result<std::string> hello = wire::receive(m_fd);
        if (!hello) {
            const std::string why = hello.error().english();
            stop(true);
            return startError(why + (m_lastExit.empty() ? "" : ", " + m_lastExit));
        }
        wire::Reader r(std::move(*hello));
        Status ready;
        if (!r.status(ready) || (ready && (!r.bytes(m_deviceName) || !r.bytes(m_arch)))) {
            stop(true);
            return startError("a malformed greeting");
        }
        if (!ready) {
            stop(true);
            return ready; // the device's own reason (no driver, no device...)
        }
        m_sentInputs = {};
        return {};
    }

    std::string deviceName() const override { return m_deviceName; }
    std::string arch() const override { return m_arch; }

    RunOutcome load(std::string_view image, const std::string& entry, LoadedKernelInfo& info) override
    {
        if (m_fd < 0) {
            if (Status started = start(); !started)
                return {RunStatus::LoadFailed, started.error()};
        }
        wire::Writer w;
        w.u8(static_cast<std::uint8_t>(wire::Op::Load));
        w.bytes(image);
        w.bytes(entry);
        RunOutcome run;
        auto reply = request(w, RunStatus::LoadFailed, run);
        if (reply && (!reply->outcome(run) || !protocol::readInfo(*reply, info)))
            run = malformed(RunStatus::LoadFailed);
        return afterFailure(run);
    }

    RunOutcome launchOnce(const KernelSpec& spec, const LaunchPlan& plan,
                          const std::vector<HostBuffer>& inputs, std::vector<HostBuffer>& results,
                          double timeBoundMs) override
    {
        if (m_fd < 0)
            return {RunStatus::LoadFailed, Text::of(KL_TEXT("kl::gpu", "no kernel loaded"))};
        const InputsKey key = keyOf(inputs);
        wire::Writer w;
        protocol::writeLaunch(w, spec, plan, timeBoundMs, key == m_sentInputs ? nullptr : &inputs);
        m_sentInputs = key;
        RunOutcome run;
        auto reply = request(w, RunStatus::LaunchFailed, run);
        if (reply) {
            if (!reply->outcome(run))
                run = malformed(RunStatus::LaunchFailed);
            else if (run.ok() && !protocol::readResults(*reply, spec, inputs, results))
                run = malformed(RunStatus::LaunchFailed);
        }
        return afterFailure(run);
    }

    RunOutcome time(const BenchOptions& options, std::vector<double>& samplesMs) override
    {
        if (m_fd < 0)
            return {RunStatus::LoadFailed, Text::of(KL_TEXT("kl::gpu", "no kernel loaded"))};
        wire::Writer w;
        protocol::writeBench(w, options);
        RunOutcome run;
        auto reply = request(w, RunStatus::LaunchFailed, run);
        std::uint64_t n = 0;
        if (reply && (!reply->outcome(run) || !reply->u64(n) || n > 10'000'000))
            run = malformed(RunStatus::LaunchFailed);
        else if (reply) {
            samplesMs.resize(n);
            for (double& s : samplesMs)
                if (!reply->f64(s))
                    run = malformed(RunStatus::LaunchFailed);
        }
        return afterFailure(run);
    }

    void unload() override
    {
        if (m_fd < 0)
            return;
        wire::Writer w;
        w.u8(static_cast<std::uint8_t>(wire::Op::Unload));
        RunOutcome ignored;
        request(w, RunStatus::LaunchFailed, ignored);
    }

    Status usable() const override
    {
        // A worker that had to be ended is replaced at the next load: only a worker that cannot
        // start stops the run, and load() says why for that configuration.
        return {};
    }

private:
    struct InputsKey {
        const void* first = nullptr;
        std::size_t count = 0;
        std::uint64_t bytes = 0;
        bool operator==(const InputsKey&) const = default;
    };

    // The autotuner keeps one set of inputs per buffer layout for a whole run and never changes
    // them, so their address and sizes identify them; a new worker has none.
    static InputsKey keyOf(const std::vector<HostBuffer>& inputs)
    {
        InputsKey k{inputs.empty() ? nullptr : inputs.front().data(), inputs.size(), 0};
        for (const HostBuffer& b : inputs)
            k.bytes = k.bytes * 31 + b.byteSize() + reinterpret_cast<std::uintptr_t>(b.data());
        return k;
    }

    Status startError(const std::string& cause) const
    {
        return kl::fail(
            Text::of(KL_TEXT("kl::gpu", "the GPU worker %1 could not be started: %2"), m_workerPath, cause));
    }

    RunOutcome malformed(RunStatus status)
    {
        stop(true);
        return {status, Text::of(KL_TEXT("kl::gpu", "the GPU worker's reply was malformed"))};
    }

    // Sends a request and reads its reply; when the worker is gone, `run` says so (its exit).
    std::optional<wire::Reader> request(const wire::Writer& w, RunStatus failure, RunOutcome& run)
    {
        const Status sent = wire::send(m_fd, w.payload());
        Result<std::string> reply = sent ? wire::receive(m_fd) : Result<std::string>(kl::fail(sent.error()));
        if (reply)
            return wire::Reader(std::move(*reply));
        stop(true);
        run = {failure, Text::of(KL_TEXT("kl::gpu", "the GPU worker process ended: %1"),
                                 m_lastExit.empty() ? std::string("no reply") : m_lastExit)};
        return std::nullopt;
    }

    // After a fault the worker's contexts are poisoned and after a hang its device is busy: end it;
    // the next configuration's load() starts a new one.
    RunOutcome afterFailure(RunOutcome run)
    {
        if (run.ok() || m_fd < 0)
            return run;
        bool ended = run.status == RunStatus::TimedOut;
        if (!ended) {
            wire::Writer w;
            w.u8(static_cast<std::uint8_t>(wire::Op::Usable));
            RunOutcome ignored;
            auto reply = request(w, RunStatus::LaunchFailed, ignored);
            Status usable;
            ended = !reply || !reply->status(usable) || !usable;
        }
        if (ended) {
            stop(true);
            run.message = Text::of(KL_TEXT("kl::gpu", "%1 (the launch ran in a process of its own, which was "
                                                      "ended; the next configuration starts a new one)"),
                                   run.message);
        }
        return run;
    }

    void stop(bool kill)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
        if (m_pid <= 0)
            return;
        // Closing the socket ends a healthy worker; one stuck in a launch or a wait is killed.
        int status = 0;
        pid_t done = 0;
        if (!kill)
            for (int i = 0; i < 200 && (done = ::waitpid(m_pid, &status, WNOHANG)) == 0; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (done == 0) {
            ::kill(m_pid, SIGKILL);
            while ((done = ::waitpid(m_pid, &status, 0)) < 0 && errno == EINTR) {
            }
        }
        m_lastExit = done == m_pid ? describeExit(status) : std::string();
        m_pid = -1;
    }

    std::string m_workerPath;
    int m_ordinal = 0;
    pid_t m_pid = -1;
    int m_fd = -1;
    std::string m_deviceName, m_arch, m_lastExit;
    InputsKey m_sentInputs;
};

} // namespace

std::string gpuWorkerPath()
{
    if (const char* forced = std::getenv("KL_GPU_WORKER"); forced && *forced)
        return forced;
    const std::string dir = executableDir();
    if (dir.empty())
        return {};
    for (const char* relative :
         {"/klens-gpu-worker", "/../libexec/kernellens/klens-gpu-worker", "/../../gpu/klens-gpu-worker"})
        if (const std::string path = absoluteClean(dir + relative); isExecutable(path))
            return path;
    return {};
}

Result<std::unique_ptr<AutotuneBackend>> makeCudaBackend(int ordinal)
{
    // No driver or no device is said here, without starting a worker to say it.
    const GpuStatus status = gpuStatus();
    if (!status.available)
        return kl::fail(status.reason);
    if (const std::string worker = gpuWorkerPath(); !worker.empty())
        return makeIsolatedBackend(worker, ordinal);
    return makeInProcessCudaBackend(ordinal);
}

Result<std::unique_ptr<AutotuneBackend>> makeIsolatedBackend(const std::string& workerPath, int ordinal)
{
    auto backend = std::make_unique<IsolatedBackend>(workerPath, ordinal);
    if (Status started = backend->start(); !started)
        return kl::fail(started.error());
    return backend;
}

} // namespace kl
