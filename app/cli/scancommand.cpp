#include "clioutput.h"
#include "command.h"
#include "core/env/environment.h"
#include "core/report/entryhandles.h"
#include "core/report/entrylabels.h"
#include "core/report/snapshotjson.h"
#include "core/util/utf8.h"
#include "rootselection.h"

#include <algorithm>
#include <string>
#include <unistd.h>
#include <vector>

namespace kl::cli {

struct ScanArgs {
    std::vector<std::string> dirs;
    bool json = false;
    unsigned threads = 0;
    bool progress = false;
    bool noResources = false; ///< skip the cubins: no registers, spills or occupancy
};

/// `klens scan`: a table and a summary, or the scan JSON. Returns the exit code.
int runScan(const ScanArgs& args);

namespace {

void printTable(const Snapshot& snap)
{
    for (const Root& r : snap.roots) {
        printRootLine(r);
        if (!r.note.empty())
            std::printf("     note: %s\n", r.note.english().c_str());
    }
    // The handle first: what `klens show`, `explain`, `diff`, `cubin`, `sass` and `lines` take.
    const std::vector<std::string> handles = entryHandles(snap);
    std::size_t width = 6;
    for (const std::string& h : handles)
        width = std::max(width, h.size());
    // Registers, spills and occupancy come from each cubin, Triton's version and the folder from
    // the entry: what tells two entries of one kernel apart.
    const std::string home = Environment::current().home;
    std::printf("\n%s %s %s %s %s %s %s %s %s %s %s %s\n", column("HANDLE", width).c_str(),
                column("KERNEL", 32).c_str(), column("KIND", 8).c_str(), column("ARCH", 7).c_str(),
                column("REGS", 4).c_str(), column("SPILLS", 6).c_str(), column("OCC", 4).c_str(),
                column("TRITON", 7).c_str(), column("STAGES", 34).c_str(), column("SIZE", 10).c_str(),
                column("STATUS", 14).c_str(), "FOLDER");
    for (std::size_t i = 0; i < snap.entries.size(); ++i) {
        const Entry& e = snap.entries[i];
        const std::string stages = stageList(e), arch = archLabel(e.target);
        const ResourceLabels res = resourceLabels(e.resources);
        std::string status(toString(e.status));
        if (!e.problems.empty())
            status += " (" + std::to_string(e.problems.size()) + ")";
        auto orDash = [](const std::string& s) { return s.empty() ? std::string("-") : s; };
        std::printf("%s %s %s %s %s %s %s %s %s %s %s %s\n", column(printableName(handles[i]), width).c_str(),
                    column(displayName(e), 32).c_str(), column(std::string(toString(e.kind)), 8).c_str(),
                    column(orDash(arch), 7).c_str(), rightColumn(orDash(res.registers), 4).c_str(),
                    rightColumn(orDash(res.spills), 6).c_str(), rightColumn(orDash(res.occupancy), 4).c_str(),
                    column(orDash(printableName(e.tritonVersion)), 7).c_str(),
                    column(orDash(stages), 34).c_str(), column(humanSize(e.totalSize), 10).c_str(),
                    column(status, 14).c_str(), folderLabel(e, home).c_str());
    }
    std::size_t shown = 0, total = 0;
    for (const Entry& e : snap.entries)
        total += e.problems.size();
    if (total) {
        std::printf("\nproblems:\n");
        for (const Entry& e : snap.entries)
            for (const Problem& p : e.problems)
                if (shown++ < 50)
                    std::printf("  %-18s %s\n", p.code.c_str(), p.message.english().c_str());
        if (shown > 50)
            std::printf("  ... %zu more (klens scan --json lists them all)\n", shown - 50);
    }
    const Summary s = snap.summary();
    std::printf("\n%zu entries, %s:", s.entries, humanSize(s.totalSize).c_str());
    for (const auto& [k, n] : s.byKind)
        if (n)
            std::printf(" %zu %s", n, k.c_str());
    std::printf(" |");
    for (const auto& [k, n] : s.byStatus)
        if (n)
            std::printf(" %zu %s", n, k.c_str());
    if (s.vanished)
        std::printf(" | %zu vanished while scanning", s.vanished);
    std::printf("\n");
}

} // namespace

int runScan(const ScanArgs& args)
{
    TerminalProgress progress(args.progress);
    Snapshot snap = scanRoots(args.dirs, args.threads, progress, !args.noResources);
    progress.end();
    // With no folder given, a default root that does not exist is normal, not an error.
    const bool ioError = reportRootErrors(snap, !args.dirs.empty());
    if (args.json)
        writeSnapshotJson(snap, stdout);
    else
        printTable(snap);
    std::fflush(stdout);
    if (ioError)
        return ExitError;
    for (const Entry& e : snap.entries)
        if (!e.problems.empty())
            return ExitProblems;
    return ExitOk;
}

void addScanCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<ScanArgs>();
    auto* cmd = app.add_subcommand("scan", "List the entries of cache folders (default: the folders "
                                           "Triton would use in this environment)");
    cmd->add_option("DIR", args->dirs, "Cache folders to scan");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.scan/1)");
    cmd->add_option("--threads", args->threads, "Worker threads (default: from the hardware)");
    cmd->add_flag("--progress", args->progress, "Show progress on a terminal");
    cmd->add_flag(
        "--no-resources", args->noResources,
        "Do not read the cubins (no registers, spills or occupancy): names, sizes and metadata only");
    out.push_back({cmd, [args] { return runScan(*args); }});
}

} // namespace kl::cli
