#pragma once

namespace kl {

/// Whether `pid` names a live process on this host (kill(pid, 0): ESRCH means gone; EPERM means
/// it runs under another user). A pid from another host sharing the folder says nothing.
bool processAlive(long pid);

} // namespace kl
