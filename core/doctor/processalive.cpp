#include "processalive.h"

#include <cerrno>
#include <csignal>
#include <sys/types.h>

namespace kl {

bool processAlive(long pid)
{
    if (pid <= 0 || pid > static_cast<long>(static_cast<pid_t>(-1u >> 1)))
        return false;
    if (::kill(static_cast<pid_t>(pid), 0) == 0)
        return true;
    return errno == EPERM;
}

} // namespace kl
