#include "entrydoctorview.h"

#include "app/gui/common/tablerows.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {

EntryDoctorView::EntryDoctorView(std::function<DoctorContext()> context, QWidget* parent)
    : QWidget(parent)
    , m_context(std::move(context))
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("entryDoctorSummary"));
    m_summary->setWordWrap(true);
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("entryFindings"));
    m_table->setHorizontalHeaderLabels({tr("Severity"), tr("Code"), tr("What is wrong"), tr("Fix")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
}

EntryDoctorView::~EntryDoctorView() = default;

void EntryDoctorView::showFindings(const std::vector<Finding>& findings)
{
    m_table->setRowCount(int(findings.size()));
    for (std::size_t i = 0; i < findings.size(); ++i)
        setRowCells(m_table, int(i), findingCells(findings[i], /*withPath=*/false));
    m_table->resizeColumnToContents(0);
    m_table->resizeColumnToContents(1);
    m_table->setColumnWidth(2, 480);
    m_table->resizeRowsToContents();
    m_summary->setText(findings.empty() ? tr("The doctor finds nothing wrong with this entry.")
                                        : tr("%n finding(s) for this entry.", nullptr, int(findings.size())));
    emit examined();
}

QString EntryDoctorView::summaryText() const
{
    return m_summary->text();
}

void EntryDoctorView::clear()
{
    m_job.discard();
    m_table->setRowCount(0);
    m_summary->clear();
}

void EntryDoctorView::setEntry(const std::vector<Root>& roots, const Entry& entry)
{
    clear();
    m_summary->setText(tr("Examining…"));
    Snapshot one;
    one.roots = roots;
    one.entries = {entry};
    m_job.start(
        [one = std::move(one), make = m_context](const JobToken&) {
            const DoctorReport report = Doctor(make()).examine(one);
            const std::string& path = one.entries.front().path;
            std::vector<Finding> mine;
            for (const Finding& f : report.findings)
                if (f.path == path || f.path.starts_with(path + "/"))
                    mine.push_back(f);
            return mine;
        },
        [this](const std::vector<Finding>& findings) { showFindings(findings); });
}

} // namespace kl::gui
