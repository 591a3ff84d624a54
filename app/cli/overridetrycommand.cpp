// `klens override try FILE`: compile an edited stage without the user's script and show what the
// edit changes against its cache entry (core/overridetry).
#include "clioutput.h"
#include "command.h"
#include "core/env/cacheroots.h"
#include "core/override/folderlinks.h"
#include "core/overridetry/overridetry.h"
#include "core/overridetry/overridetryjson.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "entryresolution.h"
#include "gpu/tritonrun/trygpurun.h"
#include "rootselection.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace kl::cli {
namespace {

struct OverrideTryArgs {
    std::string file;
    std::string entry;
    std::string assembler = "auto";
    bool noSass = false;
    std::string runSpec;
    std::string size;
    int device = 0;
    bool json = false;
};

std::string parentOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// The entry an edited file belongs to, when --entry is not given: the file's folder is a dump or
// override folder (or a cache entry), and the folder's links name exactly one cache entry.
bool entryOfFolder(const std::string& file, Entry& out)
{
    const std::string folder = parentOf(absoluteClean(file));
    std::vector<std::string> dirs;
    for (const Root& r : effectiveRoots(Environment::current()))
        if (r.exists)
            dirs.push_back(r.path);
    for (const Root& r : dumpAndOverrideRoots(Environment::current()))
        if (r.exists)
            dirs.push_back(r.path);
    dirs.push_back(parentOf(folder));
    std::sort(dirs.begin(), dirs.end());
    dirs.erase(std::unique(dirs.begin(), dirs.end()), dirs.end());
    TerminalProgress quiet(false);
    const Snapshot snap = scanRoots(dirs, 0, quiet);
    const auto it = std::find_if(snap.entries.begin(), snap.entries.end(),
                                 [&](const Entry& e) { return e.path == folder; });
    if (it == snap.entries.end()) {
        printError(printableName(file) +
                   ": not in a dump, override or cache folder KernelLens knows; name the entry with --entry");
        return false;
    }
    if (it->kind != EntryKind::Dump && it->kind != EntryKind::Override) {
        out = *it;
        return true;
    }
    const std::vector<std::size_t> linked =
        linkedCacheEntries(snap, static_cast<std::size_t>(it - snap.entries.begin()));
    if (linked.size() == 1) {
        out = snap.entries[linked.front()];
        return true;
    }
    if (linked.empty()) {
        printError(printableName(folder) +
                   ": no cache entry shares this folder's stages (its kernel was never compiled into the "
                   "caches scanned); name the entry with --entry");
        return false;
    }
    std::string names;
    for (std::size_t i : linked)
        names += "\n  " + printableName(snap.entries[i].path) + " (" + snap.entries[i].target.arch + ")";
    printError(printableName(folder) + " serves " + std::to_string(linked.size()) +
               " cache entries (targets or configs of one source); name one with --entry:" + names);
    return false;
}

std::string optText(const std::optional<std::uint32_t>& v)
{
    return v ? std::to_string(*v) : "-";
}

std::string occupancyText(const TrySide& side, const CubinKernel& k)
{
    const OccupancyResult o = kernelOccupancy(side.info.info.sm, k, side.launch);
    if (!o.ok)
        return "-";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.0f%% (%u blocks, %s)", o.value.occupancy * 100,
                  o.value.activeBlocksPerSm, o.value.limitedBy.c_str());
    return buf;
}

void printComparison(const OverrideTry& r)
{
    std::printf("%s: %s against %s\n", printableName(r.file).c_str(), r.stage.c_str(),
                printableName(r.entry).c_str());
    std::printf("  built by %s; compared with %s\n", r.assembler.c_str(), r.baseline.english().c_str());
    for (const Text& n : r.notes)
        std::printf("  note: %s\n", n.english().c_str());
    for (const CubinKernel& e : r.edited.info.ok ? r.edited.info.info.kernels : std::vector<CubinKernel>{}) {
        const CubinKernel* o = nullptr;
        if (r.original.info.ok)
            for (const CubinKernel& k : r.original.info.info.kernels)
                if (k.name == e.name)
                    o = &k;
        std::printf("\n%s\n  %-22s %-34s %s\n", printableName(e.name).c_str(), "", "entry", "edit");
        auto row = [](const char* what, const std::string& a, const std::string& b) {
            std::printf("  %-22s %-34s %s%s\n", what, a.c_str(), b.c_str(), a == b ? "" : "   <- changed");
        };
        row("registers", o ? optText(o->registers) : "-", optText(e.registers));
        row("local bytes (spills)", o ? optText(o->frameSize) : "-", optText(e.frameSize));
        row("static shared bytes", o ? std::to_string(o->staticSharedBytes) : "-",
            std::to_string(e.staticSharedBytes));
        row("dynamic shared bytes", std::to_string(r.original.launch.dynamicSharedBytes),
            std::to_string(r.edited.launch.dynamicSharedBytes));
        row("occupancy", o ? occupancyText(r.original, *o) : "-", occupancyText(r.edited, e));
        row("code bytes", o ? std::to_string(o->codeBytes) : "-", std::to_string(e.codeBytes));
    }
    std::printf("\ninstructions: %s\n", r.sameCode ? "the same as the entry's" : "changed");
    if (!r.ptxDiff.empty())
        std::printf("\n%s", r.ptxDiff.c_str());
    if (!r.sassUnavailable.empty())
        std::printf("\nno SASS diff: %s\n", r.sassUnavailable.english().c_str());
    else if (!r.sassDiff.empty())
        std::printf("\n%s", r.sassDiff.c_str());
}

