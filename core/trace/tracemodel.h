#pragma once

#include "core/util/text.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl::trace {

/// What a GPU activity is, from Kineto's `cat`.
enum class GpuKind : std::uint8_t { Kernel, Memcpy, Memset };

std::string_view toString(GpuKind kind);

/// One activity on a GPU (Kineto `cat` kernel / gpu_memcpy / gpu_memset, `ph` X). Times are
/// integer nanoseconds parsed from the JSON text itself: Kineto writes microseconds with three
/// decimals and epoch-sized values (1.7e15 us) that a double cannot hold to the nanosecond.
/// Fields Kineto did not record are -1 (or NaN for the fractional ones).
struct GpuEvent {
    std::int64_t tsNs = 0;  ///< start, ns (the trace's own clock, `baseTimeNanoseconds` not added)
    std::int64_t durNs = 0; ///< duration, ns, >= 0
    std::uint32_t name = 0; ///< index into Trace::names
    GpuKind kind = GpuKind::Kernel;
    std::int32_t device = -1;
    std::int32_t stream = -1;
    std::int64_t correlation = -1;
    std::int64_t externalId = -1;
    std::int32_t registers = -1;    ///< "registers per thread"
    std::int32_t sharedMemory = -1; ///< "shared memory", bytes (static + dynamic)
    std::array<std::int32_t, 3> grid{-1, -1, -1};
    std::array<std::int32_t, 3> block{-1, -1, -1};
    float blocksPerSm = -1;
    float warpsPerSm = -1;
    float occupancyPct = -1; ///< "est. achieved occupancy %"
};

/// A CPU-side launch (cuda_runtime / cuda_driver with a correlation id): the launch-to-start
/// delay of the GPU event with the same correlation is `gpu.tsNs - tsNs`.
struct LaunchEvent {
    std::int64_t tsNs = 0;
    std::int64_t durNs = 0;
    std::int64_t correlation = -1;
    std::uint32_t name = 0; ///< cudaLaunchKernel, cuLaunchKernel, cudaMemcpyAsync, ...
};

/// What PyTorch Inductor recorded about a Triton launch on its `cpu_op` (one per distinct
/// name + kernel_hash; repeats only count).
struct InductorKernel {
    std::string name;       ///< e.g. triton_poi_fused_add_cos_sin_0, the @triton.jit function's name
    std::string kernelHash; ///< the generated .py file's hash (not Triton's cache key)
    std::string kernelFile; ///< /tmp/torchinductor_<user>/<2 chars>/<hash>.py
    std::string backend;    ///< "triton"
    std::int32_t numWarps = -1;
    std::int32_t numStages = -1;
    std::string grid; ///< as Inductor wrote it ("grid(100,)")
    std::int64_t launches = 0;
};

/// One entry of `deviceProperties`.
struct DeviceProperties {
    std::int32_t id = -1;
    std::string name;
    std::int32_t computeMajor = -1;
    std::int32_t computeMinor = -1;
    std::int32_t numSms = -1;
    std::int32_t warpSize = -1;
    std::int64_t totalGlobalMem = -1;
    std::int32_t maxThreadsPerBlock = -1;
    std::int32_t regsPerBlock = -1;
    std::int64_t sharedMemPerBlock = -1;
    /// The arch as caches write it: "90" for 9.0 on NVIDIA, "gfx90a"-style names are not in
    /// Kineto's properties, so AMD devices give computeMajor*10+minor as well (9.0 -> "90").
    std::string arch() const;
};

/// Why reading stopped early or what was set aside. `offset` is the byte offset in the
/// decompressed JSON text (for a .gz, in the uncompressed stream; `compressedOffset` in the file).
struct ReadIssue {
    std::uint64_t offset = 0;
    std::uint64_t compressedOffset = 0;
    Text message;
};

/// Events the reader saw but did not keep, by reason (each also counted in Trace::skipped).
struct SkipCounts {
    std::uint64_t missingTs = 0;    ///< an X event without a numeric `ts`
    std::uint64_t missingDur = 0;   ///< a GPU X event without a numeric `dur`
    std::uint64_t negativeDur = 0;  ///< `dur` < 0
    std::uint64_t hugeDur = 0;      ///< `dur` over a day: a clock glitch, not a kernel
    std::uint64_t badNumber = 0;    ///< ts/dur not a finite number that fits int64 ns
    std::uint64_t nonUtf8Names = 0; ///< names with invalid UTF-8 (kept, invalid bytes replaced)
    std::uint64_t total() const { return missingTs + missingDur + negativeDur + hugeDur + badNumber; }
};

/// A Chrome trace as KernelLens keeps it: the GPU activities, the launches that correlate with
/// them, Inductor's kernel records and the trace's header. Everything else (CPU ops, flows,
/// annotations) is counted, not kept, so memory follows what is kept and not the file.
struct Trace {
    std::string path;
    std::vector<std::string> names; ///< interned event names (GpuEvent::name, LaunchEvent::name)
    std::vector<GpuEvent> gpu;      ///< in file order
    std::vector<LaunchEvent> launches;
    std::vector<InductorKernel> inductor;
    std::vector<DeviceProperties> devices;
    std::optional<std::int32_t> rank;      ///< distributedInfo.rank
    std::optional<std::int32_t> worldSize; ///< distributedInfo.world_size
    std::optional<std::int64_t> baseTimeNanoseconds;
    std::optional<std::int32_t> schemaVersion;
    std::string traceName;
    bool bareArray = false;       ///< the file is a bare array of events (no header object)
    std::uint64_t eventsSeen = 0; ///< every element of traceEvents
    std::uint64_t bytes = 0;      ///< bytes of JSON text read (uncompressed)
    SkipCounts skipped;
    /// Set when the file ends early or breaks: what was read up to there is kept.
    std::optional<ReadIssue> truncated;

    const std::string& nameOf(std::uint32_t index) const { return names[index]; }
    const DeviceProperties* device(std::int32_t id) const;
};

} // namespace kl::trace
