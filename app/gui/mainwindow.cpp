#include "mainwindow.h"

#include "app/gui/common/qstrings.h"
#include "app/gui/common/translation.h"
#include "app/gui/dashboard/dashboardpage.h"
#include "app/gui/demo/democache.h"
#include "app/gui/dialogs/overrideeditor.h"
#include "app/gui/dialogs/shortcutsdialog.h"
#include "app/gui/entries/entriespage.h"
#include "app/gui/remote/remotesession.h"
#include "app/gui/roots/rootspanel.h"
#include "app/gui/trace/tracepage.h"
#include "app/gui/trace/tracesession.h"
#include "core/env/cacheroots.h"
#include "core/env/environment.h"
#include "core/events/eventlogsettings.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QUrl>

namespace kl::gui {
namespace {

QStringList recentRoots()
{
    return QSettings().value(QStringLiteral("recentRoots")).toStringList();
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_entries(new EntriesPage(this))
    , m_dashboard(new DashboardPage(this))
{
    // Entries and Dashboard pages; the dashboard follows the events logs (compiles and hits).
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("pages"));
    m_pages->setDocumentMode(true);
    m_pages->addTab(m_entries, tr("Entries"));
    m_pages->addTab(m_dashboard, tr("Dashboard"));
    setCentralWidget(m_pages);

    m_entries->addStatusWidgets(statusBar());
    m_eventsLabel = new QLabel(this);
    m_eventsLabel->setObjectName(QStringLiteral("eventsLabel"));
    statusBar()->addPermanentWidget(m_eventsLabel);
    m_entries->addLiveStatus(statusBar());
    connect(m_dashboard, &DashboardPage::statusChanged, m_eventsLabel, &QLabel::setText);
    // A range picked on the hit-rate chart narrows the entries to those written in it.
    connect(m_dashboard, &DashboardPage::timeRangeSelected, m_entries, &EntriesPage::setTimeRange);
    connect(m_dashboard, &DashboardPage::timeRangeCleared, m_entries, &EntriesPage::clearTimeRange);
    connect(m_entries, &EntriesPage::timeRangeClearRequested, m_dashboard, &DashboardPage::clearTimeRange);
    m_dashboard->setEventLogPaths({qs(defaultEventsLogPath(Environment::current()))});
    setUpTraces();

    connect(m_entries, &EntriesPage::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(m_entries, &EntriesPage::snapshotShown, this, &MainWindow::onSnapshotShown);
    connect(m_entries, &EntriesPage::exportFinished, this, [this](bool ok, const QString& text) {
        statusBar()->showMessage(text, 15000);
        emit exportFinished(ok, text);
    });

    m_rootsPanel = new RootsPanel(this);
    auto* rootsDock = new QDockWidget(tr("Folders"), this);
    rootsDock->setObjectName(QStringLiteral("rootsDock"));
    rootsDock->setWidget(m_rootsPanel);
    addDockWidget(Qt::LeftDockWidgetArea, rootsDock);
    connect(m_rootsPanel, &RootsPanel::openRequested, this,
            [this](const QString& path) { openFolders({path}); });
    connect(m_rootsPanel, &RootsPanel::bannerChanged, m_entries, &EntriesPage::setFilesystemBanner);

    m_remote = new RemoteSession(this);
    m_remote->addStatusWidgets(statusBar());
    connect(m_remote, &RemoteSession::listed, this, &MainWindow::showRemoteListing);
    connect(m_remote, &RemoteSession::pulled, this, &MainWindow::showPullResult);
    connect(m_remote, &RemoteSession::pushed, this, &MainWindow::showPushResult);
    connect(m_remote, &RemoteSession::failed, this, [this](const QString& message) {
        m_entries->showError(tr("Cannot open the remote cache: %1").arg(message));
    });
    connect(m_remote, &RemoteSession::listingStarted, this, &MainWindow::startRemoteListing);
    connect(m_remote, &RemoteSession::passwordSaved, this,
            [this](const QString& display, bool ok, const QString& why) {
                if (ok)
                    statusBar()->showMessage(tr("The password of %1 is in the system keyring").arg(display),
                                             8000);
                else
                    m_entries->showError(
                        tr("The password of %1 was not saved in the system keyring: %2").arg(display, why));
            });
    connect(m_rootsPanel, &RootsPanel::openRemoteRequested, this, [this](const QString& url) {
        QString error;
        if (!m_remote->reopen(url, &error))
            m_entries->showError(error);
    });
    connect(m_rootsPanel, &RootsPanel::forgetRemoteRequested, this, [this](const QString& url) {
        m_remote->forget(url);
        m_rootsPanel->setRemotes(m_remote->opened(), RemoteSession::recent());
    });
    m_rootsPanel->setRemotes({}, RemoteSession::recent());

    createActions();
    setWindowTitle(tr("KernelLens"));
    resize(1200, 760);
    // The layout the user left: size, position, and where the dockable panes are. The first time,
    // the folders pane gets room for its paths; sized before the window has its own size, it was
    // squeezed to a sliver wherever the pages need more width (German).
    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray()))
        resizeDocks({rootsDock}, {330}, Qt::Horizontal);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // An override editor with unsaved edits asks first; the window stays when one is kept open.
    for (OverrideEditor* editor : findChildren<OverrideEditor*>())
        if (editor->isVisible() && !editor->close()) {
            event->ignore();
            return;
        }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

MainWindow::~MainWindow()
{
    delete m_entries; // its scan may be reading the demo copy, which goes with m_demo
    delete m_traces;  // so may its join (the entries' cubins)
}

void MainWindow::createActions()
{
    createFileMenu();
    createViewMenu();
    createEntryMenu();
    createHelpMenus();
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Folder…"), this, &MainWindow::chooseFolder);
    open->setShortcut(QKeySequence::Open);
    QAction* openRemoteAction = file->addAction(tr("Open Re&mote Cache…"), this, &MainWindow::chooseRemote);
    openRemoteAction->setObjectName(QStringLiteral("openRemoteAction"));
    openRemoteAction->setToolTip(tr("List Triton's Redis remote cache"));
    addTraceActions(file);
    file->addAction(tr("Open &CUDA File…"), this, &MainWindow::openCudaFile);
    QAction* rescanAction = file->addAction(tr("&Rescan"), this, &MainWindow::rescan);
    rescanAction->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* find = new QAction(tr("Find"), this);
    find->setShortcut(QKeySequence::Find);
    // Ctrl+F finds in the code when a stage's code has the focus, else filters the entries.
    connect(find, &QAction::triggered, m_entries, &EntriesPage::find);
    addAction(find);
}

void MainWindow::createViewMenu()
{
    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_groupAction =
        view->addAction(tr("&Group by Kernel"), this, [this](bool on) { setGroupedByKernel(on); });
    m_groupAction->setCheckable(true);
    m_groupAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_groupAction->setToolTip(tr("Show all specialisations of one kernel together"));
    view->addSeparator();
    // Each language in its own name, so that someone who cannot read the current one finds theirs.
    QMenu* languages = view->addMenu(tr("&Language"));
    languages->setObjectName(QStringLiteral("languageMenu"));
    auto* languageGroup = new QActionGroup(this);
    for (const Language& l : availableLanguages()) {
        QAction* a = languages->addAction(l.nativeName, this, [this, code = l.code] {
            if (code != currentLanguage())
                emit languageChosen(code);
        });
        a->setCheckable(true);
        a->setChecked(l.code == currentLanguage());
        a->setData(l.code);
        languageGroup->addAction(a);
    }
    view->addSeparator();
    QAction* entriesPage = view->addAction(tr("&Entries"), this, [this] { m_pages->setCurrentIndex(0); });
    entriesPage->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction* dashboardPage = view->addAction(tr("&Dashboard"), this, [this] { m_pages->setCurrentIndex(1); });
    dashboardPage->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    QAction* tracePage =
        view->addAction(tr("&Trace"), this, [this] { m_pages->setCurrentWidget(m_tracePage); });
    tracePage->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("rootsDock"))) {
        QAction* folders = dock->toggleViewAction();
        folders->setText(tr("&Folders Pane"));
        folders->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
        view->addAction(folders);
    }
}

