#pragma once

// The source locations each line of a compiled stage carries, read from the stage's own debug
// records: MLIR `loc` (aliases, callsite, fused, named), LLVM `!DILocation` with `inlinedAt`, PTX
// `.loc` with `inlined_at`. Each reader is line-local after one pass over the definitions, so a
// cut-off file gives the locations it still has and no wrong ones.

#include "core/model/sourcelocation.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace kl {

struct StageLocations {
    /// Index: 0-based line of the stage's text. A line carries no chain (no location, `unknown`),
    /// one, or several (an MLIR fused location).
    std::vector<std::vector<LocationChain>> lines;
    std::size_t located = 0;    ///< lines with at least one chain
    std::size_t unresolved = 0; ///< references to definitions the text does not hold (cut off)
};

StageLocations mlirLocations(std::string_view text);
StageLocations llvmLocations(std::string_view text);
StageLocations ptxLocations(std::string_view text);

/// The text's lines without their newlines (a final newline makes no empty line).
std::vector<std::string_view> splitLines(std::string_view text);

} // namespace kl
