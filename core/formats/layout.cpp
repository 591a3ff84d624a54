#include "layout.h"

#include "core/util/utf8.h"

#include <algorithm>
#include <charconv>

namespace kl::layout {
namespace {

constexpr std::string_view kTempFolderMarker = "tmp.pid_";
constexpr std::string_view kTempFileMarker = ".tmp.pid_";

} // namespace

std::string fileStem(std::string_view kernelName)
{
    return utf8Prefix(kernelName, kMaxStemChars);
}

std::string metadataFileName(std::string_view stem)
{
    return std::string(stem) + std::string(kJsonSuffix);
}

std::string groupFileName(std::string_view stem)
{
    std::string out(kGroupPrefix);
    out += stem;
    out += kJsonSuffix;
    return out;
}

bool isGroupFileName(std::string_view name)
{
    return name.size() >= kGroupPrefix.size() + kJsonSuffix.size() && name.starts_with(kGroupPrefix) &&
           name.ends_with(kJsonSuffix);
}

std::string_view groupFileStem(std::string_view name)
{
    if (!isGroupFileName(name))
        return {};
    return name.substr(kGroupPrefix.size(), name.size() - kGroupPrefix.size() - kJsonSuffix.size());
}

std::string autotuneFileName(std::string_view stem)
{
    return std::string(stem) + std::string(kAutotuneSuffix);
}

bool isAutotuneFileName(std::string_view name)
{
    return name.ends_with(kAutotuneSuffix);
}

bool isReservedStem(std::string_view stem)
{
    return stem.starts_with(kGroupPrefix) || stem.starts_with("tmp.");
}

bool isTempFolderName(std::string_view name)
{
    if (name.starts_with(kTempFolderMarker))
        return true;
    if (name.size() == 12 && name.starts_with("tmp."))
        return std::all_of(name.begin() + 4, name.end(),
                           [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    return false;
}

bool isTempFileName(std::string_view name)
{
    return name.find(kTempFileMarker) != std::string_view::npos;
}

bool isTempName(std::string_view name)
{
    return isTempFolderName(name) || isTempFileName(name);
}

std::string tempFolderPrefix(long pid)
{
    return std::string(kTempFolderMarker) + std::to_string(pid) + "_";
}

std::optional<long> tempWriterPid(std::string_view name)
{
    std::size_t at = name.starts_with(kTempFolderMarker) ? 0 : name.find(kTempFileMarker);
    if (at == std::string_view::npos)
        return std::nullopt;
    if (at != 0)
        ++at; // past the '.' of "<file>.tmp.pid_"
    const std::string_view digits = name.substr(at + kTempFolderMarker.size());
    long pid = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (ec != std::errc() || end == digits.data() || pid <= 0)
        return std::nullopt;
    // Triton writes "_<uuid>" after the pid; anything else is not a pid we should trust.
    if (end != digits.data() + digits.size() && *end != '_')
        return std::nullopt;
    return pid;
}

bool isForeignFileName(std::string_view name)
{
    return name.ends_with(".pickle") || name.ends_with(".lock") || name.ends_with(".pickle.tmp") ||
           name.ends_with(".best_config");
}

} // namespace kl::layout
