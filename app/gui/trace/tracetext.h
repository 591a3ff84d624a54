#pragma once

#include "tracedata.h"

#include <QCoreApplication>
#include <QString>
#include <cstdint>

namespace kl::gui {

/// How the Trace page words things: durations, sizes, kernel classes, the cache column, and
/// the GPU time an entry's detail pane shows.
class TraceText {
    Q_DECLARE_TR_FUNCTIONS(kl::gui::TraceText)

public:
    /// "1.25 ms", "830 µs", "412 ns": three significant digits, the unit chosen by size.
    static QString duration(std::int64_t ns);
    /// "48 KiB", "512 B".
    static QString bytes(std::int64_t bytes);
    /// "12.3 %".
    static QString share(double fraction);
    static QString kernelClass(trace::KernelClass cls);
    static QString cacheMatch(CacheMatch match);
    /// "rank 1 · GPU 0 · stream 7" (the rank left out when unknown).
    static QString lane(std::int32_t rank, std::int32_t device, std::int32_t stream);
    /// The label of a device's lane that shows its communication under compute and exposed.
    static QString overlapLane(std::int32_t rank, std::int32_t device);
    /// The two parts of that lane, as the legend and tooltips name them.
    static QString overlapPart(bool hidden);
    /// A value per launch: "40", or "32, 40 (varies)" when launches differed.
    static QString observed(const trace::Observed& value, bool asBytes);
    /// One binary a kernel ran as: "128 threads per block, 26 registers, 1 KiB of shared memory"
    /// (what the trace did not record left out).
    static QString variant(const trace::LaunchVariant& v);
    /// The entries a kernel matched, one a line, with what their binaries hold against the trace.
    static QString matchTooltip(const TraceData& data, std::size_t kernel);
    /// The GPU time of the kernels `entryPath` ran as in `data`; empty when none did.
    static QString entryGpuTime(const TraceData& data, const std::string& entryPath);
};

} // namespace kl::gui
