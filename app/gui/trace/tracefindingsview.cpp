#include "tracefindingsview.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/tablerows.h"
#include "tracetext.h"

#include <QHeaderView>
#include <QStyle>
#include <algorithm>

namespace kl::gui {
namespace {

FindingSeverity severityOf(const std::string& s)
{
    if (s == "error")
        return FindingSeverity::Error;
    if (s == "warning")
        return FindingSeverity::Warning;
    return FindingSeverity::Info;
}

} // namespace

TraceFindingsView::TraceFindingsView(QWidget* parent)
    : QTableWidget(parent)
{
    setObjectName(QStringLiteral("traceFindings"));
    setColumnCount(NUM_COLUMNS);
    setHorizontalHeaderLabels({TraceText::tr("Severity"), TraceText::tr("Code"), TraceText::tr("Kernel"),
                               TraceText::tr("What is wrong"), TraceText::tr("Fix")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setWordWrap(true);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSectionResizeMode(MessageColumn, QHeaderView::Stretch);
    // Wrapped messages take the height their column's width gives them, which the layout
    // decides after the rows are filled.
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this] { resizeRowsToContents(); });
    connect(this, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (QTableWidgetItem* item = this->item(row, KernelColumn))
            emit kernelChosen(item->data(Qt::UserRole).toInt());
    });
}

void TraceFindingsView::setTraceData(const std::shared_ptr<const TraceData>& traces)
{
    const QSignalBlocker quiet(this);
    clearContents();
    const std::size_t n = traces ? traces->join.findings.size() : 0;
    setRowCount(int(n));
    for (std::size_t i = 0; i < n; ++i) {
        const trace::TraceFinding& f = traces->join.findings[i];
        QString kernel;
        if (traces->report && f.kernel < traces->report->kernels.size()) {
            const trace::KernelStats& k = traces->report->kernels[f.kernel];
            kernel = QString::fromStdString(k.shortName.empty() ? k.name : k.shortName);
        }
        // The code stays as written: the CLI's JSON and the docs name it.
        setRowCells(this, int(i),
                    {severityText(severityOf(f.severity)), QString::fromStdString(f.code), kernel,
                     coreText(f.message), coreText(f.fix)});
        item(int(i), KernelColumn)->setData(Qt::UserRole, int(f.kernel));
        // A wrapped message makes the row tall: the short cells stay at its top, in sight.
        for (int c = 0; c < NUM_COLUMNS; ++c)
            item(int(i), c)->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
    }
    resizeColumnToContents(SeverityColumn);
    resizeColumnToContents(CodeColumn);
    resizeColumnToContents(KernelColumn);
    setColumnWidth(KernelColumn, std::min(columnWidth(KernelColumn), 220));
    resizeRowsToContents();
}

int TraceFindingsView::wholeHeight(int width) const
{
    const int fixed = columnWidth(SeverityColumn) + columnWidth(CodeColumn) + columnWidth(KernelColumn);
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    // The message and the fix share what is left (both stretch); a cell has a few pixels of margin.
    const int textWidth = std::max(80, (width - 2 * frameWidth() - scrollBar - fixed) / 2 - 8);
    const QFontMetrics metrics(font());
    auto textHeight = [&](int row, int column) {
        const QTableWidgetItem* cell = item(row, column);
        return cell ? metrics.boundingRect(QRect(0, 0, textWidth, 1 << 20), Qt::TextWordWrap, cell->text())
                          .height()
                    : 0;
    };
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int r = 0; r < rowCount(); ++r)
        height +=
            std::max({metrics.lineSpacing(), textHeight(r, MessageColumn), textHeight(r, FixColumn)}) + 8;
    return height;
}

} // namespace kl::gui
