#pragma once

#include "core/util/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kl {

/// How much a finding matters. `klens doctor` exits 1 when any is a warning or an error.
enum class FindingSeverity { Info, Warning, Error };

std::string_view toString(FindingSeverity severity); ///< "info", "warning", "error"

/// One thing the doctor found, with what to do about it. `code` is stable (see finding::).
struct Finding {
    std::string code;
    FindingSeverity severity = FindingSeverity::Warning;
    std::string path; ///< the file, entry folder or root it is about
    Text message;     ///< what is wrong, naming the path and the cause
    TextSource fix;   ///< what to do about it: always static text (one copy for many findings)

    // Extra facts some codes carry (written to JSON when set).
    std::optional<std::int64_t> pid;        ///< orphan-temp: the writer's pid from the folder name
    std::optional<bool> pidAlive;           ///< orphan-temp: that pid runs on this host
    std::optional<std::int64_t> ageSeconds; ///< orphan-temp: since it was last written
    std::optional<std::int64_t> count;      ///< flood: specialisations of one kernel
    std::string kernel;                     ///< flood: the kernel name
    std::optional<std::uint64_t> offset;    ///< damaged-pack: the byte the damage starts at
    std::optional<std::uint64_t> length;    ///< damaged-pack: its length in bytes
};

/// Finding codes. The scanner's problem codes (model/entry.h) keep their spelling here, except
/// missing-group, missing-metadata and empty-entry, which the doctor reports as incomplete-entry.
namespace finding {
inline constexpr std::string_view OrphanTemp = "orphan-temp";
inline constexpr std::string_view IncompleteEntry = "incomplete-entry";
inline constexpr std::string_view MissingChild = "missing-child";
inline constexpr std::string_view MovedCache = "moved-cache";
inline constexpr std::string_view PathOutsideRoot = "path-outside-root";
inline constexpr std::string_view HashMismatch = "hash-mismatch";
inline constexpr std::string_view CorruptJson = "corrupt-json";
inline constexpr std::string_view EmptyFile = "empty-file";
inline constexpr std::string_view InvalidBinary = "invalid-binary";
inline constexpr std::string_view StaleArch = "stale-arch";
inline constexpr std::string_view StaleVersion = "stale-version";
inline constexpr std::string_view Flood = "flood";
inline constexpr std::string_view ForeignFile = "foreign-file";
inline constexpr std::string_view NetworkFs = "network-fs";
inline constexpr std::string_view Unreadable = "unreadable";
inline constexpr std::string_view Symlink = "symlink";
inline constexpr std::string_view NonUtf8Name = "non-utf8-name";
inline constexpr std::string_view Oversized = "oversized-json";
inline constexpr std::string_view OversizedValue = "oversized-value";
inline constexpr std::string_view NameMismatch = "name-mismatch";
inline constexpr std::string_view RemoteGroup = "remote-group";
inline constexpr std::string_view BadKey = "bad-key";
inline constexpr std::string_view DumpFolderInCache = "dump-folder-in-cache";
inline constexpr std::string_view StageTargetMismatch = "stage-target-mismatch";
inline constexpr std::string_view BuiltFromOverride = "built-from-override";
inline constexpr std::string_view OverrideIgnored = "override-ignored";
inline constexpr std::string_view OverrideStageName = "override-stage-name";
inline constexpr std::string_view SameCode = "same-code";
/// A region of a pack (`.kernellens-pack/*.klpack`) that holds no valid record.
inline constexpr std::string_view DamagedPack = "damaged-pack";
/// A pack of a newer format than this KernelLens reads (or not a pack at all): skipped.
inline constexpr std::string_view NewerPack = "newer-pack";
} // namespace finding

} // namespace kl
