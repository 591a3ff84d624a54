#pragma once

#include <string>
#include <vector>

namespace kl {

/// A line of a source file, as compilers record it (MLIR loc, LLVM DILocation, PTX .loc, SASS line
/// info). Columns are dropped: the stages disagree on them, and people read lines.
struct SourceLocation {
    std::string file;
    unsigned line = 0;
    bool operator==(const SourceLocation&) const = default;
    auto operator<=>(const SourceLocation&) const = default;
};

/// Where one piece of code came from: the innermost location first, then each call site it was
/// inlined through, the kernel's own line last.
using LocationChain = std::vector<SourceLocation>;

} // namespace kl
