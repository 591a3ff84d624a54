#include "autotunereport.h"
#include "clioutput.h"
#include "command.h"
#include "core/env/environment.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogsettings.h"
#include "core/nvrtc/nvrtccache.h"
#include "core/util/posixfile.h"
#include "gpu/autotunejob.h"
#include "gpu/autotunejson.h"
#include "gpu/autotuner.h"
#include "gpu/cudabackend.h"
#include "gpu/kernels/kernellibrary.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace kl::cli {

struct AutotuneArgs {
    std::string spec; ///< a spec file, or the name of one in the demo kernel library
    std::string size; ///< "", a size name, or "N=4096,..."
    std::string arch; ///< default: the device's
    int device = 0;
    int optLevel = 3;
    std::string cache; ///< NVRTC cache root (default: defaultNvrtcCacheRoot)
    double warmupMs = 25;
    double repMs = 100;
    bool noFlush = false;
    double timeBoundS = 10;
    std::size_t limit = 0;
    std::uint64_t seed = 1;
    bool noSave = false;
    bool noCopy = false; ///< skip the device-to-device copy yardstick
    std::string log;
    bool noLog = false;
    bool json = false;
};

/// `klens autotune`: exit 0 a best configuration was found, 1 none passed, 2 usage or a bad
/// spec, 3 no usable GPU, 130 cancelled (Ctrl-C; the configurations done so far are printed).
int runAutotuneCommand(const AutotuneArgs& args);

namespace {

std::atomic<bool> g_cancel{false};

extern "C" void onInterrupt(int)
{
    g_cancel.store(true);
}

// A spec path, or a name from the demo library ("vector_add").
std::string resolveSpecPath(const std::string& given)
{
    struct stat st {};
    if (::stat(given.c_str(), &st) == 0 || given.find('/') != std::string::npos)
        return given;
    const std::string dir = kernelLibraryDir();
    if (dir.empty())
        return given;
    const std::string candidate =
        joinPath(dir, given.size() > 5 && given.ends_with(".json") ? given : given + ".json");
    return ::stat(candidate.c_str(), &st) == 0 ? candidate : given;
}

void showProgress(const AutotuneProgress& p)
{
    if (p.phase == "done") {
        std::fprintf(stderr, "\r\033[K");
        return;
    }
    std::fprintf(stderr, "\r\033[K[%zu/%zu] %-8s %s", p.index + 1, p.total, p.phase.c_str(), p.label.c_str());
    std::fflush(stderr);
}

} // namespace

int runAutotuneCommand(const AutotuneArgs& args)
{
    const Environment env = Environment::current();
    AutotuneJob job;
    job.specPath = resolveSpecPath(args.spec);
    AutotuneOptions& options = job.options;
    options.size = args.size;
    options.arch = args.arch;
    options.optLevel = args.optLevel;
    options.cacheRoot = args.cache.empty() ? defaultNvrtcCacheRoot(env) : args.cache;
    options.bench.warmupMs = args.warmupMs;
    options.bench.repMs = args.repMs;
    options.bench.flushL2 = !args.noFlush;
    options.bench.timeBoundMs = args.timeBoundS * 1000;
    options.limit = args.limit;
    options.seed = args.seed;
    options.persist = !args.noSave;
    if (!args.noLog)
        job.eventsLog = args.log.empty() ? defaultEventsLogPath(env) : args.log;

    g_cancel.store(false);
    struct sigaction sa {
    }, old{};
    sa.sa_handler = onInterrupt;
    ::sigaction(SIGINT, &sa, &old);
    const bool tty = !args.json && ::isatty(STDERR_FILENO);
    // The same run as the GUI's autotune dialog (autotunejob.h).
    AutotuneJobResult run = runAutotuneJob(
        job, [&] { return makeCudaBackend(args.device); },
        tty ? AutotuneProgressFn(showProgress) : AutotuneProgressFn(), &g_cancel);
    ::sigaction(SIGINT, &old, nullptr);
    for (const std::string& err : run.logErrors)
        printError("event not logged: " + err);
    if (!run.spec) {
        printError(run.specError.english());
        return ExitError;
    }
    const KernelSpec* spec = &*run.spec;
    if (!run.backendError.empty()) {
        printError("cannot autotune " + spec->name + ": " + run.backendError.english());
        return ExitNoGpu;
    }
    const AutotuneReport& report = run.report;
    if (!report.error.empty()) {
        printError(report.error.english());
        return ExitError;
    }
    // The yardstick for a bandwidth-bound kernel: a copy moving as many bytes as the best launch.
    CopyYardstick copy;
    if (!args.noCopy && !report.cancelled && report.best && spec->metricKind == MetricKind::Bytes) {
        const ConfigOutcome& best = report.configs[*report.best];
        const double bytes = best.throughput * 1e9 * best.timing.median * 1e-3;
        copy.bytes = static_cast<std::uint64_t>(bytes / 2) & ~std::uint64_t(255);
        if (copy.bytes > 0) {
            if (Result<double> gbs = measureCopyBandwidth(args.device, copy.bytes, options.bench))
                copy.gbs = *gbs;
            else
                copy.error = gbs.error().english();
        }
    }
    if (args.json)
        writeAutotuneJson(*spec, report, copy, stdout);
    else
        printAutotuneTable(*spec, report, copy, stdout);
    if (report.cancelled)
        return ExitCancelled;
    return report.best ? ExitOk : ExitProblems;
}

void addAutotuneCommand(CLI::App& app, Commands& out)
{
    auto a = std::make_shared<AutotuneArgs>();
    auto* cmd = app.add_subcommand("autotune", "Time every configuration of a kernel spec on the local GPU");
    cmd->add_option("SPEC", a->spec, "A kernel spec (.json), or a name from the demo kernel library")
        ->required();
    cmd->add_option("--size", a->size, "A size name of the spec, or NAME=VALUE,... over its default size");
    cmd->add_option("--arch", a->arch, "Compile for sm_XX (default: the device's)");
    cmd->add_option("--device", a->device, "CUDA device ordinal")->check(CLI::NonNegativeNumber);
    cmd->add_option("-O,--opt-level", a->optLevel, "ptxas optimisation level")->check(CLI::Range(0, 3));
    cmd->add_option("--cache", a->cache,
                    "Cache root for the compiles and the results (default: the NVRTC cache)");
    cmd->add_option("--warmup-ms", a->warmupMs, "Warm-up time per configuration (do_bench's warmup)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--rep-ms", a->repMs, "Timed repeats per configuration, in ms (do_bench's rep)")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--no-flush", a->noFlush, "Do not flush L2 between timed repeats");
    cmd->add_option("--time-bound", a->timeBoundS, "Seconds one launch may run before it is reported")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--limit", a->limit, "Tune only the first N configurations");
    cmd->add_option("--seed", a->seed, "Seed of the input data");
    cmd->add_flag("--no-save", a->noSave, "Do not write <kernel>.autotune.json");
    cmd->add_flag("--no-copy", a->noCopy, "Skip the device-to-device copy yardstick");
    cmd->add_option("--log", a->log,
                    "Events log (default: $KERNELLENS_EVENTS_LOG, else the XDG state folder)");
    cmd->add_flag("--no-log", a->noLog, "Do not append compile events");
    cmd->add_flag("--json", a->json, "Print the documented JSON (schema kernellens.autotune-run/1)");
    out.push_back({cmd, [a] { return runAutotuneCommand(*a); }});
}

} // namespace kl::cli
