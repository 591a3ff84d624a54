#include "clioutput.h"
#include "command.h"
#include "core/explain/entrycomparison.h"
#include "core/explain/explainjson.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <string>
#include <vector>

namespace kl::cli {

struct ExplainArgs {
    std::vector<std::string> entries; ///< one or two: folder paths or unique folder-name prefixes
    std::vector<std::string> roots;   ///< where to look prefixes up; empty: the effective roots
    bool env = false;                 ///< compare the one entry with this environment
    bool json = false;
};

/// `klens explain`: which recorded key inputs differ between two entries, or between an entry
/// and this environment. Exit 1 when some differ, 0 when none, 2 on errors.
int runExplain(const ExplainArgs& args);

namespace {

std::string targetText(const Target& t)
{
    if (t.empty())
        return "-";
    return t.backend + " " + t.arch + " (warp " + std::to_string(t.warpSize) + ")";
}

std::string shown(const std::optional<std::string>& v)
{
    return v ? printableName(*v) : "(not set)";
}

void printText(const Explanation& ex, const EntryDetail& a, const EntryDetail* b,
               const CurrentEnvironment* now)
{
    std::printf("A  %s\n   %s, %s, triton %s\n", printableName(a.entry.path).c_str(),
                printableName(a.entry.kernel).c_str(), targetText(a.entry.target).c_str(),
                a.entry.tritonVersion.empty() ? "not recorded" : a.entry.tritonVersion.c_str());
    if (b) {
        std::printf("B  %s\n   %s, %s, triton %s\n", printableName(b->entry.path).c_str(),
                    printableName(b->entry.kernel).c_str(), targetText(b->entry.target).c_str(),
                    b->entry.tritonVersion.empty() ? "not recorded" : b->entry.tritonVersion.c_str());
    } else if (now) {
        std::string gpus;
        for (const std::string& g : now->gpuArchs)
            gpus += (gpus.empty() ? "" : ", ") + g;
        std::printf("B  this environment\n   triton %s (%s%s)\n   GPU arch %s (%s%s)\n",
                    now->tritonVersion ? now->tritonVersion->c_str() : "unknown",
                    now->tritonVersion ? "from " : "", now->tritonVersionSource.english().c_str(),
                    gpus.empty() ? "unknown" : gpus.c_str(), gpus.empty() ? "" : "from ",
                    now->gpuSource.english().c_str());
    }
    if (ex.differences.empty()) {
        std::printf("\nNothing recorded differs.\n");
    } else {
        std::printf("\n%zu recorded difference%s (A -> B):\n", ex.differences.size(),
                    ex.differences.size() == 1 ? "" : "s");
        for (const Difference& d : ex.differences) {
            const std::string kind(toString(d.kind));
            if (d.kind == DifferenceKind::Stage) {
                std::printf("  %-15s .%s text differs (A %zu lines, B %zu lines); first differing lines:\n",
                            kind.c_str(), d.name.c_str(), d.aLineCount, d.bLineCount);
                for (const LineDifference& l : d.lines)
                    std::printf("    line %zu\n      A: %s\n      B: %s\n", l.line,
                                l.a ? printableName(*l.a).c_str() : "(no such line)",
                                l.b ? printableName(*l.b).c_str() : "(no such line)");
            } else {
                std::printf("  %-15s %-34s %s -> %s\n", kind.c_str(), printableName(d.name).c_str(),
                            shown(d.a).c_str(), shown(d.b).c_str());
            }
            if (!d.note.empty())
                std::printf("  %-15s %s\n", "", d.note.english().c_str());
        }
    }
    if (!ex.notes.empty()) {
        std::printf("\nnotes:\n");
        for (const Text& n : ex.notes)
            std::printf("  - %s\n", n.english().c_str());
    }
    if (ex.differences.empty()) {
        std::printf("\nThe cache does not record these inputs of the key; they remain the suspects:\n");
        for (const Text& s : ex.notRecorded)
            std::printf("  - %s\n", s.english().c_str());
    }
}

} // namespace

int runExplain(const ExplainArgs& args)
{
    if (args.env == (args.entries.size() == 2)) {
        printError(args.env ? "--env compares ONE entry with this environment; drop the second ENTRY"
                            : "give two entries (klens explain A B), or one with --env");
        return ExitError;
    }
    std::vector<Entry> entries;
    if (!resolveEntries(args.entries, args.roots, entries))
        return ExitError;
    std::vector<EntryDetail> details;
    for (const Entry& e : entries)
        details.push_back(loadEntryDetail(e));

    Explanation ex;
    CurrentEnvironment now;
    if (args.env) {
        now = probeCurrentEnvironment(Environment::current());
        ex = compareWithEnvironment(details[0], now);
    } else {
        ex = compareEntries(details[0], details[1]);
    }
    if (!ex.ok) {
        printError(ex.error.english());
        return ExitError;
    }
    const EntryDetail* b = args.env ? nullptr : &details[1];
    if (args.json)
        writeExplainJson(ex, details[0], b, args.env ? &now : nullptr, stdout);
    else
        printText(ex, details[0], b, args.env ? &now : nullptr);
    std::fflush(stdout);
    return ex.differences.empty() ? ExitOk : ExitProblems;
}

void addExplainCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<ExplainArgs>();
    auto* cmd =
        app.add_subcommand("explain", "Why did it miss: the recorded key inputs that differ between two "
                                      "entries, or between an entry and this environment (--env)");
    cmd->add_option("ENTRY", args->entries, "Two entries (folders, or unique prefixes of their names)")
        ->required()
        ->expected(1, 2);
    cmd->add_flag("--env", args->env,
                  "Compare the entry with this environment: cache-invalidating variables, the Triton "
                  "version python3 imports, the GPU's compute capability");
    cmd->add_option("--root", args->roots, "Where to look prefixes up (default: the effective roots)");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.explain/1)");
    out.push_back({cmd, [args] { return runExplain(*args); }});
}

} // namespace kl::cli
