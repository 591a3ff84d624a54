// MainWindow's Redis remote cache: File > Open Remote Cache, the listing shown in the Entries
// page, the roots panel's remote servers and Entry > Pull.
#include "app/gui/entries/entriespage.h"
#include "app/gui/remote/remotedoctordialog.h"
#include "app/gui/remote/remotelistingsource.h"
#include "app/gui/remote/remoteopendialog.h"
#include "app/gui/remote/remotesession.h"
#include "app/gui/roots/rootspanel.h"
#include "core/env/cacheroots.h"
#include "core/env/environment.h"
#include "mainwindow.h"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

namespace kl::gui {

void MainWindow::chooseRemote()
{
    RemoteOpenDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted)
        openRemote(dialog.source(), dialog.rememberPassword());
}

void MainWindow::openRemote(const RemoteSource& source, bool rememberPassword)
{
    m_remote->open(source, rememberPassword);
    m_rootsPanel->setRemotes(m_remote->opened(), RemoteSession::recent());
}

bool MainWindow::openRemoteUrl(const QString& url, QString* error)
{
    if (!m_remote->reopen(url, error))
        return false;
    m_rootsPanel->setRemotes(m_remote->opened(), RemoteSession::recent());
    return true;
}

// The listing is the Entries page's source: its rows stream in as they are read.
void MainWindow::startRemoteListing(const QString& display)
{
    setWindowTitle(tr("%1 — KernelLens").arg(tr("Remote cache %1").arg(display)));
    m_entries->setSource(new RemoteListingSource(m_remote, display));
}

void MainWindow::showRemoteListing(const QString& display)
{
    setWindowTitle(tr("%1 — KernelLens").arg(tr("Remote cache %1").arg(display)));
    m_rootsPanel->setRemotes(m_remote->opened(), RemoteSession::recent());
    // The environment's folders and the recent ones stay listed beside the server.
    m_rootsPanel->refresh({}, QSettings().value(QStringLiteral("recentRoots")).toStringList());
}

void MainWindow::addPullActions(QMenu* entry)
{
    entry->addSeparator();
    QAction* toTriton = entry->addAction(tr("P&ull into Triton's Cache"), this, [this] {
        pullSelected(QString::fromStdString(effectiveCacheRoot(Environment::current()).path));
    });
    toTriton->setObjectName(QStringLiteral("pullAction"));
    toTriton->setToolTip(tr("Fetch the selected remote entries into the cache folder Triton uses here"));
    QAction* toFolder = entry->addAction(tr("Pull into &Folder…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Pull into Cache Folder"));
        if (!dir.isEmpty())
            pullSelected(dir);
    });
    toFolder->setObjectName(QStringLiteral("pullIntoAction"));
    m_pullActions = {toTriton, toFolder};
    for (QAction* a : m_pullActions)
        a->setEnabled(false);
    m_pushAction = entry->addAction(tr("Pus&h to Remote Cache…"), this, [this] {
        RemoteOpenDialog dialog(this);
        dialog.setWindowTitle(tr("Push to Remote Cache"));
        if (dialog.exec() == QDialog::Accepted)
            pushSelected(dialog.source());
    });
    m_pushAction->setObjectName(QStringLiteral("pushAction"));
    m_pushAction->setToolTip(
        tr("Store the selected entries on a Redis server in the form Triton reads (complete, "
           "hash-verified entries only)"));
    m_pushAction->setEnabled(false);
}

void MainWindow::updateRemoteActions(int selected)
{
    const bool remote = !m_entries->hasLocalFiles();
    for (QAction* a : m_pullActions)
        a->setEnabled(remote && selected > 0 && !m_remote->isPulling());
    m_pushAction->setEnabled(!remote && selected > 0 && !m_remote->isPulling());
    if (remote)
        for (QAction* a : m_localActions)
            a->setEnabled(a == m_doctorAction && m_entries->snapshot() != nullptr); // the remote doctor
}

void MainWindow::pushSelected(const RemoteSource& target)
{
    if (!m_entries->hasLocalFiles() || m_remote->isPulling())
        return;
    QStringList paths;
    for (const Entry& e : m_entries->selectedEntries())
        paths << QString::fromStdString(e.path);
    if (paths.isEmpty())
        return;
    m_remote->push(paths, target);
    m_pushAction->setEnabled(false);
}

void MainWindow::showPushResult(const PullSummary& s)
{
    m_rootsPanel->setRemotes(m_remote->opened(), RemoteSession::recent());
    reportTransfer(s, tr("Push failed: %1"),
                   tr("Pushed to %1: %2 done, %3 skipped (already there), %4 refused"));
    emit pushFinished(s.done, s.skipped, s.refused);
}

void MainWindow::showRemoteDoctor()
{
    const auto snapshot = m_entries->snapshot();
    if (!snapshot)
        return;
    auto* dialog = new RemoteDoctorDialog(*snapshot, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::pullSelected(const QString& into)
{
    if (m_entries->hasLocalFiles() || m_remote->isPulling())
        return;
    QStringList keys;
    for (const Entry& e : m_entries->selectedEntries())
        keys << QString::fromStdString(e.folderName);
    if (keys.isEmpty())
        return;
    m_remote->pull(keys, into);
    for (QAction* a : m_pullActions)
        a->setEnabled(false);
}

void MainWindow::showPullResult(const PullSummary& s)
{
    reportTransfer(s, tr("Pull failed: %1"),
                   tr("Pulled into %1: %2 done, %3 skipped (already there), %4 refused"));
    emit pullFinished(s.done, s.skipped, s.refused);
}

// A pull's or a push's end: the failure in the banner, else the counts in the status bar and the
// reasons for refused entries in the banner. `done` takes the server or folder and the counts.
void MainWindow::reportTransfer(const PullSummary& s, const QString& failed, const QString& done)
{
    updateRemoteActions(int(m_entries->selectedEntries().size()));
    if (!s.error.isEmpty()) {
        m_entries->showError(failed.arg(s.error));
        return;
    }
    QString text = done.arg(s.into).arg(s.done).arg(s.skipped).arg(s.refused);
    if (s.cancelled)
        text += QStringLiteral(" — ") + tr("cancelled");
    statusBar()->showMessage(text, 15000);
    if (!s.refusedWhy.isEmpty())
        m_entries->showError(text + QLatin1Char('\n') + s.refusedWhy.join(QLatin1Char('\n')));
}

} // namespace kl::gui
