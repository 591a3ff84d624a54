#include "dialogs/doctordialog.h"

#include "common/tablerows.h"
#include "env/environment.h"
#include "explain/currentenvironment.h"
#include "fs/fsprobe.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {

DoctorContext DoctorDialog::machineContext()
{
    DoctorContext ctx;
    const CurrentEnvironment now = probeCurrentEnvironment(Environment::current());
    ctx.tritonVersion = now.tritonVersion;
    ctx.gpuArchs = now.gpuArchs;
    ctx.alwaysCompile = tritonSwitch(Environment::current(), "TRITON_ALWAYS_COMPILE");
    ctx.probeFilesystem = [](const std::string& path) { return probeFilesystem(path); };
    return ctx;
}

DoctorDialog::DoctorDialog(std::shared_ptr<const Snapshot> snapshot, std::function<DoctorContext()> context,
                           QWidget* parent)
    : QDialog(parent)
    , m_snapshot(std::move(snapshot))
    , m_context(std::move(context))
{
    setWindowTitle(tr("Doctor"));
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_cancelButton = new QPushButton(tr("&Cancel"), this);
    m_table = new QTableWidget(0, 5, this);
    m_table->setObjectName(QStringLiteral("findings"));
    m_table->setHorizontalHeaderLabels(
        {tr("Severity"), tr("Code"), tr("Path"), tr("What is wrong"), tr("Fix")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSortingEnabled(false);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_progress, 1);
    bar->addWidget(m_cancelButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    resize(1100, 600);
    connect(m_cancelButton, &QPushButton::clicked, this, &DoctorDialog::cancel);
}

DoctorDialog::~DoctorDialog() = default;

QString DoctorDialog::summaryText() const
{
    return m_summary->text();
}

void DoctorDialog::cancel()
{
    m_job.cancel();
}

void DoctorDialog::start()
{
    if (m_job.isRunning() || !m_snapshot)
        return;
    m_table->setRowCount(0);
    m_progress->setRange(0, 0);
    m_cancelButton->setEnabled(true);
    m_summary->setText(tr("Examining %1 entries…").arg(m_snapshot->entries.size()));
    m_job.start(
        [this, snapshot = m_snapshot, make = m_context](const JobToken& token) {
            DoctorOptions options;
            options.cancel = token.cancelFlag();
            options.progress = [this, &token](std::size_t done, std::size_t total) {
                if (done % 256 == 0 || done == total)
                    token.post([this, done, total] { onProgress(done, total); });
            };
            return Doctor(make(), options).examine(*snapshot);
        },
        [this](const DoctorReport& report) { onFinished(report); });
}

void DoctorDialog::onProgress(qulonglong done, qulonglong total)
{
    m_progress->setRange(0, int(total));
    m_progress->setValue(int(done));
}

void DoctorDialog::onFinished(const DoctorReport& report)
{
    m_cancelButton->setEnabled(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_table->setRowCount(int(report.findings.size()));
    for (std::size_t i = 0; i < report.findings.size(); ++i) {
        setRowCells(m_table, int(i), findingCells(report.findings[i], /*withPath=*/true));
    }
    m_table->resizeColumnsToContents();
    for (int c = 2; c < 5; ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 420));
    const DoctorSummary s = report.summary();
    m_summary->setText(tr("%1 entries, %2 findings: %3 errors, %4 warnings, %5 info; %6 binaries checked%7")
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
