#include "clioutput.h"
#include "command.h"
#include "core/env/environment.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sassjson.h"
#include "core/sass/sasstext.h"
#include "core/util/utf8.h"
#include "entryresolution.h"

#include <memory>

namespace kl::cli {
namespace {

struct SassArgs {
    std::string target;
    std::vector<std::string> roots;
    std::string kernel;
    bool json = false;
    bool noCache = false;
    int timeoutS = 120;
};

void printListing(const SassResult& r, const std::string& kernel)
{
    std::printf("%s\n  %s\n", printableName(r.cubinPath).c_str(), sassToolText(r).english().c_str());
    for (const Text& note : r.notes)
        std::printf("  note: %s\n", note.english().c_str());
    std::printf("\n%s", sassListingText(r.listing, kernel).c_str());
}

int runSass(const SassArgs& args)
{
    std::string path;
    if (!resolveCubinPath(args.target, args.roots, path))
        return ExitError;
    SassOptions options;
    options.useCache = !args.noCache;
    options.timeoutMs = args.timeoutS * 1000;
    Result<SassResult> r = disassembleCubin(path, Environment::current(), options);
    if (!r) {
        printError(r.error().english());
        return ExitError;
    }
    if (!args.kernel.empty()) {
        bool found = false;
        std::string names;
        for (const SassKernel& k : r->listing.kernels) {
            found = found || k.name == args.kernel;
            names += (names.empty() ? "" : ", ") + k.name;
        }
        if (!found) {
            printError(printableName(path) + " has no kernel named " + printableName(args.kernel) +
                       " (it has: " + printableName(names) + ")");
            return ExitError;
        }
    }
    if (args.json)
        writeSassJson(*r, args.kernel, stdout);
    else
        printListing(*r, args.kernel);
    return ExitOk;
}

} // namespace

void addSassCommand(CLI::App& app, Commands& out)
{
    auto args = std::make_shared<SassArgs>();
    auto* cmd = app.add_subcommand(
        "sass", "Disassemble a cubin with the user's nvdisasm: instructions and source lines");
    cmd->add_option("TARGET", args->target, "A .cubin file, or an entry (folder or unique name prefix)")
        ->required();
    cmd->add_option("--root", args->roots, "Where to look a prefix up (default: the effective roots)");
    cmd->add_option("--kernel", args->kernel, "Only this kernel of a multi-kernel cubin");
    cmd->add_flag("--json", args->json, "Print the documented JSON (schema kernellens.sass/1)");
    cmd->add_flag("--no-cache", args->noCache,
                  "Run nvdisasm even when KernelLens's SASS cache has the cubin");
    cmd->add_option("--timeout", args->timeoutS, "Seconds nvdisasm may run (default 120)")
        ->check(CLI::PositiveNumber);
    out.push_back({cmd, [args] { return runSass(*args); }});
}

} // namespace kl::cli
