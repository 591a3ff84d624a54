#include "clioutput.h"
#include "command.h"
#include "core/diff/unifieddiff.h"
#include "core/env/environment.h"
#include "core/explain/stagecomparison.h"
#include "core/formats/stages.h"
#include "core/pack/entryfiles.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sasstext.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <cstdio>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace kl::cli {

struct DiffArgs {
    std::string a; ///< an entry (folder or unique prefix) or a plain file
    std::string b;
    std::string stage; ///< the stage to compare (default for two entries: every stage)
    std::vector<std::string> roots;
    bool ignoreSsa = false;
    bool ignoreLocations = false;
    bool ignoreSpace = false;
    bool ignoreRegisters = false; ///< --stage sass
    int context = 3;
    bool quiet = false; ///< only the exit code (and errors)
};

/// `klens diff A B`: unified diff of two files or two entries' stage. Exit 0 the same (after
/// the normalisations asked for), 1 they differ, 2 usage or I/O (the message names the path).
int runDiff(const DiffArgs& args);

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

std::string stageLine(const StageComparison& c)
{
    switch (c.state) {
    case StageState::Same: return "same";
    case StageState::Differs:
        return c.deleted || c.inserted ? "differs: " + std::to_string(c.deleted) + " lines removed, " +
                                             std::to_string(c.inserted) + " added"
                                       : "differs";
    case StageState::SameCode: return "same code: " + c.note.english();
    case StageState::OnlyA: return "only in the first entry";
    case StageState::OnlyB: return "only in the second entry";
    case StageState::Unreadable: return "not compared: " + c.note.english();
    }
    return {};
}

/// A side's file: the entry's, or for a packed entry a copy of it (core/pack/entryfiles).
bool onDisk(Side& side, const Entry& e, const Stage& s)
{
    auto path = entryFileOnDisk(e, s.fileName);
    if (!path) {
        printError(printableName(joinPath(e.path, s.fileName)) + ": " + path.error().english());
        return false;
    }
    side.path = std::move(*path);
    side.label = printableName(e.folderName + "/" + s.fileName);
    return true;
}

/// The cubin a side names: the file itself, or the entry's .cubin stage.
bool cubinOf(Side& side, const Entry& entry)
{
    if (!side.entry)
        return true;
    const Stage* s = entry.stage("cubin");
    if (!s) {
        printError(printableName(entry.path) + " has no cubin to disassemble");
        return false;
    }
    return onDisk(side, entry, *s);
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
    return onDisk(side, e, *s);
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
    DiffOptions o;
    o.ignoreSsa = args.ignoreSsa;
    o.ignoreLocations = args.ignoreLocations;
    o.ignoreSpace = args.ignoreSpace;
    std::string stage = args.stage;
    bool anyDiffers = false;
    if (stage.empty() && sides[0].entry && sides[1].entry) {
        // Every stage both have, then the first that differs in full: two compiles that differ in
        // TTGIR, PTX and cubin must not look the same because their first MLIR does.
        const std::vector<StageComparison> all = compareStages(entries[0], entries[1], o);
        for (const StageComparison& c : all) {
            anyDiffers = anyDiffers || c.differs(o);
            if (stage.empty() && c.state == StageState::Differs && !isBinaryStage(c.stage))
                stage = c.stage;
        }
        if (!args.quiet) {
            for (const StageComparison& c : all)
                std::printf("%-7s %s\n", c.stage.c_str(), stageLine(c).c_str());
            std::printf("\n");
        }
        if (stage.empty())
            return anyDiffers ? ExitProblems : ExitOk;
    } else if (stage.empty() && (sides[0].entry || sides[1].entry)) {
        printError("comparing an entry with a file: name the entry's stage with --stage");
        return ExitError;
    }
    std::string texts[2];
    if (stage == "sass") {
        for (int i = 0; i < 2; ++i) {
            if (!cubinOf(sides[i], entries[i]))
                return ExitError;
            Result<SassResult> r = disassembleCubin(sides[i].path, Environment::current());
            if (!r) {
                printError(r.error().english());
                return ExitError;
            }
            texts[i] = sassDiffText(r->listing, args.ignoreRegisters, args.ignoreLocations);
            sides[i].label += " (SASS)";
        }
    } else {
        if (isBinaryStage(stage)) {
            printError("stage " + stage +
                       " is binary: compare --stage sass, `klens cubin` output, or the ptx stage");
            return ExitError;
        }
        for (int i = 0; i < 2; ++i)
            if (sides[i].entry && !stageFile(*sides[i].entry, stage, sides[i]))
                return ExitError;
        for (int i = 0; i < 2; ++i) {
            auto text = readFile(sides[i].path, kMaxDiffBytes);
            if (!text) {
                printError(printableName(sides[i].path) + ": " + text.error().english());
                return ExitError;
            }
            texts[i] = std::move(*text);
        }
    }
    const TextLines a = splitLines(std::move(texts[0])), b = splitLines(std::move(texts[1]));
    const LineDiff d = diffLines(a.lines, b.lines, o);
    if (d.identical())
        return anyDiffers ? ExitProblems : ExitOk;
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
                    "Compare only this stage (sass: the cubins disassembled). Default for two entries: "
                    "every stage, listed, and the first that differs in full");
    cmd->add_option("--root", a->roots, "Where entry prefixes are looked up (default: the effective roots)");
    cmd->add_flag("--ignore-ssa", a->ignoreSsa, "%12 and %15, %r3 and %r7, ^bb1 and ^bb2 compare equal");
    cmd->add_flag("--ignore-locations", a->ignoreLocations,
                  "Leave out debug locations: loc(...), #loc lines, !dbg, .loc/.file lines");
    cmd->add_flag("--ignore-registers", a->ignoreRegisters,
                  "With --stage sass: R12 and R17, UR4 and UR9, P0 and P3, .L_x_1 and .L_x_2 compare equal");
    cmd->add_flag("--ignore-space", a->ignoreSpace,
                  "Runs of blanks compare as one; leading/trailing ignored");
    cmd->add_option("-U,--context", a->context, "Lines of context around changes")
        ->check(CLI::Range(0, 1000000));
    cmd->add_flag("-q,--quiet", a->quiet, "Print nothing; the exit code says whether they differ");
    out.push_back({cmd, [a] { return runDiff(*a); }});
}

} // namespace kl::cli
