#include "eventlogreader.h"

#include "eventline.h"
#include "eventlogfiles.h"

#include <cerrno>
#include <unistd.h>

namespace kl {
namespace {

void addIssue(EventLogContents& c, const EventLogReadOptions& o, EventLogIssue issue)
{
    if (c.issues.size() < o.maxIssues)
        c.issues.push_back(std::move(issue));
}

} // namespace

EventLogContents readEventLog(const std::string& path, const EventLogReadOptions& options)
{
    EventLogContents c;
    std::vector<OpenedLogFile> files;
    if (Status opened = openEventLogFiles(path, files); !opened)
        c.error = std::move(opened.error());
    c.found = !files.empty();
    std::uint64_t total = 0, done = 0;
    for (const OpenedLogFile& f : files)
        total += f.size;
    std::vector<char> buffer(1 << 20);
    for (OpenedLogFile& f : files) {
        c.files.push_back(f.path);
        LineSplitter splitter;
        std::uint64_t lineNo = 0;
        const LineSplitter::Sink sink = [&](std::string_view line, bool overlong) {
            ++lineNo;
            ++c.lines;
            if (overlong) {
                ++c.corruptLines;
                addIssue(c, options, overlongLineIssue(f.path, lineNo));
                return;
            }
            if (auto e = parseEventLine(line)) {
                c.events.push_back(std::move(*e));
            } else {
                ++c.corruptLines;
                addIssue(c, options, {f.path, lineNo, std::move(e.error())});
            }
        };
        for (;;) {
            if (options.cancel && options.cancel->load()) {
                c.cancelled = true;
                return c;
            }
            const ssize_t n = ::read(f.fd.get(), buffer.data(), buffer.size());
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                if (c.error.empty())
                    c.error = eventLogFileError(f.path, errnoText(errno));
                break;
            }
            if (n == 0)
                break;
            splitter.feed(std::string_view(buffer.data(), static_cast<std::size_t>(n)), sink);
            done += static_cast<std::uint64_t>(n);
            if (options.progress)
                options.progress(done, std::max(done, total));
        }
        if (splitter.hasRest()) {
            splitter.takeRest();
            ++c.lines;
            ++c.partialLines;
            addIssue(c, options, partialLineIssue(f.path, lineNo + 1));
        }
    }
    return c;
}

} // namespace kl
