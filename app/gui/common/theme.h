#pragma once

// Every colour and style sheet of the window, so a page never writes one of its own. Colours stay
// readable on the system's light and dark palettes: those that depend on it are chosen from the
// palette the widget has when it is built; the banners carry their own text colour instead.

#include "core/fs/fsprobe.h"
#include "core/trace/traceanalysis.h"

#include <QColor>
#include <QPalette>
#include <QString>
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace kl::gui::theme {

/// A dark palette: the text colour is lighter than the base (background) colour.
inline bool isDark(const QPalette& p)
{
    return p.color(QPalette::Text).lightness() > p.color(QPalette::Base).lightness();
}

/// The background of lines linked to the one selected (the Lines tab: one source line, every stage).
inline QColor linkedLine(const QPalette& p)
{
    return isDark(p) ? QColor(0x4a, 0x44, 0x10) : QColor(0xff, 0xf0, 0xa8);
}

struct SyntaxColours {
    QColor keyword, type, value, number, string, attribute, comment;
};

inline SyntaxColours syntax(const QPalette& p)
{
    if (isDark(p))
        return {QColor(0x82, 0xaa, 0xff), QColor(0x4e, 0xc9, 0xb0), QColor(0xd7, 0xa0, 0xf0),
                QColor(0xb5, 0xce, 0xa8), QColor(0xf4, 0x8f, 0x7b), QColor(0xe5, 0xc0, 0x7b),
                QColor(0x9a, 0x9a, 0x9a)};
    return {QColor(0x00, 0x33, 0x99), QColor(0x00, 0x80, 0x80), QColor(0x80, 0x30, 0x80),
            QColor(0x1a, 0x7f, 0x37), QColor(0xa3, 0x15, 0x15), QColor(0x99, 0x66, 0x00),
            QColor(0x70, 0x70, 0x70)};
}

struct DiffColours {
    QColor removed, added, changedA, changedB, empty, spanA, spanB;
};

inline DiffColours diff(const QPalette& p)
{
    if (isDark(p))
        return {QColor(0x5a, 0x1e, 0x1e), QColor(0x1e, 0x4a, 0x26), QColor(0x55, 0x40, 0x18),
                QColor(0x1c, 0x36, 0x55), QColor(0x30, 0x30, 0x30), QColor(0x6e, 0x46, 0x08),
                QColor(0x2a, 0x4e, 0x85)};
    return {QColor(255, 220, 220), QColor(215, 245, 215), QColor(255, 236, 200), QColor(225, 240, 255),
            QColor(238, 238, 238), QColor(255, 190, 120), QColor(160, 200, 255)};
}

/// A page's note banner (a root's messages, a trace's notes).
inline QString noteBanner()
{
    return QStringLiteral("QLabel { background: #fff4ce; color: #5c4400; padding: 4px; }");
}

/// The banner that warns of a network or memory filesystem under a cache folder.
inline QString warningBanner()
{
    return QStringLiteral(
        "QLabel { background: #ffe2c2; color: #5a2a00; border-left: 4px solid #d96c00; padding: 6px; }");
}

/// An error written under a form's fields.
inline QString errorText(const QPalette& p)
{
    return isDark(p) ? QStringLiteral("QLabel { color: #ff8a80; }")
                     : QStringLiteral("QLabel { color: #a4000f; }");
}

/// A field whose input was refused.
inline QString errorField(const QPalette& p)
{
    return isDark(p) ? QStringLiteral("QLineEdit { border: 1px solid #ff8a80; }")
                     : QStringLiteral("QLineEdit { border: 1px solid #a4000f; }");
}

/// The badge of a filesystem class in the folders pane: the colour says the class at a glance.
inline QColor fsBadge(FsCategory c)
{
    switch (c) {
    case FsCategory::Local: return QColor(0x2e, 0x9d, 0x4f);
    case FsCategory::Network: return QColor(0xd9, 0x6c, 0x00);
    case FsCategory::Memory: return QColor(0x7a, 0x4d, 0xc9);
    case FsCategory::Overlay: return QColor(0x25, 0x7a, 0xbf);
    case FsCategory::Unknown: break;
    }
    return QColor(0x88, 0x88, 0x88);
}

/// A chart's secondary series (the event counts under the hit rate).
inline QColor secondarySeries()
{
    return QColor(160, 160, 160);
}

/// The Trace page: one hue per kernel class (HTA's breakdown colours, roughly), each kernel a
/// shade of its class's so that neighbours on a lane stay apart.
inline QColor timelineColour(trace::KernelClass cls, const QPalette& p)
{
    const bool dark = isDark(p);
    switch (cls) {
    case trace::KernelClass::Compute: return dark ? QColor(0x5b, 0x8f, 0xd6) : QColor(0x3b, 0x6f, 0xb6);
    case trace::KernelClass::Communication: return dark ? QColor(0xf5, 0xa0, 0x4a) : QColor(0xe0, 0x7b, 0x18);
    case trace::KernelClass::Memcpy: return dark ? QColor(0x6c, 0xc0, 0x62) : QColor(0x3f, 0x9a, 0x3a);
    case trace::KernelClass::Memset: return dark ? QColor(0xc3, 0x8c, 0xd6) : QColor(0x9a, 0x5c, 0xb0);
    }
    return p.color(QPalette::Mid);
}

/// The Trace page's overlap lane: communication under compute (hidden) and alone (exposed). Hidden
/// is calm (it costs nothing), exposed is the colour of a problem.
inline QColor overlapColour(bool hidden, const QPalette& p)
{
    const bool dark = isDark(p);
    if (hidden)
        return dark ? QColor(0x4f, 0xc1, 0xb3) : QColor(0x1f, 0x8a, 0x7e);
    return dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
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
    return isDark(p) ? QColor(0xff, 0x7a, 0x7a) : QColor(0xb0, 0x1c, 0x1c);
}

inline QColor matchedColour(const QPalette& p)
{
    return isDark(p) ? QColor(0x7c, 0xd9, 0x8a) : QColor(0x1a, 0x7f, 0x37);
}

/// WCAG contrast ratio of two colours (1 to 21); text wants at least 4.5.
inline double contrast(const QColor& a, const QColor& b)
{
    auto lum = [](const QColor& c) {
        auto ch = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
    };
    const double la = lum(a), lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace kl::gui::theme
