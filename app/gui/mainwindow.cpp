#include "mainwindow.h"

#include "autotunedialog.h"
#include "backgroundpool.h"
#include "cachewatcher.h"
#include "compiledialog.h"
#include "coretext.h"
#include "cudabackend.h"
#include "dashboardpage.h"
#include "democache.h"
#include "detailloader.h"
#include "diffview.h"
#include "doctordialog.h"
#include "entrydoctorview.h"
#include "entryfilterproxy.h"
#include "entrytablemodel.h"
#include "entrytext.h"
#include "env/cacheroots.h"
#include "env/environment.h"
#include "events/eventlogsettings.h"
#include "export/entryarchive.h"
#include "gpustatus.h"
#include "kernelgroupmodel.h"
#include "lowerpriority.h"
#include "metadatatree.h"
#include "nvrtc/nvrtccache.h"
#include "report/entrylabels.h"
#include "rootspanel.h"
#include "rowupdate.h"
#include "scancontroller.h"
#include "shortcutsdialog.h"
#include "stagetabs.h"
#include "translation.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <mutex>
#include <set>

namespace kl::gui {
namespace {

constexpr int FilterDelayMs = 300;

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_model(new EntryTableModel(this))
    , m_proxy(new EntryFilterProxy(this))
    , m_scanner(new ScanController(this))
    , m_detailLoader(new DetailLoader(this))
{
    m_proxy->setSourceModel(m_model);

    m_rootMessages = new QLabel(this);
    m_rootMessages->setObjectName(QStringLiteral("rootMessages"));
    m_rootMessages->setWordWrap(true);
    m_rootMessages->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rootMessages->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4ce; color: #5c4400; padding: 4px; }"));
    m_rootMessages->hide();
    m_fsBanner = new QLabel(this);
    m_fsBanner->setObjectName(QStringLiteral("fsBanner"));
    m_fsBanner->setWordWrap(true);
    m_fsBanner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Fixed colours with their own text colour: readable on light and dark palettes alike.
    m_fsBanner->setStyleSheet(QStringLiteral(
        "QLabel { background: #ffe2c2; color: #5a2a00; border-left: 4px solid #d96c00; padding: 6px; }"));
    m_fsBanner->hide();

    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("filterEdit"));
    m_filterEdit->setPlaceholderText(tr("Filter by kernel or folder name (Ctrl+F)"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(FilterDelayMs);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, [this] {
        m_proxy->setFilterText(m_filterEdit->text());
        updateSummary();
    });

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("entryTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(EntryTableModel::KernelColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    // Column widths from the first rows only: measuring 1,000 rows (Qt's default) took 170 ms.
    m_view->verticalHeader()->setResizeContentsPrecision(60);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateActions);

    // Group by kernel: the same filtered, sorted rows under one parent per kernel name.
    m_groupModel = new KernelGroupModel(this);
    m_groupView = new QTreeView(this);
    m_groupView->setObjectName(QStringLiteral("groupTree"));
    m_groupView->setModel(m_groupModel);
    m_groupView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_groupView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_groupView->setAlternatingRowColors(true);
    m_groupView->setUniformRowHeights(true);
    m_groupView->setTextElideMode(Qt::ElideMiddle);
    connect(m_groupView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);
    connect(m_groupView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateActions);
    m_viewStack = new QStackedWidget(this);
    m_viewStack->addWidget(m_view);
    m_viewStack->addWidget(m_groupView);

    m_detailView = new QPlainTextEdit(this);
    m_detailView->setObjectName(QStringLiteral("detailView"));
    m_detailView->setReadOnly(true);
    m_detailView->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_detailView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detailView->setPlaceholderText(tr("Select an entry to see its details."));

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(4);
    topLayout->addWidget(m_fsBanner);
    topLayout->addWidget(m_rootMessages);
    auto* filterRow = new QHBoxLayout;
    filterRow->setSpacing(4);
    filterRow->addWidget(m_filterEdit, 1);
    // One combo per facet; `apply` hands the chosen value ("" for any) to the proxy.
    auto facet = [this, filterRow](const char* name, const QString& tip,
                                   std::function<void(const QString&)> apply) {
        auto* box = new QComboBox(this);
        box->setObjectName(QLatin1String(name));
        box->setToolTip(tip);
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        connect(box, &QComboBox::currentIndexChanged, this, [this, box, apply = std::move(apply)] {
            apply(box->currentData().toString());
            updateSummary();
        });
        filterRow->addWidget(box);
        return box;
    };
    m_stageFilter = facet("stageFilter", tr("Only entries that have this stage"),
                          [this](const QString& v) { m_proxy->setStageFilter(v); });
    m_archFilter = facet("archFilter", tr("Only entries for this target"),
                         [this](const QString& v) { m_proxy->setArchFilter(v); });
    m_statusFilter = facet("statusFilter", tr("Only entries in this state"),
                           [this](const QString& v) { m_proxy->setStatusFilter(v); });
    m_kindFilter = facet("kindFilter", tr("Only entries of this kind"),
                         [this](const QString& v) { m_proxy->setKindFilter(v); });
    topLayout->addLayout(filterRow);
    m_rangeBar = new QWidget(this);
    m_rangeBar->setObjectName(QStringLiteral("rangeBar"));
    auto* rangeRow = new QHBoxLayout(m_rangeBar);
    rangeRow->setContentsMargins(0, 0, 0, 0);
    m_rangeLabel = new QLabel(m_rangeBar);
    auto* clearRange = new QPushButton(tr("Show All Times"), m_rangeBar);
    connect(clearRange, &QPushButton::clicked, this, [this] { m_dashboard->clearTimeRange(); });
    rangeRow->addWidget(m_rangeLabel, 1);
    rangeRow->addWidget(clearRange);
    m_rangeBar->hide();
    topLayout->addWidget(m_rangeBar);
    topLayout->addWidget(m_viewStack);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    m_stageTabs = new StageTabs(m_detailView, this);
    m_metadataTree = new MetadataTree(this);
    m_stageTabs->addFixedTab(m_metadataTree, tr("Metadata"));
    // The machine's context (Triton's version from Python, the GPUs) is asked once, off the UI thread.
    auto context = std::make_shared<std::pair<std::once_flag, DoctorContext>>();
    m_entryDoctor = new EntryDoctorView(
        [context] {
            std::call_once(context->first, [&] { context->second = DoctorDialog::machineContext(); });
            return context->second;
        },
        this);
    m_stageTabs->addFixedTab(m_entryDoctor, tr("Doctor"));
    splitter->addWidget(m_stageTabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    // Entries and Dashboard pages; the dashboard follows the events logs (compiles and hits).
    m_dashboard = new DashboardPage(this);
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(QStringLiteral("pages"));
    m_pages->setDocumentMode(true);
    m_pages->addTab(splitter, tr("Entries"));
    m_pages->addTab(m_dashboard, tr("Dashboard"));
    setCentralWidget(m_pages);

    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(QStringLiteral("summaryLabel"));
    m_progressLabel = new QLabel(this);
    m_progressBar = new QProgressBar(this);
    m_progressBar->setObjectName(QStringLiteral("scanProgress"));
    m_progressBar->setMaximumWidth(220);
    m_progressBar->setTextVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelScanButton"));
    m_cancelButton->setToolTip(tr("Stop scanning and show what was read so far"));
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelScan);
    statusBar()->addWidget(m_summaryLabel, 1);
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progressBar);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_progressLabel->hide();
    m_progressBar->hide();
    m_cancelButton->hide();

