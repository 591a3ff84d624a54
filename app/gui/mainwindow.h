#pragma once

#include "model/snapshot.h"
#include "report/entrydetail.h"

#include <QMainWindow>
#include <QModelIndexList>
#include <QPointer>
#include <QStringList>
#include <memory>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QTreeView;

namespace kl::gui {

class DemoCache;
class DetailLoader;
class EntryFilterProxy;
class EntryTableModel;
class ScanController;

/// The browser window: a filterable table of cache entries over a detail pane. Scans and detail
/// reads run in workers; the window only ever shows the newest scan's snapshot.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Scan `folders` (replacing what is shown). `title` names them in the window title; by
    /// default the folders themselves.
    void openFolders(const QStringList& folders, const QString& title = {});
    /// Scan the folders Triton would use in this environment, those that exist.
    void openEnvironmentRoots();
    /// Copy the bundled demo cache to a temporary folder and open it, with `extraFolders`.
    /// Returns false (and says why in the window) when the demo cannot be copied.
    bool openDemo(const QStringList& extraFolders = {});

    /// Showing the demo copy (opened with openDemo).
    bool isDemo() const { return m_demo != nullptr; }
    /// The folders of the scan shown (or running), as given.
    QStringList openedFolders() const { return m_folders; }
    /// When the next scan ends, select the first entry whose folder name starts with
    /// `folderPrefix` and show its `stage` tab (kernellens --entry/--stage).
    void selectAfterScan(const QString& folderPrefix, const QString& stage);
    /// When the next scan ends, show these: "dashboard", "grouped", "metadata", "doctor", "clean"
    /// (the Clean dialog with a dry-run preview of the default policies).
    void showAfterScan(const QStringList& what);
    /// Kernels > Autotune…: disabled, with the reason as its tooltip, where there is no GPU.
    QAction* autotuneAction() const { return m_autotuneAction; }
    /// Entry > Compare Selected (two rows selected): a diff window of their stages.
    QList<QPointer<QWidget>> diffWindows() const { return m_diffWindows; }
    QAction* doctorAction() const { return m_doctorAction; }
    QAction* recompileAction() const { return m_recompileAction; }
    QAction* cleanAction() const { return m_cleanAction; }
    class RootsPanel* rootsPanel() const { return m_rootsPanel; }
    class MetadataTree* metadataTree() const { return m_metadataTree; }
    class EntryDoctorView* entryDoctor() const { return m_entryDoctor; }
    /// View > Group by Kernel: a tree with one parent per kernel name instead of the flat table.
    void setGroupedByKernel(bool grouped);
    bool isGroupedByKernel() const;
    QTreeView* groupView() const { return m_groupView; }
    class DashboardPage* dashboard() const { return m_dashboard; }
    QTabWidget* pages() const { return m_pages; }
    class KernelGroupModel* groupModel() const { return m_groupModel; }
    /// The orange banner about network or memory filesystems (hidden when there is nothing to say).
    QLabel* fsBanner() const { return m_fsBanner; }
    QAction* exportAction() const { return m_exportAction; }
    class CacheWatcher* cacheWatcher() const { return m_cacheWatcher; }
    /// Entry > Export: the selected entries into `outPath` (a .tar.gz), off the UI thread.
    void exportSelected(const QString& outPath);
    /// Entry > Copy Path / Copy Key: the selected entries' folders or recorded hashes, one a line.
    void copySelected(bool keys);
    QAction* copyPathAction() const { return m_copyPathAction; }
    QAction* compareAction() const { return m_compareAction; }
    QTableView* entryView() const { return m_view; }
    class StageTabs* stageTabs() const { return m_stageTabs; }
    bool isScanning() const;

signals:
    /// An export ended: whether it was written, and the message the status bar shows.
    void exportFinished(bool ok, const QString& message);
    /// The filter combos were filled from the newest snapshot (off the UI thread).
    void facetsFilled();
    /// View > Language: the user picked this language; the owner rebuilds the window in it.
    void languageChosen(const QString& code);

public slots:
    void chooseFolder();
    void rescan();
    void cancelScan();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void checkGpu();
    void openAutotune();
    void compareSelected();
    void runDoctor();
    void recompileSelected();
    class CleanDialog* openClean();
    void applyPendingShow();
    void rememberRecent(const QStringList& folders);
    void openCudaFile();
    std::vector<Entry> selectedEntries() const;
    /// The selected rows of the view shown, as rows of the filter proxy.
    QModelIndexList selectedProxyRows() const;
    void fillFacets(const std::shared_ptr<const Snapshot>& snapshot);
    void updateActions();
    void openRoots(std::vector<Root> roots, const QString& title);
    void onScanStarted();
    void onScanProgress(qint64 done, qint64 total, qint64 elapsedMs);
    void onScanFinished(std::shared_ptr<const Snapshot> snapshot);
    enum class RowsKept { No, Streamed, Updated };
    /// Everything but the rows: facets, messages, selection, summary.
    void showSnapshot(const std::shared_ptr<const Snapshot>& snapshot, RowsKept kept);
    void updateRows(std::shared_ptr<const Snapshot> snapshot);
    void onCurrentRowChanged();
    void onDetailLoaded(std::shared_ptr<const EntryDetail> detail);
    void updateSummary();
    void showRootMessages(const Snapshot& snapshot);
    void fitColumns();

