#pragma once

#include "keyformat.h"
#include "redisclient.h"
#include "remotecache.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kl::remote {

/// Which remote entries go. With none set nothing is chosen.
struct RemoteCleanPolicy {
    std::optional<std::int64_t> idleSeconds; ///< not read or written for at least this long
    std::optional<std::uint64_t> keepBytes;  ///< then the least recently used until this many bytes remain
    bool broken = false; ///< entries Triton can never hit (no group, a missing child, bad keys)
};

struct RemoteCleanItem {
    std::string key;
    std::string kernel;
    std::uint64_t bytes = 0;
    std::int64_t idleSeconds = -1;
    Text reason;
    std::vector<std::string> redisKeys; ///< the group first: once it is gone no reader finds the entry
};

struct RemoteCleanPlan {
    std::vector<RemoteCleanItem> items;
    std::uint64_t bytes = 0;
    std::uint64_t totalBytes = 0;
};

RemoteCleanPlan planRemoteClean(const RemoteSnapshot& snap, const KeyFormat& format,
                                const RemoteCleanPolicy& policy);

struct RemoteCleanResult {
    std::size_t entriesDeleted = 0;
    std::size_t keysDeleted = 0;
    bool cancelled = false;
};

/// Delete the plan's keys, entry by entry, each entry's group before its children (pipelined).
Result<RemoteCleanResult>
executeRemoteClean(Client& client, const RemoteCleanPlan& plan,
                   const std::function<void(std::size_t, std::size_t)>& progress = {},
                   const std::atomic<bool>* cancel = nullptr);

/// What `INFO` says about the server and its cache traffic.
struct ServerInfo {
    std::string version;
    std::uint64_t usedMemory = 0;
    std::uint64_t maxMemory = 0;
    std::string evictionPolicy;
    long long keyspaceHits = 0;
    long long keyspaceMisses = 0;
    long long evictedKeys = 0;
    long long dbKeys = 0; ///< keys in the selected database
    long long uptimeSeconds = 0;
};
Result<ServerInfo> serverInfo(Client& client);

} // namespace kl::remote