    connect(m_scanner, &ScanController::started, this, &MainWindow::onScanStarted);
    connect(m_scanner, &ScanController::progress, this,
            [this](quint64, qint64 done, qint64 total, qint64 elapsedMs) {
                onScanProgress(done, total, elapsedMs);
            });
    connect(
        m_scanner, &ScanController::finished, this,
        [this](quint64, std::shared_ptr<const Snapshot> snapshot) { onScanFinished(std::move(snapshot)); });
    // A newly opened folder streams its rows in as they are read; a rescan replaces them at its end.
    connect(m_scanner, &ScanController::entriesFound, this,
            [this](quint64, std::shared_ptr<std::vector<EntryTableModel::Row>> batch) {
                if (!m_streaming)
                    return;
                m_model->appendRows(std::move(*batch));
                if (m_fitColumnsPending) {
                    fitColumns(); // on the first rows: later batches must not cost a resize each
                    m_fitColumnsPending = false;
                }
                if (!m_view->currentIndex().isValid() && m_pendingEntry.empty())
                    m_view->setCurrentIndex(m_proxy->index(0, 0));
            });
    connect(
        m_scanner, &ScanController::streamEnded, this,
        [this](quint64, std::shared_ptr<const std::vector<int>> index) { m_streamIndex = std::move(index); });
    connect(
        m_detailLoader, &DetailLoader::loaded, this,
        [this](quint64, std::shared_ptr<const EntryDetail> detail) { onDetailLoaded(std::move(detail)); });

