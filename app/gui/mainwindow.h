#pragma once

#include "app/gui/common/backgroundjob.h"
#include "core/model/snapshot.h"

#include <QMainWindow>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QMenu;
class QLabel;
class QTabWidget;

namespace kl::gui {

class DashboardPage;
class DemoCache;
class EntriesPage;
class RemoteSession;
class RootsPanel;
class TracePage;
class TraceSession;
struct PullSummary;
struct RemoteSource;

/// The browser window: menus and actions, the folders dock, the status bar and the pages
/// (Entries, Dashboard, Trace). What it shows lives in the pages; it hands out none of them: tests
/// find widgets by object name and the sessions (RemoteSession, TraceSession) by type.
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
    QStringList openedFolders() const;
    /// When the next scan ends, select the first entry whose folder name starts with
    /// `folderPrefix` and show its `stage` tab (kernellens --entry/--stage).
    void selectAfterScan(const QString& folderPrefix, const QString& stage);
    /// When the next scan ends, show these: "dashboard", "grouped", "metadata", "doctor", "clean"
    /// (the Clean dialog with a dry-run preview of the default policies).
    void showAfterScan(const QStringList& what);
    /// View > Group by Kernel: a tree with one parent per kernel name instead of the flat table.
    void setGroupedByKernel(bool grouped);
    bool isGroupedByKernel() const;
    /// Entry > Export: the selected entries into `outPath` (a .tar.gz), off the UI thread.
    void exportSelected(const QString& outPath);
    /// Entry > Copy Path / Copy Key: the selected entries' folders or recorded hashes, one a line.
    void copySelected(bool keys);
    /// True while a folder scan, a remote listing or a pull runs.
    bool isScanning() const;

    /// File > Open Remote Cache: list a Redis remote cache off the UI thread and show it.
    /// With `rememberPassword`, its password goes to the system keyring once the server takes it.
    void openRemote(const RemoteSource& source, bool rememberPassword = false);
    /// Entry > Pull: the selected remote entries into `into` (a local cache folder).
    void pullSelected(const QString& into);
    /// Entry > Push to Remote Cache: the selected local entries onto `target`.
    void pushSelected(const RemoteSource& target);
    /// The same by URL (kernellens --remote): with KERNELLENS_REDIS_PASSWORD and the last key
    /// format. False (and `error`) when the URL does not parse.
    bool openRemoteUrl(const QString& url, QString* error);

    /// File > Open Trace: read profiler traces (several: one per rank) off the UI thread, show
    /// them on the Trace page (when `show`) and join them with the caches shown.
    void openTraces(const QStringList& paths, bool show = true);
    /// The trace files shown (or being read).
    QStringList openedTraces() const;

signals:
    /// A pull ended: entries written, skipped (already there) and refused.
    void pullFinished(int done, int skipped, int refused);
    /// A push ended: entries stored, skipped (the server has them) and refused.
    void pushFinished(int done, int skipped, int refused);
    /// An export ended: whether it was written, and the message the status bar shows.
    void exportFinished(bool ok, const QString& message);
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
    void createFileMenu();
    void createViewMenu();
    void createEntryMenu();
    void createHelpMenus();
    void checkGpu();
    void openAutotune();
    void runDoctor();
    void recompileSelected();
    class CleanDialog* openClean();
    /// Entry > Make Override for the selected entry; the dialog, or null when none is selected.
    class OverrideDialog* openMakeOverride();
    /// Entry > Edit Override File: `file` (asked for when empty) in the override editor, compared
    /// with the selected entry (or the entries of the selected dump or override folder).
    class OverrideEditor* openOverrideEditor(QString file = {});
    /// The selected entry's index in the shown snapshot, or nullopt.
    std::optional<std::size_t> selectedIndex() const;
    void applyPendingShow();
    void rememberRecent(const QStringList& folders);
    void openCudaFile();
    void openRoots(std::vector<Root> roots, const QString& title);
    void onSelectionChanged(int count);
    void onSnapshotShown();
    // mainwindowremote.cpp
    void addPullActions(QMenu* entry);
    void chooseRemote();
    void startRemoteListing(const QString& display);
    void showRemoteListing(const QString& display);
    void showPullResult(const PullSummary& summary);
    void showPushResult(const PullSummary& summary);
    void reportTransfer(const PullSummary& summary, const QString& failed, const QString& done);
    void showRemoteDoctor();
    void updateRemoteActions(int selected);
    // mainwindowtrace.cpp
    void setUpTraces();
    void addTraceActions(QMenu* file);
    void chooseTraces();
    void joinTracesWithEntries();
    void openDemoTrace();

    EntriesPage* m_entries = nullptr;
    DashboardPage* m_dashboard = nullptr;
    TracePage* m_tracePage = nullptr;
    TraceSession* m_traces = nullptr;
    QTabWidget* m_pages = nullptr;
    RootsPanel* m_rootsPanel = nullptr;
    QLabel* m_eventsLabel = nullptr;
    QAction* m_groupAction = nullptr;
    QAction* m_autotuneAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_doctorAction = nullptr;
    QAction* m_recompileAction = nullptr;
    QAction* m_cleanAction = nullptr;
    /// Export, Copy Path, Copy Key, Reveal: enabled with any selection.
    std::vector<QAction*> m_selectionActions;
    /// Export, Reveal, Recompile, Compare, Doctor, Clean: they read files, so not for remote entries.
    std::vector<QAction*> m_localActions;
    std::vector<QAction*> m_pullActions;
    QAction* m_pushAction = nullptr;
    RemoteSession* m_remote = nullptr;
    QStringList m_pendingShow;
    std::unique_ptr<DemoCache> m_demo;
    BackgroundJob m_gpuCheck{backgroundPool()}; ///< loading the driver and cuInit can take a second
};

} // namespace kl::gui
