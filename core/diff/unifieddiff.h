#pragma once

// `diff -u` / `git diff` output of a LineDiff: hunks of changes with `context` lines around them.

#include "linediff.h"

#include <string>

namespace kl {

struct UnifiedOptions {
    std::string aLabel = "a";
    std::string bLabel = "b";
    int context = 3;
};

/// The unified diff text ("" when the diff has no changes). Line numbers in hunk headers are the
/// files' own, 1-based; lines left out by ignoreLocations are not shown.
std::string unifiedDiff(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                        const LineDiff& diff, const UnifiedOptions& options);

} // namespace kl
