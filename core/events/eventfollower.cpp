#include "eventfollower.h"

#include "eventline.h"
#include "eventlogfiles.h"

#include <algorithm>
#include <cerrno>
#include <deque>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace kl {
namespace {

using Clock = std::chrono::steady_clock;

// One file being read: the live log, or one a rotation renamed that is drained for a while.
struct Tail {
    std::string path;
    UniqueFd fd;
    std::uint64_t dev = 0, ino = 0;
    std::uint64_t offset = 0;
    std::uint64_t lineNo = 0;
    LineSplitter splitter;
    Clock::time_point drainUntil{};
};

class Follower {
public:
    Follower(const EventFollowCallbacks& cb)
        : m_cb(cb)
    {
    }

    // Read `t` to its end; events go to `deliver`.
    template <typename Deliver> Status readAvailable(Tail& t, Deliver&& deliver)
    {
        char buffer[1 << 16];
        for (;;) {
            const ssize_t n = ::read(t.fd.get(), buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                return fail(eventLogFileError(t.path, errnoText(errno)));
            if (n == 0)
                return {};
            t.offset += static_cast<std::uint64_t>(n);
            t.splitter.feed(std::string_view(buffer, static_cast<std::size_t>(n)),
                            [&](std::string_view line, bool overlong) {
                                ++t.lineNo;
                                if (overlong) {
                                    issue(overlongLineIssue(t.path, t.lineNo));
                                    return;
                                }
                                if (auto e = parseEventLine(line))
                                    deliver(std::move(*e));
                                else
                                    issue({t.path, t.lineNo, std::move(e.error())});
                            });
        }
    }

    void finish(Tail& t)
    {
        if (t.splitter.hasRest()) {
            t.splitter.takeRest();
            issue(partialLineIssue(t.path, t.lineNo + 1));
        }
    }

    void issue(const EventLogIssue& i)
    {
        if (m_cb.issue)
            m_cb.issue(i);
    }
    void event(const CompileEvent& e)
    {
        if (m_cb.event)
            m_cb.event(e);
    }

private:
    const EventFollowCallbacks& m_cb;
};

bool sameFile(const Tail& t, const struct stat& st)
{
    return t.dev == static_cast<std::uint64_t>(st.st_dev) && t.ino == static_cast<std::uint64_t>(st.st_ino);
}

Tail tailOf(OpenedLogFile& f)
{
    Tail t;
    t.path = f.path;
    t.fd = std::move(f.fd);
    t.dev = f.dev;
    t.ino = f.ino;
    return t;
}

using Identity = std::pair<std::uint64_t, std::uint64_t>; // st_dev, st_ino

} // namespace

Status followEventLog(const std::string& path, const EventFollowCallbacks& callbacks,
                      const std::atomic<bool>& cancel, const EventFollowOptions& options)
{
    Follower follower(callbacks);
    std::vector<OpenedLogFile> files;
    if (Status opened = openEventLogFiles(path, files); !opened)
        return opened;

    // History: every generation, then the live file up to its current end (opened together).
    std::deque<CompileEvent> history;
    auto keep = [&](CompileEvent&& e) {
        if (options.history == 0)
            return;
        history.push_back(std::move(e));
        if (history.size() > options.history)
            history.pop_front();
    };
    std::optional<Tail> live;
    std::vector<Tail> draining;
    std::optional<Identity> newest; // the newest file read so far: later generations follow it
    for (std::size_t i = 0; i < files.size(); ++i) {
        // The newest generation was renamed last: a writer that opened it just before may still add to it.
        const bool newestGeneration = !files[i].live && (i + 1 == files.size() || files[i + 1].live);
        newest = Identity{files[i].dev, files[i].ino};
        Tail t = tailOf(files[i]);
        if (Status read = follower.readAvailable(t, keep); !read)
            return read;
        if (files[i].live) {
            live = std::move(t); // its partial last line may still be completed
        } else if (newestGeneration) {
            t.drainUntil = Clock::now() + options.drainGrace;
            draining.push_back(std::move(t));
        } else {
            follower.finish(t);
        }
    }
    for (const CompileEvent& e : history)
        follower.event(e);
    history.clear();

    auto deliver = [&](CompileEvent&& e) { follower.event(e); };
    auto known = [&](const OpenedLogFile& f) {
        if (live && live->dev == f.dev && live->ino == f.ino)
            return true;
        return std::any_of(draining.begin(), draining.end(),
                           [&](const Tail& t) { return t.dev == f.dev && t.ino == f.ino; });
    };
    while (!cancel.load()) {
        // Older files first, so that lines come out in the order they were written.
        const auto now = Clock::now();
        for (auto it = draining.begin(); it != draining.end();) {
            if (Status read = follower.readAvailable(*it, deliver); !read)
                return read;
            if (now >= it->drainUntil) {
                follower.finish(*it);
                it = draining.erase(it);
            } else {
                ++it;
            }
        }
        if (live)
            if (Status read = follower.readAvailable(*live, deliver); !read)
                return read;
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0) {
            if (errno != ENOENT)
                return fail(eventLogFileError(path, errnoText(errno)));
        } else if (!S_ISREG(st.st_mode)) {
            return fail(Text::of(KL_TEXT("kl::events", "%1: not a regular file"), path));
        } else if (live && sameFile(*live, st)) {
            if (static_cast<std::uint64_t>(st.st_size) < live->offset) {
                // Truncated in place (not by us: we rotate by renaming): start over, as tail -F does.
                ::lseek(live->fd.get(), 0, SEEK_SET);
                live->offset = 0;
                live->lineNo = 0;
                live->splitter.reset();
            }
        } else {
            // Rotated (or created). Several rotations may have happened since the last poll: every
            // generation newer than the newest file we know is read too, in order, before the new
            // live file.
            if (Status opened = openEventLogFiles(path, files); !opened)
                return opened;
            std::size_t from = 0;
            for (std::size_t i = 0; i < files.size(); ++i)
                if (newest && files[i].dev == newest->first && files[i].ino == newest->second)
                    from = i + 1;
            std::vector<OpenedLogFile*> found;
            for (std::size_t i = from; i < files.size(); ++i)
                if (!known(files[i]))
                    found.push_back(&files[i]);
            if (!found.empty()) {
                // Oldest first: the old live file, then the generations after it, then the new one.
                if (live) {
                    live->drainUntil = now + options.drainGrace;
                    draining.push_back(std::move(*live));
                    live.reset();
                }
                for (OpenedLogFile* f : found) {
                    newest = Identity{f->dev, f->ino};
                    const bool isLive = f->live;
                    Tail t = tailOf(*f);
                    if (isLive) {
                        live = std::move(t);
                    } else {
                        t.drainUntil = now + options.drainGrace;
                        draining.push_back(std::move(t));
                    }
                }
                continue; // read what was found at once
            }
        }
        std::this_thread::sleep_for(options.poll);
    }
    return {};
}

} // namespace kl
