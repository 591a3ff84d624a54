#include "finding.h"

namespace kl {

std::string_view toString(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Info: return "info";
    case FindingSeverity::Warning: return "warning";
    case FindingSeverity::Error: return "error";
    }
    return "warning";
}

} // namespace kl
