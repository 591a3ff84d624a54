#pragma once

// The scanner, the doctor and the cleaner each run one loop body on a few threads that take items
// from a shared counter until none are left: this runs it, this thread included.

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace kl {

/// Runs `work` on min(threads, items) threads (at least one: this one) and waits for them all.
/// `work` takes items itself until none are left.
template <typename Work> void runOnThreads(unsigned threads, std::size_t items, Work& work)
{
    const unsigned n = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(threads, items)));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t)
        pool.emplace_back(work);
    work();
    for (auto& t : pool)
        t.join();
}

} // namespace kl
