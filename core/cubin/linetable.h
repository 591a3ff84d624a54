#pragma once

// The source files a cubin's DWARF line tables name, with the modification time and size ptxas
// recorded for each. ptxas stats the file a PTX `.file` directive names and writes what it finds
// (zeros when the file is gone), so a rebuild of the same PTX differs in those bytes once the
// source moved or changed; giving ptxas the recorded values back (`.file N "path", mtime, size`)
// rebuilds the cubin byte for byte.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace kl {

struct LineTableFile {
    std::string path; ///< the include directory joined with the file name, as the PTX named it
    std::uint64_t mtime = 0;
    std::uint64_t size = 0;
};

/// The files of every line-table unit of `.debug_line` (DWARF 2 to 4). Empty when the cubin has
/// no line table or it is not one this reads; never throws, never reads out of bounds.
std::vector<LineTableFile> lineTableFiles(std::span<const std::uint8_t> cubin);

/// `ptx` with each `.file N "path"` directive that has no timestamp given the recorded one from
/// `files` (when it recorded a non-zero time).
std::string ptxWithRecordedFileStamps(const std::string& ptx, const std::vector<LineTableFile>& files);

} // namespace kl
