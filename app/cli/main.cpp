// klens: the command-line twin of KernelLens. Each command lives in its own file and registers
// itself through command.h; this file only parses and dispatches.
#include "clioutput.h"
#include "command.h"
#include "tracecommand.h"

#include <algorithm>
#include <iterator>
#include <string_view>

int main(int argc, char** argv)
{
    CLI::App app{"klens: inspect GPU kernel compile caches (Triton, NVRTC)", "klens"};
    app.set_version_flag("--version", std::string("klens ") + KL_VERSION);
    app.require_subcommand(1);

    // CLI11 builds every option of every command it is given: about 2 ms of each run, a tenth of a
    // quick `override try`. A run that names its command first gets only that one; `klens`,
    // `klens --help` and a misspelt command see them all.
    struct Adder {
        std::string_view name;
        void (*add)(CLI::App&, kl::cli::Commands&);
    };
    static constexpr Adder adders[] = {
        {"scan", kl::cli::addScanCommand},
        {"show", kl::cli::addShowCommand},
        {"key", kl::cli::addKeyCommand},
        {"explain", kl::cli::addExplainCommand},
        {"fs", kl::cli::addFsCommand},
        {"env", kl::cli::addEnvCommand},
        {"doctor", kl::cli::addDoctorCommand},
        {"clean", kl::cli::addCleanCommand},
        {"cubin", kl::cli::addCubinCommand},
        {"compile", kl::cli::addCompileCommand},
        {"recompile", kl::cli::addRecompileCommand},
        {"diff", kl::cli::addDiffCommand},
        {"export", kl::cli::addExportCommand},
        {"gpu", kl::cli::addGpuCommand},
        {"autotune", kl::cli::addAutotuneCommand},
        {"stats", kl::cli::addStatsCommand},
        {"events", kl::cli::addEventsCommand},
        {"remote", kl::cli::addRemoteCommand},
        {"override", kl::cli::addOverrideCommand},
        {"sass", kl::cli::addSassCommand},
        {"lines", kl::cli::addLinesCommand},
        {"pack", kl::cli::addPackCommand},
        {"unpack", kl::cli::addUnpackCommand},
        {"trace", kl::cli::addTraceCommand},
    };
    const std::string_view first = argc > 1 ? argv[1] : "";
    const bool named =
        std::any_of(std::begin(adders), std::end(adders), [&](const Adder& a) { return a.name == first; });
    kl::cli::Commands commands;
    for (const Adder& a : adders)
        if (!named || a.name == first)
            a.add(app, commands);

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kl::cli::ExitError;
    }
    for (const kl::cli::Command& c : commands)
        if (*c.app)
            return c.run();
    return kl::cli::ExitError;
}
