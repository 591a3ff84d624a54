#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// One message of an NVRTC log, mapped to the file and line it names.
struct CompileDiagnostic {
    std::string file;     ///< as NVRTC names it: the program name or an included header
    int line = 0;         ///< 1-based; 0 when the message names no line (option errors)
    std::string severity; ///< "error", "warning", "remark", "catastrophic error", "note"
    std::string message;
};

/// Splits an NVRTC program log into diagnostics. NVRTC writes EDG's format,
/// `file(line): severity #number-D: message`, followed by the source line and a caret; those
/// context lines are kept in nothing but the raw log. Option errors read `nvrtc: error: ...`.
std::vector<CompileDiagnostic> parseNvrtcLog(std::string_view log);

/// True when some diagnostic is an error.
bool hasErrors(const std::vector<CompileDiagnostic>& diagnostics);

} // namespace kl
