#pragma once

#include <cstddef>
#include <string>

namespace kl::cli {

struct EventsArgs {
    std::string log; ///< the events log; empty: defaultEventsLogPath
    bool follow = false;
    bool json = false;
    std::size_t last = SIZE_MAX; ///< print only the newest N events already logged
};

/// `klens events`: the compile events logged, one per line, oldest first; with --follow keeps
/// printing new ones until SIGINT or SIGTERM (exit 0). Returns the exit code.
int runEvents(const EventsArgs& args);

} // namespace kl::cli
