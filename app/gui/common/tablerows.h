#pragma once

// Filling result tables (doctor findings, clean plans, recompile verdicts): one row of cells,
// each with its full text as a tooltip since long paths and messages are elided.

#include "core/doctor/finding.h"

#include <QStringList>

class QTableWidget;

namespace kl::gui {

/// Puts `cells` into `row` from `firstColumn` on, each also as its tooltip.
void setRowCells(QTableWidget* table, int row, const QStringList& cells, int firstColumn = 0);

/// "error", "warning", "info" in the GUI's language.
QString severityText(FindingSeverity severity);

/// A finding as table cells: severity, code, [path,] what is wrong, the fix.
QStringList findingCells(const Finding& f, bool withPath);

} // namespace kl::gui
