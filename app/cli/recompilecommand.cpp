#include "clioutput.h"
#include "command.h"
#include "core/env/environment.h"
#include "core/events/eventlog.h"
#include "core/nvrtc/nvrtccache.h"
#include "core/nvrtc/recompile.h"
#include "core/nvrtc/recompilejson.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"
#include "rootselection.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <vector>

namespace kl::cli {

struct RecompileArgs {
    std::vector<std::string> targets; ///< entries: folders or unique name prefixes
    std::vector<std::string> roots;   ///< where to look prefixes up (default: effective roots + own cache)
    std::string keep;                 ///< when set: write each rebuilt file to keep/<entry folder>/<file>
    std::string log;
    bool noLog = false;
    bool json = false;
};

/// `klens recompile`: rebuild entries and say whether each is fresh. Exit 0 all fresh, 1 some
/// stale, not judged or failing to rebuild, 2 usage, I/O, or NVRTC unavailable.
int runRecompile(const RecompileArgs& args);

namespace {

// The rebuilt files of one entry, under keep/<entry folder>/, never over an existing file: the
// folder is for comparing (loading the cached and the rebuilt cubin side by side), not a cache.
bool keepRebuilt(const std::string& keep, const Entry& e, const RecompileReport& r)
{
    const std::string dir = joinPath(keep, e.path.substr(e.path.rfind('/') + 1));
    if (Status made = makeFolders(dir, false, KL_TEXT("kl::recompile", "cannot create %1: %2")); !made) {
        printError(made.error().english());
        return false;
    }
    const UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    for (const ArtefactComparison& a : r.artefacts) {
        if (a.rebuilt.empty())
            continue;
        const Status written = fd.get() < 0 ? Status(fail(Text::verbatim(std::strerror(errno))))
                                            : writeNewFileAt(fd.get(), a.file, a.rebuilt, false);
        if (!written) {
            printError("cannot keep " + joinPath(dir, a.file) + ": " + written.error().english());
            return false;
        }
    }
    return true;
}

} // namespace

int runRecompile(const RecompileArgs& args)
{
    const Environment env = Environment::current();
    std::vector<std::string> roots = args.roots;
    if (roots.empty()) {
        // The effective Triton roots and KernelLens's own cache, which a prefix may name.
        for (const Root& root : selectRoots({}))
            roots.push_back(root.path);
        roots.push_back(defaultNvrtcCacheRoot(env));
    }
    std::vector<Entry> entries;
    if (!resolveEntries(args.targets, roots, entries))
        return ExitError;
    const EventLog log(args.log.empty() ? defaultEventsLogPath(env) : args.log,
                       eventLogOptionsFromEnvironment(env));
    std::vector<std::pair<Entry, RecompileReport>> results;
    int code = ExitOk;
    for (const Entry& e : entries) {
        RecompileReport r = recompileEntry(e);
        if (!r.ok) {
            if (r.kind.empty() && !toolkitInfo().nvrtc) {
                printError(r.error.english());
                return ExitError;
            }
            code = ExitProblems;
            if (!args.json)
                printError(r.error.english());
        } else {
            if (!args.keep.empty() && !keepRebuilt(args.keep, e, r))
                return ExitError;
            if (!r.fresh)
                code = ExitProblems;
            if (!args.noLog)
                if (auto err = log.append(r.event); !err.empty())
                    printError("event not logged: " + err);
            if (!args.json) {
                std::printf("%s (%s, %s, %s): %s\n", printableName(e.path).c_str(), r.kind.c_str(),
                            r.arch.c_str(), r.assembler.c_str(), recompileVerdict(r).english().c_str());
                for (const auto& a : r.artefacts)
                    std::printf("  %-40s %s\n", printableName(a.file).c_str(),
                                a.identical && a.difference.empty() ? "identical"
                                                                    : a.difference.english().c_str());
            }
        }
        results.emplace_back(e, std::move(r));
    }
    if (args.json)
        writeRecompileJson(results, stdout);
    return code;
}

void addRecompileCommand(CLI::App& app, Commands& out)
{
    auto a = std::make_shared<RecompileArgs>();
    auto* cmd =
        app.add_subcommand("recompile", "Rebuild cache entries and say whether each is fresh or stale");
    cmd->add_option("ENTRY", a->targets, "Entries: folders or unique name prefixes")->required();
    cmd->add_option("--root", a->roots,
                    "Where to look prefixes up (default: the effective roots and KernelLens's cache)");
    cmd->add_option("--keep", a->keep,
                    "Also write the rebuilt files to DIR/<entry folder>/ (never over an existing file)");
    cmd->add_option("--log", a->log,
                    "Events log (default: $KERNELLENS_EVENTS_LOG, else the XDG state folder)");
    cmd->add_flag("--no-log", a->noLog, "Do not append compile events");
    cmd->add_flag("--json", a->json, "Print the documented JSON (schema kernellens.recompile/1)");
    out.push_back({cmd, [a] { return runRecompile(*a); }});
}

} // namespace kl::cli
