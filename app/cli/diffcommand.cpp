#include "diffcommand.h"

#include "clioutput.h"
#include "command.h"
#include "diff/unifieddiff.h"
#include "entryresolution.h"
#include "formats/stages.h"
#include "util/posixfile.h"
#include "util/utf8.h"

#include <cstdio>
#include <sys/stat.h>

namespace kl::cli {
namespace {

// Stage files larger than this are refused rather than read whole (a diff holds both in memory).
constexpr std::uint64_t kMaxDiffBytes = 2ull << 30;

struct Side {
    std::string path;  ///< the file compared
    std::string label; ///< shown in the --- / +++ header
    const Entry* entry = nullptr;
};

bool isRegularFile(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string commonTextStage(const Entry& a, const Entry& b)
{
    for (std::string_view ext : kKnownStages)
        if (!isBinaryStage(ext) && ext != "json" && a.stage(ext) && b.stage(ext))
            return std::string(ext);
    return {};
}

bool stageFile(const Entry& e, const std::string& stage, Side& side)
{
    const Stage* s = e.stage(stage);
    if (!s) {
        std::string have;
        for (const Stage& st : e.stages)
            have += (have.empty() ? "" : ", ") + std::string(st.ext());
        printError(printableName(e.path) + " has no " + stage +
                   " stage (it has: " + (have.empty() ? "none" : have) + ")");
        return false;
    }
    side.path = joinPath(e.path, s->fileName);
    side.label = printableName(e.folderName + "/" + s->fileName);
    return true;
}

} // namespace

int runDiff(const DiffArgs& args)
{
    Side sides[2];
    Entry entries[2];
    const std::string* given[2] = {&args.a, &args.b};
    for (int i = 0; i < 2; ++i) {
        if (isRegularFile(*given[i])) {
            sides[i].path = *given[i];
            sides[i].label = printableName(*given[i]);
        } else {
            if (!resolveEntry(*given[i], args.roots, entries[i]))
                return ExitError;
            sides[i].entry = &entries[i];
        }
    }
    if (sides[0].entry || sides[1].entry) {
        std::string stage = args.stage;
        if (stage.empty()) {
            if (sides[0].entry && sides[1].entry) {
                stage = commonTextStage(entries[0], entries[1]);
                if (stage.empty()) {
                    printError("the entries share no text stage: name one with --stage");
                    return ExitError;
                }
            } else {
                printError("comparing an entry with a file: name the entry's stage with --stage");
                return ExitError;
            }
        }
        if (isBinaryStage(stage)) {
            printError("stage " + stage + " is binary: compare `klens cubin` output, or the ptx stage");
            return ExitError;
        }
        for (int i = 0; i < 2; ++i)
            if (sides[i].entry && !stageFile(*sides[i].entry, stage, sides[i]))
                return ExitError;
    }
    std::string texts[2];
    for (int i = 0; i < 2; ++i) {
        auto text = readFile(sides[i].path, kMaxDiffBytes);
        if (!text) {
            printError(printableName(sides[i].path) + ": " + text.error().english());
            return ExitError;
        }
        texts[i] = std::move(*text);
    }
    const TextLines a = splitLines(std::move(texts[0])), b = splitLines(std::move(texts[1]));
    DiffOptions o;
    o.ignoreSsa = args.ignoreSsa;
    o.ignoreLocations = args.ignoreLocations;
    o.ignoreSpace = args.ignoreSpace;
    const LineDiff d = diffLines(a.lines, b.lines, o);
    if (d.identical())
        return ExitOk;
    if (!args.quiet) {
        UnifiedOptions u;
        u.aLabel = sides[0].label;
        u.bLabel = sides[1].label;
        u.context = args.context;
        const std::string text = unifiedDiff(a.lines, b.lines, d, u);
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    return ExitProblems;
}

void addDiffCommand(CLI::App& app, Commands& out)
{
    auto a = std::make_shared<DiffArgs>();
    auto* cmd = app.add_subcommand(
        "diff", "Unified diff of two entries' stage, or of two files (exit 1: they differ)");
    cmd->add_option("A", a->a, "An entry (folder or unique prefix) or a file")->required();
    cmd->add_option("B", a->b, "An entry (folder or unique prefix) or a file")->required();
    cmd->add_option("--stage", a->stage,
                    "Stage of entries to compare (default: the first text stage both have)");
    cmd->add_option("--root", a->roots, "Where entry prefixes are looked up (default: the effective roots)");
    cmd->add_flag("--ignore-ssa", a->ignoreSsa, "%12 and %15, %r3 and %r7, ^bb1 and ^bb2 compare equal");
    cmd->add_flag("--ignore-locations", a->ignoreLocations,
                  "Leave out debug locations: loc(...), #loc lines, !dbg, .loc/.file lines");
    cmd->add_flag("--ignore-space", a->ignoreSpace,
                  "Runs of blanks compare as one; leading/trailing ignored");
    cmd->add_option("-U,--context", a->context, "Lines of context around changes")
        ->check(CLI::Range(0, 1000000));
    cmd->add_flag("-q,--quiet", a->quiet, "Print nothing; the exit code says whether they differ");
    out.push_back({cmd, [a] { return runDiff(*a); }});
}

} // namespace kl::cli
