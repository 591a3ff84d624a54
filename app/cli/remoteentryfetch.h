#pragma once

#include <optional>
#include <string>

namespace kl::cli {

/// True for `redis://...#KEY`, `rediss://...#KEY`, `unix://...#KEY` and `remote:KEY` (the server
/// KERNELLENS_REDIS_URL or TRITON_REDIS_HOST/PORT name): an entry of a remote cache.
bool isRemoteEntryArgument(const std::string& arg);

/// Pull that entry (verified, as `klens remote pull` does) into a private temporary cache that is
/// removed when klens exits, and return the entry folder; on failure print why and return nothing.
std::optional<std::string> fetchRemoteEntry(const std::string& arg);

} // namespace kl::cli
