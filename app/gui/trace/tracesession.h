#pragma once

// Profiler traces opened in the window: reading, analysis and the timeline's layout in one
// BackgroundJob, the join with the caches shown in another, both on backgroundPool() with
// progress and cancel in the status bar. The page and the entries' detail pane read the
// TraceData it hands out.

#include "app/gui/common/backgroundjob.h"
#include "core/model/snapshot.h"
#include "core/trace/tracejoin.h"
#include "tracedata.h"

#include <QObject>
#include <QStringList>
#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace kl::gui {

class TraceSession : public QObject {
    Q_OBJECT

public:
    explicit TraceSession(QObject* parent = nullptr);
    ~TraceSession() override;

    /// The load's and the join's progress and cancel button (hidden while idle).
    void addStatusWidgets(QStatusBar* bar);

    /// Reads `paths` (several: one per rank) in place of what is shown; ends in loaded() or
    /// failed(). The join with the caches set by setCaches() follows.
    void open(const QStringList& paths);
    /// A regular expression naming more kernels as communication (docs/trace-classes.md), kept
    /// in the settings between runs; "" for the built-in rules alone. The traces shown are read
    /// again with it. False, with `error` naming the pattern and the cause, when it does not compile.
    bool setCommPattern(const QString& pattern, QString* error);
    QString commPattern() const { return m_commPattern; }

    /// The caches to join with (the Entries page's snapshot); joins the traces shown again.
    void setCaches(std::vector<std::shared_ptr<const Snapshot>> snapshots, trace::CubinLoader loadCubin);
    void cancel();

    bool isBusy() const { return m_loadJob.isRunning() || m_joinJob.isRunning(); }
    /// The traces shown (or, while a load runs, those it replaces); null before the first load.
    const std::shared_ptr<const TraceData>& current() const { return m_data; }
    /// The files of the traces shown, or of the load running.
    QStringList paths() const { return m_paths; }

signals:
    /// New traces, or the same traces joined again: `data` replaces what was shown.
    void loaded(std::shared_ptr<const kl::gui::TraceData> data);
    void failed(const QString& message);
    /// Cancelled before anything new was shown.
    void cancelled();

private:
    void startJoin();
    void showProgress(const QString& text, qint64 done, qint64 total);
    void hideProgress();

    std::shared_ptr<const TraceData> m_data;
    QStringList m_paths;
    QString m_commPattern;
    trace::CommClassifier m_comm;
    std::vector<std::shared_ptr<const Snapshot>> m_snapshots;
    trace::CubinLoader m_loadCubin;
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QPushButton* m_cancel = nullptr;
    BackgroundJob m_loadJob{backgroundPool()}; ///< read, analyse, lay out
    BackgroundJob m_joinJob{backgroundPool()}; ///< reads the matched entries' cubins
};

} // namespace kl::gui
