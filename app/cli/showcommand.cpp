#include "clioutput.h"
#include "command.h"
#include "core/report/entrydetail.h"
#include "core/report/snapshotjson.h"
#include "core/util/isotime.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <string>
#include <vector>

namespace kl::cli {

struct ShowArgs {
    std::string entry;              ///< a folder path, or a unique folder-name prefix
    std::vector<std::string> roots; ///< where to look a prefix up; empty: the effective roots
    std::string stage;              ///< print this stage's content instead of the summary
    bool json = false;
};

/// `klens show`: one entry in full, or one stage's text. Returns the exit code.
int runShow(const ShowArgs& args);

namespace {

void printFields(const char* title, const std::vector<MetadataField>& fields)
{
    std::printf("%s:%s\n", title, fields.empty() ? " (none)" : "");
    for (const MetadataField& f : fields)
        std::printf("  %-34s %s\n", printableName(f.key).c_str(), f.json.c_str());
}

void printDetail(const EntryDetail& d)
{
    const Entry& e = d.entry;
    std::printf("entry     %s\n", printableName(e.path).c_str());
    std::printf("kind      %s, %s\n", toString(e.kind).data(), toString(e.status).data());
    std::printf("kernel    %s\n", printableName(e.kernel).c_str());
    std::printf("key       %s", toString(e.era).data());
    if (!e.hash.empty())
        std::printf(", hash %s (%s)", e.hash.c_str(),
                    !e.hashOk   ? "not checkable for this folder name"
                    : *e.hashOk ? "folder name matches"
                                : "folder name does NOT match");
    std::printf("\n");
    if (!e.target.empty())
        std::printf("target    %s %s, warp size %d\n", e.target.backend.c_str(), e.target.arch.c_str(),
                    e.target.warpSize);
    if (!e.tritonVersion.empty() || !e.metadataFormat.empty())
        std::printf("triton    %s (metadata format %s)\n",
                    e.tritonVersion.empty() ? "version not recorded" : e.tritonVersion.c_str(),
                    e.metadataFormat.c_str());
    std::printf("size      %s, newest file %s\n", humanSize(e.totalSize).c_str(),
                isoTime(e.newestMtimeNs).c_str());
    std::printf("\nstages:\n");
    for (const Stage& s : e.stages)
        std::printf("  %-10s %12s  %s  %s%s\n", printableName(s.ext()).c_str(), humanSize(s.size).c_str(),
                    isoTime(s.mtimeNs).c_str(), printableName(s.fileName).c_str(),
                    s.known ? "" : "  (not a Triton stage)");
    if (d.metadata) {
        std::printf("\n");
        printFields("options", d.metadata->options);
        printFields("cache-invalidating env vars", d.metadata->envVars);
        printFields("recorded by the compiler", d.metadata->derived);
    }
    if (d.group) {
        std::printf("\ngroup file (%s), %zu children:\n",
                    d.group->shape == GroupShape::PathMap ? "name -> absolute path" : "list of names",
                    d.group->children.size());
        for (const GroupChild& c : d.group->children)
            std::printf("  %s%s%s\n", printableName(c.name).c_str(), c.recordedPath.empty() ? "" : " -> ",
                        printableName(c.recordedPath).c_str());
    }
    if (d.autotune) {
        std::printf("\nautotune key %s, %zu configurations:\n", d.autotune->keyJson.c_str(),
                    d.autotune->configs.size());
        for (const AutotuneTiming& t : d.autotune->configs) {
            std::string times;
            for (double x : t.timings)
                times += (times.empty() ? "" : ", ") + std::to_string(x);
            std::printf("  %s  [%s]\n", t.configJson.c_str(), times.c_str());
        }
    }
    if (!d.readError.empty())
        std::printf("\ncould not read in full: %s\n", d.readError.english().c_str());
    std::printf("\nproblems:%s\n", e.problems.empty() ? " none" : "");
    for (const Problem& p : e.problems)
        std::printf("  %-18s %s\n", p.code.c_str(), p.message.english().c_str());
}

} // namespace

int runShow(const ShowArgs& args)
{
    Entry entry;
    if (!resolveEntry(args.entry, args.roots, entry))
        return ExitError;
    if (!args.stage.empty()) {
        StageView v = loadStage(entry, args.stage);
        if (!v.ok) {
            printError(v.error.english());
            return ExitError;
        }
        if (v.binary)
            std::printf("%s: %s, %s\n%s",
                        printableName(joinPath(entry.path, entry.stage(args.stage)->fileName)).c_str(),
                        humanSize(entry.stage(args.stage)->size).c_str(), v.type.c_str(), v.text.c_str());
        else
            std::fwrite(v.text.data(), 1, v.text.size(), stdout);
        return ExitOk;
    }
    EntryDetail detail = loadEntryDetail(entry);
    if (args.json)
        writeEntryDetailJson(detail, stdout);
    else
        printDetail(detail);
    return entry.problems.empty() ? ExitOk : ExitProblems;
}

void addShowCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<ShowArgs>();
    auto* cmd = app.add_subcommand("show", "Show one entry in full, or one of its stages");
    cmd->add_option("ENTRY", args->entry, "An entry folder, or a unique prefix of its name")->required();
    cmd->add_option("--root", args->roots, "Where to look a prefix up (default: the effective roots)");
    cmd->add_option("--stage", args->stage, "Print this stage (ttir, ttgir, llir, ptx, cubin, ...)");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.entry/1)");
    out.push_back({cmd, [args] { return runShow(*args); }});
}

} // namespace kl::cli
