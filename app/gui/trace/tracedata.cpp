#include "tracedata.h"

#include "core/trace/tracejson.h"

#include <algorithm>

namespace kl::gui {

void TraceData::setJoin(trace::JoinResult result, bool withCache)
{
    join = std::move(result);
    joined = withCache;
    m_byEntry.clear();
    for (std::size_t j = 0; j < join.kernels.size(); ++j) {
        const trace::KernelJoin& kj = join.kernels[j];
        for (std::size_t m = 0; m < kj.entries.size(); ++m)
            m_byEntry[kj.entries[m].path].emplace_back(j, m);
    }
}

const trace::KernelJoin* TraceData::joinOf(std::size_t kernel) const
{
    return joined ? join.of(kernel) : nullptr;
}

CacheMatch TraceData::cacheMatch(std::size_t kernel) const
{
    if (!report || kernel >= report->kernels.size())
        return CacheMatch::NotJoined;
    const std::string_view state = trace::matchState(*report, joined ? &join : nullptr, kernel);
    if (state == "fits")
        return CacheMatch::Fits;
    if (state == "mismatch")
        return CacheMatch::Mismatch;
    if (state == "none")
        return CacheMatch::None;
    return CacheMatch::NotJoined;
}

std::vector<std::string> TraceData::entryPaths(std::size_t kernel) const
{
    std::vector<std::string> out;
    const trace::KernelJoin* kj = joinOf(kernel);
    if (!kj)
        return out;
    auto fits = [kj](std::size_t m) {
        return std::find(kj->variantBest.begin(), kj->variantBest.end(), int(m)) != kj->variantBest.end();
    };
    for (std::size_t m = 0; m < kj->entries.size(); ++m)
        if (fits(m))
            out.push_back(kj->entries[m].path);
    for (std::size_t m = 0; m < kj->entries.size(); ++m)
        if (!fits(m))
            out.push_back(kj->entries[m].path);
    return out;
}

std::vector<TraceData::EntryUse> TraceData::usesOf(const std::string& entryPath) const
{
    std::vector<EntryUse> out;
    auto it = m_byEntry.find(entryPath);
    if (it == m_byEntry.end())
        return out;
    for (const auto& [j, m] : it->second) {
        const trace::KernelJoin& kj = join.kernels[j];
        EntryUse use{kj.kernel, &kj.entries[m], {}};
        for (std::size_t v = 0; v < kj.variantBest.size(); ++v)
            if (kj.variantBest[v] == int(m))
                use.fits.push_back(v);
        out.push_back(std::move(use));
    }
    return out;
}

} // namespace kl::gui
