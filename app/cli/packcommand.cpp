#include "clioutput.h"
#include "command.h"
#include "core/packing/packcache.h"
#include "core/packing/packingjson.h"
#include "core/util/isotime.h"
#include "core/util/utf8.h"
#include "rootselection.h"

#include <ctime>
#include <string>
#include <vector>

namespace kl::cli {
// `klens pack DIR...`: each cache root's entry folders into `<root>/.kernellens-pack`. Exit 0 when
// every entry went into a pack and its folder is gone, 1 when some stay folders (listed, with
// why), 2 when a root or a pack could not be used.
namespace {

struct PackArgs {
    std::vector<std::string> dirs;
    bool dryRun = false;
    bool json = false;
    unsigned threads = 0;
    bool progress = false;
};

void printResult(const PackResult& result)
{
    if (result.roots.empty())
        std::printf("nothing to pack: no cache entry folders in the roots given\n");
    for (const PackRootResult& r : result.roots) {
        std::size_t packed = 0, already = 0, removed = 0;
        std::uint64_t bytes = 0;
        for (const PackedFolder& f : r.folders) {
            packed += f.outcome == PackOutcome::Packed || f.outcome == PackOutcome::WouldPack;
            already += f.outcome == PackOutcome::AlreadyPacked;
            removed += f.removed;
            if (f.outcome == PackOutcome::Packed || f.outcome == PackOutcome::WouldPack)
                bytes += f.bytes;
        }
        std::printf("root %s: %s %zu entr%s (%s) into %s", printableName(r.root).c_str(),
                    result.dryRun ? "would pack" : "packed", packed, packed == 1 ? "y" : "ies",
                    humanSize(bytes).c_str(), printableName(r.packFolder).c_str());
        if (already)
            std::printf(", %zu already packed", already);
        if (!result.dryRun)
            std::printf("; %zu folder%s removed", removed, removed == 1 ? "" : "s");
        std::printf("\n");
        if (!r.error.empty())
            std::printf("  error: %s\n", r.error.english().c_str());
        if (r.truncated)
            std::printf("  note: cut a torn tail of %s a killed writer left\n",
                        humanSize(r.truncated).c_str());
        for (const PackedFolder& f : r.folders) {
            if (f.detail.empty())
                continue;
            const char* what = f.outcome == PackOutcome::Failed ? "failed"
                               : f.outcome == PackOutcome::Left ? "left"
                                                                : "not removed";
            std::printf("  %-11s %s\n", what, f.detail.english().c_str());
        }
    }
    std::printf("\n%zu packed, %zu already packed, %zu left as folders, %zu failed%s\n",
                result.count(result.dryRun ? PackOutcome::WouldPack : PackOutcome::Packed),
                result.count(PackOutcome::AlreadyPacked), result.count(PackOutcome::Left),
                result.count(PackOutcome::Failed), result.dryRun ? " (dry run: nothing written)" : "");
}

int runPack(const PackArgs& args)
{
    const std::int64_t started = realtimeNs();
    TerminalProgress progress(args.progress);
    const Snapshot snap = scanRoots(args.dirs, args.threads, progress);
    progress.end();
    const bool ioError = reportRootErrors(snap, true);
    PackOptions options;
    options.dryRun = args.dryRun;
    options.scanStartedNs = started;
    options.threads = args.threads;
    const PackResult result = packCache(snap, options);
    if (args.json)
        writePackJson(snap.roots, result, stdout);
    else
        printResult(result);
    std::fflush(stdout);
    if (ioError || result.hasErrors())
        return ExitError;
    return !result.dryRun && result.leftAny() ? ExitProblems : ExitOk;
}

} // namespace

void addPackCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<PackArgs>();
    auto* cmd = app.add_subcommand("pack", "Move a cache's entry folders into a few pack files "
                                           "(<DIR>/.kernellens-pack), for filesystems short of inodes");
    cmd->add_option("DIR", args->dirs, "Cache folders to pack")->required();
    cmd->add_flag("--dry-run", args->dryRun, "List what would be packed; write and remove nothing");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.pack/1)");
    cmd->add_option("--threads", args->threads, "Worker threads (default: from the hardware)");
    cmd->add_flag("--progress", args->progress, "Show progress on a terminal");
    out.push_back({cmd, [args] { return runPack(*args); }});
}

} // namespace kl::cli
