// The Entry menu's actions that open a dialog over the snapshot or the selection.
#include "cleandialog.h"
#include "doctordialog.h"
#include "entrytablemodel.h"
#include "env/environment.h"
#include "events/eventlogsettings.h"
#include "mainwindow.h"
#include "recompiledialog.h"

namespace kl::gui {

void MainWindow::recompileSelected()
{
    std::vector<Entry> entries = selectedEntries();
    if (entries.empty())
        return;
    auto* dialog = new RecompileDialog(
        std::move(entries), QString::fromStdString(defaultEventsLogPath(Environment::current())), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

void MainWindow::openClean()
{
    const auto snapshot = m_model->snapshot();
    if (!snapshot)
        return;
    auto* dialog = new CleanDialog(snapshot, &DoctorDialog::machineContext, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // What was removed must leave the table: the watcher may not see it (network filesystems).
    connect(dialog, &CleanDialog::cleaned, this, &MainWindow::rescan);
    dialog->show();
}

} // namespace kl::gui
