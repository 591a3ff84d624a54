#include "trace/tracefindingsview.h"

#include "common/coretext.h"
#include "common/tablerows.h"
#include "trace/tracetext.h"

#include <QHeaderView>

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
    }
    resizeColumnToContents(SeverityColumn);
    resizeColumnToContents(CodeColumn);
    resizeColumnToContents(KernelColumn);
    setColumnWidth(KernelColumn, std::min(columnWidth(KernelColumn), 220));
    resizeRowsToContents();
}

} // namespace kl::gui
