#include "traceanalysis.h"

#include "intervals.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace kl::trace {

std::string_view toString(KernelClass c)
{
    switch (c) {
    case KernelClass::Compute: return "compute";
    case KernelClass::Communication: return "communication";
    case KernelClass::Memcpy: return "memcpy";
    case KernelClass::Memset: return "memset";
    }
    return "compute";
}

KernelClass classify(GpuKind kind, std::string_view name, const CommClassifier& comm, std::string* rule)
{
    if (kind == GpuKind::Memcpy)
        return KernelClass::Memcpy;
    if (kind == GpuKind::Memset)
        return KernelClass::Memset;
    std::string named = comm.rule(name);
    if (named.empty())
        return KernelClass::Compute;
    if (rule)
        *rule = std::move(named);
    return KernelClass::Communication;
}

KernelClass classify(GpuKind kind, std::string_view name)
{
    static const CommClassifier builtin;
    return classify(kind, name, builtin);
}

namespace {

/// Nearest-rank-free percentile as numpy's default (linear between closest ranks).
std::int64_t percentile(std::vector<std::int64_t>& v, double q)
{
    if (v.empty())
        return -1;
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(pos);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lo), v.end());
    const std::int64_t a = v[lo];
    if (lo + 1 >= v.size())
        return a;
    const std::int64_t b = *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(lo) + 1, v.end());
    return a + static_cast<std::int64_t>((pos - static_cast<double>(lo)) * static_cast<double>(b - a) + 0.5);
}

struct Counter {
    std::map<std::int64_t, std::int64_t> counts;
    void add(std::int64_t v)
    {
        if (v >= 0)
            ++counts[v];
    }
    Observed observed() const
    {
        Observed o;
        std::int64_t best = 0;
        for (const auto& [value, n] : counts) {
            if (n > best) {
                best = n;
                o.common = value;
            }
            if (o.distinct.size() < 8)
                o.distinct.push_back(value);
        }
        return o;
    }
};

struct KernelAgg {
    KernelStats stats;
    std::vector<std::int64_t> durations;
    std::vector<std::int64_t> delays;
    Counter registers, shared, threads;
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::pair<std::int64_t, std::int64_t>>
        variants;
};

struct LaneKey {
    std::int32_t rank, device, stream;
    bool operator<(const LaneKey& o) const
    {
        return std::tie(rank, device, stream) < std::tie(o.rank, o.device, o.stream);
    }
};

template <typename T> void addUnique(std::vector<T>& v, T x)
{
    if (std::find(v.begin(), v.end(), x) == v.end())
        v.push_back(x);
}

} // namespace

TraceReport analyse(const std::vector<const Trace*>& traces)
{
    return analyse(traces, CommClassifier());
}

