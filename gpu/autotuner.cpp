#include "autotuner.h"

#include "autotunefile.h"
#include "core/formats/layout.h"
#include "core/nvrtc/nvrtccache.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/storage/cachestore.h"
#include "gpu/kernels/hostbuffer.h"
#include "gpu/kernels/kernelreference.h"
#include "gpu/kernels/launchplan.h"
#include "gpu/kernels/resultcheck.h"

#include <map>

namespace kl {
namespace {

// Inputs and expected outputs for one buffer layout; configurations whose plans size every
// buffer alike share them (the reference runs once per layout, not once per configuration).
struct Workload {
    std::vector<HostBuffer> inputs;
    std::vector<ExpectedOutput> expected;
    bool checked = false; ///< false: the spec's reference is "none"
};

std::vector<std::uint64_t> layoutOf(const LaunchPlan& plan)
{
    std::vector<std::uint64_t> counts;
    for (const ResolvedArgument& a : plan.arguments)
        counts.push_back(a.count);
    return counts;
}

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

std::string_view configStatusName(ConfigStatus s)
{
    switch (s) {
    case ConfigStatus::Ok: return "ok";
    case ConfigStatus::WrongResult: return "wrong-result";
    case ConfigStatus::CompileFailed: return "compile-failed";
    case ConfigStatus::LoadFailed: return "load-failed";
    case ConfigStatus::LaunchFailed: return "launch-failed";
    case ConfigStatus::TimedOut: return "timed-out";
    case ConfigStatus::NotRun: return "not-run";
    }
    return "?";
}

std::string_view throughputUnit(MetricKind m)
{
    return m == MetricKind::Flops ? "TFLOP/s" : "GB/s";
}

AutotuneReport runAutotune(const KernelSpec& spec, AutotuneBackend& backend, const AutotuneOptions& options,
                           const AutotuneProgressFn& progress, const std::atomic<bool>* cancel)
{
    AutotuneReport report;
    report.kernel = spec.name;
    report.metricKind = spec.metricKind;
    report.device = backend.deviceName();
    report.arch = options.arch.empty() ? backend.arch() : options.arch;
    if (const Result<std::string> target = targetArch(spec, report.arch); target) {
        report.arch = *target;
    } else {
        report.error = target.error();
        return report;
    }
    const Result<ProblemSize> size = resolveProblemSize(spec, options.size);
    if (!size) {
        report.error = Text::of(KL_TEXT("kl::gpu", "%1: %2"), spec.path, size.error());
        return report;
    }
    report.sizeName = size->name;
    report.sizeValues = size->values;
    report.keyJson = autotuneKeyJson(spec, size->values);
    if (Text bad = validateArch(report.arch); !bad.empty()) {
        report.error = std::move(bad);
        return report;
    }
    std::vector<Configuration> configs = enumerateConfigurations(spec, &report.rejectedByConstraints);
    if (options.limit && configs.size() > options.limit)
        configs.resize(options.limit);
    if (configs.empty()) {
        report.error =
            Text::of(KL_TEXT("kl::gpu", "%1: no configuration satisfies the constraints"), spec.path);
        return report;
    }
    for (const Configuration& c : configs) {
        ConfigOutcome outcome;
        outcome.config = c;
        outcome.label = configurationLabel(spec, c);
        report.configs.push_back(std::move(outcome));
    }

    const NvrtcCache cache(options.cacheRoot);
    std::map<std::vector<std::uint64_t>, Workload> workloads;
    const std::size_t total = configs.size();
    auto tell = [&](std::size_t i, const char* phase) {
        if (progress)
            progress({i, total, i < total ? report.configs[i].label : std::string(), phase});
    };

    for (std::size_t i = 0; i < total; ++i) {
        ConfigOutcome& out = report.configs[i];
        if (cancelled(cancel)) {
            report.cancelled = true;
            break;
        }
        if (Status usable = backend.usable(); !usable) {
            report.stopped = usable.error();
            break;
        }
        tell(i, "compile");
        const Result<LaunchPlan> plan = planLaunch(spec, out.config, *size);
        if (!plan) {
            out.status = ConfigStatus::LaunchFailed;
            out.message = Text::of(KL_TEXT("kl::gpu", "cannot plan the launch: %1"), plan.error());
            continue;
        }
        out.threadsPerBlock = static_cast<int>(plan->block[0] * plan->block[1] * plan->block[2]);

        NvrtcRequest request;
        request.name = spec.name;
        request.source = spec.source;
        request.sourcePath = spec.sourcePath;
        request.options.arch = report.arch;
        request.options.optLevel = options.optLevel;
        request.options.defines = configurationDefines(spec, out.config);
        const NvrtcCacheResult compiled = cache.compile(request);
        if (options.onCompile && (compiled.ok || compiled.hit))
            options.onCompile(compiled.event);
        out.compileHit = compiled.hit;
        report.compileHits += compiled.hit ? 1 : 0;
        out.compileMs = static_cast<double>(compiled.event.totalUs) / 1000.0;
        if (!compiled.ok) {
            out.status = ConfigStatus::CompileFailed;
            out.message = compiled.error;
            continue;
        }

        Workload& work = workloads[layoutOf(*plan)];
        if (work.inputs.empty()) {
            work.inputs = makeHostBuffers(spec, *plan, options.seed);
            if (spec.reference != "none") {
                auto expected = computeReference(spec, *plan, work.inputs);
                if (!expected) {
                    out.status = ConfigStatus::WrongResult;
                    out.message =
                        Text::of(KL_TEXT("kl::gpu", "no reference to check against: %1"), expected.error());
                    workloads.erase(layoutOf(*plan));
                    continue;
                }
                work.expected = std::move(*expected);
                work.checked = true;
            }
        }

        tell(i, "check");
        RunOutcome run = backend.load(compiled.cubin, spec.entry, out.kernel);
        std::vector<HostBuffer> results;
        if (run.ok())
            run = backend.launchOnce(spec, *plan, work.inputs, results, options.bench.timeBoundMs);
        if (!run.ok()) {
            out.status = run.status == RunStatus::LoadFailed ? ConfigStatus::LoadFailed
                         : run.status == RunStatus::TimedOut ? ConfigStatus::TimedOut
                                                             : ConfigStatus::LaunchFailed;
            out.message = run.message;
            backend.unload();
            continue;
        }
        if (work.checked) {
            const ResultCheck check = checkResults(spec, work.expected, results);
            if (!check.ok) {
                out.status = ConfigStatus::WrongResult;
                out.message = check.message;
                backend.unload();
                continue;
            }
            out.message = check.message;
        } else {
            out.message = Text::of(KL_TEXT("kl::gpu", "not checked (the spec names no reference)"));
        }
        if (cancelled(cancel)) {
            backend.unload();
            report.cancelled = true;
            break;
        }

        tell(i, "time");
        std::vector<double> samples;
        run = backend.time(options.bench, samples);
        backend.unload();
        if (!run.ok()) {
            out.status =
                run.status == RunStatus::TimedOut ? ConfigStatus::TimedOut : ConfigStatus::LaunchFailed;
            out.message = run.message;
            continue;
        }
        out.timing = summarizeTimings(samples);
        out.status = ConfigStatus::Ok;
        const double seconds = out.timing.median * 1e-3;
        const double scale = spec.metricKind == MetricKind::Flops ? 1e12 : 1e9;
        out.throughput = seconds > 0 ? plan->metric / seconds / scale : 0;
        if (!report.best || out.timing.median < report.configs[*report.best].timing.median)
            report.best = i;
    }
    tell(total, "done");

    report.keyHex = autotuneKeyHex(spec, report, options.optLevel);
    if (!options.persist)
        return report;
    if (report.cancelled || !report.stopped.empty()) {
        report.persistError =
            report.cancelled
                ? Text::of(KL_TEXT("kl::gpu", "not saved: the run was cancelled"))
                : Text::of(KL_TEXT("kl::gpu", "not saved: the run stopped before every configuration ran"));
        return report;
    }
    const CacheStore store(options.cacheRoot, {.fsync = false});
    const std::string fileName = layout::autotuneFileName(layout::fileStem(spec.name));
    const PutResult put = store.putFile(report.keyHex, fileName, autotuneFileText(spec, report));
    if (put)
        report.resultsPath = put->entryPath + "/" + fileName;
    else
        report.persistError = put.error();
    return report;
}

} // namespace kl
