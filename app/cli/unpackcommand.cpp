#include "clioutput.h"
#include "command.h"
#include "core/packing/packingjson.h"
#include "core/packing/unpackcache.h"
#include "core/util/utf8.h"
#include "rootselection.h"

#include <string>
#include <vector>

namespace kl::cli {
// `klens unpack DIR...`: every packed entry back as its folder, then the packs removed. Exit 0
// when every pack went, 1 when one stays (damaged, newer, held by a writer, an entry in conflict
// with its folder: each listed with why), 2 when a root could not be read or a write failed.
namespace {

struct UnpackArgs {
    std::vector<std::string> dirs;
    bool dryRun = false;
    bool json = false;
    unsigned threads = 0;
    bool progress = false;
};

void printResult(const UnpackResult& result)
{
    if (result.roots.empty())
        std::printf("nothing to unpack: no pack folder (.kernellens-pack) in the roots given\n");
    for (const UnpackRootResult& r : result.roots) {
        std::size_t restored = 0, there = 0, removed = 0;
        for (const UnpackedEntry& e : r.entries) {
            restored += e.outcome == UnpackOutcome::Restored || e.outcome == UnpackOutcome::WouldRestore;
            there += e.outcome == UnpackOutcome::AlreadyThere;
        }
        for (const UnpackedPack& p : r.packs)
            removed += p.removed || (result.dryRun && p.kept.empty());
        std::printf("root %s: %s %zu entr%s, %zu already there; %s %zu of %zu pack%s%s\n",
                    printableName(r.root).c_str(), result.dryRun ? "would restore" : "restored", restored,
                    restored == 1 ? "y" : "ies", there, result.dryRun ? "would remove" : "removed", removed,
                    r.packs.size(), r.packs.size() == 1 ? "" : "s",
                    r.folderRemoved ? " and the pack folder" : "");
        if (!r.error.empty())
            std::printf("  error: %s\n", r.error.english().c_str());
        for (const UnpackedPack& p : r.packs)
            if (!p.kept.empty())
                std::printf("  %-9s %s\n", "kept", p.kept.english().c_str());
        for (const UnpackedEntry& e : r.entries)
            if (!e.detail.empty())
                std::printf("  %-9s %s\n", std::string(toString(e.outcome)).c_str(),
                            e.detail.english().c_str());
    }
    std::printf(
        "\n%zu restored, %zu already there, %zu in conflict, %zu failed; %zu packs removed, %zu kept, "
        "%zu damaged regions%s\n",
        result.count(result.dryRun ? UnpackOutcome::WouldRestore : UnpackOutcome::Restored),
        result.count(UnpackOutcome::AlreadyThere), result.count(UnpackOutcome::Conflict),
        result.count(UnpackOutcome::Failed), result.packsRemoved(), result.packsKept(),
        result.damagedRegions(), result.dryRun ? " (dry run: nothing written)" : "");
}

int runUnpack(const UnpackArgs& args)
{
    TerminalProgress progress(args.progress);
    const Snapshot snap = scanRoots(args.dirs, args.threads, progress);
    progress.end();
    const bool ioError = reportRootErrors(snap, true);
    UnpackOptions options;
    options.dryRun = args.dryRun;
    options.threads = args.threads;
    const UnpackResult result = unpackCache(snap, options);
    if (args.json)
        writeUnpackJson(snap.roots, result, stdout);
    else
        printResult(result);
    std::fflush(stdout);
    if (ioError || result.hasErrors())
        return ExitError;
    const bool problems =
        result.packsKept() > 0 || result.damagedRegions() > 0 || result.count(UnpackOutcome::Conflict) > 0;
    return problems ? ExitProblems : ExitOk;
}

} // namespace

void addUnpackCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<UnpackArgs>();
    auto* cmd = app.add_subcommand("unpack", "Write every packed entry (<DIR>/.kernellens-pack) back as its "
                                             "folder, then remove the packs");
    cmd->add_option("DIR", args->dirs, "Cache folders to unpack")->required();
    cmd->add_flag("--dry-run", args->dryRun, "List what would be written and removed; change nothing");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.unpack/1)");
    cmd->add_option("--threads", args->threads, "Worker threads (default: from the hardware)");
    cmd->add_flag("--progress", args->progress, "Show progress on a terminal");
    out.push_back({cmd, [args] { return runUnpack(*args); }});
}

} // namespace kl::cli