void MainWindow::createEntryMenu()
{
    QMenu* entryMenu = menuBar()->addMenu(tr("&Entry"));
    m_compareAction = entryMenu->addAction(tr("&Compare Selected"), m_entries, &EntriesPage::compareSelected);
    m_compareAction->setObjectName(QStringLiteral("compareAction"));
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_compareAction->setToolTip(tr("Select two entries (Ctrl+click) to compare their stages"));
    m_compareAction->setEnabled(false);
    entryMenu->setToolTipsVisible(true);
    QAction* exportAction = entryMenu->addAction(tr("&Export as .tar.gz…"), this, [this] {
        const QString out = QFileDialog::getSaveFileName(this, tr("Export Entries"),
                                                         QStringLiteral("kernellens-entries.tar.gz"),
                                                         tr("gzip'd tar (*.tar.gz)"));
        if (!out.isEmpty())
            exportSelected(out);
    });
    exportAction->setObjectName(QStringLiteral("exportAction"));
    exportAction->setToolTip(tr("Pack the selected entries into one archive for a bug report"));
    entryMenu->addSeparator();
    QAction* copyPath = entryMenu->addAction(tr("Copy &Path"), this, [this] { copySelected(false); });
    copyPath->setObjectName(QStringLiteral("copyPathAction"));
    QAction* copyKey = entryMenu->addAction(tr("Copy &Key"), this, [this] { copySelected(true); });
    copyKey->setObjectName(QStringLiteral("copyKeyAction"));
    copyKey->setToolTip(tr("The sha256 hash the entry's metadata records"));
    QAction* reveal = entryMenu->addAction(tr("&Reveal in File Manager"), this, [this] {
        const std::vector<Entry> entries = m_entries->selectedEntries();
        if (!entries.empty())
            // A packed entry has no folder: its pack's folder is shown.
            QDesktopServices::openUrl(QUrl::fromLocalFile(
                entries.front().packed() ? QFileInfo(qs(entries.front().packPath)).absolutePath()
                                         : qs(entries.front().path)));
    });
    entryMenu->addSeparator();
    m_doctorAction = entryMenu->addAction(tr("Run &Doctor"), this, &MainWindow::runDoctor);
    m_doctorAction->setObjectName(QStringLiteral("doctorAction"));
    m_doctorAction->setToolTip(
        tr("Examine every entry shown: broken, stale, orphaned, on a network filesystem"));
    m_doctorAction->setEnabled(false);
    m_recompileAction = entryMenu->addAction(tr("Recomp&ile"), this, &MainWindow::recompileSelected);
    m_recompileAction->setObjectName(QStringLiteral("recompileAction"));
    m_recompileAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_recompileAction->setToolTip(tr("Rebuild the selected entries and compare with what is cached "
                                     "(the entries are not changed)"));
    QAction* makeOverride = entryMenu->addAction(tr("Make &Override…"), this, &MainWindow::openMakeOverride);
    makeOverride->setObjectName(QStringLiteral("makeOverrideAction"));
    makeOverride->setToolTip(tr("Write the override folder Triton reads for the selected entry or dump: "
                                "one stage, to edit"));
    QAction* editOverride =
        entryMenu->addAction(tr("Edit Override &File…"), this, [this] { openOverrideEditor(); });
    editOverride->setObjectName(QStringLiteral("editOverrideAction"));
    editOverride->setToolTip(tr("Open a stage file of an override folder in the override editor, and try "
                                "it against the selected entry without your script"));
    m_cleanAction = entryMenu->addAction(tr("C&lean Cache…"), this, &MainWindow::openClean);
    m_cleanAction->setObjectName(QStringLiteral("cleanAction"));
    m_cleanAction->setToolTip(tr("Choose policies, preview what would go, then remove it"));
    m_cleanAction->setEnabled(false);
    m_selectionActions = {exportAction,      copyPath,     copyKey,     reveal,
                          m_recompileAction, makeOverride, editOverride};
    for (QAction* a : m_selectionActions)
        a->setEnabled(false);
    m_localActions = {exportAction,   reveal,        m_recompileAction, m_compareAction,
                      m_doctorAction, m_cleanAction, makeOverride,      editOverride};
    addPullActions(entryMenu);
}

