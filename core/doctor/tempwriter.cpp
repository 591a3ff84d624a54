#include "doctor/tempwriter.h"

#include "scan/entryreader.h"

#include <cerrno>
#include <charconv>
#include <csignal>
#include <sys/types.h>

namespace kl {

bool isTempName(std::string_view name)
{
    return isTempFolderName(name) || name.find(".tmp.pid_") != std::string_view::npos;
}

std::optional<long> tempWriterPid(std::string_view name)
{
    constexpr std::string_view marker = "tmp.pid_";
    std::size_t at = name.starts_with(marker) ? 0 : name.find(".tmp.pid_");
    if (at == std::string_view::npos)
        return std::nullopt;
    if (at != 0)
        ++at; // past the '.' of "<file>.tmp.pid_"
    std::string_view digits = name.substr(at + marker.size());
    long pid = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (ec != std::errc() || end == digits.data() || pid <= 0)
        return std::nullopt;
    // Triton writes "_<uuid>" after the pid; anything else is not a pid we should trust.
    if (end != digits.data() + digits.size() && *end != '_')
        return std::nullopt;
    return pid;
}

bool processAlive(long pid)
{
    if (pid <= 0 || pid > static_cast<long>(static_cast<pid_t>(-1u >> 1)))
        return false;
    if (::kill(static_cast<pid_t>(pid), 0) == 0)
        return true;
    return errno == EPERM;
}

} // namespace kl
