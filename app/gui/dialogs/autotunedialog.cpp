#include "autotunedialog.h"

#include "app/gui/common/coretext.h"
#include "gpu/kernels/kernellibrary.h"
#include "gpu/kernels/kernelspec.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kl::gui {
namespace {

// The CLI's run (autotunejob.h); a spec or backend that is not there is the report's error.
AutotuneReport tune(const BackendFactory& factory, const AutotuneJob& job, const AutotuneProgressFn& progress,
                    const std::atomic<bool>* cancel)
{
    AutotuneJobResult r = runAutotuneJob(job, factory, progress, cancel);
    if (!r.specError.empty())
        r.report.error = r.specError;
    else if (!r.backendError.empty())
        r.report.error = r.backendError;
    return r.report;
}

} // namespace

AutotuneDialog::AutotuneDialog(BackendFactory factory, QString cacheRoot, QString eventsLog, QWidget* parent)
    : JobDialog(
          tr("Autotune"),
          {tr("Configuration"), tr("Status"), tr("Median ms"), tr("p20 ms"), tr("p80 ms"), tr("Throughput")},
          QStringLiteral("autotuneResults"), parent)
    , m_factory(std::move(factory))
    , m_cacheRoot(std::move(cacheRoot))
    , m_eventsLog(std::move(eventsLog))
{
    m_spec = new QComboBox(this);
    for (const std::string& path : listKernelSpecs(kernelLibraryDir()))
        m_spec->addItem(QFileInfo(QString::fromStdString(path)).completeBaseName(),
                        QString::fromStdString(path));
    m_size = new QComboBox(this);
    m_startButton = new QPushButton(tr("&Start"), this);
    m_cancelButton->setText(tr("&Cancel Run"));
    auto* form = new QFormLayout;
    form->addRow(tr("Kernel:"), m_spec);
    form->addRow(tr("Size:"), m_size);
    setForm(form);
    addButton(m_startButton);
    resize(900, 560);

    connect(m_spec, &QComboBox::currentIndexChanged, this, &AutotuneDialog::onSpecChanged);
    connect(m_startButton, &QPushButton::clicked, this,
            [this] { start(m_spec->currentData().toString(), m_size->currentText()); });
    onSpecChanged();
}

AutotuneDialog::~AutotuneDialog() = default;

void AutotuneDialog::onSpecChanged()
{
    m_size->clear();
    const auto spec = loadKernelSpec(m_spec->currentData().toString().toStdString());
    if (!spec) {
        m_summary->setText(coreText(spec.error()));
        m_startButton->setEnabled(false);
        return;
    }
    for (const ProblemSize& s : spec->sizes)
        m_size->addItem(QString::fromStdString(s.name));
    m_size->setCurrentIndex(static_cast<int>(spec->defaultSize));
    m_startButton->setEnabled(!m_job.isRunning());
}

void AutotuneDialog::start(const QString& specPath, const QString& size, std::size_t limit)
{
    if (m_job.isRunning())
        return;
    m_table->setRowCount(0);
    m_startButton->setEnabled(false);
    showBusy(tr("Starting…"));
    AutotuneJob job;
    job.specPath = specPath.toStdString();
    job.options.size = size.toStdString();
    job.options.cacheRoot = m_cacheRoot.toStdString();
    job.options.limit = limit;
    job.eventsLog = m_eventsLog.toStdString();
    m_job.start(
        [this, factory = m_factory, job](const JobToken& token) {
            const auto progress = [this, &token](const AutotuneProgress& p) {
                token.post([this, p] { onProgress(p); });
            };
            return tune(factory, job, progress, token.cancelFlag());
        },
        [this](const AutotuneReport& r) { onFinished(r); });
}

void AutotuneDialog::cancel()
{
    m_job.cancel();
}

void AutotuneDialog::onProgress(const AutotuneProgress& p)
{
    if (p.phase == "done")
        return;
    showProgress(p.index, p.total);
    m_summary->setText(tr("%1 of %2: %3 %4")
                           .arg(p.index + 1)
                           .arg(p.total)
                           .arg(QString::fromStdString(p.phase), QString::fromStdString(p.label)));
}

void AutotuneDialog::onFinished(const AutotuneReport& r)
{
    m_startButton->setEnabled(true);
    if (!r.error.empty()) {
        showIdle(tr("Cannot autotune: %1").arg(coreText(r.error)));
        emit finished();
        return;
    }
    const QString unit = QString::fromUtf8(throughputUnit(r.metricKind).data());
    m_table->setRowCount(static_cast<int>(r.configs.size()));
    for (std::size_t i = 0; i < r.configs.size(); ++i) {
        const ConfigOutcome& c = r.configs[i];
        const int row = static_cast<int>(i);
        const bool ok = c.status == ConfigStatus::Ok;
        auto cell = [&](int col, const QString& text) {
            m_table->setItem(row, col, new QTableWidgetItem(text));
        };
        cell(0, QString::fromStdString(c.label) + (r.best == i ? tr("  (best)") : QString()));
        cell(1, ok ? tr("ok")
                   : QString::fromUtf8(configStatusName(c.status).data()) + QLatin1String(": ") +
                         coreText(c.message));
        cell(2, ok ? QString::number(c.timing.median, 'f', 4) : QString());
        cell(3, ok ? QString::number(c.timing.p20, 'f', 4) : QString());
        cell(4, ok ? QString::number(c.timing.p80, 'f', 4) : QString());
        cell(5, ok ? QString::number(c.throughput, 'f', 1) + QLatin1Char(' ') + unit : QString());
    }
    QString text =
        r.best ? tr("Best: %1 on %2")
                     .arg(QString::fromStdString(r.configs[*r.best].label), QString::fromStdString(r.device))
               : tr("No configuration ran correctly on %1").arg(QString::fromStdString(r.device));
    if (r.cancelled)
        text += tr(" — cancelled");
    if (!r.stopped.empty())
        text += tr(" — stopped: %1").arg(coreText(r.stopped));
    if (!r.resultsPath.empty())
        text += tr(" — saved %1").arg(QString::fromStdString(r.resultsPath));
    showIdle(text);
    emit finished();
}

} // namespace kl::gui
