#pragma once

#include "core/model/entry.h"
#include "keyformat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kl::remote {

/// One value of an entry on the server, as listed: its size, how long since it was last read or
/// written, and (for the json files the entry is judged by) its text.
struct RemoteFile {
    std::string name;
    std::uint64_t size = 0;
    std::int64_t idleSeconds = -1;   ///< -1 when unknown
    std::optional<std::string> text; ///< fetched json; unset when not fetched
    bool tooLarge = false;           ///< larger than the json limit, so not fetched
    bool vanished = false;           ///< deleted between the listing and the read
};

/// Which of `files` must be fetched to judge the entry: the group and metadata json of a kernel,
/// the autotune json of an autotune entry.
std::vector<std::size_t> filesToFetch(const std::vector<RemoteFile>& files);

/// The entry the files of one `{key}` make, judged as the folder reader judges a folder: the
/// same kinds, statuses and problem codes (model/entry.h). `path` is the key pattern
/// (`triton:KEY:*`), and problems name each Redis key they are about. A value larger than
/// `maxValueBytes` is `oversized-value` (json over `maxJsonBytes` is already `oversized-json`).
Entry buildRemoteEntry(const std::string& key, const KeyFormat& format, std::vector<RemoteFile> files,
                       std::uint64_t maxJsonBytes, std::uint64_t maxValueBytes);

} // namespace kl::remote
