#include "terminalprogress.h"

#include <cstdio>
#include <unistd.h>

namespace kl::cli {

TerminalProgress::TerminalProgress(bool asked)
    : m_on(asked && ::isatty(STDERR_FILENO))
{
}

TerminalProgress::~TerminalProgress()
{
    end();
}

std::function<void(std::size_t, std::size_t)> TerminalProgress::counter(std::string verb, std::size_t every)
{
    if (!m_on)
        return {};
    return [this, verb = std::move(verb), every](std::size_t done, std::size_t total) {
        if (every && done % every != 0 && done != total)
            return;
        // Trailing spaces cover a longer line shown before ("checking" after "scanning 10000/10000").
        std::fprintf(stderr, "\r%s %zu/%zu   ", verb.c_str(), done, total);
        m_shown = true;
    };
}

void TerminalProgress::end()
{
    if (m_shown.exchange(false))
        std::fputc('\n', stderr);
}

} // namespace kl::cli
