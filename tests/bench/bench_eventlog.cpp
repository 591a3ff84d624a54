// Events-log append throughput with concurrent writer processes, against two baselines that
// write the same lines to a plain file, all in one run (see tests/bench/RESULTS.md):
//   eventlog      kl::EventLog::append(event): format the JSON line, open O_APPEND, one write(),
//                 fstat, close, rotate at the 8 MiB default bound;
//   write-loop    the same preformatted lines with write() on one O_APPEND descriptor per writer
//                 (the floor: no formatting, no open/close, no rotation);
//   open-append   open(O_APPEND) + write() + close() per preformatted line: what a shell loop of
//                 `printf '%s\n' "$line" >> file` does, without the shell.
// Each writer is a forked process; all start together on a pipe. Median of N repetitions, modes
// interleaved so that machine noise hits all alike. Every run is checked: all lines whole, none lost.
//   bench_eventlog [folder] [lines per writer] [writers] [repetitions]
#include "core/events/eventline.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogreader.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

enum class Mode { EventLog, WriteLoop, OpenAppend };

const char* name(Mode m)
{
    switch (m) {
    case Mode::EventLog: return "eventlog";
    case Mode::WriteLoop: return "write-loop";
    case Mode::OpenAppend: return "open-append";
    }
    return "?";
}

// A Triton-shaped miss: 7 stages, a kernel name like Inductor's, a base32-length key.
kl::CompileEvent eventFor(int writer, int seq)
{
    kl::CompileEvent e;
    e.timeNs = 1795346422000000000 + seq;
    e.origin = "triton";
    e.kernel = "triton_poi_fused_add_mul_" + std::to_string(seq % 50);
    e.key = "W" + std::to_string(writer) + "S" + std::to_string(seq) + std::string(40, 'Q');
    e.cacheHit = seq % 4 != 0;
    e.stagesUs = {{"ir_initialization", 1600630 + seq},
                  {"ttir", 7982},
                  {"ttgir", 12000},
                  {"llir", 20000},
                  {"ptx", 7991},
                  {"cubin", 36917},
                  {"store_results", 7090}};
    e.totalUs = 1692610 + seq;
    e.bytes = 28127;
    e.pid = 100000 + writer;
    e.host = "gpu-node-17";
    e.arch = "sm_90";
    return e;
}

int writeAll(const std::vector<std::string>& lines, const int fd)
{
    for (const std::string& l : lines)
        if (::write(fd, l.data(), l.size()) != static_cast<ssize_t>(l.size()))
            return 1;
    return 0;
}

int child(Mode mode, const std::string& path, int writer, int count)
{
    if (mode == Mode::EventLog) {
        const kl::EventLog log(path, {8ull << 20, 1000}); // default bound; keep all to check counts
        for (int i = 0; i < count; ++i)
            if (!log.append(eventFor(writer, i)).empty())
                return 1;
        return 0;
    }
    std::vector<std::string> lines;
    lines.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        lines.push_back(kl::formatEventLine(eventFor(writer, i)));
    if (mode == Mode::WriteLoop) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        return fd < 0 ? 1 : writeAll(lines, fd) | ::close(fd);
    }
    for (const std::string& l : lines) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0 || ::write(fd, l.data(), l.size()) != static_cast<ssize_t>(l.size()))
            return 1;
        ::close(fd);
    }
    return 0;
}

// One run: returns lines per second, or a negative value on failure.
double runOnce(Mode mode, const std::string& dir, int writers, int count, std::uint64_t& bytes)
{
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/events.jsonl";
    int gate[2];
    if (::pipe(gate) != 0)
        return -1;
    std::vector<pid_t> pids;
    for (int w = 0; w < writers; ++w) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::close(gate[1]);
            char c;
            while (::read(gate[0], &c, 1) < 0 && errno == EINTR) {
            }
            ::_exit(child(mode, path, w, count));
        }
        pids.push_back(pid);
    }
    ::close(gate[0]);
    ::usleep(200000); // let every child reach the gate (and, for the baselines, format its lines)
    const auto start = std::chrono::steady_clock::now();
    ::close(gate[1]);
    bool ok = true;
    for (pid_t pid : pids) {
        int status = 0;
        ::waitpid(pid, &status, 0);
        ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const kl::EventLogContents c = kl::readEventLog(path);
    const std::size_t expected = static_cast<std::size_t>(writers) * static_cast<std::size_t>(count);
    if (!ok || !c.error.empty() || c.corruptLines || c.partialLines || c.events.size() != expected) {
        std::fprintf(stderr, "bench_eventlog: %s run failed: %zu of %zu lines, %llu corrupt, %s\n",
                     name(mode), c.events.size(), expected, static_cast<unsigned long long>(c.corruptLines),
                     c.error.english().c_str());
        return -1;
    }
    bytes = 0;
    for (const std::string& f : c.files)
        bytes += std::filesystem::file_size(f);
    if (mode == Mode::EventLog)
        std::printf("  %-12s %.3f s, %zu files (rotations: %zu)\n", name(mode), secs, c.files.size(),
                    c.files.size() - 1);
    else
        std::printf("  %-12s %.3f s\n", name(mode), secs);
    return static_cast<double>(expected) / secs;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string dir = argc > 1 ? argv[1] : "/tmp/kl-bench/eventlog";
    const int count = argc > 2 ? std::atoi(argv[2]) : 20000;
    const int writers = argc > 3 ? std::atoi(argv[3]) : 8;
    const int reps = argc > 4 ? std::atoi(argv[4]) : 5;
    if (count <= 0 || writers <= 0 || reps <= 0) {
        std::fprintf(stderr, "usage: bench_eventlog [folder] [lines per writer] [writers] [repetitions]\n");
        return 2;
    }
    const std::size_t lineBytes = kl::formatEventLine(eventFor(0, 0)).size();
    std::printf("bench_eventlog: %d writer processes x %d lines (%zu bytes a line), %d repetitions, in %s\n",
                writers, count, lineBytes, reps, dir.c_str());
    const Mode modes[] = {Mode::EventLog, Mode::WriteLoop, Mode::OpenAppend};
    std::vector<double> rates[3];
    std::uint64_t bytes[3] = {};
    for (int r = 0; r < reps; ++r) {
        std::printf("repetition %d\n", r + 1);
        for (int m = 0; m < 3; ++m) {
            const double rate = runOnce(modes[m], dir, writers, count, bytes[m]);
            if (rate < 0)
                return 1;
            rates[m].push_back(rate);
        }
    }
    std::filesystem::remove_all(dir);
    std::printf("\n%-12s %14s %10s %8s\n", "mode", "lines/s (med)", "MB/s", "min-max");
    double med[3];
    for (int m = 0; m < 3; ++m) {
        med[m] = median(rates[m]);
        const auto [lo, hi] = std::minmax_element(rates[m].begin(), rates[m].end());
        const double mbps =
            med[m] * static_cast<double>(bytes[m]) / (static_cast<double>(writers) * count) / 1e6;
        std::printf("%-12s %14.0f %10.1f %8.0f-%.0f\n", name(modes[m]), med[m], mbps, *lo, *hi);
    }
    std::printf("\neventlog / write-loop:  %.2f\neventlog / open-append: %.2f\n", med[0] / med[1],
                med[0] / med[2]);
    return 0;
}
