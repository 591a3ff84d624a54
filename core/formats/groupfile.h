#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// `__grp__<name>.json`: 3.x maps file name -> absolute path; 2.x and remote copies list names.
enum class GroupShape { PathMap, NameList };

struct GroupChild {
    std::string name;         ///< file name as recorded (not yet validated)
    std::string recordedPath; ///< absolute path recorded by 3.x; empty in the list shape
};

struct GroupFile {
    GroupShape shape = GroupShape::PathMap;
    std::vector<GroupChild> children;
};

std::optional<GroupFile> parseGroupFile(std::string_view text, std::string& error);

/// The same, parsing `text` in place (it is left modified): the scanner's fast path.
std::optional<GroupFile> parseGroupFileInPlace(std::string& text, std::string& error);

/// True when `name` is a plain file name that stays inside its folder (no '/', not '.' or '..').
bool isPlainFileName(std::string_view name);

} // namespace kl
