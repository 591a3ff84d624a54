#pragma once

// Progress for commands run with --progress: "verb N/M" on stderr, rewritten in place, and only
// when stderr is a terminal (a redirected log gets no carriage returns). One line for the whole
// command: a scan's "scanning" and a doctor's "checking" take turns on it, and end() closes it
// before the command prints its result.

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

namespace kl::cli {

class TerminalProgress {
public:
    explicit TerminalProgress(bool asked);
    ~TerminalProgress();
    TerminalProgress(const TerminalProgress&) = delete;
    TerminalProgress& operator=(const TerminalProgress&) = delete;

    bool on() const { return m_on; }

    /// A callback for core's `progress` options that shows "verb done/total" every `every`
    /// items and at the last; empty when progress is off, so core skips the calls.
    std::function<void(std::size_t, std::size_t)> counter(std::string verb, std::size_t every = 1000);

    /// Ends the line if anything was shown. Safe to call more than once.
    void end();

private:
    bool m_on = false;
    std::atomic<bool> m_shown{false}; ///< set by core's worker threads
};

} // namespace kl::cli
