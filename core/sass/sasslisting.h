#pragma once

// The disassembly of a cubin as `nvdisasm -c -gi` prints it, read into rows. nvdisasm is the
// reference (it is NVIDIA's, and knows every arch's encoding); this only reads its text.

#include "core/model/sourcelocation.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// Where an instruction came from: the innermost location (what `nvdisasm -g` prints) and the
/// call sites it was inlined through, innermost first (the rest of `nvdisasm -gi`'s chain).
struct SassSource {
    SourceLocation location;
    std::vector<SourceLocation> inlinedAt;
};

/// One instruction. Compact on purpose: a 1 MB cubin has 20,000 of them, and one heap block per
/// instruction (its text) reopens a listing from the SASS cache with a third of the page faults
/// that a string per field and a copy of the location chain per instruction took. The predicate,
/// opcode and operands are ranges of `text`; instructions of one location share its chain.
struct SassInstruction {
    std::uint64_t offset = 0;
    std::string text; ///< the whole instruction as printed, predicate included, without " ;"
    std::uint16_t predicateLength = 0;
    std::uint16_t opcodeStart = 0, opcodeLength = 0;
    std::uint16_t operandsStart = 0;
    std::shared_ptr<const SassSource> source;  ///< null: no line info for this instruction
    std::string targetLabel;                   ///< a branch's label, e.g. ".L_x_0"
    std::optional<std::uint64_t> targetOffset; ///< that label's offset in this kernel

    std::string_view predicate() const
    {
        return std::string_view(text).substr(0, predicateLength);
    } ///< "@!P0", or empty
    /// Mnemonic with its modifiers: "LDG.E.128".
    std::string_view opcode() const { return std::string_view(text).substr(opcodeStart, opcodeLength); }
    /// As printed: "R8, desc[UR4][R2.64]".
    std::string_view operands() const
    {
        return operandsStart < text.size() ? std::string_view(text).substr(operandsStart)
                                           : std::string_view();
    }
    /// The innermost location: an empty file when the cubin has no line info for it.
    const SourceLocation& location() const;
    /// The call sites it was inlined through, innermost first.
    const std::vector<SourceLocation>& inlinedAt() const;
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
