#pragma once

// Triton's on-disk naming rules, in one place: every reader, writer, cleaner and the demo ask
// here, so a change in Triton's layout is one edit. Sources: python/triton/runtime/cache.py
// (FileCacheManager: group files, temp folders, 2.x temp files) and compiler/compiler.py
// (file names cut to 150 characters).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace kl::layout {

/// `__grp__<stem>.json`: an entry's group file, its commit marker.
inline constexpr std::string_view kGroupPrefix = "__grp__";
inline constexpr std::string_view kJsonSuffix = ".json";
/// `<fn>.autotune.json`: the autotuner's results, stored with no group file.
inline constexpr std::string_view kAutotuneSuffix = ".autotune.json";
/// compiler.py names files after `src.name[:150]`: 150 code points, as Python slices a str.
inline constexpr std::size_t kMaxStemChars = 150;

/// The kernel name as file names carry it: its first 150 characters. Each byte that starts no
/// valid UTF-8 sequence counts as one character, as in Python's surrogateescape-decoded names.
std::string fileStem(std::string_view kernelName);

/// `<stem>.json`: the metadata file of the entry whose files are named `stem`.
std::string metadataFileName(std::string_view stem);
/// `__grp__<stem>.json`.
std::string groupFileName(std::string_view stem);
/// True for `__grp__<anything>.json`.
bool isGroupFileName(std::string_view name);
/// The stem a group file names (`__grp__add.json` -> `add`); empty for other names.
std::string_view groupFileStem(std::string_view name);
/// `<stem>.autotune.json`.
std::string autotuneFileName(std::string_view stem);
/// True for `<fn>.autotune.json`.
bool isAutotuneFileName(std::string_view name);

/// A stem that would collide with the names above: a group file's prefix or a temp folder's.
bool isReservedStem(std::string_view stem);

/// Temp folders a write leaves while it runs (or when killed): 3.x `tmp.pid_<pid>_<uuid>` and
/// forks' `tmp.<8 hex>`.
bool isTempFolderName(std::string_view name);
/// 2.x temp files: `<file>.tmp.pid_<pid>_<random>`.
bool isTempFileName(std::string_view name);
/// Either of the above.
bool isTempName(std::string_view name);
/// The prefix of the temp folders this process writes: `tmp.pid_<pid>_` (a uuid4 follows).
std::string tempFolderPrefix(long pid);
/// The writer's pid recorded in a temp name, when it records one.
std::optional<long> tempWriterPid(std::string_view name);

/// Files other tools leave in cache folders (Inductor's pickles and locks, best_config files).
bool isForeignFileName(std::string_view name);

} // namespace kl::layout
