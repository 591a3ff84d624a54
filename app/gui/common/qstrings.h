#pragma once

// The one bridge from core's strings to Qt's. Core keeps text as UTF-8 in std::string (paths,
// kernel names, JSON values); the GUI shows QStrings. A name that is not valid UTF-8 becomes
// U+FFFD where it breaks, never a lost row.

#include <QString>
#include <string_view>

namespace kl::gui {

inline QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace kl::gui
