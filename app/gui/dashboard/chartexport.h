#pragma once

// Saving what the dashboard shows: a chart as PNG or SVG, a model as CSV. Each file is written
// to a temporary name and renamed into place, so a failed export leaves no half file.

#include <QCoreApplication>
#include <QString>

class QAbstractItemModel;
class QWidget;

namespace kl::gui {

/// The model as CSV (RFC 4180): a header row, then one line per row, CRLF line ends; a field
/// holding a comma, a quote, a line break or outer spaces is quoted, quotes doubled. Values are
/// the EditRole ones (raw numbers, UTC ISO times), DisplayRole where a model has no EditRole.
QString modelToCsv(const QAbstractItemModel& model);

/// Each returns false and sets `error` (the path and the cause) on failure.
bool saveCsv(const QAbstractItemModel& model, const QString& path, QString* error);
bool savePng(QWidget* widget, const QString& path, QString* error);
/// Vector output: a chart view's scene is drawn item by item, not as a bitmap.
bool saveSvg(QWidget* widget, const QString& path, const QString& title, QString* error);

} // namespace kl::gui
