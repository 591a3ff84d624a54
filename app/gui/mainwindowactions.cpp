// The menus' actions that open a dialog: over the snapshot or the selection (Entry), and the
// Kernels menu's compile and autotune (with the GPU check that enables autotuning).
#include "app/gui/common/coretext.h"
#include "app/gui/common/machinecontext.h"
#include "app/gui/dashboard/dashboardpage.h"
#include "app/gui/dialogs/autotunedialog.h"
#include "app/gui/dialogs/cleandialog.h"
#include "app/gui/dialogs/compiledialog.h"
#include "app/gui/dialogs/doctordialog.h"
#include "app/gui/dialogs/overridedialog.h"
#include "app/gui/dialogs/overrideeditor.h"
#include "app/gui/dialogs/recompiledialog.h"
#include "app/gui/entries/entriespage.h"
#include "app/gui/trace/tracepage.h"
#include "core/env/cacheroots.h"
#include "core/env/environment.h"
#include "core/events/eventlogsettings.h"
#include "core/nvrtc/nvrtccache.h"
#include "gpu/cudabackend.h"
#include "gpu/gpustatus.h"
#include "mainwindow.h"

#include <QFileDialog>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>

namespace kl::gui {

void MainWindow::checkGpu()
{
    m_gpuCheck.start([](const JobToken&) { return gpuStatus(); },
                     [this](const GpuStatus& s) {
                         m_autotuneAction->setEnabled(s.available);
                         if (s.available) {
                             m_autotuneAction->setToolTip(
                                 tr("Time every configuration of a demo kernel on %1")
                                     .arg(QString::fromStdString(s.devices.front().name)));
                             return;
                         }
                         const QString why = tr("Autotuning needs a GPU: %1").arg(coreText(s.reason));
                         m_autotuneAction->setToolTip(why);
                         m_autotuneAction->setStatusTip(why);
                         m_autotuneAction->setText(tr("&Autotune… (no GPU)"));
                     });
}

void MainWindow::openAutotune()
{
    const Environment env = Environment::current();
    auto* dialog = new AutotuneDialog([] { return makeCudaBackend(0); },
                                      QString::fromStdString(defaultNvrtcCacheRoot(env)),
                                      QString::fromStdString(defaultEventsLogPath(env)), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::openCudaFile()
{
    const Environment env = Environment::current();
    auto* dialog = new CompileDialog(QString::fromStdString(defaultNvrtcCacheRoot(env)),
                                     QString::fromStdString(defaultEventsLogPath(env)), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CompileDialog::openCacheRequested, this,
            [this](const QString& root) { openFolders({root}); });
    dialog->show();
}

void MainWindow::runDoctor()
{
    const auto snapshot = m_entries->snapshot();
    if (!snapshot)
        return;
    if (!m_entries->hasLocalFiles()) {
        showRemoteDoctor();
        return;
    }
    auto* dialog = new DoctorDialog(snapshot, &machineContext, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

void MainWindow::recompileSelected()
{
    std::vector<Entry> entries = m_entries->selectedEntries();
    if (entries.empty())
        return;
    auto* dialog = new RecompileDialog(
        std::move(entries), QString::fromStdString(defaultEventsLogPath(Environment::current())), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

std::optional<std::size_t> MainWindow::selectedIndex() const
{
    const auto snapshot = m_entries->snapshot();
    const std::vector<Entry> entries = m_entries->selectedEntries();
    if (!snapshot || entries.empty())
        return std::nullopt;
    const auto& all = snapshot->entries;
    // Entries are sorted by path.
    const auto it = std::lower_bound(all.begin(), all.end(), entries.front().path,
                                     [](const Entry& e, const std::string& p) { return e.path < p; });
    if (it == all.end() || it->path != entries.front().path)
        return std::nullopt;
    return static_cast<std::size_t>(it - all.begin());
}

OverrideDialog* MainWindow::openMakeOverride()
{
    const auto snapshot = m_entries->snapshot();
    const auto index = selectedIndex();
    if (!index)
        return nullptr;
    const Root overrideRoot = dumpAndOverrideRoots(Environment::current()).back();
    auto* dialog = new OverrideDialog(snapshot, *index, QString::fromStdString(overrideRoot.path), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The new override folder belongs in the table when its root is shown.
    connect(dialog, &OverrideDialog::made, this, &MainWindow::rescan);
    dialog->show();
    return dialog;
}

OverrideEditor* MainWindow::openOverrideEditor(QString file)
{
    const auto snapshot = m_entries->snapshot();
    const auto index = selectedIndex();
    if (!index)
        return nullptr;
    if (file.isEmpty()) {
        const Entry& e = snapshot->entries[*index];
        const bool folder = e.kind == EntryKind::Dump || e.kind == EntryKind::Override;
        const QString start = QString::fromStdString(
            folder ? e.path : dumpAndOverrideRoots(Environment::current()).back().path);
        file = QFileDialog::getOpenFileName(this, tr("Edit Override File"), start,
                                            tr("Stages (*.ttir *.ttgir *.llir *.ptx);;All files (*)"));
        if (file.isEmpty())
            return nullptr;
    }
    auto* editor = new OverrideEditor(file, snapshot, *index, this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->show();
    return editor;
}

CleanDialog* MainWindow::openClean()
{
    const auto snapshot = m_entries->snapshot();
    if (!snapshot)
        return nullptr;
    auto* dialog = new CleanDialog(snapshot, &machineContext, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // What was removed must leave the table: the watcher may not see it (network filesystems).
    connect(dialog, &CleanDialog::cleaned, this, &MainWindow::rescan);
    dialog->show();
    return dialog;
}

void MainWindow::showAfterScan(const QStringList& what)
{
    m_pendingShow = what;
}

// kernellens --show: demos and screenshots open a page, a view or a dialog once the scan ends.
void MainWindow::applyPendingShow()
{
    const QStringList what = std::exchange(m_pendingShow, {});
    for (const QString& w : what) {
        if (w == QLatin1String("dashboard"))
            m_pages->setCurrentWidget(m_dashboard);
        else if (w == QLatin1String("trace"))
            m_pages->setCurrentWidget(m_tracePage);
        else if (w == QLatin1String("grouped"))
            setGroupedByKernel(true);
        else if (w == QLatin1String("metadata"))
            m_entries->showDetailTab(1);
        else if (w == QLatin1String("doctor"))
            m_entries->showDetailTab(2);
        else if (w == QLatin1String("clean")) {
            if (CleanDialog* d = openClean())
                d->preview();
        } else if (w == QLatin1String("open-remote"))
            // Queued: the dialog runs its own loop, and the scan's end must finish first.
            QTimer::singleShot(0, this, &MainWindow::chooseRemote);
        else if (w == QLatin1String("make-override"))
            QTimer::singleShot(0, this, [this] { openMakeOverride(); });
        else if (w.startsWith(QLatin1String("try-override=")))
            QTimer::singleShot(0, this, [this, file = w.section(QLatin1Char('='), 1)] {
                if (OverrideEditor* editor = openOverrideEditor(file))
                    editor->tryEdit();
            });
    }
}

} // namespace kl::gui
