#pragma once

#include <optional>
#include <string_view>

namespace kl {

/// True for what an interrupted (or running) Triton write leaves: `tmp.pid_<pid>_<uuid>` and
/// forks' `tmp.<8 hex>` folders, and 2.x `<file>.tmp.pid_<pid>_<random>` files.
bool isTempName(std::string_view name);

/// The writer's pid recorded in a temp name (`tmp.pid_<pid>_...`, `<file>.tmp.pid_<pid>_...`);
/// nothing when the name records none or it is not a positive number.
std::optional<long> tempWriterPid(std::string_view name);

/// Whether `pid` names a live process on this host (kill(pid, 0): ESRCH means gone; EPERM means
/// it runs under another user). A pid from another host sharing the folder says nothing.
bool processAlive(long pid);

} // namespace kl
