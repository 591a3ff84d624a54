#pragma once

#include "app/gui/common/backgroundjob.h"
#include "app/gui/stages/stagetabs.h"
#include "core/model/snapshot.h"
#include "core/report/entrydetail.h"
#include "entrysource.h"
#include "entrytablemodel.h"

#include <QModelIndexList>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

class QComboBox;
class QDateTime;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QStatusBar;
class QTableView;
class QTimer;
class QTreeView;

namespace kl::gui {

class DetailLoader;
struct LoadedDetail;
class EntryDoctorView;
class EntryFilterProxy;
class EntryTableModel;
class KernelGroupModel;
class MetadataTree;
class PaintThrottle;
class StageTabs;

/// The Entries page: a view over one EntrySource (a folder scan, a Redis listing): its rows as
/// they stream in, its snapshot, its later snapshots as row updates; the filter box and facet
/// combos over the table or the by-kernel tree, and the selected entry's detail pane.
/// Source -> model -> proxy -> views, one way; every read runs through a BackgroundJob.
class EntriesPage : public QWidget {
    Q_OBJECT

public:
    /// While rows stream in, the table repaints at most this often.
    static constexpr int StreamPaintIntervalMs = 100;

    explicit EntriesPage(QWidget* parent = nullptr);
    /// Stops the scan first: it may be reading a folder the window removes next (the demo copy).
    ~EntriesPage() override;

    /// The scan summary, progress and cancel button, then (addLiveStatus) the live-update state.
    void addStatusWidgets(QStatusBar* bar);
    void addLiveStatus(QStatusBar* bar);

    /// Show `source`'s entries in place of what is shown; the page owns it and starts it.
    void setSource(EntrySource* source);
    /// Scan `roots` (a FolderScanSource): rows stream in as they are read.
    void open(std::vector<Root> roots);
    /// False while the source's entries are not files here (a Redis listing).
    bool hasLocalFiles() const;
    /// Nothing to open: the detail pane says why.
    void showNothingOpened(const QString& why);
    /// The folders of the scan shown (or running), as given; the server of a listing.
    QStringList folders() const { return m_folders; }
    std::shared_ptr<const Snapshot> snapshot() const;
    bool isScanning() const;
    void rescan();
    void cancelScan();

    void setGroupedByKernel(bool grouped);
    bool isGroupedByKernel() const;
    /// When the next scan ends, select the first entry whose folder name starts with
    /// `folderPrefix` and show its `stage` tab.
    void selectAfterScan(const QString& folderPrefix, const QString& stage);
    /// Shows the detail pane's Metadata (1) or Doctor (2) tab.
    void showDetailTab(int index);
    /// Ctrl+F: find in the code when a stage's code has the focus, else focus the filter box.
    void find();

    std::vector<Entry> selectedEntries() const;
    /// Selects the shown entries whose paths are in `paths`, the first of them current (the
    /// Trace page's kernel); returns how many were selected. Nothing changes when none is shown.
    int selectEntries(const QStringList& paths);
    /// Text added under the entry's details (the GPU time the opened traces give it); "" adds
    /// nothing. The window sets it, so the page knows nothing of traces.
    using DetailAppendix = std::function<QString(const Entry&)>;
    void setDetailAppendix(DetailAppendix appendix);
    /// What the appendix says changed (traces opened or joined again): the details are rewritten.
    void refreshDetailAppendix();
    /// Entry > Compare Selected: a diff window of the two selected entries' stages.
    void compareSelected();
    /// The selected entries into `outPath` (a .tar.gz), off the UI thread.
    void exportSelected(const QString& outPath);
    /// The selected entries' folders or recorded hashes, one a line; returns the status message.
    QString copySelected(bool keys);

