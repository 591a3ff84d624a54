#pragma once

// Colours that stay readable on the system's light and dark palettes: syntax colours, diff
// backgrounds. Chosen from the palette the widget has when it is built.

#include <QColor>
#include <QPalette>
#include <algorithm>
#include <cmath>

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
