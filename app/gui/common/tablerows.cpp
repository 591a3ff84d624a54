#include "tablerows.h"

#include "coretext.h"

#include <QCoreApplication>
#include <QTableWidget>

namespace kl::gui {

void setRowCells(QTableWidget* table, int row, const QStringList& cells, int firstColumn)
{
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        item->setToolTip(cells[c]);
        table->setItem(row, firstColumn + c, item);
    }
}

QString severityText(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Error: return QCoreApplication::translate("Findings", "error");
    case FindingSeverity::Warning: return QCoreApplication::translate("Findings", "warning");
    case FindingSeverity::Info: return QCoreApplication::translate("Findings", "info");
    }
    return {};
}

QStringList findingCells(const Finding& f, bool withPath)
{
    // The code stays as written: it is what `klens doctor`, the JSON and the docs name.
    QStringList cells{severityText(f.severity), QString::fromStdString(f.code)};
    if (withPath)
        cells << QString::fromStdString(f.path);
    cells << coreText(f.message) << coreText(f.fix);
    return cells;
}

} // namespace kl::gui
