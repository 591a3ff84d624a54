#pragma once

#include "compileevent.h"
#include "core/util/result.h"
#include "eventlogreader.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace kl {

struct EventFollowOptions {
    /// How many of the events already in the log (all generations) to deliver first, the newest
    /// ones; SIZE_MAX for all, 0 for only new events.
    std::size_t history = SIZE_MAX;
    std::chrono::milliseconds poll{100};
    /// After a rotation, the renamed file is still read this long: an appender that opened it just
    /// before the rename writes its line there.
    std::chrono::milliseconds drainGrace{2000};
};

struct EventFollowCallbacks {
    std::function<void(const CompileEvent&)> event;
    /// A corrupt line, or a partial one left in a file that was rotated away.
    std::function<void(const EventLogIssue&)> issue;
};

/// Deliver the log's events as they are appended, like `tail -F`: survives rotation (the live
/// path is checked by inode on every poll) and a log that does not exist yet; a truncated log is
/// read again from its start. Polls (works on network filesystems, where inotify does not).
/// Returns once `cancel` is set, or fails naming the path and the cause.
Status followEventLog(const std::string& path, const EventFollowCallbacks& callbacks,
                      const std::atomic<bool>& cancel, const EventFollowOptions& options = {});

} // namespace kl
