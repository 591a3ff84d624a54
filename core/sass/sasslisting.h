#pragma once

// The disassembly of a cubin as `nvdisasm -c -gi` prints it, read into rows. nvdisasm is the
// reference (it is NVIDIA's, and knows every arch's encoding); this only reads its text.

#include "core/model/sourcelocation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

struct SassInstruction {
    std::uint64_t offset = 0;
    std::string predicate; ///< "@!P0", or empty
    std::string opcode;    ///< mnemonic with its modifiers: "LDG.E.128"
    std::string operands;  ///< as printed: "R8, desc[UR4][R2.64]"
    std::string text;      ///< the whole instruction as printed, predicate included, without " ;"
    /// The innermost location (what `nvdisasm -g` prints): empty file when the cubin has no line
    /// info for this instruction.
    SourceLocation location;
    /// The call sites it was inlined through, innermost first (the rest of `nvdisasm -gi`'s chain).
    std::vector<SourceLocation> inlinedAt;
    std::string targetLabel;                   ///< a branch's label, e.g. ".L_x_0"
    std::optional<std::uint64_t> targetOffset; ///< that label's offset in this kernel
};

struct SassLabel {
    std::string name;
    std::uint64_t offset = 0;
};

struct SassKernel {
    std::string name;
    std::vector<SassInstruction> instructions;
    std::vector<SassLabel> labels; ///< the local labels (.L_x_N) in offset order
};

struct SassListing {
    std::vector<SassKernel> kernels; ///< one per .text.<name> section, in section order
    bool hasLineInfo = false;        ///< any instruction has a location
};

/// Reads `nvdisasm -c -gi` (or -c, -c -g) output. Lines it does not know are skipped, so a newer
/// nvdisasm's extra directives do not break it.
SassListing parseNvdisasmText(std::string_view text);

} // namespace kl
