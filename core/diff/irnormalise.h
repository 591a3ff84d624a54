#pragma once

// What "the same line" means when comparing two compiles of one kernel: SSA value and register
// numbers, debug locations and whitespace differ between builds without changing the code.

#include <string>
#include <string_view>

namespace kl {

struct DiffOptions {
    /// `%12` and `%15`, `%arg3`, `%r17`/`%rd4` (PTX registers), `^bb3` compare equal: every run of
    /// digits after `%` or `^bb` becomes `#`.
    bool ignoreSsa = false;
    /// MLIR `loc(...)` suffixes and `#locN = loc(...)` lines, LLVM `, !dbg !N` and `!N = !DI...`
    /// lines, PTX `.loc` and `.file` lines: lines that are only a location are left out of the
    /// comparison; location suffixes are dropped from the others.
    bool ignoreLocations = false;
    /// Runs of spaces and tabs compare as one space; leading and trailing ones are ignored.
    bool ignoreSpace = false;

    bool any() const { return ignoreSsa || ignoreLocations || ignoreSpace; }
};

/// Whether `line` holds nothing but debug-location information (see ignoreLocations).
bool isLocationLine(std::string_view line);

/// The form of `line` that is compared. Appends to `out` (cleared first).
void normaliseLine(std::string_view line, const DiffOptions& options, std::string& out);

} // namespace kl
