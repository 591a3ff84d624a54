#include "mainwindow.h"

#include "autotunedialog.h"
#include "cachewatcher.h"
#include "compiledialog.h"
#include "cudabackend.h"
#include "democache.h"
#include "detailloader.h"
#include "diffview.h"
#include "doctordialog.h"
#include "entryfilterproxy.h"
#include "entrytablemodel.h"
#include "entrytext.h"
#include "env/cacheroots.h"
#include "env/environment.h"
#include "events/eventlogsettings.h"
#include "export/entryarchive.h"
#include "gpustatus.h"
#include "nvrtc/nvrtccache.h"
#include "scancontroller.h"
#include "stagetabs.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDesktopServices>
#include <QFileDialog>
#include <QFontDatabase>
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
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
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
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::onCurrentRowChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateActions);

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
    topLayout->addWidget(m_view);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    m_stageTabs = new StageTabs(m_detailView, this);
    splitter->addWidget(m_stageTabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);

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
    connect(
        m_detailLoader, &DetailLoader::loaded, this,
        [this](quint64, std::shared_ptr<const EntryDetail> detail) { onDetailLoaded(std::move(detail)); });

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

    createActions();
    setWindowTitle(tr("KernelLens"));
    resize(1200, 760);
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
    connect(find, &QAction::triggered, m_filterEdit, [this] {
        m_filterEdit->setFocus();
        m_filterEdit->selectAll();
    });
    addAction(find);

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

    QMenu* kernels = menuBar()->addMenu(tr("&Kernels"));
    kernels->setToolTipsVisible(true);
    m_autotuneAction = kernels->addAction(tr("&Autotune…"), this, &MainWindow::openAutotune);
    m_autotuneAction->setEnabled(false);
    m_autotuneAction->setToolTip(tr("Looking for a GPU…"));
    checkGpu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
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
            const QString why = tr("Autotuning needs a GPU: %1").arg(QString::fromStdString(s.reason));
            m_autotuneAction->setToolTip(why);
            m_autotuneAction->setStatusTip(why);
            m_autotuneAction->setText(tr("&Autotune… (no GPU)"));
        }
    });
    watcher->setFuture(QtConcurrent::run([] { return gpuStatus(); }));
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

// The filter combos offer what this snapshot holds; a choice that still exists is kept.
void MainWindow::fillFacets(const Snapshot& snapshot)
{
    std::set<QString> stages, archs, statuses, kinds;
    for (const Entry& e : snapshot.entries) {
        for (const Stage& st : e.stages)
            if (st.known)
                stages.insert(QString::fromUtf8(st.ext().data(), qsizetype(st.ext().size())));
        if (!e.target.empty())
            archs.insert(EntryText::arch(e.target));
        statuses.insert(QString::fromUtf8(toString(e.status).data()));
        kinds.insert(QString::fromUtf8(toString(e.kind).data()));
    }
    auto fill = [](QComboBox* box, const QString& any, const std::set<QString>& values) {
        const QString keep = box->currentData().toString();
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(any, QString());
        for (const QString& v : values)
            box->addItem(v, v);
        const int again = box->findData(keep);
        box->setCurrentIndex(again < 0 ? 0 : again);
        return again < 0 && !keep.isEmpty();
    };
    // A choice that vanished falls back to "any": tell the proxy.
    if (fill(m_stageFilter, tr("Any stage"), stages))
        m_proxy->setStageFilter({});
    if (fill(m_archFilter, tr("Any arch"), archs))
        m_proxy->setArchFilter({});
    if (fill(m_statusFilter, tr("Any status"), statuses))
        m_proxy->setStatusFilter({});
    if (fill(m_kindFilter, tr("Any kind"), kinds))
        m_proxy->setKindFilter({});
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
    for (const QModelIndex& row : m_view->selectionModel()->selectedRows())
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
                 : tr("Export failed: %1").arg(qs(r.error));
        statusBar()->showMessage(text, 15000);
        emit exportFinished(r.ok, text);
    });
    watcher->setFuture(
        QtConcurrent::run([entries, path = outPath.toStdString()] { return exportEntries(entries, path); }));
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

