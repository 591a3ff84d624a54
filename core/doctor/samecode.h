#pragma once

// Entries whose keys differ while their cubins hold the same instructions in every kernel: the
// "this key difference changed nothing" case that fills caches (line info on and off, a variable
// that never reaches code generation). Compares the cubins' code sections; no disassembler.

#include "core/cubin/cubininfo.h"
#include "core/model/snapshot.h"
#include "finding.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kl {

/// "90|kernel=<xxh128 of .text.kernel>|..." for a cubin, kernels sorted by name; empty when it
/// holds no kernel.
std::string cubinCodeKey(const CubinInfo& info);

/// One `same-code` finding per group of two or more kernel entries of one kernel name whose
/// `codeKeys` (indexed as snap.entries; empty: not judged) are equal.
void sameCodeFindings(const Snapshot& snap, const std::vector<std::string>& codeKeys,
                      std::vector<Finding>& out);

} // namespace kl