    m_eventsLabel = new QLabel(this);
    m_eventsLabel->setObjectName(QStringLiteral("eventsLabel"));
    statusBar()->addPermanentWidget(m_eventsLabel);
    connect(m_dashboard, &DashboardPage::statusChanged, m_eventsLabel, &QLabel::setText);
    // A range picked on the hit-rate chart narrows the entries to those written in it.
    connect(m_dashboard, &DashboardPage::timeRangeSelected, this,
            [this](const QDateTime& from, const QDateTime& to) {
                m_proxy->setTimeRange(from.toMSecsSinceEpoch() * 1'000'000,
                                      to.toMSecsSinceEpoch() * 1'000'000 + 999'999);
                m_rangeLabel->setText(tr("Written %1 – %2")
                                          .arg(QLocale().toString(from.toLocalTime(), QLocale::ShortFormat),
                                               QLocale().toString(to.toLocalTime(), QLocale::ShortFormat)));
                m_rangeBar->show();
                updateSummary();
            });
    connect(m_dashboard, &DashboardPage::timeRangeCleared, this, [this] {
        m_proxy->clearTimeRange();
        m_rangeBar->hide();
        updateSummary();
    });
    m_dashboard->setEventLogPaths({qs(defaultEventsLogPath(Environment::current()))});

    m_liveLabel = new QLabel(this);
    m_liveLabel->setObjectName(QStringLiteral("liveLabel"));
    statusBar()->addPermanentWidget(m_liveLabel);
    m_cacheWatcher = new CacheWatcher(this);
    connect(m_cacheWatcher, &CacheWatcher::descriptionChanged, m_liveLabel, &QLabel::setText);
    connect(m_cacheWatcher, &CacheWatcher::changed, this, [this] {
        // A change during a scan is picked up by one more scan when it ends.
        if (isScanning())
            m_rescanPending = true;
        else
            rescan();
    });

    m_rootsPanel = new RootsPanel(this);
    auto* rootsDock = new QDockWidget(tr("Folders"), this);
    rootsDock->setObjectName(QStringLiteral("rootsDock"));
    rootsDock->setWidget(m_rootsPanel);
    addDockWidget(Qt::LeftDockWidgetArea, rootsDock);
    connect(m_rootsPanel, &RootsPanel::openRequested, this,
            [this](const QString& path) { openFolders({path}); });
    connect(m_rootsPanel, &RootsPanel::bannerChanged, this, [this](const QString& text) {
        m_fsBanner->setText(text);
        m_fsBanner->setVisible(!text.isEmpty());
    });

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
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

MainWindow::~MainWindow()
{
    // Stop the workers before the demo copy they may be reading is removed.
    for (const QPointer<QWidget>& w : m_diffWindows)
        delete w.data();
    delete m_scanner;
    delete m_detailLoader;
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Folder…"), this, &MainWindow::chooseFolder);
    open->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &CUDA File…"), this, &MainWindow::openCudaFile);
    QAction* rescanAction = file->addAction(tr("&Rescan"), this, &MainWindow::rescan);
    rescanAction->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* find = new QAction(tr("Find"), this);
    find->setShortcut(QKeySequence::Find);
    // Ctrl+F finds in the code when a stage's code has the focus, else filters the entries.
    connect(find, &QAction::triggered, m_filterEdit, [this] {
        QWidget* focus = QApplication::focusWidget();
        if (focus && m_stageTabs->isAncestorOf(focus) && m_stageTabs->showFind())
            return;
        m_filterEdit->setFocus();
        m_filterEdit->selectAll();
    });
    addAction(find);

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
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("rootsDock"))) {
        QAction* folders = dock->toggleViewAction();
        folders->setText(tr("&Folders Pane"));
        folders->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
        view->addAction(folders);
    }

    QMenu* entryMenu = menuBar()->addMenu(tr("&Entry"));
    m_compareAction = entryMenu->addAction(tr("&Compare Selected"), this, &MainWindow::compareSelected);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_compareAction->setToolTip(tr("Select two entries (Ctrl+click) to compare their stages"));
    m_compareAction->setEnabled(false);
    entryMenu->setToolTipsVisible(true);
    m_exportAction = entryMenu->addAction(tr("&Export as .tar.gz…"), this, [this] {
        const QString out = QFileDialog::getSaveFileName(this, tr("Export Entries"),
                                                         QStringLiteral("kernellens-entries.tar.gz"),
                                                         tr("gzip'd tar (*.tar.gz)"));
        if (!out.isEmpty())
            exportSelected(out);
    });
    m_exportAction->setToolTip(tr("Pack the selected entries into one archive for a bug report"));
    m_exportAction->setEnabled(false);
    entryMenu->addSeparator();
    m_copyPathAction = entryMenu->addAction(tr("Copy &Path"), this, [this] { copySelected(false); });
    m_copyKeyAction = entryMenu->addAction(tr("Copy &Key"), this, [this] { copySelected(true); });
    m_copyKeyAction->setToolTip(tr("The sha256 hash the entry's metadata records"));
    m_revealAction = entryMenu->addAction(tr("&Reveal in File Manager"), this, [this] {
        const std::vector<Entry> entries = selectedEntries();
        if (!entries.empty())
            QDesktopServices::openUrl(QUrl::fromLocalFile(qs(entries.front().path)));
    });
    for (QAction* a : {m_copyPathAction, m_copyKeyAction, m_revealAction})
        a->setEnabled(false);
    entryMenu->addSeparator();
    m_doctorAction = entryMenu->addAction(tr("Run &Doctor"), this, &MainWindow::runDoctor);
    m_doctorAction->setToolTip(
        tr("Examine every entry shown: broken, stale, orphaned, on a network filesystem"));
    m_doctorAction->setEnabled(false);
    m_recompileAction = entryMenu->addAction(tr("Recomp&ile"), this, &MainWindow::recompileSelected);
    m_recompileAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_recompileAction->setToolTip(tr("Rebuild the selected entries and compare with what is cached "
                                     "(the entries are not changed)"));
    m_recompileAction->setEnabled(false);
    m_cleanAction = entryMenu->addAction(tr("C&lean Cache…"), this, &MainWindow::openClean);
    m_cleanAction->setToolTip(tr("Choose policies, preview what would go, then remove it"));
    m_cleanAction->setEnabled(false);

