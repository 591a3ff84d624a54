#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace kl {

/// Create `name` in the folder `dirFd` (it must not exist yet: O_EXCL), write all of `bytes`, set
/// its modification time to `mtimeNs` when given and, when `sync` is set, fsync it before closing.
/// The error is the cause only ("fsync: <errno text>"), verbatim: only the caller knows the file's
/// full path to name in its sentence.
Status writeNewFileAt(int dirFd, const std::string& name, std::string_view bytes, bool sync,
                      const std::int64_t* mtimeNs = nullptr);

/// fsync a folder, so that renames and creations inside it survive a power loss. The error is the
/// cause only, verbatim, for the same reason.
Status syncFolder(int dirFd);

/// Create an absolute folder and its missing parents (mode 0777 less the umask, as Python's
/// os.makedirs). When `sync` is set, the parent of each folder created is fsynced. On failure the
/// error is `what` with the folder that failed as %1 and the cause as %2, so that the caller's
/// sentence says what the folder is for.
Status makeFolders(const std::string& path, bool sync, TextSource what);

/// A random (version 4) UUID in its 36-character text form, as Python's str(uuid.uuid4()).
std::string uuid4();

} // namespace kl