    /// The dashboard's hit-rate range narrows the rows to entries written in it.
    void setTimeRange(const QDateTime& from, const QDateTime& to);
    void clearTimeRange();
    /// The roots panel's warning about network or memory filesystems ("" hides it).
    void setFilesystemBanner(const QString& text);
    void showError(const QString& text);

signals:
    /// A scan's snapshot is on screen (rows, facets and selection settled).
    void snapshotShown(std::shared_ptr<const kl::Snapshot> snapshot);
    /// The selection changed: how many entries are selected now.
    void selectionChanged(int count);
    /// An export ended: whether it was written, and the message the status bar shows.
    void exportFinished(bool ok, const QString& message);
    /// "Show All Times" on the range bar: the dashboard owns the range.
    void timeRangeClearRequested();

private:
    struct Facets {
        std::set<QString> stages, archs;
        std::set<EntryStatus> statuses;
        std::set<EntryKind> kinds;
    };
    QWidget* makeFilterRow();
    void fillFacets(const std::shared_ptr<const Snapshot>& snapshot);
    static Facets gatherFacets(const Snapshot& snapshot);
    void showFacets(const Facets& f);
    QModelIndexList selectedProxyRows() const;
    QModelIndex currentProxyRow() const;
    void onSourceProgress(qint64 done, qint64 total, qint64 elapsedMs);
    void onSourceFinished(std::shared_ptr<const Snapshot> snapshot, EntrySource::Order order);
    void onSourceUpdated(std::shared_ptr<const Snapshot> snapshot);
    void onSourceFailed();
    void hideProgress();
    void insertStreamedRows(EntrySource::Rows rows);
    enum class RowsKept { No, Streamed, Updated };
    /// Everything but the rows: facets, messages, selection, summary.
    void showSnapshot(const std::shared_ptr<const Snapshot>& snapshot, RowsKept kept);
    void updateRows(std::shared_ptr<const Snapshot> snapshot);
    void onCurrentRowChanged();
    void onDetailLoaded(std::shared_ptr<const LoadedDetail> loaded);
    /// The detail pane's text: `text` about `entry`, then the appendix.
    void showDetailText(const Entry& entry, const QString& text);
    void updateSummary();
    void showRootMessages(const Snapshot& snapshot);
    void fitColumns();

    EntryTableModel* m_model = nullptr;
    EntryFilterProxy* m_proxy = nullptr;
    KernelGroupModel* m_groupModel = nullptr;
    EntrySource* m_source = nullptr; ///< owned; replaced by setSource()
    DetailLoader* m_detailLoader = nullptr;

    QLabel* m_fsBanner = nullptr;
    QLabel* m_rootMessages = nullptr;
    QLineEdit* m_filterEdit = nullptr;
    QTimer* m_filterTimer = nullptr;
    QComboBox* m_stageFilter = nullptr;
    QComboBox* m_archFilter = nullptr;
    QComboBox* m_statusFilter = nullptr;
    QComboBox* m_kindFilter = nullptr;
    QWidget* m_rangeBar = nullptr;
    QLabel* m_rangeLabel = nullptr;
    QStackedWidget* m_viewStack = nullptr;
    QTableView* m_view = nullptr;
    PaintThrottle* m_paintThrottle = nullptr; ///< while rows stream in
    QTreeView* m_groupView = nullptr;
    StageTabs* m_stageTabs = nullptr;
    QPlainTextEdit* m_detailView = nullptr;
    MetadataTree* m_metadataTree = nullptr;
    EntryDoctorView* m_entryDoctor = nullptr;
    QLabel* m_summaryLabel = nullptr;
    QLabel* m_progressLabel = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QLabel* m_liveLabel = nullptr;

    QStringList m_folders;
    std::string m_selectedPath; ///< kept across rescans so the selection survives
    std::string m_pendingEntry;
    QString m_pendingStage;
    DetailAppendix m_detailAppendix;
    QString m_detailBase; ///< the detail text without the appendix, for refreshDetailAppendix()
    std::optional<Entry> m_detailEntry;
    bool m_fitColumnsPending = false;
    std::shared_ptr<const Snapshot> m_nextUpdate; ///< a rescan that waits for the update running
    QList<QPointer<QWidget>> m_diffWindows;       ///< open diff windows (closed with this page)
    /// More separate removed ranges than this and a rescan resets the rows instead.
    static constexpr std::size_t MaxIncrementalRanges = 200;

    // Facets and row updates read the snapshot; an export reads the entries' files.
    BackgroundJob m_facetsJob{backgroundPool()};
    BackgroundJob m_rowUpdateJob{backgroundPool()};
    BackgroundJob m_exportJob{backgroundPool()};
};

} // namespace kl::gui
