#pragma once

// A pack's index, `<stem>.klidx`: `KLIDX 1`, then `<offset> <length> <key>` per record. Advisory:
// readers check every record it points at (packfile.h), so a torn, stale or garbled index costs
// time, never an entry.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kl::pack {

struct IndexLine {
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
    std::string key;
};

struct PackIndex {
    bool present = false;          ///< the file was there and began with `KLIDX 1`
    std::vector<IndexLine> lines;  ///< the well-formed complete lines, in file order
    std::uint64_t completeEnd = 0; ///< byte just past the last line with its newline
    std::size_t badLines = 0;      ///< complete lines that did not parse
};

/// Parses an index's text: a first line other than `KLIDX 1` (a newer index) means none; a last
/// line without its newline is torn and ignored.
PackIndex parseIndex(std::string_view text);

/// Reads `name` in the folder `folderFd` (never through a symlink, at most `maxBytes`) and parses
/// it; an index that cannot be read is no index.
PackIndex readIndexAt(int folderFd, const std::string& name, std::uint64_t maxBytes = 1ull << 30);

/// `<offset> <length> <key>\n`.
std::string indexLine(std::uint64_t offset, std::uint64_t length, std::string_view key);

} // namespace kl::pack
