#pragma once

#include "command.h"

namespace kl::cli {

/// `klens trace`: profiler traces. Its `export` subcommand writes the compile events as one.
void addTraceCommand(CLI::App& app, Commands& commands);

} // namespace kl::cli
