#include "entriespage.h"

#include "app/gui/common/coretext.h"
#include "app/gui/common/machinecontext.h"
#include "app/gui/common/paintthrottle.h"
#include "app/gui/common/qstrings.h"
#include "app/gui/common/theme.h"
#include "app/gui/stages/stagetabs.h"
#include "detailloader.h"
#include "entrydoctorview.h"
#include "entryfilterproxy.h"
#include "entrytablemodel.h"
#include "entrytext.h"
#include "folderscansource.h"
#include "kernelgroupmodel.h"
#include "metadatatree.h"
#include "rowupdate.h"
#include "windowtext.h"

#include <QApplication>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>
#include <mutex>

namespace kl::gui {
EntriesPage::EntriesPage(QWidget* parent)
    : QWidget(parent)
    , m_model(new EntryTableModel(this))
    , m_proxy(new EntryFilterProxy(this))
    , m_groupModel(new KernelGroupModel(this))
    , m_detailLoader(new DetailLoader(this))
{
    m_proxy->setSourceModel(m_model);

    m_rootMessages = new QLabel(this);
    m_rootMessages->setObjectName(QStringLiteral("rootMessages"));
    m_rootMessages->setWordWrap(true);
    m_rootMessages->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rootMessages->setStyleSheet(theme::noteBanner());
    m_rootMessages->hide();
    m_fsBanner = new QLabel(this);
    m_fsBanner->setObjectName(QStringLiteral("fsBanner"));
    m_fsBanner->setWordWrap(true);
    m_fsBanner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fsBanner->setStyleSheet(theme::warningBanner());
    m_fsBanner->hide();

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
    // Ten frames a second while rows stream in: a repaint of the sorted table cost the UI thread
    // more than inserting a batch of rows did.
    m_paintThrottle = new PaintThrottle(m_view, StreamPaintIntervalMs, this);

    // Group by kernel: the same filtered, sorted rows under one parent per kernel name.
    m_groupView = new QTreeView(this);
    m_groupView->setObjectName(QStringLiteral("groupTree"));
    m_groupView->setModel(m_groupModel);
    m_groupView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_groupView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_groupView->setAlternatingRowColors(true);
    m_groupView->setUniformRowHeights(true);
    m_groupView->setTextElideMode(Qt::ElideMiddle);
    for (QAbstractItemView* v :
         {static_cast<QAbstractItemView*>(m_view), static_cast<QAbstractItemView*>(m_groupView)}) {
        connect(v->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &EntriesPage::onCurrentRowChanged);
        connect(v->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                [this] { emit selectionChanged(int(selectedProxyRows().size())); });
    }
    m_viewStack = new QStackedWidget(this);
    m_viewStack->addWidget(m_view);
    m_viewStack->addWidget(m_groupView);

    m_detailView = new QPlainTextEdit(this);
    m_detailView->setObjectName(QStringLiteral("detailView"));
    m_detailView->setReadOnly(true);
    m_detailView->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_detailView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detailView->setPlaceholderText(WindowText::tr("Select an entry to see its details."));

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(4);
    topLayout->addWidget(m_fsBanner);
    topLayout->addWidget(m_rootMessages);
    topLayout->addWidget(makeFilterRow());
    m_rangeBar = new QWidget(this);
    m_rangeBar->setObjectName(QStringLiteral("rangeBar"));
    auto* rangeRow = new QHBoxLayout(m_rangeBar);
    rangeRow->setContentsMargins(0, 0, 0, 0);
    m_rangeLabel = new QLabel(m_rangeBar);
    auto* clearRange = new QPushButton(WindowText::tr("Show All Times"), m_rangeBar);
    connect(clearRange, &QPushButton::clicked, this, &EntriesPage::timeRangeClearRequested);
    rangeRow->addWidget(m_rangeLabel, 1);
    rangeRow->addWidget(clearRange);
    m_rangeBar->hide();
    topLayout->addWidget(m_rangeBar);
    topLayout->addWidget(m_viewStack);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    m_stageTabs = new StageTabs(m_detailView, this);
    m_metadataTree = new MetadataTree(this);
    m_stageTabs->addFixedTab(m_metadataTree, WindowText::tr("Metadata"));
    // The machine's context (Triton's version from Python, the GPUs) is asked once, off the UI thread.
    auto context = std::make_shared<std::pair<std::once_flag, DoctorContext>>();
    m_entryDoctor = new EntryDoctorView(
        [context] {
            std::call_once(context->first, [&] { context->second = machineContext(); });
            return context->second;
        },
        this);
    m_stageTabs->addFixedTab(m_entryDoctor, WindowText::tr("Doctor"));
    splitter->addWidget(m_stageTabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(QStringLiteral("summaryLabel"));
    m_progressLabel = new QLabel(this);
    m_progressBar = new QProgressBar(this);
    m_progressBar->setObjectName(QStringLiteral("scanProgress"));
    m_progressBar->setMaximumWidth(220);
    m_progressBar->setTextVisible(false);
    m_cancelButton = new QPushButton(WindowText::tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelScanButton"));
    m_cancelButton->setToolTip(WindowText::tr("Stop scanning and show what was read so far"));
    connect(m_cancelButton, &QPushButton::clicked, this, &EntriesPage::cancelScan);
    m_liveLabel = new QLabel(this);
    m_liveLabel->setObjectName(QStringLiteral("liveLabel"));
    for (QWidget* w : {static_cast<QWidget*>(m_summaryLabel), static_cast<QWidget*>(m_progressLabel),
                       static_cast<QWidget*>(m_progressBar), static_cast<QWidget*>(m_cancelButton),
                       static_cast<QWidget*>(m_liveLabel)})
        w->hide(); // until a status bar takes them
    connect(m_detailLoader, &DetailLoader::loaded, this, &EntriesPage::onDetailLoaded);
}

EntriesPage::~EntriesPage()
{
    for (const QPointer<QWidget>& w : m_diffWindows)
        delete w.data();
    delete m_source; // its scan may be reading a folder the window removes next (the demo copy)
    delete m_detailLoader;
}

void EntriesPage::addStatusWidgets(QStatusBar* bar)
{
    bar->addWidget(m_summaryLabel, 1);
    m_summaryLabel->show();
    bar->addPermanentWidget(m_progressLabel);
    bar->addPermanentWidget(m_progressBar);
    bar->addPermanentWidget(m_cancelButton);
}

void EntriesPage::addLiveStatus(QStatusBar* bar)
{
    bar->addPermanentWidget(m_liveLabel);
    m_liveLabel->show();
}

void EntriesPage::open(std::vector<Root> roots)
{
    setSource(new FolderScanSource(std::move(roots)));
}

void EntriesPage::setSource(EntrySource* source)
{
    delete m_source; // cancels what it was listing: nothing it had in flight reaches the page
    m_source = source;
    source->setParent(this);
    m_folders = source->names();
    m_selectedPath.clear();
    m_fitColumnsPending = true;
    // Another source: what was shown no longer applies.
    m_rowUpdateJob.discard();
    m_facetsJob.discard();
    m_nextUpdate.reset();
    m_model->resetSnapshot(nullptr);
    m_stageTabs->clearEntry();
    m_detailView->clear();
    m_detailView->setPlaceholderText(WindowText::tr("Select an entry to see its details."));
    m_rootMessages->hide();
    m_liveLabel->clear();
    hideProgress();
    connect(source, &EntrySource::rowsAppended, this, &EntriesPage::insertStreamedRows);
    connect(source, &EntrySource::finished, this, &EntriesPage::onSourceFinished);
    connect(source, &EntrySource::updated, this, &EntriesPage::onSourceUpdated);
    connect(source, &EntrySource::failed, this, &EntriesPage::onSourceFailed);
    connect(source, &EntrySource::progress, this, &EntriesPage::onSourceProgress);
    connect(source, &EntrySource::liveStatus, m_liveLabel, &QLabel::setText);
    m_paintThrottle->start();
    source->start();
}

bool EntriesPage::hasLocalFiles() const
{
    return !m_source || m_source->hasLocalFiles();
}

// Rows as the source reads them: painted at the throttle's pace, columns fitted to the first
// rows, the first row current unless an entry was asked for.
void EntriesPage::insertStreamedRows(EntrySource::Rows rows)
{
    if (m_model->snapshot())
        return; // only a listing's first rows stream; a snapshot shown takes updates
    m_paintThrottle->beforeChange();
    m_model->appendRows(std::move(*rows));
    if (m_fitColumnsPending && m_model->rowCount() > 0) {
        fitColumns(); // on the first rows: later batches must not cost a resize each
        m_fitColumnsPending = false;
    }
    if (!m_view->currentIndex().isValid() && m_pendingEntry.empty())
        m_view->setCurrentIndex(m_proxy->index(0, 0));
}

void EntriesPage::onSourceFailed()
{
    hideProgress();
    m_paintThrottle->stop();
    m_model->resetSnapshot(nullptr);
    m_stageTabs->clearEntry();
    m_detailView->clear();
}

void EntriesPage::showNothingOpened(const QString& why)
{
    m_detailView->setPlaceholderText(why);
    updateSummary();
}

void EntriesPage::showError(const QString& text)
{
    m_rootMessages->setText(text);
    m_rootMessages->show();
}

std::shared_ptr<const Snapshot> EntriesPage::snapshot() const
{
    return m_model->snapshot();
}

void EntriesPage::rescan()
{
    if (m_source)
        m_source->rescan();
}

void EntriesPage::selectAfterScan(const QString& folderPrefix, const QString& stage)
{
    m_pendingEntry = folderPrefix.toStdString();
    m_pendingStage = stage;
}

void EntriesPage::showDetailTab(int index)
{
    m_stageTabs->setCurrentIndex(index);
}

void EntriesPage::cancelScan()
{
    if (!m_source || !m_source->isRunning())
        return;
    m_source->cancel();
    m_cancelButton->setEnabled(false);
    m_progressLabel->setText(WindowText::tr("Cancelling…"));
}

bool EntriesPage::isScanning() const
{
    // While a row update runs, the rows shown are not the scan's yet.
    return (m_source && m_source->isRunning()) || m_rowUpdateJob.isRunning();
}

void EntriesPage::hideProgress()
{
    m_progressLabel->hide();
    m_progressBar->hide();
    m_cancelButton->hide();
}

void EntriesPage::onSourceProgress(qint64 done, qint64 total, qint64 elapsedMs)
{
    if (total <= 0) { // started: indeterminate until the source knows how much there is
        m_progressBar->setRange(0, 0);
        m_progressLabel->setText(WindowText::tr("Scanning…"));
        m_progressLabel->show();
        m_progressBar->show();
        m_cancelButton->setEnabled(true);
        m_cancelButton->show();
        return;
    }
    // QProgressBar takes ints; scale large counts down.
    const int scale = total > 1'000'000 ? static_cast<int>(total / 1'000'000 + 1) : 1;
    m_progressBar->setRange(0, static_cast<int>(total / scale));
    m_progressBar->setValue(static_cast<int>(done / scale));
    QString text = WindowText::tr("Scanning: %1 of %2 entries").arg(done).arg(total);
    if (done > 0 && elapsedMs >= 1000 && done < total) {
        const qint64 leftSec = elapsedMs * (total - done) / done / 1000;
        text += QLatin1String(", ") + WindowText::tr("about %1 s left").arg(leftSec + 1);
    }
    m_progressLabel->setText(text);
}

void EntriesPage::onSourceFinished(std::shared_ptr<const Snapshot> snapshot, EntrySource::Order order)
{
    hideProgress();
    m_paintThrottle->stop();
    // Streamed rows stay on screen (sort, scroll, selection) when the source says where each is.
    if (order && m_model->adoptSnapshot(snapshot, *order)) {
        showSnapshot(snapshot, RowsKept::Streamed);
    } else {
        m_model->resetSnapshot(snapshot);
        showSnapshot(snapshot, RowsKept::No);
    }
}

// A rescan changes only the rows that differ.
void EntriesPage::onSourceUpdated(std::shared_ptr<const Snapshot> snapshot)
{
    hideProgress();
    if (m_model->snapshot()) {
        updateRows(std::move(snapshot));
    } else {
        m_model->resetSnapshot(snapshot);
        showSnapshot(snapshot, RowsKept::No);
    }
}

// The difference is computed on a worker; one update at a time, the newest snapshot waits.
void EntriesPage::updateRows(std::shared_ptr<const Snapshot> snapshot)
{
    if (m_rowUpdateJob.isRunning()) {
        m_nextUpdate = std::move(snapshot);
        return;
    }
    auto work = [before = m_model->snapshot(), map = m_model->rowToEntry(),
                 after = std::move(snapshot)](const JobToken&) {
        return std::make_shared<const RowUpdate>(computeRowUpdate(before, map, after));
    };
    m_rowUpdateJob.start(std::move(work), [this](const std::shared_ptr<const RowUpdate>& update) {
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
}

void EntriesPage::showSnapshot(const std::shared_ptr<const Snapshot>& snapshot, RowsKept kept)
{
    const std::string keep = m_selectedPath;
    const bool adopted = kept != RowsKept::No;
    fillFacets(snapshot);
    showRootMessages(*snapshot);
    if (m_fitColumnsPending && !snapshot->entries.empty()) {
        fitColumns(); // once per opened folder: a rescan keeps the widths the user chose
        m_fitColumnsPending = false;
    }

    if (snapshot->entries.empty()) {
        m_detailView->clear();
        m_detailView->setPlaceholderText(
            WindowText::tr("No cache entries in %1.").arg(m_folders.join(QLatin1String(", "))));
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
    if (const QString stage = std::exchange(m_pendingStage, QString());
        stage.startsWith(QLatin1String("lines:"))) {
        m_stageTabs->showSourceLine(stage.section(':', 1, 1), stage.section(':', 2, 2).toUInt());
    } else if (!stage.isEmpty()) {
        const int tab = m_stageTabs->tabOf(stage);
        if (tab > 0)
            m_stageTabs->setCurrentIndex(tab);
    }
    updateSummary();
    emit snapshotShown(snapshot);
}

void EntriesPage::onCurrentRowChanged()
{
    const QModelIndex current = currentProxyRow();
    const Entry* entry = m_model->entry(m_proxy->mapToSource(current));
    if (!entry) {
        m_detailView->clear();
        m_detailEntry.reset();
        m_stageTabs->clearEntry();
        m_metadataTree->clear();
        m_entryDoctor->clear();
        return;
    }
    m_selectedPath = entry->path;
    // What the scan already knows shows at once; the full metadata follows from the loader.
    EntryDetail quick;
    quick.entry = *entry;
    if (!hasLocalFiles()) {
        // Its paths are keys on a server, not files: what the listing read, and each stage fetched
        // from the server when its tab is opened.
        const StageTabs::StageFetcher fetcher = m_source->stageFetcher();
        m_stageTabs->setFetcher(fetcher);
        m_stageTabs->setEntry(*entry);
        showDetailText(*entry,
                       EntryText::detail(quick) + QLatin1String("\n") +
                           (fetcher ? WindowText::tr("This entry is on a Redis server: each stage is "
                                                     "fetched from there when its tab is opened.")
                                    : WindowText::tr("This entry is on a Redis server: its stages are "
                                                     "not read from there. Pull it to read them.")));
        m_metadataTree->setDetail(quick);
        m_entryDoctor->clear();
        return;
    }
    m_stageTabs->setFetcher({});
    m_stageTabs->setEntry(*entry);
    showDetailText(*entry, EntryText::detail(quick));
    m_metadataTree->setDetail(quick);
    if (const auto& snapshot = m_model->snapshot())
        m_entryDoctor->setEntry(snapshot->roots, *entry);
    else
        m_entryDoctor->clear(); // streaming: the roots (nested ones too) are known at the end
    m_detailLoader->load(*entry, m_model->snapshot());
}

void EntriesPage::onDetailLoaded(std::shared_ptr<const LoadedDetail> loaded)
{
    if (loaded && loaded->detail.entry.path == m_selectedPath) {
        const QString links =
            loaded->snapshot ? EntryText::folderLinks(*loaded->snapshot, loaded->detail.entry, loaded->links)
                             : QString();
        showDetailText(loaded->detail.entry, EntryText::detail(loaded->detail, links));
        m_metadataTree->setDetail(loaded->detail);
    }
}

void EntriesPage::updateSummary()
{
    const auto& snapshot = m_model->snapshot();
    if (!snapshot) {
        m_summaryLabel->clear();
        return;
    }
    const Summary s = snapshot->summary();
    const QLocale locale;
    QString text =
        (s.entries == 1 ? WindowText::tr("1 entry")
                        : WindowText::tr("%1 entries").arg(locale.toString(qulonglong(s.entries)))) +
        QLatin1String(", ") + EntryText::size(s.totalSize) + QLatin1String(", ") +
        (s.problems == 1 ? WindowText::tr("1 problem")
                         : WindowText::tr("%1 problems").arg(locale.toString(qulonglong(s.problems))));
    if (m_proxy->rowCount() != m_model->rowCount())
        text += QStringLiteral(" — ") + WindowText::tr("%1 shown").arg(m_proxy->rowCount());
    if (s.vanished)
        text += QStringLiteral(" — ") + WindowText::tr("%1 vanished while scanning").arg(s.vanished);
    if (snapshot->cancelled)
        text += QStringLiteral(" — ") + WindowText::tr("scan cancelled, showing what was read");
    m_summaryLabel->setText(text);
}

void EntriesPage::showRootMessages(const Snapshot& snapshot)
{
    QStringList lines;
    for (const Root& r : snapshot.roots) {
        if (!r.error.empty())
            lines << coreText(r.error);
        if (!r.note.empty())
            lines << qs(r.path) + QLatin1String(": ") + coreText(r.note);
        // Packed entries are listed with the others; a pack folder that cannot be read is said.
        if (r.packed.present && !r.packed.error.empty())
            lines << coreText(r.packed.error);
    }
    m_rootMessages->setText(lines.join(QLatin1Char('\n')));
    m_rootMessages->setVisible(!lines.isEmpty());
}

// Widths from the text of the first rows, measured with font metrics: the views' own
// resizeColumnsToContents() lays every cell out through the style and took 50-170 ms on the
// first rows of a large cache, all of it on the UI thread.
void EntriesPage::fitColumns()
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