TraceReport analyse(const std::vector<const Trace*>& traces, const CommClassifier& comm)
{
    TraceReport report;
    report.commPatterns = comm.userPatterns();
    // Per stream: its communication time and the compute kernels on it, for the kernels that may
    // be communication no rule names.
    struct LaneClasses {
        std::int64_t commNs = 0, totalNs = 0;
        std::vector<std::size_t> computeSlots;
    };
    std::map<LaneKey, LaneClasses> laneClasses;
    std::unordered_map<std::string, std::size_t> byName;
    std::vector<KernelAgg> aggs;
    std::map<LaneKey, std::vector<Interval>> lanes;
    struct DeviceAgg {
        std::vector<Interval> all, compute, comm, memory;
        std::string name, arch;
    };
    std::map<std::pair<std::int32_t, std::int32_t>, DeviceAgg> devices;
    std::vector<std::int64_t> allDelays;
    std::map<std::string, std::size_t> inductorIndex;
    const bool several = traces.size() > 1;

    for (std::size_t t = 0; t < traces.size(); ++t) {
        const Trace& trace = *traces[t];
        TraceFileSummary file;
        file.path = trace.path;
        file.rank = trace.rank;
        file.worldSize = trace.worldSize;
        file.events = trace.eventsSeen;
        file.gpuEvents = trace.gpu.size();
        file.skipped = trace.skipped;
        file.truncated = trace.truncated;
        // Several files without distributedInfo are told apart by their order.
        const std::int32_t rank =
            several ? trace.rank.value_or(static_cast<std::int32_t>(t)) : trace.rank.value_or(-1);

        std::vector<std::size_t> local(trace.names.size(), SIZE_MAX);
        std::unordered_map<std::int64_t, std::int64_t> launchTs;
        launchTs.reserve(trace.launches.size());
        for (const LaunchEvent& l : trace.launches)
            launchTs.emplace(l.correlation, l.tsNs);

        for (const GpuEvent& e : trace.gpu) {
            std::size_t& slot = local[e.name];
            if (slot == SIZE_MAX) {
                const std::string& name = trace.names[e.name];
                auto [it, fresh] = byName.try_emplace(name, aggs.size());
                if (fresh) {
                    KernelAgg agg;
                    agg.stats.name = name;
                    agg.stats.shortName = shortenKernelName(name);
                    agg.stats.cls = classify(e.kind, name, comm, &agg.stats.classRule);
                    aggs.push_back(std::move(agg));
                }
                slot = it->second;
            }
            KernelAgg& agg = aggs[slot];
            agg.durations.push_back(e.durNs);
            agg.stats.totalNs += e.durNs;
            agg.registers.add(e.registers);
            agg.shared.add(e.sharedMemory);
            const std::int64_t threads = e.block[0] >= 0
                                             ? static_cast<std::int64_t>(e.block[0]) *
                                                   std::max(e.block[1], 1) * std::max(e.block[2], 1)
                                             : -1;
            agg.threads.add(threads);
            auto& variant = agg.variants[{e.registers, e.sharedMemory, threads}];
            ++variant.first;
            variant.second += e.durNs;
            addUnique(agg.stats.devices, e.device);
            if (several)
                addUnique(agg.stats.ranks, rank);
            file.gpuTotalNs += e.durNs;
            report.gpuTotalNs += e.durNs;
            const KernelClass cls = agg.stats.cls;
            switch (cls) {
            case KernelClass::Compute: report.classes.computeNs += e.durNs; break;
            case KernelClass::Communication: report.classes.communicationNs += e.durNs; break;
            case KernelClass::Memcpy: report.classes.memcpyNs += e.durNs; break;
            case KernelClass::Memset: report.classes.memsetNs += e.durNs; break;
            }
            const Interval span{e.tsNs, e.tsNs + e.durNs};
            lanes[{rank, e.device, e.stream}].push_back(span);
            if (e.kind == GpuKind::Kernel) {
                LaneClasses& lc = laneClasses[{rank, e.device, e.stream}];
                lc.totalNs += e.durNs;
                if (cls == KernelClass::Communication)
                    lc.commNs += e.durNs;
                else
                    addUnique(lc.computeSlots, slot);
            }
            DeviceAgg& dev = devices[{rank, e.device}];
            dev.all.push_back(span);
            if (cls == KernelClass::Compute)
                dev.compute.push_back(span);
            else if (cls == KernelClass::Communication)
                dev.comm.push_back(span);
            else
                dev.memory.push_back(span);
            if (e.correlation >= 0 && e.kind == GpuKind::Kernel) {
                if (auto it = launchTs.find(e.correlation); it != launchTs.end() && e.tsNs >= it->second) {
                    agg.delays.push_back(e.tsNs - it->second);
                    allDelays.push_back(e.tsNs - it->second);
                }
            }
        }
        for (auto& [key, dev] : devices) {
            if (key.first != rank || !dev.name.empty())
                continue;
            if (const DeviceProperties* p = trace.device(key.second)) {
                dev.name = p->name;
                dev.arch = p->arch();
            }
        }
        for (const InductorKernel& k : trace.inductor) {
            auto [it, fresh] =
                inductorIndex.try_emplace(k.name + '\n' + k.kernelHash, report.inductor.size());
            if (fresh)
                report.inductor.push_back(k);
            else
                report.inductor[it->second].launches += k.launches;
        }
        report.files.push_back(std::move(file));
    }

    // Inductor's first record of each name (a name with several kernel_hash values keeps the first).
    std::unordered_map<std::string, std::size_t> inductorByName;
    for (std::size_t i = 0; i < report.inductor.size(); ++i)
        inductorByName.try_emplace(report.inductor[i].name, i);
    std::vector<std::string> nameOfSlot;
    nameOfSlot.reserve(aggs.size());
    for (const KernelAgg& agg : aggs)
        nameOfSlot.push_back(agg.stats.name);
    for (KernelAgg& agg : aggs) {
        KernelStats& s = agg.stats;
        s.calls = static_cast<std::int64_t>(agg.durations.size());
        s.meanNs = s.calls ? s.totalNs / s.calls : 0;
        s.maxNs = agg.durations.empty() ? 0 : *std::max_element(agg.durations.begin(), agg.durations.end());
        s.minNs = agg.durations.empty() ? 0 : *std::min_element(agg.durations.begin(), agg.durations.end());
        s.p50Ns = percentile(agg.durations, 0.5);
        s.p95Ns = percentile(agg.durations, 0.95);
        s.share = report.gpuTotalNs > 0
                      ? static_cast<double>(s.totalNs) / static_cast<double>(report.gpuTotalNs)
                      : 0;
        s.registers = agg.registers.observed();
        s.sharedMemory = agg.shared.observed();
        s.blockX = agg.threads.observed();
        for (const auto& [key, v] : agg.variants)
            s.variants.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), v.first, v.second});
        std::stable_sort(s.variants.begin(), s.variants.end(),
                         [](const LaunchVariant& a, const LaunchVariant& b) { return a.calls > b.calls; });
        if (s.variants.size() > 16)
            s.variants.resize(16);
        if (!agg.delays.empty()) {
            s.launchDelayMaxNs = *std::max_element(agg.delays.begin(), agg.delays.end());
            s.launchDelayP50Ns = percentile(agg.delays, 0.5);
        }
        std::sort(s.devices.begin(), s.devices.end());
        std::sort(s.ranks.begin(), s.ranks.end());
        if (auto it = inductorByName.find(s.name); it != inductorByName.end())
            s.inductor = static_cast<int>(it->second);
        report.kernels.push_back(std::move(s));
    }
    std::stable_sort(report.kernels.begin(), report.kernels.end(),
                     [](const KernelStats& a, const KernelStats& b) {
                         return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
                     });
    makeShortNamesUnique(report.kernels);
    {
        std::unordered_map<std::string_view, std::size_t> indexOf;
        for (std::size_t i = 0; i < report.kernels.size(); ++i)
            indexOf.emplace(report.kernels[i].name, i);
        std::vector<std::size_t> suspects;
        for (const auto& [lane, lc] : laneClasses)
            if (lc.commNs * 2 > lc.totalNs) // mostly communication
                for (std::size_t slot : lc.computeSlots)
                    addUnique(suspects, indexOf.at(nameOfSlot[slot]));
        std::sort(suspects.begin(), suspects.end());
        report.unnamedOnCommStreams = std::move(suspects);
    }

    for (auto& [key, dev] : devices) {
        DeviceStats d;
        d.rank = key.first;
        d.device = key.second;
        d.deviceName = dev.name;
        d.arch = dev.arch;
        d.busyNs = mergeIntervals(dev.all);
        if (!dev.all.empty())
            d.spanNs = dev.all.back().second - dev.all.front().first;
        d.computeNs = mergeIntervals(dev.compute);
        d.communicationNs = mergeIntervals(dev.comm);
        d.memoryNs = mergeIntervals(dev.memory);
        d.overlapNs = intersectionLength(dev.compute, dev.comm);
        d.exposedCommunicationNs = d.communicationNs - d.overlapNs;
        for (auto& [lane, intervals] : lanes) {
            if (lane.rank != key.first || lane.device != key.second)
                continue;
            StreamStats s;
            s.stream = lane.stream;
            s.events = static_cast<std::int64_t>(intervals.size());
            s.busyNs = mergeIntervals(intervals);
            s.spanNs = intervals.back().second - intervals.front().first;
            s.idleNs = s.spanNs - s.busyNs;
            std::vector<IdleGap> gaps;
            for (std::size_t i = 1; i < intervals.size(); ++i)
                gaps.push_back({intervals[i - 1].second, intervals[i].first - intervals[i - 1].second});
            const std::size_t keep = std::min<std::size_t>(5, gaps.size());
            std::partial_sort(gaps.begin(), gaps.begin() + static_cast<std::ptrdiff_t>(keep), gaps.end(),
                              [](const IdleGap& a, const IdleGap& b) { return a.durNs > b.durNs; });
            gaps.resize(keep);
            s.largestGaps = std::move(gaps);
            d.streams.push_back(std::move(s));
        }
        report.devices.push_back(std::move(d));
    }

    report.launchDelays.matched = static_cast<std::int64_t>(allDelays.size());
    if (!allDelays.empty()) {
        report.launchDelays.maxNs = *std::max_element(allDelays.begin(), allDelays.end());
        report.launchDelays.p50Ns = percentile(allDelays, 0.5);
        report.launchDelays.p95Ns = percentile(allDelays, 0.95);
    }
    return report;
}

} // namespace kl::trace
