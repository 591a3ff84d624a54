// `klens override ls`: Triton's dump and override folders, each with the cache entries it
// belongs to (core/override/folderlinks).
#include "clioutput.h"
#include "command.h"
#include "core/env/cacheroots.h"
#include "core/override/digestcache.h"
#include "core/override/folderlinks.h"
#include "core/override/overridejson.h"
#include "core/override/overridemake.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"
#include "rootselection.h"

#include <algorithm>
#include <set>
#include <unistd.h>

namespace kl::cli {
namespace {

struct OverrideListArgs {
    std::vector<std::string> dirs;
    bool json = false;
    unsigned threads = 0;
    bool progress = false;
};

std::string stagesOf(const Entry& e)
{
    std::string out;
    std::set<std::string_view> seen;
    for (const Stage& s : e.stages)
        if (seen.insert(s.ext()).second)
            out += (out.empty() ? "" : " ") + std::string(s.ext());
    return out.empty() ? "-" : out;
}

std::string joined(const std::vector<std::string>& v)
{
    std::string out;
    for (const std::string& s : v)
        out += (out.empty() ? "" : " ") + s;
    return out;
}

// Why an entry is linked, as a person reads it. An override's stage that equals its dump's was
// not edited: an entry holding it may be a plain compile.
std::string linkText(const Entry& folder, const FolderLinks& links, const LinkedEntry& l)
{
    if (l.viaTwin)
        return "the kernel it overrides, through the dump of the same source";
    if (folder.kind == EntryKind::Override)
        return (l.whole && sharesEdited(links, l) ? "built from it: " : "shares ") + joined(l.sharedStages);
    return (l.whole ? "whole: " : "shares ") + joined(l.sharedStages);
}

void printLinks(const Snapshot& snap, const std::vector<FolderLinks>& links)
{
    for (const Root& r : snap.roots)
        printRootLine(r);
    std::printf("\n");
    if (links.empty()) {
        std::printf(
            "no dump or override folders (Triton writes them with TRITON_KERNEL_DUMP=1 and reads them "
            "with TRITON_KERNEL_OVERRIDE=1)\n");
        return;
    }
    for (const FolderLinks& l : links) {
        const Entry& f = snap.entries[l.folder];
        std::printf("%-8s %s  %s  %s\n", std::string(toString(f.kind)).c_str(), printableName(f.path).c_str(),
                    printableName(f.kernel.empty() ? "-" : f.kernel).c_str(), stagesOf(f).c_str());
        if (l.twin >= 0)
            std::printf("         twin: %s\n", printableName(snap.entries[std::size_t(l.twin)].path).c_str());
        for (const LinkedEntry& e : l.entries)
            std::printf("         entry %s  (%s)\n", printableName(snap.entries[e.entry].path).c_str(),
                        linkText(f, l, e).c_str());
        if (l.entries.empty())
            std::printf("         no cache entry shares its stages\n");
        if (!l.note.empty())
            std::printf("         note: %s\n", l.note.english().c_str());
        for (const Problem& p : f.problems)
            std::printf("         problem %s: %s\n", p.code.c_str(), p.message.english().c_str());
    }
}

int runOverrideList(const OverrideListArgs& args)
{
    TerminalProgress progress(args.progress);
    const Snapshot snap = scanRoots(args.dirs, args.threads, progress);
    progress.end();
    const bool ioError = reportRootErrors(snap, !args.dirs.empty());
    FolderLinkOptions options;
    options.threads = args.threads;
    options.digestCache = stageDigestCachePath(Environment::current());
    const std::vector<FolderLinks> links = linkUserFolders(snap, options);
    if (args.json)
        writeOverrideListJson(snap, links, stdout);
    else
        printLinks(snap, links);
    std::fflush(stdout);
    return ioError ? ExitError : ExitOk;
}

struct OverrideMakeArgs {
    std::string entry;
    std::string stage;
    std::string into;
    bool force = false;
    bool json = false;
};

int runOverrideMake(const OverrideMakeArgs& args)
{
    Entry chosen;
    if (!resolveEntry(args.entry, {}, chosen))
        return ExitError;
    // The entry's own folder and the effective roots (where its dump is looked for).
    const auto slash = chosen.path.rfind('/');
    const std::string parent = slash == 0 ? "/" : chosen.path.substr(0, slash);
    std::vector<std::string> dirs;
    for (const Root& r : effectiveRoots(Environment::current()))
        if (r.exists)
            dirs.push_back(r.path);
    if (std::find(dirs.begin(), dirs.end(), parent) == dirs.end())
        dirs.push_back(parent);
    TerminalProgress quiet(false);
    const Snapshot snap = scanRoots(dirs, 0, quiet);
    auto it = std::find_if(snap.entries.begin(), snap.entries.end(),
                           [&](const Entry& e) { return e.path == chosen.path; });
    if (it == snap.entries.end()) {
        printError(printableName(chosen.path) + ": gone while it was being read");
        return ExitError;
    }
    const Root overrideRoot = dumpAndOverrideRoots(Environment::current()).back();
    OverrideMakeOptions options;
    options.stage = args.stage;
    options.into = absoluteClean(args.into.empty() ? overrideRoot.path : args.into);
    options.effectiveInto = overrideRoot.path;
    options.force = args.force;
    const OverrideMakeResult r =
        makeOverride(snap, static_cast<std::size_t>(it - snap.entries.begin()), options);
    if (!r.ok) {
        printError(r.error.english());
        return ExitError;
    }
    if (args.json) {
        writeOverrideMakeJson(r, stdout);
        return ExitOk;
    }
    std::string line;
    for (const std::string& v : r.environment)
        line += (line.empty() ? "" : " ") + v;
    std::printf("%s %s\n  (from %s, named as the dump %s)\n\nedit it, then run your script with:\n  %s\n"
                "or, Triton 3.4+, for one config only:\n  %s\n",
                r.replaced ? "replaced" : "wrote", printableName(r.file).c_str(),
                printableName(r.copiedFrom).c_str(), printableName(r.dumpFolder).c_str(), line.c_str(),
                r.perConfig.c_str());
    return ExitOk;
}

} // namespace

void addOverrideCommand(CLI::App& app, Commands& out)
{
    auto* cmd =
        app.add_subcommand("override", "Triton's dump and override folders (TRITON_KERNEL_DUMP, "
                                       "TRITON_KERNEL_OVERRIDE) and the cache entries they belong to");
    cmd->require_subcommand(1);
    auto args = std::make_shared<OverrideListArgs>();
    auto* ls =
        cmd->add_subcommand("ls", "List dump and override folders, each with the cache entries that share "
                                  "its stages (default: the folders Triton would use in this environment)");
    ls->add_option("DIR", args->dirs, "Cache, dump or override folders to scan");
    ls->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.override/1)");
    ls->add_option("--threads", args->threads, "Worker threads (default: from the hardware)");
    ls->add_flag("--progress", args->progress, "Show progress on a terminal");
    out.push_back({ls, [args] { return runOverrideList(*args); }});

    auto make = std::make_shared<OverrideMakeArgs>();
    auto* mk =
        cmd->add_subcommand("make", "Make the override folder Triton will read for a cache entry (through "
                                    "its dump) or a dump folder: only the chosen stage, named as Triton "
                                    "looks for it");
    mk->add_option("ENTRY", make->entry,
                   "A cache entry or a dump folder (path, or a unique folder-name prefix)")
        ->required();
    mk->add_option("--stage", make->stage,
                   "The stage to override: ttir, ttgir, llir, ptx, cubin (amdgcn, hsaco)")
        ->required();
    mk->add_option("--into", make->into,
                   "The override root to write in (default: TRITON_OVERRIDE_DIR, else ~/.triton/override)");
    mk->add_flag("--force", make->force, "Replace a stage file already there (never done otherwise)");
    mk->add_flag("--json", make->json, "Print the documented JSON (schema kernellens.override-make/1)");
    out.push_back({mk, [make] { return runOverrideMake(*make); }});
    addOverrideTryCommand(*cmd, out);
}

} // namespace kl::cli
