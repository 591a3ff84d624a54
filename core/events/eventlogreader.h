#pragma once

#include "compileevent.h"
#include "core/util/text.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kl {

/// A line of the log that is not an event.
struct EventLogIssue {
    std::string path;       ///< the file (a generation or the live log)
    std::uint64_t line = 0; ///< 1-based line number in that file
    Text cause;             ///< "partial last line (no newline)", or why it is not an event
    bool partial = false;   ///< bytes after the file's last newline, rather than a corrupt line
};

/// Everything read from an events log and its rotated generations.
struct EventLogContents {
    std::vector<CompileEvent> events; ///< in file order, oldest generation first
    std::vector<std::string> files;   ///< the files read, oldest first (the live log last)
    std::uint64_t lines = 0;          ///< lines seen: events + corrupt + partial
    std::uint64_t corruptLines = 0;   ///< skipped: not JSON, not an event, or longer than 1 MiB
    /// Skipped: bytes after a file's last newline. In the live log that is usually a line being
    /// written at this moment; in a rotated generation a writer was cut off (disk full).
    std::uint64_t partialLines = 0;
    std::vector<EventLogIssue> issues; ///< the first `maxIssues` corrupt or partial lines
    bool found = false;                ///< at least one file of the log exists
    bool cancelled = false;
    Text error; ///< a file that exists could not be read (path and cause); events so far are kept
};

struct EventLogReadOptions {
    /// Bytes read so far and in all, after each chunk.
    std::function<void(std::uint64_t done, std::uint64_t total)> progress;
    const std::atomic<bool>* cancel = nullptr;
    std::size_t maxIssues = 20;
};

/// Read the log at `path` (see EventLog): the rotated generations `<path>.<n>` oldest first,
/// then `<path>` itself, opened together under a shared lock so that a concurrent rotation
/// neither hides nor repeats a line. A missing log is not an error (found = false).
EventLogContents readEventLog(const std::string& path, const EventLogReadOptions& options = {});

} // namespace kl
