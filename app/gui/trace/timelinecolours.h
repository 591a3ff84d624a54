#pragma once

// The Trace page's colours: one hue per kernel class (HTA's breakdown colours, roughly), each
// kernel a shade of its class's so that neighbours on a lane stay apart; readable on light and
// dark palettes.

#include "common/theme.h"
#include "trace/traceanalysis.h"

#include <QColor>
#include <QPalette>
#include <cstdint>

namespace kl::gui {

inline QColor timelineColour(trace::KernelClass cls, const QPalette& p)
{
    const bool dark = theme::isDark(p);
    switch (cls) {
    case trace::KernelClass::Compute: return dark ? QColor(0x5b, 0x8f, 0xd6) : QColor(0x3b, 0x6f, 0xb6);
    case trace::KernelClass::Communication: return dark ? QColor(0xf5, 0xa0, 0x4a) : QColor(0xe0, 0x7b, 0x18);
    case trace::KernelClass::Memcpy: return dark ? QColor(0x6c, 0xc0, 0x62) : QColor(0x3f, 0x9a, 0x3a);
    case trace::KernelClass::Memset: return dark ? QColor(0xc3, 0x8c, 0xd6) : QColor(0x9a, 0x5c, 0xb0);
    }
    return p.color(QPalette::Mid);
}

/// A shade of the class's colour picked by the kernel's index (a multiplicative hash, so
/// kernels next to each other in the report get distant shades).
inline QColor kernelColour(trace::KernelClass cls, std::int32_t kernel, const QPalette& p)
{
    const QColor base = timelineColour(cls, p);
    if (kernel < 0)
        return base;
    const std::uint32_t h = std::uint32_t(kernel) * 2654435761u;
    const int shade = int(h >> 28) - 8; // -8..7
    return shade >= 0 ? base.lighter(100 + shade * 6) : base.darker(100 - shade * 5);
}

inline QColor mismatchColour(const QPalette& p)
{
    return theme::isDark(p) ? QColor(0xff, 0x7a, 0x7a) : QColor(0xb0, 0x1c, 0x1c);
}

inline QColor matchedColour(const QPalette& p)
{
    return theme::isDark(p) ? QColor(0x7c, 0xd9, 0x8a) : QColor(0x1a, 0x7f, 0x37);
}

} // namespace kl::gui
