#pragma once

#include "core/model/entry.h"
#include "finding.h"

#include <optional>
#include <string_view>

namespace kl {

/// How the doctor reports one of the scanner's problem codes.
struct ProblemMapping {
    std::string_view code; ///< the finding code (most keep the scanner's spelling)
    FindingSeverity severity;
    TextSource fix;
};

/// The finding for a scanner problem code; nothing for codes the doctor reports its own way
/// (orphan-temp, and missing-group/missing-metadata/empty-entry, gathered into incomplete-entry).
std::optional<ProblemMapping> mapProblem(std::string_view problemCode);

/// The suggested fix of the doctor's own codes (orphan-temp, incomplete-entry, invalid-binary, ...).
TextSource fixFor(std::string_view findingCode);

/// A finding of one of the doctor's own codes, its path printable and its fix from fixFor.
Finding makeFinding(std::string_view code, FindingSeverity severity, const std::string& path, Text message);

} // namespace kl
