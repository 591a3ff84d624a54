#include "doctorcommand.h"

#include "clioutput.h"
#include "command.h"
#include "core/doctor/doctor.h"
#include "core/doctor/doctorjson.h"
#include "core/env/environment.h"
#include "core/explain/currentenvironment.h"
#include "core/fs/fsprobe.h"
#include "core/override/digestcache.h"
#include "core/report/entryhandles.h"
#include "core/util/utf8.h"
#include "rootselection.h"

#include <map>
#include <unistd.h>
#include <unordered_map>

namespace kl::cli {
namespace {

constexpr std::size_t kShownPerCode = 20;

// The handle of the entry a finding is about (its folder, or a file in it), for `klens show`,
// `explain` and `cubin` next; "-" for a finding about a root or a file outside entries.
class FindingHandles {
public:
    explicit FindingHandles(const Snapshot& snap)
    {
        const std::vector<std::string> handles = entryHandles(snap);
        for (std::size_t i = 0; i < snap.entries.size(); ++i)
            m_byPath.emplace(snap.entries[i].path, handles[i]);
    }
    const std::string& of(const std::string& path) const
    {
        static const std::string none = "-";
        if (auto it = m_byPath.find(path); it != m_byPath.end())
            return it->second;
        const auto slash = path.rfind('/');
        if (slash != std::string::npos && slash > 0)
            if (auto it = m_byPath.find(path.substr(0, slash)); it != m_byPath.end())
                return it->second;
        return none;
    }

private:
    std::unordered_map<std::string, std::string> m_byPath;
};

void printReport(const Snapshot& snap, const DoctorReport& report, const DoctorContext& ctx,
                 const std::string& sources)
{
    for (const Root& r : snap.roots)
        printRootLine(r);
    std::string archs;
    for (const std::string& a : ctx.gpuArchs)
        archs += (archs.empty() ? "" : ", ") + a;
    std::printf("judged against: Triton %s, GPU arch %s, filesystem %s\n",
                ctx.tritonVersion ? ctx.tritonVersion->c_str() : "unknown",
                archs.empty() ? "unknown" : archs.c_str(), ctx.probeFilesystem ? "checked" : "not checked");
    if (!sources.empty())
        std::printf("(%s)\n", sources.c_str());
    std::printf("\n");

    // Errors first, then warnings, then info; within a severity, by code, in report order.
    const FindingHandles handles(snap);
    std::map<std::string, std::size_t> shown;
    std::map<std::string, std::string_view> fixes;
    for (FindingSeverity sev : {FindingSeverity::Error, FindingSeverity::Warning, FindingSeverity::Info}) {
        for (const Finding& f : report.findings) {
            if (f.severity != sev)
                continue;
            fixes.emplace(f.code, f.fix.english());
            if (shown[f.code]++ < kShownPerCode)
                std::printf("%-8s %-18s %-10s %s\n", std::string(toString(f.severity)).c_str(),
                            f.code.c_str(), printableName(handles.of(f.path)).c_str(),
                            f.message.english().c_str());
        }
    }
    for (const auto& [code, n] : shown)
        if (n > kShownPerCode)
            std::printf("         %-18s %-10s ... %zu more (klens doctor --json lists them all)\n",
                        code.c_str(), "", n - kShownPerCode);
    if (!fixes.empty()) {
        std::printf("\nwhat to do:\n");
        for (const auto& [code, fix] : fixes)
            if (!fix.empty())
                std::printf("  %-18s %.*s\n", code.c_str(), static_cast<int>(fix.size()), fix.data());
    }
    const DoctorSummary s = report.summary();
    std::printf("\n%zu entries, %zu findings: %zu errors, %zu warnings, %zu info; %zu binaries checked%s\n",
                s.entries, s.findings, s.bySeverity.at("error"), s.bySeverity.at("warning"),
                s.bySeverity.at("info"), s.binariesChecked, s.cancelled ? " (cancelled)" : "");
}

} // namespace

DoctorContext cliDoctorContext(const std::string& tritonVersion, const std::vector<std::string>& archs,
                               std::string* sources)
{
    DoctorContext ctx;
    ctx.digestCache = stageDigestCachePath(Environment::current());
    if (!tritonVersion.empty())
        ctx.tritonVersion = tritonVersion;
    ctx.gpuArchs = archs;
    // What was not given is asked of this machine: python3's triton, nvidia-smi's GPUs.
    if (tritonVersion.empty() || archs.empty()) {
        const CurrentEnvironment now = probeCurrentEnvironment(Environment::current());
        if (tritonVersion.empty())
            ctx.tritonVersion = now.tritonVersion;
        if (archs.empty())
            ctx.gpuArchs = now.gpuArchs;
        if (sources)
            *sources = "Triton: " +
                       (tritonVersion.empty() ? now.tritonVersionSource.english()
                                              : std::string("--triton-version")) +
                       "; GPU: " + (archs.empty() ? now.gpuSource.english() : std::string("--arch"));
    }
    ctx.alwaysCompile = tritonSwitch(Environment::current(), "TRITON_ALWAYS_COMPILE");
    ctx.probeFilesystem = [](const std::string& path) { return probeFilesystem(path); };
    return ctx;
}

int runDoctor(const DoctorArgs& args)
{
    TerminalProgress progress(args.progress);
    const Snapshot snap = scanRoots(args.dirs, args.threads, progress);

    std::string sources;
    const DoctorContext ctx = cliDoctorContext(args.tritonVersion, args.archs, &sources);
    DoctorOptions options;
    options.floodThreshold = args.flood;
    options.checkBinaries = !args.noBinaries;
    options.threads = args.threads;
    options.progress = progress.counter("checking");
    const DoctorReport report = Doctor(ctx, options).examine(snap);
    progress.end();

    const bool ioError = reportRootErrors(snap, !args.dirs.empty());
    if (args.json)
        writeDoctorJson(snap, report, ctx, stdout);
    else
        printReport(snap, report, ctx, sources);
    std::fflush(stdout);
    if (ioError)
        return ExitError;
    return report.hasWarningsOrErrors() ? ExitProblems : ExitOk;
}

void addDoctorCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<DoctorArgs>();
    auto* cmd = app.add_subcommand("doctor", "Check cache folders for problems and say how to fix them "
                                             "(default: the folders Triton would use in this environment)");
    cmd->add_option("DIR", args->dirs, "Cache folders to check");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.doctor/1)");
    cmd->add_option("--flood", args->flood, "Report kernels with more specialisations than this in one root")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    cmd->add_option("--triton-version", args->tritonVersion,
                    "Judge staleness against this Triton version (default: the installed one, when found)");
    cmd->add_option("--arch", args->archs,
                    "This machine's GPU arch(s), e.g. 90, sm_80, gfx90a (judges stale-arch; repeatable)")
        ->allow_extra_args(false); // one value per --arch, so a DIR after it stays a DIR
    cmd->add_flag("--no-binaries", args->noBinaries, "Do not open cubins and hsacos");
    cmd->add_option("--threads", args->threads, "Worker threads (default: from the hardware)");
    cmd->add_flag("--progress", args->progress, "Show progress on a terminal");
    out.push_back({cmd, [args] { return runDoctor(*args); }});
}

} // namespace kl::cli
