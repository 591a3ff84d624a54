#pragma once

// Shared by the events-log reader and follower (not a public API): opening the generations
// consistently, and cutting bytes into lines.

#include "compileevent.h"
#include "core/util/posixfile.h"
#include "core/util/result.h"
#include "eventlogreader.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// One file of the log, opened.
struct OpenedLogFile {
    std::string path;
    UniqueFd fd;
    std::uint64_t size = 0; ///< at opening
    std::uint64_t dev = 0;
    std::uint64_t ino = 0;
    bool live = false; ///< the log itself, not a rotated generation
};

/// Open every rotated generation `<log>.<n>` (oldest, i.e. highest n, first) and then the live
/// log, while holding a shared flock on `<log>.lock` so that no rotation renames files between
/// the opens: each line is then in exactly one of the files opened. Files that do not exist are
/// left out. Fails naming the path and the cause (a file that exists but is not a regular file or
/// cannot be opened).
Status openEventLogFiles(const std::string& path, std::vector<OpenedLogFile>& out);

/// "<path>: <cause>", the error of a log file that exists but cannot be read.
Text eventLogFileError(const std::string& path, std::string cause);

/// A line over 1 MiB, and the bytes after a file's last newline: the same words from the reader
/// and the follower.
EventLogIssue overlongLineIssue(const std::string& path, std::uint64_t line);
EventLogIssue partialLineIssue(const std::string& path, std::uint64_t line);

/// Cuts a byte stream into lines. Lines longer than kMaxBufferedLine are not kept in memory:
/// they come out as an empty view with `overlong` set.
class LineSplitter {
public:
    static constexpr std::size_t kMaxBufferedLine = 1 << 20;
    using Sink = std::function<void(std::string_view line, bool overlong)>;

    void feed(std::string_view bytes, const Sink& sink);
    /// Bytes after the last newline (a line being written, or cut off), then forgets them.
    std::string takeRest();
    bool hasRest() const { return !m_rest.empty() || m_overlong; }
    void reset();

private:
    std::string m_rest;
    bool m_overlong = false;
};

} // namespace kl
