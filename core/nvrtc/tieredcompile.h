#pragma once

// NVRTC's two tiers: a local miss asks the team's Redis cache (core/remote) for the entry by its
// group's name, which the key gives, so no listing of the server is needed.

#include "core/events/compileevent.h"
#include "core/remote/keyformat.h"
#include "core/remote/redisclient.h"
#include "nvrtccache.h"

#include <optional>
#include <string_view>

namespace kl {

/// Where a tiered compile found its cubin.
enum class CompileTier { Local, Remote, Compiled };
std::string_view toString(CompileTier tier);

struct TieredCompileResult {
    NvrtcCacheResult result; ///< as NvrtcCache gives it; `result.event` is the local tier's event
    CompileTier tier = CompileTier::Compiled;
    /// The remote tier's event (origin "nvrtc-remote": a hit, or a miss followed by a push), when
    /// the remote cache was consulted.
    std::optional<CompileEvent> remoteEvent;
    /// What went wrong with the remote tier without failing the compile (a refused entry, a push
    /// that failed, a server that stopped answering): the compile went on locally.
    Text remoteNote;
};

/// Two tiers for NVRTC: the local cache, then the team's Redis cache (`client`, may be null), then
/// a compile whose entry is pushed so the next machine hits. A remote entry is pulled verified
/// (its metadata hash is its key) into the local cache and then read through the local cache's
/// own checks (every file's sha256), so a bad remote entry is never used.
TieredCompileResult compileTiered(const NvrtcCache& cache, const NvrtcRequest& request,
                                  remote::Client* client, const remote::KeyFormat& format);

} // namespace kl
