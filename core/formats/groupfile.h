#pragma once

#include "core/util/result.h"

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

/// The group file, or why `text` is not one (the JSON parser's cause stays as it gave it).
Result<GroupFile> parseGroupFile(std::string_view text);

/// The same, parsing `text` in place (it is left modified): the scanner's fast path.
Result<GroupFile> parseGroupFileInPlace(std::string& text);

/// True when `name` is a plain file name that stays inside its folder (no '/', not '.' or '..').
bool isPlainFileName(std::string_view name);

} // namespace kl
