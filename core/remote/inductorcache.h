#pragma once

#include "core/util/result.h"
#include "redisclient.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kl::remote {

/// PyTorch Inductor's values in the same server: `pt2:<cache_id>::<key>:c<version>`, JSON
/// (torch/_inductor/remote_cache.py, RedisRemoteCache). Autotune results are decoded; the FX
/// graph, AOT autograd and Dynamo PGO caches are listed by size.
enum class InductorKind { Autotune, BundledAutotune, FxGraph, AotAutograd, DynamoPgo, Other };
std::string_view toString(InductorKind kind);

/// One winning autotune configuration, as Inductor's AutotuneCache.save() stores it.
struct InductorBestConfig {
    std::vector<std::pair<std::string, std::string>> kwargs; ///< XBLOCK, R0_BLOCK, ... (values as JSON)
    std::optional<std::int64_t> numWarps;
    std::optional<std::int64_t> numStages;
    std::optional<std::int64_t> timeTakenMs;
    std::optional<bool> foundByCoordesc;
    std::string configsHash;
    std::string tritonCacheHash; ///< the Triton cache key of the winner, when recorded
};

struct InductorValue {
    std::string redisKey;
    std::string cacheId; ///< sha256 hex for autotune results, else the cache's name
    std::string key;     ///< for autotune: the kernel's file name (its source's hash)
    int version = 0;
    InductorKind kind = InductorKind::Other;
    std::uint64_t size = 0;
    std::int64_t idleSeconds = -1;
    std::vector<InductorBestConfig> configs; ///< one (autotune) or one per kernel file (bundled)
    std::vector<std::string> bundledFiles;   ///< bundled: the kernel file of each config
    Text problem;                            ///< why the value could not be decoded, if it could not
};

/// `pt2:<cache_id>::<key>:c<N>` taken apart; nothing when `redisKey` is not of that form.
std::optional<InductorValue> parseInductorKey(std::string_view redisKey);

/// Decode an autotune value (`kind` Autotune or BundledAutotune) into `value.configs`, or set
/// `value.problem`.
void decodeInductorValue(InductorValue& value, std::string_view json);

/// Every `pt2:*` key of the server: sizes and idle times, autotune values decoded (up to
/// `maxJsonBytes`).
Result<std::vector<InductorValue>> listInductorValues(Client& client,
                                                      std::uint64_t maxJsonBytes = 16ull << 20,
                                                      const std::atomic<bool>* cancel = nullptr);

} // namespace kl::remote
