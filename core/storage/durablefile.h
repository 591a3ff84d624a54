#pragma once

#include <string>
#include <string_view>

namespace kl {

/// Create `name` in the folder `dirFd` (it must not exist yet: O_EXCL), write all of `bytes` and,
/// when `sync` is set, fsync it before closing. On failure `error` holds the cause only.
bool writeNewFileAt(int dirFd, const std::string& name, std::string_view bytes, bool sync,
                    std::string& error);

/// fsync a folder, so that renames and creations inside it survive a power loss.
bool syncFolder(int dirFd, std::string& error);

/// Create an absolute folder and its missing parents (mode 0777 less the umask, as Python's
/// os.makedirs). When `sync` is set, the parent of each folder created is fsynced. On failure
/// `failedPath` names the folder and `error` the cause.
bool makeFolders(const std::string& path, bool sync, std::string& failedPath, std::string& error);

/// A random (version 4) UUID in its 36-character text form, as Python's str(uuid.uuid4()).
std::string uuid4();

} // namespace kl
