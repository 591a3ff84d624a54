// `klens override ls`: Triton's dump and override folders, each with the cache entries it
// belongs to (core/override/folderlinks).
#include "clioutput.h"
#include "command.h"
#include "override/folderlinks.h"
#include "override/overridejson.h"
#include "rootselection.h"
#include "util/utf8.h"

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
    const bool showProgress = args.progress && ::isatty(STDERR_FILENO);
    const Snapshot snap = scanRoots(args.dirs, args.threads, showProgress);
    if (showProgress)
        std::fprintf(stderr, "\n");
    const bool ioError = reportRootErrors(snap, !args.dirs.empty());
    FolderLinkOptions options;
    options.threads = args.threads;
    const std::vector<FolderLinks> links = linkUserFolders(snap, options);
    if (args.json)
        writeOverrideListJson(snap, links, stdout);
    else
        printLinks(snap, links);
    std::fflush(stdout);
    return ioError ? ExitError : ExitOk;
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
}

} // namespace kl::cli
