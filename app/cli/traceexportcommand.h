#pragma once

#include "command.h"

namespace kl::cli {

/// `klens trace export [--events LOG] -o OUT.json`: the compile-events log as a Chrome trace
/// (core/trace/compiletrace.h), added as the `export` subcommand of `trace`.
void addTraceExportCommand(CLI::App& trace, Commands& commands);

} // namespace kl::cli
