// klens: the command-line twin of KernelLens. Each command lives in its own file and registers
// itself through command.h; this file only parses and dispatches.
#include "clioutput.h"
#include "command.h"
#include "tracecommand.h"

int main(int argc, char** argv)
{
    CLI::App app{"klens: inspect GPU kernel compile caches (Triton, NVRTC)", "klens"};
    app.set_version_flag("--version", std::string("klens ") + KL_VERSION);
    app.require_subcommand(1);

    kl::cli::Commands commands;
    kl::cli::addScanCommand(app, commands);
    kl::cli::addShowCommand(app, commands);
    kl::cli::addKeyCommand(app, commands);
    kl::cli::addExplainCommand(app, commands);
    kl::cli::addFsCommand(app, commands);
    kl::cli::addEnvCommand(app, commands);
    kl::cli::addDoctorCommand(app, commands);
    kl::cli::addCleanCommand(app, commands);
    kl::cli::addCubinCommand(app, commands);
    kl::cli::addCompileCommand(app, commands);
    kl::cli::addRecompileCommand(app, commands);
    kl::cli::addDiffCommand(app, commands);
    kl::cli::addExportCommand(app, commands);
    kl::cli::addGpuCommand(app, commands);
    kl::cli::addAutotuneCommand(app, commands);
    kl::cli::addStatsCommand(app, commands);
    kl::cli::addEventsCommand(app, commands);
    kl::cli::addRemoteCommand(app, commands);
    kl::cli::addOverrideCommand(app, commands);
    kl::cli::addSassCommand(app, commands);
    kl::cli::addLinesCommand(app, commands);
    kl::cli::addPackCommand(app, commands);
    kl::cli::addUnpackCommand(app, commands);
    kl::cli::addTraceCommand(app, commands);

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
