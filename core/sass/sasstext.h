#pragma once

// The disassembly as text a person reads, the same in `klens sass` and the window's SASS tab:
// a comment line per kernel, its labels, and one row per instruction with its source chain.

#include "sassdisasm.h"

#include <cstdint>
#include <map>
#include <string>

namespace kl {

/// "gen.py:9 < gen.py:24": the innermost line, then each call site it was inlined through
/// (file names only; the JSON has the paths). Empty without line info.
std::string sourceChainText(const SassInstruction& ins);

/// Every kernel (or only `kernel` when not empty):
///   // kl_lines_kernel: 112 instructions
///   .L_x_0:
///     /*0080*/  LDC R13, c[0x0][0x224] ;                 // gen.py:9 < gen.py:24
/// `lineOfOffset`, when given, gets each instruction's 1-based line in the text (the first kernel's
/// where offsets repeat across kernels): what the Lines tab lights.
std::string sassListingText(const SassListing& listing, const std::string& kernel = {},
                            std::map<std::uint64_t, unsigned>* lineOfOffset = nullptr);

/// What `klens diff --stage sass` compares: per kernel a header line, its labels and one line per
/// instruction without the offset (an inserted instruction moves every later offset).
/// `ignoreRegisters`: R12 and R17, UR4 and UR9, P0 and P3, UP1 and UP2, .L_x_3 and .L_x_5 compare
/// equal (register allocation and label numbering). `ignoreLocations`: no source chains.
std::string sassDiffText(const SassListing& listing, bool ignoreRegisters, bool ignoreLocations);

/// "sm_90, nvdisasm 13.1.80 (PATH, found by Triton)", plus ", from KernelLens's SASS cache".
Text sassToolText(const SassResult& result);

} // namespace kl
