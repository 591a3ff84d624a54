#include "clioutput.h"
#include "command.h"
#include "core/export/entryarchive.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <cstdio>

namespace kl::cli {
// `klens export ENTRY... -o FILE.tar.gz`: entries packed for a bug report. Exit 0 written,
// 2 usage or I/O (the message names the path); what was left out is listed on stderr.
namespace {

struct ExportArgs {
    std::vector<std::string> entries;
    std::vector<std::string> roots;
    std::string out;
};

int runExport(const ExportArgs& args)
{
    std::vector<Entry> entries;
    if (!resolveEntries(args.entries, args.roots, entries))
        return ExitError;
    const ArchiveResult r = exportEntries(entries, args.out);
    for (const std::string& s : r.skipped)
        std::fprintf(stderr, "klens: left out %s\n", printableName(s).c_str());
    if (!r.ok) {
        printError(r.error.english());
        return ExitError;
    }
    std::printf("%s: %zu entr%s, %zu files, %s before compression\n", printableName(args.out).c_str(),
                entries.size(), entries.size() == 1 ? "y" : "ies", r.files, humanSize(r.bytes).c_str());
    return ExitOk;
}

} // namespace

void addExportCommand(CLI::App& app, Commands& out)
{
    auto a = std::make_shared<ExportArgs>();
    auto* cmd = app.add_subcommand("export", "Pack entries into a .tar.gz for a bug report");
    cmd->add_option("ENTRY", a->entries, "Entry folders or unique prefixes")->required();
    cmd->add_option("-o,--output", a->out, "The .tar.gz to write")->required();
    cmd->add_option("--root", a->roots, "Where entry prefixes are looked up (default: the effective roots)");
    out.push_back({cmd, [a] { return runExport(*a); }});
}

} // namespace kl::cli
