#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace kl::cli {

/// A registered subcommand: CLI11 fills its arguments while parsing; `run` returns the exit code.
struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;
};

using Commands = std::vector<Command>;

// One adder per command file. Each creates its subcommand on `app` and appends it to `out`.
void addScanCommand(CLI::App& app, Commands& out);
void addShowCommand(CLI::App& app, Commands& out);
void addKeyCommand(CLI::App& app, Commands& out);
void addExplainCommand(CLI::App& app, Commands& out);
void addFsCommand(CLI::App& app, Commands& out);
void addEnvCommand(CLI::App& app, Commands& out);
void addDoctorCommand(CLI::App& app, Commands& out);
void addCleanCommand(CLI::App& app, Commands& out);
void addCubinCommand(CLI::App& app, Commands& out);
void addCompileCommand(CLI::App& app, Commands& out);
void addRecompileCommand(CLI::App& app, Commands& out);
void addDiffCommand(CLI::App& app, Commands& out);
void addExportCommand(CLI::App& app, Commands& out);
void addGpuCommand(CLI::App& app, Commands& out);
void addAutotuneCommand(CLI::App& app, Commands& out);
void addStatsCommand(CLI::App& app, Commands& out);
void addEventsCommand(CLI::App& app, Commands& out);
void addRemoteCommand(CLI::App& app, Commands& out);
void addOverrideCommand(CLI::App& app, Commands& out);
/// `override try`, added to the `override` subcommand by addOverrideCommand.
void addOverrideTryCommand(CLI::App& overrideCmd, Commands& out);
void addSassCommand(CLI::App& app, Commands& out);
void addLinesCommand(CLI::App& app, Commands& out);
void addPackCommand(CLI::App& app, Commands& out);
void addUnpackCommand(CLI::App& app, Commands& out);

} // namespace kl::cli
