#include "doctordialog.h"

#include "app/gui/common/tablerows.h"

#include <QTableWidget>

namespace kl::gui {

DoctorDialog::DoctorDialog(std::shared_ptr<const Snapshot> snapshot, std::function<DoctorContext()> context,
                           QWidget* parent)
    : JobDialog(tr("Doctor"), {tr("Severity"), tr("Code"), tr("Path"), tr("What is wrong"), tr("Fix")},
                QStringLiteral("findings"), parent)
    , m_snapshot(std::move(snapshot))
    , m_context(std::move(context))
{
    m_table->setWordWrap(true);
    resize(1100, 600);
}

DoctorDialog::~DoctorDialog() = default;

void DoctorDialog::cancel()
{
    m_job.cancel();
}

void DoctorDialog::start()
{
    if (m_job.isRunning() || !m_snapshot)
        return;
    m_table->setRowCount(0);
    showBusy(tr("Examining %1 entries…").arg(m_snapshot->entries.size()));
    m_job.start(
        [this, snapshot = m_snapshot, make = m_context](const JobToken& token) {
            DoctorOptions options;
            options.cancel = token.cancelFlag();
            options.progress = [this, &token](std::size_t done, std::size_t total) {
                if (done % 256 == 0 || done == total)
                    token.post([this, done, total] { showProgress(done, total); });
            };
            return Doctor(make(), options).examine(*snapshot);
        },
        [this](const DoctorReport& report) { onFinished(report); });
}

void DoctorDialog::onFinished(const DoctorReport& report)
{
    m_table->setRowCount(int(report.findings.size()));
    for (std::size_t i = 0; i < report.findings.size(); ++i) {
        setRowCells(m_table, int(i), findingCells(report.findings[i], /*withPath=*/true));
    }
    m_table->resizeColumnsToContents();
    for (int c = 2; c < 5; ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 420));
    const DoctorSummary s = report.summary();
    showIdle(tr("%1 entries, %2 findings: %3 errors, %4 warnings, %5 info; %6 binaries checked%7")
                 .arg(s.entries)
                 .arg(s.findings)
                 .arg(s.bySeverity.count("error") ? s.bySeverity.at("error") : 0)
                 .arg(s.bySeverity.count("warning") ? s.bySeverity.at("warning") : 0)
                 .arg(s.bySeverity.count("info") ? s.bySeverity.at("info") : 0)
                 .arg(s.binariesChecked)
                 .arg(s.cancelled ? tr(" — cancelled, showing what was examined") : QString()));
    emit finished();
}

} // namespace kl::gui
