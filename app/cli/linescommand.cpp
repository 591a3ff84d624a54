#include "clioutput.h"
#include "command.h"
#include "entryresolution.h"
#include "env/environment.h"
#include "lines/linemap.h"
#include "lines/linemapjson.h"
#include "util/posixfile.h"
#include "util/utf8.h"

#include <memory>

namespace kl::cli {
namespace {

struct LinesArgs {
    std::string target;
    std::vector<std::string> roots;
    bool json = false;
    bool noSass = false;
};

/// The file's lines when it still exists, to print beside the counts.
std::vector<std::string> sourceLines(const LineMapFile& f)
{
    std::vector<std::string> out;
    if (!f.exists)
        return out;
    Result<std::string> text = readFile(f.path, 16u << 20);
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

void printMap(const Entry& entry, const LineMap& map)
{
    std::printf("%s\n", printableName(entry.path).c_str());
    for (const Text& note : map.notes)
        std::printf("  note: %s\n", note.english().c_str());
    for (const LineMapFile& f : map.files) {
        const char* state = !f.exists   ? "not found at this path"
                            : f.changed ? "changed since the entry was written: "
                                          "lines may not match"
                                        : "unchanged";
        std::printf("\n%s (%s)\n  %6s", printableName(f.path).c_str(), state, "line");
        // Triton's "source" stage is its first MLIR: a person reads "source" as their Python.
        for (const std::string& s : map.stages)
            std::printf(" %6s", s == "source" ? "mlir" : s.c_str());
        std::printf("  python\n");
        const std::vector<std::string> text = f.changed ? std::vector<std::string>() : sourceLines(f);
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
    if (args.json)
        writeLineMapJson(entry.path, *map, stdout);
    else
        printMap(entry, *map);
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
    out.push_back({cmd, [args] { return runLines(*args); }});
}

} // namespace kl::cli
