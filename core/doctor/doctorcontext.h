#pragma once

#include "core/fs/fsprobe.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// What the doctor (and `klens clean --stale`) knows about the machine it runs on. Every part is
/// optional, so rules that need an unknown fact are skipped, and tests supply their own.
struct DoctorContext {
    /// The Triton that would use the cache (e.g. "3.9.0"); unset: stale-version is not judged.
    std::optional<std::string> tritonVersion;
    /// Archs of this machine's GPUs ("90", "sm_90", "gfx90a"); empty: stale-arch is not judged.
    std::vector<std::string> gpuArchs;
    /// TRITON_ALWAYS_COMPILE as Triton reads it here; unset: override-ignored is not judged.
    std::optional<bool> alwaysCompile;
    /// The filesystem under a folder; unset: network-fs is not judged.
    FsProber probeFilesystem;
    /// Whether a pid runs on this host; unset: kl::processAlive (kill(pid, 0)).
    std::function<bool(long)> processAlive;
    /// Where linking keeps stage digests between runs (stageDigestCachePath); empty: none.
    std::string digestCache;
    /// Now, in ns since the epoch; unset: the real clock.
    std::function<std::int64_t()> nowNs;

    bool pidAlive(long pid) const;
    std::int64_t now() const;
};

} // namespace kl
