#include "clioutput.h"
#include "command.h"
#include "core/clean/cleanexecutor.h"
#include "core/clean/cleanjson.h"
#include "core/clean/cleanplan.h"
#include "core/util/posixfile.h"
#include "core/util/units.h"
#include "core/util/utf8.h"
#include "doctorcommand.h"
#include "rootselection.h"

#include <algorithm>
#include <string>
#include <unistd.h>
#include <vector>

namespace kl::cli {

struct CleanArgs {
    std::vector<std::string> dirs;
    std::string maxSize;   ///< "10G", "500M"
    std::string olderThan; ///< "7d", "12h"
    long long keepLatest = -1;
    bool stale = false;
    bool orphans = false;
    bool incomplete = false;
    std::vector<std::string> dumpFolders; ///< --dump-folder PATH, repeatable
    bool dryRun = false;
    std::string grace = "10m";
    bool json = false;
    std::string tritonVersion;
    std::vector<std::string> archs;
    unsigned threads = 0;
    bool progress = false;
};

/// `klens clean`: policy -> plan -> (unless --dry-run) removal. Returns the exit code.
int runClean(const CleanArgs& args);

namespace {

constexpr std::size_t kShown = 50;

std::string reasonsText(const PlannedRemoval& r)
{
    std::string s;
    for (const Text& why : r.reasons)
        s += (s.empty() ? "" : "; ") + why.english();
    return s;
}

void printPlanAndResult(const CleanPlan& plan, const CleanResult* result)
{
    std::size_t shown = 0;
    for (std::size_t i = 0; i < plan.removals.size(); ++i) {
        const PlannedRemoval& r = plan.removals[i];
        const RemovalOutcome* o = result ? &result->outcomes[i] : nullptr;
        // On a real run, what did not go as planned is always shown; the rest up to a limit.
        const bool notable = o && o->result != RemovalResult::Removed && o->result != RemovalResult::Vanished;
        if (!notable && shown++ >= kShown)
            continue;
        std::printf("%-20s %10s  %s  (%s)\n", o ? std::string(toString(o->result)).c_str() : "would-remove",
                    humanSize(r.size).c_str(), printableName(r.path).c_str(), reasonsText(r).c_str());
        if (o && !o->detail.empty())
            std::printf("%20s %10s  %s\n", "", "", o->detail.english().c_str());
    }
    if (shown > kShown)
        std::printf("... %zu more (klens clean --json lists them all)\n", shown - kShown);
    for (std::size_t i = 0; i < plan.skipped.size(); ++i) {
        if (i == kShown) {
            std::printf("... %zu more skipped\n", plan.skipped.size() - kShown);
            break;
        }
        std::printf("%-20s %10s  %s  (%s)\n", "skipped-young", humanSize(plan.skipped[i].size).c_str(),
                    printableName(plan.skipped[i].path).c_str(), plan.skipped[i].reason.english().c_str());
    }
    if (!plan.note.empty())
        std::printf("note: %s\n", plan.note.english().c_str());
    if (!result) {
        std::printf("\ndry run: would remove %zu entries, freeing %s of %s; %zu chosen but within the grace "
                    "period\n",
                    plan.removals.size(), humanSize(plan.bytesPlanned).c_str(),
                    humanSize(plan.totalBefore).c_str(), plan.skipped.size());
        return;
    }
    std::printf("\nremoved %zu entries, freed %s of %s; %zu vanished, %zu skipped, %zu failed%s\n",
                result->removed, humanSize(result->bytesFreed).c_str(), humanSize(plan.totalBefore).c_str(),
                result->vanished, result->skipped + plan.skipped.size(), result->failed,
                result->cancelled ? " (cancelled)" : "");
}

bool buildPolicy(const CleanArgs& args, CleanPolicy& p)
{
    Text error;
    if (!args.maxSize.empty()) {
        p.maxSize = parseSize(args.maxSize, error);
        if (!p.maxSize) {
            printError("--max-size: " + error.english());
            return false;
        }
    }
    if (!args.olderThan.empty()) {
        p.olderThanNs = parseDuration(args.olderThan, error);
        if (!p.olderThanNs) {
            printError("--older-than: " + error.english());
            return false;
        }
    }
    auto grace = parseDuration(args.grace, error);
    if (!grace) {
        printError("--grace: " + error.english());
        return false;
    }
    p.graceNs = *grace;
    if (args.keepLatest >= 0)
        p.keepLatest = static_cast<std::size_t>(args.keepLatest);
    p.stale = args.stale;
    p.orphans = args.orphans;
    p.incomplete = args.incomplete;
    for (const std::string& d : args.dumpFolders)
        p.dumpFolders.push_back(absoluteClean(d));
    if (!p.selectsAnything()) {
        printError("say what to remove: --max-size, --older-than, --keep-latest, --stale, --orphans, "
                   "--incomplete or --dump-folder (add --dry-run to see the plan first)");
        return false;
    }
    return true;
}

// Each folder named with --dump-folder must be one the scan listed as a dump or override folder:
// anything else is refused before any removal, with the reason.
bool checkDumpFolders(const Snapshot& snap, const std::vector<std::string>& named)
{
    bool ok = true;
    for (const std::string& path : named) {
        auto it = std::find_if(snap.entries.begin(), snap.entries.end(),
                               [&](const Entry& e) { return e.path == path; });
        if (it == snap.entries.end()) {
            printError("--dump-folder " + printableName(path) +
                       ": not a folder directly inside the roots scanned; name its parent folder as DIR");
            ok = false;
        } else if (it->kind != EntryKind::Dump && it->kind != EntryKind::Override) {
            printError("--dump-folder " + printableName(path) +
                       ": not a dump or override folder (KernelLens " + "reads it as a " +
                       std::string(toString(it->kind)) + " entry); use the other policies");
            ok = false;
        }
    }
    return ok;
}

} // namespace

int runClean(const CleanArgs& args)
{
    CleanPolicy policy;
    if (!buildPolicy(args, policy))
        return ExitError;
    // Only --stale needs to know the machine; asking python3 and nvidia-smi takes a moment.
    DoctorContext ctx;
    if (policy.stale) {
        std::string sources;
        ctx = cliDoctorContext(args.tritonVersion, args.archs, &sources);
        if (!ctx.tritonVersion && ctx.gpuArchs.empty()) {
            printError("--stale needs the current Triton version or GPU arch, and neither is known here (" +
                       sources + "): pass --triton-version and/or --arch");
            return ExitError;
        }
    }

    TerminalProgress progress(args.progress);
    const Snapshot snap = scanRoots(args.dirs, args.threads, progress);
    const bool ioError = reportRootErrors(snap, !args.dirs.empty());
    if (!checkDumpFolders(snap, policy.dumpFolders))
        return ExitError;
    const CleanPlan plan = makeCleanPlan(snap, policy, ctx);

    CleanResult result;
    if (!args.dryRun) {
        CleanOptions options;
        options.graceNs = policy.graceNs;
        options.threads = args.threads;
        options.progress = progress.counter("removing");
        result = executeCleanPlan(plan, ctx, options);
        for (const Text& e : result.errors)
            printError(e.english());
    }
    progress.end();
    if (args.json)
        writeCleanJson(plan, policy, args.dryRun ? nullptr : &result, stdout);
    else
        printPlanAndResult(plan, args.dryRun ? nullptr : &result);
    std::fflush(stdout);
    if (ioError)
        return ExitError;
    if (!result.errors.empty())
        return ExitProblems;
    for (const RemovalOutcome& o : result.outcomes)
        if (o.result == RemovalResult::Failed || o.result == RemovalResult::SkippedUnsafe ||
            o.result == RemovalResult::Interrupted)
            return ExitProblems;
    return ExitOk;
}

void addCleanCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<CleanArgs>();
    auto* cmd =
        app.add_subcommand("clean", "Remove cache entries by policy, safely (default: the folders Triton "
                                    "would use in this environment)");
    cmd->add_option("DIR", args->dirs, "Cache folders to clean");
    cmd->add_option("--max-size", args->maxSize,
                    "Keep the cache at most this large (10G, 500M; K/M/G/T are powers of 1024), removing the "
                    "least recently written entries first");
    cmd->add_option("--older-than", args->olderThan,
                    "Remove entries last written longer ago (7d, 12h, 30m, 1h30m)");
    cmd->add_option("--keep-latest", args->keepLatest,
                    "Per kernel name (in each root), keep only the K most recently written entries")
        ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--stale", args->stale,
                  "Remove entries written by another Triton version or for another GPU arch");
    cmd->add_flag("--orphans", args->orphans, "Remove temp folders and files whose writer is gone");
    cmd->add_flag("--incomplete", args->incomplete,
                  "Remove entries Triton cannot use (no group file or metadata, a missing child, corrupt)");
    cmd->add_option(
           "--dump-folder", args->dumpFolders,
           "Remove this dump or override folder (repeatable; named by its path, inside a DIR scanned). "
           "No other policy ever removes one")
        ->allow_extra_args(false);
    cmd->add_flag("--dry-run", args->dryRun,
                  "List what would be removed and the space freed; change nothing");
    cmd->add_option("--grace", args->grace, "Never touch entries written more recently than this")
        ->capture_default_str();
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.clean/1)");
    cmd->add_option("--triton-version", args->tritonVersion, "For --stale: the current Triton version");
    cmd->add_option("--arch", args->archs,
                    "For --stale: this machine's GPU arch(s) (90, sm_80, gfx90a; repeatable)")
        ->allow_extra_args(false);
    cmd->add_option("--threads", args->threads, "Worker threads (default: from the hardware)");
    cmd->add_flag("--progress", args->progress, "Show progress on a terminal");
    out.push_back({cmd, [args] { return runClean(*args); }});
}

} // namespace kl::cli