void MainWindow::updateActions()
{
    m_compareAction->setEnabled(m_view->selectionModel()->selectedRows().size() == 2);
    const bool any = m_view->selectionModel()->hasSelection();
    for (QAction* a : {m_exportAction, m_copyPathAction, m_copyKeyAction, m_revealAction})
        a->setEnabled(any);
}

void MainWindow::compareSelected()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
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
    std::vector<Root> roots;
    for (const QString& f : folders) {
        Root r;
        r.path = f.toStdString();
        r.reason = "given";
        roots.push_back(std::move(r));
    }
    openRoots(std::move(roots), title.isEmpty() ? folders.join(QLatin1String(", ")) : title);
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
    QString title = tr("Demo cache (%1)").arg(path);
    if (!extraFolders.isEmpty())
        title += QLatin1String(", ") + extraFolders.join(QLatin1String(", "));
    openFolders(QStringList{path} + extraFolders, title);
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
    m_scanner->start(std::move(roots));
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
    return m_scanner->isRunning();
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

    const std::string keep = m_selectedPath;
    m_model->resetSnapshot(snapshot);
    m_doctorAction->setEnabled(true);
    fillFacets(*snapshot);
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
    // Keep the selected entry across a rescan; otherwise start on the first row.
    QModelIndex select;
    const std::string wanted = std::exchange(m_pendingEntry, std::string());
    for (std::size_t i = 0; i < snapshot->entries.size() && !wanted.empty(); ++i) {
        if (snapshot->entries[i].folderName.starts_with(wanted)) {
            select = m_proxy->mapFromSource(m_model->index(static_cast<int>(i), 0));
            break;
        }
    }
    for (std::size_t i = 0; i < snapshot->entries.size() && !keep.empty() && !select.isValid(); ++i) {
        if (snapshot->entries[i].path == keep) {
            select = m_proxy->mapFromSource(m_model->index(static_cast<int>(i), 0));
            break;
        }
    }
    if (!select.isValid())
        select = m_proxy->index(0, 0);
    if (select.isValid()) {
        m_view->setCurrentIndex(select);
        m_view->scrollTo(select);
    }
    if (const QString stage = std::exchange(m_pendingStage, QString()); !stage.isEmpty()) {
        const int tab = m_stageTabs->tabOf(stage);
        if (tab > 0)
            m_stageTabs->setCurrentIndex(tab);
    }
    updateSummary();
}

void MainWindow::onCurrentRowChanged()
{
    const Entry* entry = m_model->entry(m_proxy->mapToSource(m_view->currentIndex()));
    if (!entry) {
        m_detailView->clear();
        m_stageTabs->clearEntry();
        return;
    }
    m_selectedPath = entry->path;
    m_stageTabs->setEntry(*entry);
    // What the scan already knows shows at once; the full metadata follows from the loader.
    EntryDetail quick;
    quick.entry = *entry;
    m_detailView->setPlainText(EntryText::detail(quick));
    m_detailLoader->load(*entry);
}

void MainWindow::onDetailLoaded(std::shared_ptr<const EntryDetail> detail)
{
    if (detail && detail->entry.path == m_selectedPath)
        m_detailView->setPlainText(EntryText::detail(*detail));
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
            lines << qs(r.error);
        if (!r.note.empty())
            lines << qs(r.path) + QLatin1String(": ") + qs(r.note);
    }
    m_rootMessages->setText(lines.join(QLatin1Char('\n')));
    m_rootMessages->setVisible(!lines.isEmpty());
}

void MainWindow::fitColumns()
{
    m_view->resizeColumnsToContents();
    // Long kernel names and stage lists must not push the other columns out of sight.
    QHeaderView* header = m_view->horizontalHeader();
    const int widest = std::max(200, m_view->viewport()->width() / 3);
    for (int c = 0; c < EntryTableModel::NUM_COLUMNS; ++c)
        if (header->sectionSize(c) > widest)
            header->resizeSection(c, widest);
}

} // namespace kl::gui