void MainWindow::createHelpMenus()
{
    QMenu* kernels = menuBar()->addMenu(tr("&Kernels"));
    kernels->setToolTipsVisible(true);
    m_autotuneAction = kernels->addAction(tr("&Autotune…"), this, &MainWindow::openAutotune);
    m_autotuneAction->setObjectName(QStringLiteral("autotuneAction"));
    m_autotuneAction->setEnabled(false);
    m_autotuneAction->setToolTip(tr("Looking for a GPU…"));
    checkGpu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        auto* dialog = new ShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    keys->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About KernelLens"), this, [this] {
        QMessageBox::about(this, tr("About KernelLens"),
                           tr("KernelLens %1\nInspector for GPU kernel compile caches (Triton, "
                              "NVRTC).")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::selectAfterScan(const QString& folderPrefix, const QString& stage)
{
    m_entries->selectAfterScan(folderPrefix, stage);
}

void MainWindow::exportSelected(const QString& outPath)
{
    m_entries->exportSelected(outPath);
}

void MainWindow::copySelected(bool keys)
{
    statusBar()->showMessage(m_entries->copySelected(keys), 5000);
}

bool MainWindow::isGroupedByKernel() const
{
    return m_entries->isGroupedByKernel();
}

void MainWindow::setGroupedByKernel(bool grouped)
{
    m_entries->setGroupedByKernel(grouped);
    m_groupAction->setChecked(grouped);
}

void MainWindow::onSelectionChanged(int count)
{
    m_compareAction->setEnabled(count == 2);
    for (QAction* a : m_selectionActions)
        a->setEnabled(count > 0);
    updateRemoteActions(count);
}

void MainWindow::onSnapshotShown()
{
    m_dashboard->setCacheSnapshot(m_entries->snapshot());
    joinTracesWithEntries();
    m_doctorAction->setEnabled(true);
    m_cleanAction->setEnabled(true);
    updateRemoteActions(int(m_entries->selectedEntries().size()));
    if (!m_pendingShow.isEmpty())
        applyPendingShow();
}

QStringList MainWindow::openedFolders() const
{
    return m_entries->folders();
}

void MainWindow::chooseFolder()
{
    const QStringList folders = openedFolders();
    const QString start = folders.isEmpty() ? QString() : folders.constFirst();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Cache Folder"), start);
    if (!dir.isEmpty())
        openFolders({dir});
}

void MainWindow::openFolders(const QStringList& folders, const QString& title)
{
    if (!m_demo || !folders.contains(m_demo->path()))
        rememberRecent(folders);
    std::vector<Root> roots;
    for (const QString& f : folders)
        roots.push_back(givenRoot(f.toStdString()));
    openRoots(std::move(roots), title.isEmpty() ? folders.join(QLatin1String(", ")) : title);
}

void MainWindow::rememberRecent(const QStringList& folders)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentRoots")).toStringList();
    for (const QString& f : folders) {
        // A mistyped or missing folder is not worth offering again; one that existed and went
        // away later (an unmounted scratch disk) stays listed, greyed, as it is still someone's.
        if (!QFileInfo(f).isDir())
            continue;
        const QString abs = QFileInfo(f).absoluteFilePath();
        recent.removeAll(abs);
        recent.prepend(abs);
    }
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentRoots"), recent);
}

void MainWindow::openEnvironmentRoots()
{
    std::vector<Root> roots;
    QStringList looked;
    for (Root& r : effectiveRoots(Environment::current())) {
        looked << qs(r.path);
        if (r.exists)
            roots.push_back(std::move(r));
    }
    if (roots.empty()) {
        m_rootsPanel->refresh({}, recentRoots());
        m_entries->showNothingOpened(
            tr("No Triton cache found in this environment (looked in %1).\n\nUse File > Open "
               "Folder… to open one, or start KernelLens with --demo.")
                .arg(looked.join(QLatin1String(", "))));
        return;
    }
    QStringList paths;
    for (const Root& r : roots)
        paths << qs(r.path);
    openRoots(std::move(roots), paths.join(QLatin1String(", ")));
}

bool MainWindow::openDemo(const QStringList& extraFolders)
{
    auto demo = std::make_unique<DemoCache>();
    QString error;
    if (!demo->materialize(&error)) {
        m_entries->showError(tr("Cannot open the demo cache: %1").arg(error));
        return false;
    }
    const QString path = demo->path();
    m_demo = std::move(demo);
    m_rootsPanel->setShowExample(true);
    if (!m_demo->eventsPath().isEmpty())
        m_dashboard->setEventLogPaths({m_demo->eventsPath()});
    QString title = tr("Demo cache (%1)").arg(path);
    if (!extraFolders.isEmpty())
        title += QLatin1String(", ") + extraFolders.join(QLatin1String(", "));
    QStringList folders{path};
    if (!m_demo->nvrtcPath().isEmpty())
        folders << m_demo->nvrtcPath();
    openFolders(folders + extraFolders, title);
    openDemoTrace();
    return true;
}

void MainWindow::openRoots(std::vector<Root> roots, const QString& title)
{
    setWindowTitle(tr("%1 — KernelLens").arg(title));
    m_remote->discardListing();
    m_entries->open(std::move(roots));
    m_rootsPanel->refresh(m_entries->folders(), recentRoots());
}

void MainWindow::rescan()
{
    if (!m_entries->hasLocalFiles() && m_remote->current())
        m_remote->open(*m_remote->current()); // a remote cache is listed again
    else
        m_entries->rescan();
}

void MainWindow::cancelScan()
{
    m_entries->cancelScan();
    m_remote->cancel();
}

bool MainWindow::isScanning() const
{
    return m_entries->isScanning() || m_remote->isListing() || m_remote->isPulling();
}

} // namespace kl::gui
