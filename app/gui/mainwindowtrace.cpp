// MainWindow's profiler traces: File > Open Trace, the Trace page beside Entries and Dashboard,
// the join with the caches the Entries page shows, a kernel's entries selected there and the GPU
// time in an entry's details.
#include "app/gui/demo/democache.h"
#include "app/gui/entries/entriespage.h"
#include "app/gui/remote/remotesession.h"
#include "app/gui/trace/traceloader.h"
#include "app/gui/trace/tracepage.h"
#include "app/gui/trace/tracesession.h"
#include "app/gui/trace/tracetext.h"
#include "mainwindow.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

namespace kl::gui {

void MainWindow::setUpTraces()
{
    m_tracePage = new TracePage(this);
    m_pages->addTab(m_tracePage, tr("Trace"));
    m_traces = new TraceSession(this);
    m_traces->addStatusWidgets(statusBar());
    m_tracePage->setCommPattern(m_traces->commPattern());
    connect(m_tracePage, &TracePage::commPatternEdited, this, [this](const QString& pattern) {
        QString error;
        if (!m_traces->setCommPattern(pattern, &error))
            m_tracePage->showCommPatternError(error);
    });
    connect(m_traces, &TraceSession::loaded, this, [this](std::shared_ptr<const TraceData> traces) {
        m_tracePage->setTraceData(std::move(traces));
        m_entries->refreshDetailAppendix();
    });
    connect(m_traces, &TraceSession::failed, this, [this](const QString& message) {
        const QString text = tr("Cannot open the trace: %1").arg(message);
        statusBar()->showMessage(text, 15000);
        if (!m_traces->current())
            m_tracePage->showError(text);
    });
    connect(m_traces, &TraceSession::cancelled, this,
            [this] { statusBar()->showMessage(tr("Reading the trace was cancelled"), 5000); });
    // A kernel's entries are selected on the Entries page as it is chosen, so that switching
    // pages shows them; "Show Entries" also switches.
    connect(m_tracePage, &TracePage::kernelSelected, this, [this](int, const QStringList& paths) {
        if (!paths.isEmpty())
            m_entries->selectEntries(paths);
    });
    connect(m_tracePage, &TracePage::showEntriesRequested, this, [this](const QStringList& paths) {
        if (m_entries->selectEntries(paths) > 0)
            m_pages->setCurrentWidget(m_entries);
        else
            statusBar()->showMessage(tr("The kernel's entries are hidden by the Entries page's filters"),
                                     8000);
    });
    m_entries->setDetailAppendix([this](const Entry& entry) {
        const auto& traces = m_traces->current();
        return traces ? TraceText::entryGpuTime(*traces, entry.path) : QString();
    });
}

void MainWindow::addTraceActions(QMenu* file)
{
    QAction* open = file->addAction(tr("Open &Trace…"), this, &MainWindow::chooseTraces);
    open->setObjectName(QStringLiteral("openTraceAction"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    open->setToolTip(tr("Read PyTorch profiler traces and match their kernels with the cache entries"));
}

void MainWindow::chooseTraces()
{
    QSettings settings;
    const QString start = settings.value(QStringLiteral("traces/lastFolder")).toString();
    const QStringList paths =
        QFileDialog::getOpenFileNames(this, tr("Open Profiler Traces (several: one per rank)"), start,
                                      tr("Chrome traces (*.json *.json.gz);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings.setValue(QStringLiteral("traces/lastFolder"), QFileInfo(paths.front()).absolutePath());
    openTraces(paths);
}

void MainWindow::openTraces(const QStringList& paths, bool show)
{
    if (paths.isEmpty())
        return;
    m_traces->open(paths);
    joinTracesWithEntries(); // the caches shown now (joined when the load ends); a later scan joins again
    if (show)
        m_pages->setCurrentWidget(m_tracePage);
}

QStringList MainWindow::openedTraces() const
{
    return m_traces->paths();
}

void MainWindow::joinTracesWithEntries()
{
    const auto snapshot = m_entries->snapshot();
    if (!snapshot) {
        m_traces->setCaches({}, {});
        return;
    }
    // Local entries: the join reads their cubins from the folders itself, as `klens trace` does.
    trace::CubinLoader loader;
    if (!m_entries->hasLocalFiles()) {
        if (auto fetch = m_remote->stageFetcher()) {
            // A remote entry's cubin is one GET on the fetcher's own connection, off the UI thread.
            loader = [fetch](const Snapshot&, const Entry& entry, const Stage& cubin) {
                return fetch(entry, cubin.fileName, 256ull << 20);
            };
        }
    }
    m_traces->setCaches({snapshot}, std::move(loader));
}

// The demo's trace: made from the demo cache's kernels, with one launch whose registers are not
// those of the cached binary, so the join has a finding to show. It opens beside the Entries page.
void MainWindow::openDemoTrace()
{
    const QString trace = DemoCache::traceSourceFile();
    if (!trace.isEmpty() && m_traces->paths().isEmpty())
        openTraces({trace}, false);
}

} // namespace kl::gui