    EntryTableModel* m_model = nullptr;
    QAction* m_autotuneAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_doctorAction = nullptr;
    QAction* m_recompileAction = nullptr;
    QAction* m_cleanAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_copyPathAction = nullptr;
    QAction* m_copyKeyAction = nullptr;
    QAction* m_revealAction = nullptr;
    class CacheWatcher* m_cacheWatcher = nullptr;
    QLabel* m_liveLabel = nullptr;
    bool m_rescanPending = false;
    QComboBox* m_stageFilter = nullptr;
    QComboBox* m_archFilter = nullptr;
    QComboBox* m_statusFilter = nullptr;
    QComboBox* m_kindFilter = nullptr;
    std::string m_pendingEntry;
    QStringList m_pendingShow;
    QString m_pendingStage;
    class StageTabs* m_stageTabs = nullptr;
    QList<QPointer<QWidget>> m_diffWindows; ///< open diff windows (closed with this one)
    EntryFilterProxy* m_proxy = nullptr;
    ScanController* m_scanner = nullptr;
    DetailLoader* m_detailLoader = nullptr;

    QLineEdit* m_filterEdit = nullptr;
    QTimer* m_filterTimer = nullptr;
    QLabel* m_rootMessages = nullptr;
    QLabel* m_fsBanner = nullptr;
    class RootsPanel* m_rootsPanel = nullptr;
    class MetadataTree* m_metadataTree = nullptr;
    class EntryDoctorView* m_entryDoctor = nullptr;
    class KernelGroupModel* m_groupModel = nullptr;
    class DashboardPage* m_dashboard = nullptr;
    QTabWidget* m_pages = nullptr;
    QLabel* m_eventsLabel = nullptr;
    QWidget* m_rangeBar = nullptr;
    QLabel* m_rangeLabel = nullptr;
    QTreeView* m_groupView = nullptr;
    QStackedWidget* m_viewStack = nullptr;
    QAction* m_groupAction = nullptr;
    QTableView* m_view = nullptr;
    QPlainTextEdit* m_detailView = nullptr;
    QLabel* m_summaryLabel = nullptr;
    QLabel* m_progressLabel = nullptr;
    QProgressBar* m_progressBar = nullptr;
    QPushButton* m_cancelButton = nullptr;

    std::vector<Root> m_roots; ///< what the last scan was asked for, for rescan()
    QStringList m_folders;
    std::string m_selectedPath; ///< kept across rescans so the selection survives
    bool m_fitColumnsPending = false;
    bool m_streaming = false; ///< the scan running streams rows into the model (a newly opened folder)
    std::shared_ptr<const std::vector<int>> m_streamIndex;
    bool m_updating = false; ///< a rescan's row update is being computed
    std::shared_ptr<const Snapshot> m_nextUpdate;
    /// More separate removed ranges than this and a rescan resets the rows instead.
    static constexpr std::size_t MaxIncrementalRanges = 200;
    std::unique_ptr<DemoCache> m_demo;
};

} // namespace kl::gui
