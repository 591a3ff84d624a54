#include "trace/tracedata.h"

namespace kl::gui {

void TraceData::setJoin(trace::JoinResult result, bool withCache)
{
    join = std::move(result);
    joined = withCache;
    m_joinOfKernel.assign(report ? report->kernels.size() : 0, -1);
    m_byEntry.clear();
    for (std::size_t j = 0; j < join.kernels.size(); ++j) {
        const trace::KernelJoin& kj = join.kernels[j];
        if (kj.kernel < m_joinOfKernel.size())
            m_joinOfKernel[kj.kernel] = int(j);
        for (std::size_t m = 0; m < kj.entries.size(); ++m)
            m_byEntry[kj.entries[m].path].emplace_back(j, m);
    }
}

const trace::KernelJoin* TraceData::joinOf(std::size_t kernel) const
{
    if (kernel >= m_joinOfKernel.size() || m_joinOfKernel[kernel] < 0)
        return nullptr;
    return &join.kernels[std::size_t(m_joinOfKernel[kernel])];
}

CacheMatch TraceData::cacheMatch(std::size_t kernel) const
{
    if (const trace::KernelJoin* kj = joinOf(kernel); kj && !kj->entries.empty())
        return kj->best >= 0 ? CacheMatch::Matched : CacheMatch::Mismatch;
    if (report && kernel < report->kernels.size() &&
        report->kernels[kernel].cls != trace::KernelClass::Compute)
        return CacheMatch::NotCacheable;
    return CacheMatch::None;
}

std::vector<std::string> TraceData::entryPaths(std::size_t kernel) const
{
    std::vector<std::string> out;
    const trace::KernelJoin* kj = joinOf(kernel);
    if (!kj)
        return out;
    if (kj->best >= 0 && std::size_t(kj->best) < kj->entries.size())
        out.push_back(kj->entries[std::size_t(kj->best)].path);
    for (std::size_t m = 0; m < kj->entries.size(); ++m)
        if (int(m) != kj->best)
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
        out.push_back({kj.kernel, &kj.entries[m], kj.best == int(m)});
    }
    return out;
}

} // namespace kl::gui
