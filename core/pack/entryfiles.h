#pragma once

// An entry's files, wherever they lie: in its folder, or in its record of a pack
// (docs/pack-format.md). Whatever reads a stage of an entry goes through here, so that a packed
// cache reads as a folder cache does.

#include "core/cubin/cubininfo.h"
#include "core/model/entry.h"
#include "core/util/posixfile.h"
#include "core/util/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace kl {

/// Reads file `fileName` of `e`, at most `maxBytes` of it (as readFile does). A packed entry's
/// record is checked whole (its CRC) before a byte of it is used. The error is the cause, for the
/// caller's sentence next to joinPath(e.path, fileName): for a packed entry a damaged or rewritten
/// record, naming the pack and the byte offset.
Result<std::string> readEntryFile(const Entry& e, std::string_view fileName, std::uint64_t maxBytes);

/// The same as a SmallFile (ok, text, error), for code that reads a folder's files with
/// readSmallFileAt.
SmallFile readEntrySmallFile(const Entry& e, std::string_view fileName, std::uint64_t maxBytes);

/// A path on disk holding the bytes of file `fileName` of `e`, for tools that take a path
/// (nvdisasm, libelf by name): the file in its folder, or for a packed entry a copy of its
/// record's files, made once per record (by key and CRC) in a private folder,
/// `$TMPDIR/kernellens-<uid>/packed` (`/tmp` without TMPDIR). The error is the cause, as above.
Result<std::string> entryFileOnDisk(const Entry& e, std::string_view fileName);

/// What the cubin `stage` of `e` holds (readCubinInfo), wherever it lies; the cause when it cannot
/// be read.
CubinResult readEntryCubin(const Entry& e, const Stage& stage);

/// The folder packed entries' files are copied into (see entryFileOnDisk).
std::string packedCopiesFolder();

} // namespace kl
