#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kl {

/// A string as Python's json.dumps writes it (ensure_ascii): `"` and `\` escaped, \n \r \t \b \f
/// short, everything outside printable ASCII as lowercase \uXXXX (surrogate pairs above U+FFFF),
/// and bytes that are not UTF-8 as \udcXX, as Python decodes file names (surrogateescape).
std::string pythonJsonString(std::string_view utf8);

/// The text of a Triton 3.x `__grp__<name>.json`: json.dumps({"child_paths": {name: path, ...}})
/// with the children in the given order, on one line, no trailing newline.
std::string tritonGroupFileText(const std::vector<std::pair<std::string, std::string>>& children);
/// The remote form, as Triton's RemoteCacheManager.put_group stores it:
/// json.dumps({"child_paths": sorted(names)}). `names` need not be sorted.
std::string tritonRemoteGroupText(std::vector<std::string> names);

} // namespace kl
