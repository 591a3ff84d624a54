#pragma once

// Triton's dump and override folders: what TRITON_KERNEL_DUMP=1 writes and TRITON_KERNEL_OVERRIDE=1
// reads. Both are named by a hash of the kernel's source alone (compiler.py: src.hash(), encoded as
// the cache's folders are: hex 3.0-3.1, base64url 3.2, base32 3.3+), not by a cache key, and hold
// one file per stage with no metadata or group file. Override folders hold a user's hand-edited
// stages: nothing may take them for broken cache entries (a cleaner would delete a user's work).

#include "core/model/entry.h"
#include "core/model/snapshot.h"
#include "core/util/text.h"

#include <optional>
#include <string_view>
#include <vector>

namespace kl::dumplayout {

/// `<home>/.triton/dump` and `<home>/.triton/override`: the defaults of every 3.x era.
inline constexpr std::string_view kTritonHomeFolder = ".triton";
inline constexpr std::string_view kDumpFolder = "dump";
inline constexpr std::string_view kOverrideFolder = "override";

/// Extensions Triton writes only into dump folders: the cubin's disassembly (3.4+, `get_sass`).
bool isDumpOnlyStage(std::string_view ext);

/// Dump or Override for a folder laid out as Triton's default (`.../.triton/dump`,
/// `.../.triton/override`); nothing for any other path.
std::optional<RootKind> kindOfDefaultFolder(std::string_view path);

/// What a folder that holds stage files but neither metadata nor a group file is.
struct ShapeVerdict {
    /// Kernel: an interrupted compile can leave exactly these files (it writes its stages in
    /// order, the metadata and group file last). Dump or Override: no compile leaves them.
    EntryKind kind = EntryKind::Kernel;
    Text why; ///< for Dump and Override: what gave it away
};

/// Judges a folder by the extensions of its files (`source`, `ttir`, ..., `sass`, unknown ones).
ShapeVerdict judgeFolderShape(const std::vector<std::string_view>& extensions);

} // namespace kl::dumplayout
