#include "clioutput.h"
#include "command.h"
#include "core/env/environment.h"
#include "core/lines/linemap.h"
#include "core/lines/linemapjson.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <map>
#include <memory>
#include <sys/stat.h>

namespace kl::cli {
namespace {

struct LinesArgs {
    std::string target;
    std::vector<std::string> roots;
    bool json = false;
    bool noSass = false;
    std::vector<std::string> sources; ///< --source [RECORDED=]ACTUAL: a moved source file
};

/// Where each recorded source file is read from: RECORDED=ACTUAL, or ACTUAL alone for the recorded
/// file of the same name. An ACTUAL that names no recorded file is an error (a typo would
/// otherwise silently show nothing).
bool movedSources(const std::vector<std::string>& given, const LineMap& map,
                  std::map<std::string, std::string>& out)
{
    auto baseName = [](std::string_view p) { return p.substr(p.rfind('/') + 1); };
    for (const std::string& g : given) {
        const std::size_t eq = g.find('=');
        std::string recorded, actual = eq == std::string::npos ? g : g.substr(eq + 1);
        if (eq != std::string::npos) {
            recorded = g.substr(0, eq);
        } else {
            for (const LineMapFile& f : map.files)
                if (baseName(f.path) == baseName(actual))
                    recorded = f.path;
        }
        bool known = false;
        for (const LineMapFile& f : map.files)
            known = known || f.path == recorded;
        if (!known) {
            printError(Text::of(KL_TEXT("kl::cli", "--source %1: the entry records no source file %2"), g,
                                recorded.empty() ? std::string(baseName(actual)) : recorded)
                           .english());
            return false;
        }
        struct stat st {};
        if (::stat(actual.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
            printError(
                Text::of(KL_TEXT("kl::cli", "--source %1: %2 is not a readable file"), g, actual).english());
            return false;
        }
        out[recorded] = absoluteClean(actual);
    }
    return true;
}

/// The file's lines (read from `path`), to print beside the counts.
std::vector<std::string> sourceLines(const std::string& path)
{
    std::vector<std::string> out;
    Result<std::string> text = readFile(path, 16u << 20);
    if (!text)
        return out;
    std::size_t pos = 0;
    while (pos <= text->size()) {
        std::size_t nl = text->find('\n', pos);
        if (nl == std::string::npos)
            nl = text->size();
        out.push_back(text->substr(pos, nl - pos));
        pos = nl + 1;
    }
    return out;
}

void printMap(const Entry& entry, const LineMap& map, const std::map<std::string, std::string>& moved)
{
    std::printf("%s\n", printableName(entry.path).c_str());
    for (const Text& note : map.notes)
        std::printf("  note: %s\n", note.english().c_str());
    for (const LineMapFile& f : map.files) {
        const auto movedTo = moved.find(f.path);
        const std::string state = movedTo != moved.end() ? "read from " + printableName(movedTo->second)
                                  : !f.exists            ? "not found at this path (--source points at it)"
                                  : f.changed ? "changed since the entry was written: lines may not match"
                                              : "unchanged";
        std::printf("\n%s (%s)\n  %6s", printableName(f.path).c_str(), state.c_str(), "line");
        // Triton's "source" stage is its first MLIR: a person reads "source" as their Python.
        for (const std::string& s : map.stages)
            std::printf(" %6s", s == "source" ? "mlir" : s.c_str());
        std::printf("  python\n");
        const std::vector<std::string> text = movedTo != moved.end()   ? sourceLines(movedTo->second)
                                              : f.exists && !f.changed ? sourceLines(f.path)
                                                                       : std::vector<std::string>();
        for (const LineMapRow& row : map.rows) {
            if (row.source.file != f.path)
                continue;
            std::printf("  %6u", row.source.line);
            for (const std::string& s : map.stages) {
                std::size_t n = 0;
                if (s == "sass")
                    n = row.sass.size();
                else if (auto it = row.stages.find(s); it != row.stages.end())
                    n = it->second.size();
                std::printf(" %6s", n ? std::to_string(n).c_str() : "-");
            }
            const std::string src =
                row.source.line <= text.size() ? text[row.source.line - 1] : std::string();
            std::printf("  %s\n", printableName(src).c_str());
        }
    }
    std::printf(
        "\n(numbers: how many lines of each stage, and SASS instructions, the source line produced)\n");
}

int runLines(const LinesArgs& args)
{
    Entry entry;
    if (!resolveEntry(args.target, args.roots, entry))
        return ExitError;
    LineMapOptions options;
    options.sass = !args.noSass;
    Result<LineMap> map = buildLineMap(entry, Environment::current(), options);
    if (!map) {
        printError(map.error().english());
        return ExitError;
    }
    std::map<std::string, std::string> moved;
    if (!movedSources(args.sources, *map, moved))
        return ExitError;
    if (args.json)
        writeLineMapJson(entry.path, *map, stdout);
    else
        printMap(entry, *map, moved);
    return ExitOk;
}

} // namespace

void addLinesCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<LinesArgs>();
    auto* cmd = app.add_subcommand("lines",
                                   "Each source line of an entry's kernel through every stage, down to SASS");
    cmd->add_option("ENTRY", args->target, "An entry (folder or unique name prefix)")->required();
    cmd->add_option("--root", args->roots, "Where to look a prefix up (default: the effective roots)");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.lines/1)");
    cmd->add_flag("--no-sass", args->noSass, "Leave the SASS out (no nvdisasm run)");
    cmd->add_option("--source", args->sources,
                    "[RECORDED=]PATH: read a moved source file from PATH (alone: the recorded file of that "
                    "name)");
    out.push_back({cmd, [args] { return runLines(*args); }});
}

} // namespace kl::cli
