#pragma once

// A newly opened folder streams rows: the table's rows are made on the scan's threads, and the UI
// thread swaps their vector with its emptied backlog, never freeing what a reader allocated while
// readers run (that free waits on the reader's malloc arena). At the end the snapshot takes the
// rows over through a row-to-entry index, which the scanner gives by the id it handed each entry
// to entryRead, so the rows shown stay as they are.

#include "app/gui/common/backgroundjob.h"
#include "core/scan/cachescanner.h"
#include "entrytablemodel.h"

#include <QObject>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

namespace kl::gui {

struct ScanStream; // scancontroller.cpp

/// Runs kl::CacheScanner off the UI thread, one scan at a time from the UI's point of view:
/// starting a scan supersedes the one in flight, which is cancelled and whose result is dropped.
/// Progress arrives as queued, throttled signals. All signals are emitted on the controller's
/// thread and carry the job id that start() returned.
class ScanController : public QObject {
    Q_OBJECT

public:
    explicit ScanController(QObject* parent = nullptr);
    /// Cancels the scans in flight; waits only until they see it.
    ~ScanController() override;

    /// Options for later scans (threads, limits, test hooks); progress and cancel are set per scan.
    void setScanOptions(ScanOptions options);

    /// Scan `roots`, superseding any scan in flight. Returns the new job's id (never 0). With
    /// `stream`, entries are also delivered while scanning (entriesFound) and, before finished(),
    /// streamEnded() says where each delivered entry sits in the final snapshot.
    quint64 start(std::vector<Root> roots, bool stream = false);
    /// Ask the current scan to stop early; it still finishes, with `Snapshot::cancelled` set.
    void cancel();

    bool isRunning() const { return m_currentId != 0; }
    /// The id of the scan whose results will be shown, or 0 when none is running.
    quint64 currentJob() const { return m_currentId; }

    /// Minimum time between two progress signals of one scan.
    static constexpr int ProgressIntervalMs = 100;
    /// How often entries read so far are handed over while streaming and nothing waits.
    static constexpr int StreamIntervalMs = 40;
    /// At most this many rows per batch, so that inserting one stays well under a frame or two.
    static constexpr std::size_t MaxStreamBatch = 2500;
    /// A backlog drains batch after batch with the event loop running between them, each batch
    /// sized from the last one's cost so that inserting it takes about this long.
    static constexpr int BatchBudgetMs = 12;

signals:
    void started(quint64 job);
    /// `done` of `total` entries known so far (the total grows as nested caches are found).
    void progress(quint64 job, qint64 done, qint64 total, qint64 elapsedMs);
    /// The current scan ended (cancelled or not). Superseded scans never report.
    void finished(quint64 job, std::shared_ptr<const kl::Snapshot> snapshot);
    /// Streaming: the entries read since the last batch, in the order they were read.
    void entriesFound(quint64 job, std::shared_ptr<std::vector<kl::gui::EntryTableModel::Row>> batch);
    /// Streaming, just before finished(): for the n-th entry delivered, its index in the snapshot.
    void streamEnded(quint64 job, std::shared_ptr<const std::vector<int>> snapshotIndex);

private:
    struct Outcome {
        std::shared_ptr<const Snapshot> snapshot;
        std::shared_ptr<const std::vector<int>> snapshotIndex; ///< streaming only
    };
    void flush();
    void finish();

    ScanOptions m_options;
    quint64 m_currentId = 0; ///< the job's id until finished() went out (streams drain after the scan)
    std::shared_ptr<ScanStream> m_stream;        ///< the current scan's rows not yet handed over
    std::optional<Outcome> m_outcome;            ///< the scan ended; its rows are still draining
    std::vector<EntryTableModel::Row> m_backlog; ///< rows taken from the readers, handed out from m_backlogAt
    std::size_t m_backlogAt = 0;
    QTimer m_flushTimer;
    std::size_t m_batchSize = MaxStreamBatch; ///< what inserts in about BatchBudgetMs
    BackgroundJob m_job{backgroundPool()};    ///< last: the scan's callbacks post to it, so it goes first
};

} // namespace kl::gui
