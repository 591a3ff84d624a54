#pragma once

#include "remotecache.h"
#include "remoteclean.h"
#include "remotetransfer.h"

#include <cstdio>
#include <optional>

namespace kl::remote {

// The `klens remote` documents (docs/json-schema.md, "Remote cache").

/// `ls --json` and `doctor --json`: schema "kernellens.remote/1".
void writeRemoteSnapshotJson(const RemoteSnapshot& snap, std::FILE* out);
/// `pull --json` / `push --json`: schema "kernellens.remote-transfer/1".
void writeTransferJson(const TransferReport& report, std::string_view direction, const std::string& server,
                       std::FILE* out);
/// `clean --json`: schema "kernellens.remote-clean/1"; `result` unset for a dry run.
void writeRemoteCleanJson(const RemoteCleanPlan& plan, const std::optional<RemoteCleanResult>& result,
                          const std::string& server, std::FILE* out);
/// `stats --json`: schema "kernellens.remote-stats/1".
void writeRemoteStatsJson(const RemoteSnapshot& snap, const ServerInfo& info, std::FILE* out);

std::string_view toString(TransferResult r);

} // namespace kl::remote