    QMenu* kernels = menuBar()->addMenu(tr("&Kernels"));
    kernels->setToolTipsVisible(true);
    m_autotuneAction = kernels->addAction(tr("&Autotune…"), this, &MainWindow::openAutotune);
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

// Loading the driver and cuInit can take a second on a GPU machine: never on the UI thread.
void MainWindow::checkGpu()
{
    auto* watcher = new QFutureWatcher<GpuStatus>(this);
    connect(watcher, &QFutureWatcher<GpuStatus>::finished, this, [this, watcher] {
        const GpuStatus s = watcher->result();
        watcher->deleteLater();
        m_autotuneAction->setEnabled(s.available);
        if (s.available) {
            m_autotuneAction->setToolTip(tr("Time every configuration of a demo kernel on %1")
                                             .arg(QString::fromStdString(s.devices.front().name)));
        } else {
            const QString why = tr("Autotuning needs a GPU: %1").arg(coreText(s.reason));
            m_autotuneAction->setToolTip(why);
            m_autotuneAction->setStatusTip(why);
            m_autotuneAction->setText(tr("&Autotune… (no GPU)"));
        }
    });
    watcher->setFuture(QtConcurrent::run(backgroundPool(), [] { return gpuStatus(); }));
}

void MainWindow::openAutotune()
{
    const QString cache = QString::fromStdString(defaultNvrtcCacheRoot(Environment::current()));
    auto* dialog =
        new AutotuneDialog([](std::string& error) { return makeCudaBackend(0, error); }, cache, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::selectAfterScan(const QString& folderPrefix, const QString& stage)
{
    m_pendingEntry = folderPrefix.toStdString();
    m_pendingStage = stage;
}

// The filter combos offer what this snapshot holds; a choice that still exists is kept. The
// values are gathered off the UI thread: a 100,000-entry snapshot takes over 100 ms.
void MainWindow::fillFacets(const std::shared_ptr<const Snapshot>& snapshot)
{
    struct Facets {
        std::set<QString> stages, archs;
        std::set<EntryStatus> statuses;
        std::set<EntryKind> kinds;
    };
    auto* watcher = new QFutureWatcher<Facets>(this);
    connect(watcher, &QFutureWatcher<Facets>::finished, this, [this, watcher, snapshot] {
        watcher->deleteLater();
        if (m_model->snapshot() != snapshot)
            return; // another scan replaced it meanwhile
        const Facets f = watcher->result();
        // Items show a label and hold the value the proxy matches (core's name for kinds and states).
        using Items = std::vector<std::pair<QString, QString>>;
        auto fill = [](QComboBox* box, const QString& any, const Items& items) {
            const QString keep = box->currentData().toString();
            const QSignalBlocker block(box);
            box->clear();
            box->addItem(any, QString());
            for (const auto& [label, value] : items)
                box->addItem(label, value);
            const int again = box->findData(keep);
            box->setCurrentIndex(again < 0 ? 0 : again);
            return again < 0 && !keep.isEmpty();
        };
        // A choice that vanished falls back to "any": tell the proxy.
        auto same = [](const std::set<QString>& values) {
            Items items;
            for (const QString& v : values)
                items.emplace_back(v, v);
            return items;
        };
        Items statuses, kinds;
        for (EntryStatus s : f.statuses)
            statuses.emplace_back(EntryText::statusLabel(s), QString::fromUtf8(toString(s).data()));
        for (EntryKind k : f.kinds)
            kinds.emplace_back(EntryText::kindLabel(k), QString::fromUtf8(toString(k).data()));
        if (fill(m_stageFilter, tr("Any stage"), same(f.stages)))
            m_proxy->setStageFilter({});
        if (fill(m_archFilter, tr("Any arch"), same(f.archs)))
            m_proxy->setArchFilter({});
        if (fill(m_statusFilter, tr("Any status"), statuses))
            m_proxy->setStatusFilter({});
        if (fill(m_kindFilter, tr("Any kind"), kinds))
            m_proxy->setKindFilter({});
        emit facetsFilled();
    });
    watcher->setFuture(QtConcurrent::run(backgroundPool(), [snapshot] {
        Facets f;
        std::set<std::string_view> stages;
        std::set<std::string> archs;
        for (const Entry& e : snapshot->entries) {
            for (const Stage& st : e.stages)
                if (st.known)
                    stages.insert(st.ext());
            if (!e.target.empty())
                archs.insert(archLabel(e.target));
            f.statuses.insert(e.status);
            f.kinds.insert(e.kind);
        }
        for (std::string_view s : stages)
            f.stages.insert(QString::fromUtf8(s.data(), qsizetype(s.size())));
        for (const std::string& a : archs)
            f.archs.insert(QString::fromStdString(a));
        return f;
    }));
}

void MainWindow::openCudaFile()
{
    const Environment env = Environment::current();
    auto* dialog = new CompileDialog(qs(defaultNvrtcCacheRoot(env)), qs(defaultEventsLogPath(env)), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CompileDialog::openCacheRequested, this,
            [this](const QString& root) { openFolders({root}); });
    dialog->show();
}

void MainWindow::runDoctor()
{
    const auto snapshot = m_model->snapshot();
    if (!snapshot)
        return;
    auto* dialog = new DoctorDialog(snapshot, &DoctorDialog::machineContext, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

std::vector<Entry> MainWindow::selectedEntries() const
{
    std::vector<Entry> out;
    for (const QModelIndex& row : selectedProxyRows())
        if (const Entry* e = m_model->entry(m_proxy->mapToSource(row)))
            out.push_back(*e);
    return out;
}

void MainWindow::exportSelected(const QString& outPath)
{
    const std::vector<Entry> entries = selectedEntries();
    if (entries.empty())
        return;
    auto* watcher = new QFutureWatcher<ArchiveResult>(this);
    connect(watcher, &QFutureWatcher<ArchiveResult>::finished, this, [this, watcher, outPath] {
        const ArchiveResult r = watcher->result();
        watcher->deleteLater();
        const QString text =
            r.ok ? tr("Exported %1 files (%2) to %3%4")
                       .arg(r.files)
                       .arg(EntryText::size(r.bytes), outPath,
                            r.skipped.empty()
                                ? QString()
                                : tr("; left out %1 (see the archive's listing)").arg(r.skipped.size()))
                 : tr("Export failed: %1").arg(coreText(r.error));
        statusBar()->showMessage(text, 15000);
        emit exportFinished(r.ok, text);
    });
    watcher->setFuture(QtConcurrent::run(
        backgroundPool(), [entries, path = outPath.toStdString()] { return exportEntries(entries, path); }));
}

void MainWindow::copySelected(bool keys)
{
    QStringList lines;
    for (const Entry& e : selectedEntries())
        if (!keys || !e.hash.empty())
            lines << qs(keys ? e.hash : e.path);
    if (!lines.isEmpty())
        QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    statusBar()->showMessage(lines.isEmpty() ? tr("The selected entries record no key")
                                             : tr("Copied %n line(s)", nullptr, int(lines.size())),
                             5000);
}

bool MainWindow::isGroupedByKernel() const
{
    return m_viewStack->currentWidget() == m_groupView;
}

void MainWindow::setGroupedByKernel(bool grouped)
{
    if (grouped == isGroupedByKernel())
        return;
    // The entry shown stays selected in the other view.
    const QModelIndex current =
        isGroupedByKernel() ? m_groupModel->mapToSource(m_groupView->currentIndex()) : m_view->currentIndex();
    // Only a shown tree follows the flat rows: grouping 100,000 rows on every change costs.
    m_groupModel->setSourceModel(grouped ? m_proxy : nullptr);
    m_viewStack->setCurrentWidget(grouped ? static_cast<QWidget*>(m_groupView) : m_view);
    m_groupAction->setChecked(grouped);
    if (grouped) {
        for (int c = 0; c < EntryTableModel::NUM_COLUMNS; ++c)
            m_groupView->setColumnWidth(c, m_view->columnWidth(c));
        // Room for the tree's indentation and the specialisation count after the name.
        m_groupView->setColumnWidth(0, m_view->columnWidth(0) + m_groupView->indentation() + 40);
        const QModelIndex inTree = m_groupModel->mapFromSource(current);
        if (inTree.isValid()) {
            m_groupView->expand(inTree.parent());
            m_groupView->setCurrentIndex(inTree);
            m_groupView->scrollTo(inTree);
        }
    } else if (current.isValid()) {
        m_view->setCurrentIndex(current);
        m_view->scrollTo(current);
    }
    updateActions();
}

QModelIndexList MainWindow::selectedProxyRows() const
{
    if (!isGroupedByKernel())
        return m_view->selectionModel()->selectedRows();
    QModelIndexList out;
    for (const QModelIndex& row : m_groupView->selectionModel()->selectedRows()) {
        if (m_groupModel->isGroup(row)) {
            // A kernel row stands for all its specialisations.
            for (int i = 0; i < m_groupModel->rowCount(row); ++i)
                out << m_groupModel->mapToSource(m_groupModel->index(i, 0, row));
        } else {
            out << m_groupModel->mapToSource(row);
        }
    }
    return out;
}

void MainWindow::updateActions()
{
    const QModelIndexList rows = selectedProxyRows();
    m_compareAction->setEnabled(rows.size() == 2);
    const bool any = !rows.isEmpty();
    for (QAction* a : {m_exportAction, m_copyPathAction, m_copyKeyAction, m_revealAction, m_recompileAction})
        a->setEnabled(any);
}

void MainWindow::compareSelected()
{
    const QModelIndexList rows = selectedProxyRows();
    if (rows.size() != 2)
        return;
    const Entry* a = m_model->entry(m_proxy->mapToSource(rows[0]));
    const Entry* b = m_model->entry(m_proxy->mapToSource(rows[1]));
    if (!a || !b)
        return;
    auto* window = new DiffView;
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setWindowTitle(tr("%1 ↔ %2").arg(qs(a->folderName).left(12), qs(b->folderName).left(12)));
    window->resize(1300, 800);
    window->compareEntries(*a, *b);
    window->show();
    m_diffWindows.append(window);
}

void MainWindow::chooseFolder()
{
    const QString start = m_folders.isEmpty() ? QString() : m_folders.constFirst();
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
        m_rootsPanel->refresh({}, QSettings().value(QStringLiteral("recentRoots")).toStringList());
        m_detailView->setPlaceholderText(
            tr("No Triton cache found in this environment (looked in %1).\n\nUse File > Open "
               "Folder… to open one, or start KernelLens with --demo.")
                .arg(looked.join(QLatin1String(", "))));
        updateSummary();
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
        m_rootMessages->setText(tr("Cannot open the demo cache: %1").arg(error));
        m_rootMessages->show();
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
    return true;
}

void MainWindow::openRoots(std::vector<Root> roots, const QString& title)
{
    m_roots = roots;
    m_folders.clear();
    for (const Root& r : m_roots)
        m_folders << qs(r.path);
    m_selectedPath.clear();
    m_fitColumnsPending = true;
    setWindowTitle(tr("%1 — KernelLens").arg(title));
    // Another folder: what was shown no longer applies.
    m_model->resetSnapshot(nullptr);
    m_stageTabs->clearEntry();
    m_detailView->clear();
    m_detailView->setPlaceholderText(tr("Select an entry to see its details."));
    m_rootMessages->hide();
    m_cacheWatcher->watch(m_folders);
    m_rootsPanel->refresh(m_folders, QSettings().value(QStringLiteral("recentRoots")).toStringList());
    m_streaming = true;
    m_streamIndex.reset();
    m_nextUpdate.reset(); // a rescan of the folder shown before
    m_scanner->start(std::move(roots), /*stream=*/true);
}

void MainWindow::rescan()
{
    if (!m_roots.empty())
        m_scanner->start(m_roots);
}

void MainWindow::cancelScan()
{
    if (!m_scanner->isRunning())
        return;
    m_scanner->cancel();
    m_cancelButton->setEnabled(false);
    m_progressLabel->setText(tr("Cancelling…"));
}

bool MainWindow::isScanning() const
{
    return m_scanner->isRunning() || m_updating; // the rows shown are not the scan's yet
}

void MainWindow::onScanStarted()
{
    m_progressBar->setRange(0, 0); // indeterminate until the scanner knows how much there is
    m_progressLabel->setText(tr("Scanning…"));
    m_progressLabel->show();
    m_progressBar->show();
    m_cancelButton->setEnabled(true);
    m_cancelButton->show();
}

void MainWindow::onScanProgress(qint64 done, qint64 total, qint64 elapsedMs)
{
    if (total <= 0)
        return;
    // QProgressBar takes ints; scale large counts down.
    const int scale = total > 1'000'000 ? static_cast<int>(total / 1'000'000 + 1) : 1;
    m_progressBar->setRange(0, static_cast<int>(total / scale));
    m_progressBar->setValue(static_cast<int>(done / scale));
    QString text = tr("Scanning: %1 of %2 entries").arg(done).arg(total);
    if (done > 0 && elapsedMs >= 1000 && done < total) {
        const qint64 leftSec = elapsedMs * (total - done) / done / 1000;
        text += QLatin1String(", ") + tr("about %1 s left").arg(leftSec + 1);
    }
    m_progressLabel->setText(text);
}

void MainWindow::onScanFinished(std::shared_ptr<const Snapshot> snapshot)
{
    if (std::exchange(m_rescanPending, false))
        QTimer::singleShot(0, this, &MainWindow::rescan);
    m_progressLabel->hide();
    m_progressBar->hide();
    m_cancelButton->hide();

    const bool streamed = std::exchange(m_streaming, false);
    const auto index = std::exchange(m_streamIndex, nullptr);
    // A streamed first scan keeps the rows on screen; a rescan changes only the rows that differ.
    if (streamed && index && m_model->adoptSnapshot(snapshot, *index)) {
        showSnapshot(snapshot, RowsKept::Streamed);
    } else if (!streamed && m_model->snapshot()) {
        updateRows(std::move(snapshot));
    } else {
        m_model->resetSnapshot(snapshot);
        showSnapshot(snapshot, RowsKept::No);
    }
}

// The difference is computed on a worker; one update at a time, the newest snapshot waits.
void MainWindow::updateRows(std::shared_ptr<const Snapshot> snapshot)
{
    if (m_updating) {
        m_nextUpdate = std::move(snapshot);
        return;
    }
    m_updating = true;
    auto* watcher = new QFutureWatcher<std::shared_ptr<const RowUpdate>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<const RowUpdate>>::finished, this, [this, watcher] {
        watcher->deleteLater();
        m_updating = false;
        const auto update = watcher->result();
        if (m_model->snapshot() == update->before) { // else another folder was opened meanwhile
            if (update->removedRanges > MaxIncrementalRanges) {
                m_model->resetSnapshot(update->after); // a mass change: one reset is cheaper
                showSnapshot(update->after, RowsKept::No);
            } else {
                m_model->applyUpdate(*update);
                showSnapshot(update->after, RowsKept::Updated);
            }
        }
        if (auto next = std::exchange(m_nextUpdate, nullptr))
            updateRows(std::move(next));
    });
    watcher->setFuture(
        QtConcurrent::run(backgroundPool(), [before = m_model->snapshot(), map = m_model->rowToEntry(),
                                             after = std::move(snapshot)] {
            return std::make_shared<const RowUpdate>(computeRowUpdate(before, map, after));
        }));
}

void MainWindow::showSnapshot(const std::shared_ptr<const Snapshot>& snapshot, RowsKept kept)
{
    const std::string keep = m_selectedPath;
    const bool adopted = kept != RowsKept::No;
    m_dashboard->setCacheSnapshot(snapshot);
    m_doctorAction->setEnabled(true);
    m_cleanAction->setEnabled(true);
    fillFacets(snapshot);
    showRootMessages(*snapshot);
    if (m_fitColumnsPending && !snapshot->entries.empty()) {
        fitColumns(); // once per opened folder: a rescan keeps the widths the user chose
        m_fitColumnsPending = false;
    }

    if (snapshot->entries.empty()) {
        m_detailView->clear();
        m_detailView->setPlaceholderText(
            tr("No cache entries in %1.").arg(m_folders.join(QLatin1String(", "))));
    }
    // Keep the selected entry across a rescan; otherwise start on the first row. Model rows need
    // not be in snapshot order (a streamed scan keeps the order rows arrived in).
    QModelIndex select;
    const std::string wanted = std::exchange(m_pendingEntry, std::string());
    auto findRow = [this](auto&& matches) {
        for (int r = 0, n = m_model->rowCount(); r < n; ++r)
            if (const Entry* e = m_model->entry(m_model->index(r, 0)); e && matches(*e))
                return m_proxy->mapFromSource(m_model->index(r, 0));
        return QModelIndex();
    };
    if (!wanted.empty())
        select = findRow([&](const Entry& e) { return e.folderName.starts_with(wanted); });
    if (!select.isValid() && adopted && m_view->currentIndex().isValid())
        select = m_view->currentIndex(); // chosen while the rows streamed in
    if (!select.isValid() && !keep.empty())
        select = findRow([&](const Entry& e) { return e.path == keep; });
    if (!select.isValid())
        select = m_proxy->index(0, 0);
    if (select.isValid()) {
        const bool same = select == m_view->currentIndex();
        m_view->setCurrentIndex(select);
        m_view->scrollTo(select);
        if (isGroupedByKernel()) {
            const QModelIndex inTree = m_groupModel->mapFromSource(select);
            m_groupView->setCurrentIndex(inTree);
            m_groupView->scrollTo(inTree);
        }
        if (same && kept == RowsKept::Streamed)
            onCurrentRowChanged(); // the doctor tab waited for the snapshot's roots
    }
    if (const QString stage = std::exchange(m_pendingStage, QString()); !stage.isEmpty()) {
        const int tab = m_stageTabs->tabOf(stage);
        if (tab > 0)
            m_stageTabs->setCurrentIndex(tab);
    }
    if (!m_pendingShow.isEmpty())
        applyPendingShow();
    updateSummary();
}

void MainWindow::onCurrentRowChanged()
{
    const QModelIndex current =
        isGroupedByKernel() ? m_groupModel->mapToSource(m_groupView->currentIndex()) : m_view->currentIndex();
    const Entry* entry = m_model->entry(m_proxy->mapToSource(current));
    if (!entry) {
        m_detailView->clear();
        m_stageTabs->clearEntry();
        m_metadataTree->clear();
        m_entryDoctor->clear();
        return;
    }
    m_selectedPath = entry->path;
    m_stageTabs->setEntry(*entry);
    // What the scan already knows shows at once; the full metadata follows from the loader.
    EntryDetail quick;
    quick.entry = *entry;
    m_detailView->setPlainText(EntryText::detail(quick));
    m_metadataTree->setDetail(quick);
    if (const auto& snapshot = m_model->snapshot())
        m_entryDoctor->setEntry(snapshot->roots, *entry);
    else
        m_entryDoctor->clear(); // streaming: the roots (nested ones too) are known at the end
    m_detailLoader->load(*entry);
}

void MainWindow::onDetailLoaded(std::shared_ptr<const EntryDetail> detail)
{
    if (detail && detail->entry.path == m_selectedPath) {
        m_detailView->setPlainText(EntryText::detail(*detail));
        m_metadataTree->setDetail(*detail);
    }
}

void MainWindow::updateSummary()
{
    const auto& snapshot = m_model->snapshot();
    if (!snapshot) {
        m_summaryLabel->clear();
        return;
    }
    const Summary s = snapshot->summary();
    const QLocale locale;
    QString text =
        (s.entries == 1 ? tr("1 entry") : tr("%1 entries").arg(locale.toString(qulonglong(s.entries)))) +
        QLatin1String(", ") + EntryText::size(s.totalSize) + QLatin1String(", ") +
        (s.problems == 1 ? tr("1 problem") : tr("%1 problems").arg(locale.toString(qulonglong(s.problems))));
    if (m_proxy->rowCount() != m_model->rowCount())
        text += QLatin1String(" — ") + tr("%1 shown").arg(m_proxy->rowCount());
    if (s.vanished)
        text += QLatin1String(" — ") + tr("%1 vanished while scanning").arg(s.vanished);
    if (snapshot->cancelled)
        text += QLatin1String(" — ") + tr("scan cancelled, showing what was read");
    m_summaryLabel->setText(text);
}

void MainWindow::showRootMessages(const Snapshot& snapshot)
{
    QStringList lines;
    for (const Root& r : snapshot.roots) {
        if (!r.error.empty())
            lines << coreText(r.error);
        if (!r.note.empty())
            lines << qs(r.path) + QLatin1String(": ") + coreText(r.note);
    }
    m_rootMessages->setText(lines.join(QLatin1Char('\n')));
    m_rootMessages->setVisible(!lines.isEmpty());
}

// Widths from the text of the first rows, measured with font metrics: the views' own
// resizeColumnsToContents() lays every cell out through the style and took 50-170 ms on the
// first rows of a large cache, all of it on the UI thread.
void MainWindow::fitColumns()
{
    QHeaderView* header = m_view->horizontalHeader();
    const QFontMetrics cell(m_view->font());
    const QFontMetrics head(header->font());
    const int padding = 2 * m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 14;
    const int icon = m_view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_view) + 4;
    const int rows = std::min(m_proxy->rowCount(), 60);
    // Long kernel names and stage lists must not push the other columns out of sight.
    const int widest = std::max(200, m_view->viewport()->width() / 3);
    for (int c = 0; c < EntryTableModel::NUM_COLUMNS; ++c) {
        int w = head.horizontalAdvance(m_proxy->headerData(c, Qt::Horizontal).toString()) + padding + 12;
        for (int r = 0; r < rows; ++r) {
            const QModelIndex i = m_proxy->index(r, c);
            int cw = cell.horizontalAdvance(i.data().toString()) + padding;
            if (!i.data(Qt::DecorationRole).isNull())
                cw += icon;
            w = std::max(w, cw);
        }
        header->resizeSection(c, std::min(w, widest));
    }
}

} // namespace kl::gui
