#pragma once

// An entry folder read whole for packing, and compared with a record's files: only folders of
// plain files are packed (a temp folder inside means a writer is or was at work; a symlink is
// never followed), and a folder goes only while its files are those that were packed.

#include "core/util/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

struct FolderFile {
    std::string name;
    std::string bytes;
    std::uint64_t size = 0;
    std::int64_t mtimeNs = 0;
};

/// The files of `<rootFd>/<folder>` (shown as `path`), group files last, each read whole (at most
/// `maxFileBytes`) and checked unchanged by the read. The error says why the folder is not one
/// to pack; `vanished` is set when it is gone.
Result<std::vector<FolderFile>> readEntryFolder(int rootFd, const std::string& folder,
                                                const std::string& path, std::uint64_t maxFileBytes,
                                                bool& vanished);

/// Whether the folder still holds exactly `files` (names, sizes, modification times).
bool folderUnchanged(int rootFd, const std::string& folder, const std::vector<FolderFile>& files);

} // namespace kl
