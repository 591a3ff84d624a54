#include "tablerows.h"

#include "coretext.h"

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

QStringList findingCells(const Finding& f, bool withPath)
{
    QStringList cells{QString::fromUtf8(toString(f.severity).data()), QString::fromStdString(f.code)};
    if (withPath)
        cells << QString::fromStdString(f.path);
    cells << coreText(f.message) << coreText(f.fix);
    return cells;
}

} // namespace kl::gui
