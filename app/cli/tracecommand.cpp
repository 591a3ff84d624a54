#include "tracecommand.h"

#include "clioutput.h"
#include "traceexportcommand.h"

#include <memory>
#include <string>
#include <vector>

namespace kl::cli {

// A stand-in until reading traces (`klens trace FILE...`) lands: only `export` works.
void addTraceCommand(CLI::App& app, Commands& commands)
{
    auto files = std::make_shared<std::vector<std::string>>();
    auto* trace =
        app.add_subcommand("trace", "Profiler traces: read them, or export the compile events as one");
    trace->add_option("FILE", *files, "Chrome trace JSON files (.json, .json.gz)");
    // main runs the first parsed command in `commands`: export goes before trace, which is also
    // parsed when `trace export` is.
    addTraceExportCommand(*trace, commands);
    commands.push_back({trace, [files] {
                            printError("reading traces (trace FILE...) is not in this build yet (" +
                                       std::to_string(files->size()) + " files given)");
                            return ExitError;
                        }});
}

} // namespace kl::cli
