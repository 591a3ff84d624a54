#pragma once

#include "commrules.h"
#include "tracemodel.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kl::trace {

/// What a GPU activity does, for breakdowns: HTA's classes (compute, communication, memory).
enum class KernelClass : std::uint8_t { Compute, Communication, Memcpy, Memset };

std::string_view toString(KernelClass c);

/// Memcpy and memset by the event's kind; a kernel is communication when a rule of `comm` names
/// it (commrules.h, which `rule` then holds), else compute.
KernelClass classify(GpuKind kind, std::string_view name, const CommClassifier& comm,
                     std::string* rule = nullptr);
/// The same with the built-in rules only.
KernelClass classify(GpuKind kind, std::string_view name);

/// A value that should be one number per kernel but may vary between launches (a recompile in
/// the middle of a run): the most common value, and the distinct values seen (at most 8 kept).
struct Observed {
    std::int64_t common = -1; ///< -1 when never recorded
    std::vector<std::int64_t> distinct;
    bool varies() const { return distinct.size() > 1; }
};

/// One binary a kernel name ran as: launches that agree on registers, shared memory and block
/// size (a name can run as several: Triton specialisations, a recompile mid-run).
struct LaunchVariant {
    std::int64_t registers = -1;
    std::int64_t sharedMemory = -1;
    std::int64_t blockThreads = -1;
    std::int64_t calls = 0;
    std::int64_t totalNs = 0;
};

/// Per kernel name (over every device, stream and, for several files, rank).
struct KernelStats {
    std::string name;      ///< as recorded (demangled C++ for CUDA kernels): JSON keeps it whole
    std::string shortName; ///< shortenKernelName(name), made unique in the report, for display
    KernelClass cls = KernelClass::Compute;
    std::string classRule; ///< the rule that named it communication ("NCCL", "--comm ..."), else ""
    std::int64_t calls = 0;
    std::int64_t totalNs = 0;
    std::int64_t meanNs = 0;
    std::int64_t p50Ns = 0;
    std::int64_t p95Ns = 0;
    std::int64_t maxNs = 0;
    std::int64_t minNs = 0;
    double share = 0; ///< totalNs / all GPU activity's total, 0..1
    Observed registers;
    Observed sharedMemory;
    Observed blockX;                     ///< block[0]*block[1]*block[2], threads per block
    std::vector<LaunchVariant> variants; ///< most calls first; at most 16 kept
    std::vector<std::int32_t> devices;
    std::vector<std::int32_t> ranks; ///< for several files; empty for one
    /// Launch-to-start delay over the launches whose correlation id matched, ns.
    std::int64_t launchDelayP50Ns = -1;
    std::int64_t launchDelayMaxNs = -1;
    int inductor = -1; ///< index into TraceReport::inductor: Inductor's record of this name
};

/// A gap on one stream between two activities.
struct IdleGap {
    std::int64_t startNs = 0;
    std::int64_t durNs = 0;
};

struct StreamStats {
    std::int32_t stream = -1;
    std::int64_t busyNs = 0; ///< union of the activity intervals
    std::int64_t spanNs = 0; ///< first start to last end
    std::int64_t events = 0;
    std::int64_t idleNs = 0;          ///< spanNs - busyNs
    std::vector<IdleGap> largestGaps; ///< the 5 largest, longest first
};

struct DeviceStats {
    std::int32_t rank = -1; ///< from distributedInfo when several files are read
    std::int32_t device = -1;
    std::string deviceName;
    std::string arch;
    std::int64_t busyNs = 0; ///< union over every stream
    std::int64_t spanNs = 0;
    std::int64_t computeNs = 0;       ///< union of compute kernels
    std::int64_t communicationNs = 0; ///< union of communication kernels
    std::int64_t memoryNs = 0;        ///< union of memcpy + memset
    /// compute ∩ communication: how much communication hides behind compute.
    std::int64_t overlapNs = 0;
    /// Communication with no compute running beside it: communicationNs - overlapNs.
    std::int64_t exposedCommunicationNs = 0;
    /// overlapNs / communicationNs, 0..1 (0 without communication).
    double hiddenShare() const
    {
        return communicationNs > 0 ? static_cast<double>(overlapNs) / static_cast<double>(communicationNs)
                                   : 0;
    }
    std::vector<StreamStats> streams;
};

/// Launch-to-start delay through correlation ids, over all kernels.
struct LaunchDelays {
    std::int64_t matched = 0;
    std::int64_t p50Ns = -1;
    std::int64_t p95Ns = -1;
    std::int64_t maxNs = -1;
};

struct ClassTotals {
    std::int64_t computeNs = 0, communicationNs = 0, memcpyNs = 0, memsetNs = 0;
};

/// One file's place in the summary.
struct TraceFileSummary {
    std::string path;
    std::optional<std::int32_t> rank;
    std::optional<std::int32_t> worldSize;
    std::uint64_t events = 0;
    std::uint64_t gpuEvents = 0;
    std::int64_t gpuTotalNs = 0;
    SkipCounts skipped;
    std::optional<ReadIssue> truncated;
};

/// The analysis of one or several traces (several: one per rank, summed here and split per
/// rank in `devices` and `files`).
struct TraceReport {
    std::vector<TraceFileSummary> files;
    std::vector<KernelStats> kernels; ///< by total time, longest first
    std::vector<DeviceStats> devices; ///< by rank, then device
    ClassTotals classes;
    LaunchDelays launchDelays;
    std::int64_t gpuTotalNs = 0; ///< sum of every GPU activity's duration
    std::vector<InductorKernel> inductor;
    /// Kernels no rule names (index into kernels) that ran on a stream whose kernel time is
    /// mostly communication: perhaps a library the rules do not know (`--comm` adds it).
    std::vector<std::size_t> unnamedOnCommStreams;
    std::vector<std::string> commPatterns; ///< the user's patterns the report was made with
};

/// Computes the report; it copies what it keeps, so the traces may go afterwards.
TraceReport analyse(const std::vector<const Trace*>& traces, const CommClassifier& comm);
/// The same with the built-in communication rules only.
TraceReport analyse(const std::vector<const Trace*>& traces);

/// A demangled C++ kernel name made readable: the return type, template arguments and
/// parameter list dropped, namespaces kept to the last two ("void at::native::(anonymous
/// namespace)::elementwise_kernel<128, 4, ...>(int, ...)" -> "native::elementwise_kernel").
/// Plain names (Triton's) come back unchanged.
std::string shortenKernelName(std::string_view name);

/// Makes every kernel's shortName unique within `kernels`: kernels that would share one (five
/// `cutlass::device_kernel<...>`) get the first template argument they differ in, shortened
/// ("device_kernel<GemmUniversal>", "vectorized_elementwise_kernel<AbsFunctor>"); any still alike
/// get " #2", " #3" in report order.
void makeShortNamesUnique(std::vector<KernelStats>& kernels);

/// The bare function name used to match a cache entry: the last identifier before the
/// template/parameter lists ("void foo<float>(float*)" -> "foo").
std::string baseKernelName(std::string_view name);

} // namespace kl::trace
