#pragma once

#include "model/snapshot.h"

#include <string>
#include <vector>

namespace kl::cli {

/// The roots a command works on: the folders given, or the effective roots of this environment.
std::vector<Root> selectRoots(const std::vector<std::string>& dirs);

} // namespace kl::cli