void printRun(const TryRun& run)
{
    if (!run.ran) {
        std::printf("\nGPU run: %s\n", run.reason.english().c_str());
        return;
    }
    std::printf("\nGPU run on %s, problem size %s: %s\n", run.device.c_str(), run.size.c_str(),
                run.reason.english().c_str());
    for (const TryRun::Output& o : run.outputs)
        std::printf("  %s\n", o.description.english().c_str());
}

// --run: the entry's kernel and the edit's on the GPU, on the same inputs (gpu/tritonrun).
// `exit` becomes 2 for a spec or an entry that cannot run, 3 without a GPU, 1 when a side failed.
TryRun runBothSides(const OverrideTryArgs& args, const OverrideTry& r, const Entry& entry, int& exit)
{
    const TryGpuRun gpuRun = runTryOnGpu(r, entry, {args.runSpec, args.size, args.device});
    switch (gpuRun.outcome) {
    case TryGpuRun::Outcome::BadInput: exit = ExitError; break;
    case TryGpuRun::Outcome::NoGpu: exit = ExitNoGpu; break;
    case TryGpuRun::Outcome::Failed: exit = ExitProblems; break;
    case TryGpuRun::Outcome::Ran:
    case TryGpuRun::Outcome::NotCompiled: break;
    }
    const TritonRunResult& result = gpuRun.result;
    TryRun run;
    run.ran = result.ran;
    run.reason = result.reason;
    run.device = result.device;
    run.size = result.size;
    run.outputsDiffer = result.outputsDiffer;
    for (const TritonRunOutput& o : result.outputs) {
        TryRun::Output out;
        out.argument = o.argument;
        out.checked = o.comparison.checked;
        out.mismatches = o.comparison.mismatches;
        out.maxAbsError = o.comparison.maxAbsError;
        if (o.comparison.first) {
            out.firstIndex = o.comparison.first->index;
            out.firstOriginal = o.comparison.first->expected;
            out.firstEdited = o.comparison.first->actual;
        }
        out.description = o.description;
        run.outputs.push_back(std::move(out));
    }
    return run;
}

int runOverrideTry(const OverrideTryArgs& args)
{
    struct stat st {};
    if (::stat(args.file.c_str(), &st) != 0) {
        printError(printableName(args.file) + ": " + std::strerror(errno));
        return ExitError;
    }
    if (!S_ISREG(st.st_mode)) {
        printError(printableName(args.file) + ": not a regular file");
        return ExitError;
    }
    Entry entry;
    if (!args.entry.empty() ? !resolveEntry(args.entry, {}, entry) : !entryOfFolder(args.file, entry))
        return ExitError;
    OverrideTryOptions options;
    options.assembler = args.assembler;
    options.sass = !args.noSass;
    // A stage file may be a link to the user's working copy: the file it names is compiled.
    std::unique_ptr<char, decltype(&std::free)> real(::realpath(args.file.c_str(), nullptr), &std::free);
    const OverrideTry r = tryOverride(real ? std::string(real.get()) : absoluteClean(args.file), entry,
                                      Environment::current(), options);
    int runExit = ExitOk;
    TryRun run;
    if (args.runSpec.empty())
        run.reason = Text::of(KL_TEXT("kl::overridetry", "not asked (--run)"));
    else
        run = runBothSides(args, r, entry, runExit);
    if (args.json) {
        writeOverrideTryJson(r, run, stdout);
    } else {
        for (const CompileDiagnostic& d : r.diagnostics)
            std::fprintf(stderr, "%s:%d: %s: %s\n", printableName(d.file).c_str(), d.line, d.severity.c_str(),
                         printableName(d.message).c_str());
        if (!r.ok)
            printError(r.error.english());
        else
            printComparison(r);
        if (!args.runSpec.empty())
            printRun(run);
    }
    if (r.ok)
        return runExit;
    return r.log.empty() && r.diagnostics.empty() ? ExitError : ExitProblems;
}

} // namespace

void addOverrideTryCommand(CLI::App& overrideCmd, Commands& out)
{
    auto a = std::make_shared<OverrideTryArgs>();
    auto* cmd = overrideCmd.add_subcommand(
        "try",
        "Compile an edited stage file (ptx, llir, ttgir, ttir) without your script and show what the "
        "edit changes against its cache entry: registers, spills, shared memory, occupancy, PTX and SASS");
    cmd->add_option("FILE", a->file, "The edited stage file; its extension names the stage")->required();
    cmd->add_option("--entry", a->entry,
                    "The cache entry it was made from (path or unique prefix; default: the one entry its "
                    "override or dump folder is linked to)");
    cmd->add_option("--assembler", a->assembler,
                    "For PTX: ptxas (the CUDA toolkit's, as a process), nvjitlink (in process), triton (the "
                    "entry's own Triton's ptxas and flags) or auto (ptxas, else nvJitLink, else Triton)")
        ->check(CLI::IsMember({"auto", "ptxas", "nvjitlink", "triton"}));
    cmd->add_flag("--no-sass", a->noSass, "Skip the SASS diff (no nvdisasm run)");
    auto* run =
        cmd->add_option(
               "--run", a->runSpec,
               "Also run the entry's kernel and the edit on a GPU, on the same inputs, and compare their "
               "outputs; SPEC (kernellens.triton-run/1) gives the grid and the arguments. Refused, with "
               "the reason, without a GPU")
            ->type_name("SPEC");
    cmd->add_option("--size", a->size, "The run spec's problem size (default: its default_size)")->needs(run);
    cmd->add_option("--device", a->device, "The GPU to run on (CUDA ordinal)")
        ->check(CLI::NonNegativeNumber)
        ->needs(run);
    cmd->add_flag("--json", a->json, "Print the documented JSON (schema kernellens.override-try/1)");
    out.push_back({cmd, [a] { return runOverrideTry(*a); }});
}

} // namespace kl::cli
