#pragma once

#include "compileevent.h"
#include "eventlogsettings.h"

#include <string>
#include <string_view>

namespace kl {

/// Appends compile events to a JSON-lines log that many processes share (KernelLens's compiles,
/// every Triton process running the listener). Each line is ONE write() of at most PIPE_BUF bytes
/// on a descriptor opened with O_APPEND, so concurrent lines never interleave on a local
/// filesystem (not guaranteed on NFS, whose O_APPEND is emulated by the client).
///
/// Rotation: after a write leaves the file larger than maxBytes, the appender takes an exclusive
/// flock on `<log>.lock` (a sidecar that is never renamed), checks the size again by name (another
/// appender may have rotated already) and renames `<log>.i` to `<log>.i+1` down to `<log>` to
/// `<log>.1`; the oldest generation is replaced. Writers never lock. A line written to a file that
/// a rotation renamed is still in that generation; a line written to a generation that was
/// already removed (its link count is 0 after the write) is written again to the live file, so
/// a line is only ever lost when its generation ages out.
class EventLog {
public:
    explicit EventLog(std::string path, EventLogOptions options = {});

    const std::string& path() const { return m_path; }
    const EventLogOptions& options() const { return m_options; }

    /// Append one event (formatEventLine); creates missing parent folders (mode 0700, as XDG
    /// asks for state folders) and the file (0644 less the umask). Returns "" on success, else an
    /// error naming the path and the cause (also when only the rotation after a written line
    /// failed: the message says the event was logged). Thread-safe and fork-safe: no state is kept
    /// between calls.
    std::string append(const CompileEvent& event) const;

    /// Append a line already formatted: it must end in '\n' and be at most kMaxEventLineBytes.
    std::string appendLine(std::string_view line) const;

private:
    std::string rotate() const;

    std::string m_path;
    EventLogOptions m_options;
};

/// `<log>.<n>`: the n-th rotated generation (1 is the newest).
std::string eventLogGeneration(const std::string& path, int n);

/// `<log>.lock`: the sidecar an appender locks exclusively to rotate and a reader locks shared
/// while it opens the generations.
std::string eventLogLockPath(const std::string& path);

} // namespace kl
