#pragma once

// Cache entries packed into one .tar.gz to attach to a bug report: each entry's files under its
// folder name, plus `kernellens-export.json` listing every file with its size and sha256.

#include "core/model/entry.h"
#include "core/util/text.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

struct ArchiveResult {
    bool ok = false;
    Text error;                       ///< names the path and the cause
    std::size_t files = 0;            ///< files packed (the listing not counted)
    std::uint64_t bytes = 0;          ///< their bytes, before compression
    std::vector<std::string> skipped; ///< what was left out and why ("x.ptx: a symlink, not followed")
};

/// Writes `entries` to `outPath` (a gzip'd tar). Only the regular files directly inside each
/// entry folder are read, by name through the folder's descriptor; symlinks are never followed
/// and subfolders (a writer's temp folder) are left out, both listed in `skipped`. The archive
/// is written to a temp file beside `outPath` and renamed over it, so a failed export leaves
/// no partial file.
ArchiveResult exportEntries(const std::vector<Entry>& entries, const std::string& outPath);

} // namespace kl
