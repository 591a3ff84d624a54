#include "scancontroller.h"

#include "app/gui/common/batchscheduling.h"
#include "core/env/cacheroots.h"
#include "core/env/environment.h"

#include <QElapsedTimer>
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>

namespace kl::gui {

// Streaming: what the scan's threads read since the last flush, and every row's readId in delivery order.
// The UI thread never frees what the readers allocated while they run (see flush()).
struct ScanStream {
    std::mutex mutex;
    std::vector<EntryTableModel::Row> pending;
    std::vector<std::size_t> order; ///< the scan's readId of each row, in delivery order
};

namespace {

std::shared_ptr<const Snapshot> runScan(const ScanOptions& options, std::vector<Root> roots,
                                        std::vector<int>* placeOfRead)
{
    std::vector<Root> given = roots;
    try {
        if (placeOfRead) {
            CacheScanner::Placed placed = CacheScanner(options).scanPlaced(std::move(roots));
            *placeOfRead = std::move(placed.placeOfRead);
            return std::make_shared<const Snapshot>(std::move(placed.snapshot));
        }
        return std::make_shared<const Snapshot>(CacheScanner(options).scan(std::move(roots)));
    } catch (const std::exception& e) {
        // Never let a failure vanish in the thread pool: report it on every root.
        auto snap = std::make_shared<Snapshot>();
        snap->roots = std::move(given);
        for (Root& r : snap->roots)
            r.error = Text::verbatim(ScanController::tr("scanning %1 failed: %2")
                                         .arg(QString::fromStdString(r.path), QString::fromUtf8(e.what()))
                                         .toStdString());
        return snap;
    }
}

// Where each delivered entry ended up once the snapshot was sorted by path: the view keeps its
// rows and only swaps the storage behind them (no reset, no re-sort).
std::shared_ptr<const std::vector<int>> streamIndex(ScanStream& stream, const std::vector<int>& placeOfRead)
{
    std::vector<std::size_t> order;
    {
        const std::lock_guard lock(stream.mutex); // the UI's flush takes it too: hold it briefly
        order.swap(stream.order);
    }
    auto index = std::make_shared<std::vector<int>>();
    index->reserve(order.size());
    for (const std::size_t id : order)
        index->push_back(id < placeOfRead.size() ? placeOfRead[id] : -1);
    return index;
}

} // namespace

ScanController::ScanController(QObject* parent)
    : QObject(parent)
{
    m_options.indexDir = scanIndexDir(Environment::current());
    m_options.knownFolders = dumpAndOverrideRoots(Environment::current());
    // The registers, spills and occupancy columns: read after each level's rows went out.
    m_options.readResources = true;
    m_flushTimer.setInterval(StreamIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &ScanController::flush);
}

ScanController::~ScanController() = default;

void ScanController::setScanOptions(ScanOptions options)
{
    m_options = std::move(options);
}

quint64 ScanController::start(std::vector<Root> roots, bool stream)
{
    // A scan still draining its rows is superseded too: nobody shows them.
    m_flushTimer.stop();
    m_outcome.reset();
    m_stream = stream ? std::make_shared<ScanStream>() : nullptr;
    m_backlog.clear();
    m_backlogAt = 0;
    m_batchSize = MaxStreamBatch;
    if (stream)
        m_flushTimer.start(StreamIntervalMs);

    auto work = [this, options = m_options, roots = std::move(roots),
                 stream = m_stream](const JobToken& token) mutable {
        options.cancel = token.cancelFlag();
        // Called from the scanner's threads: at most one signal per interval gets queued.
        QElapsedTimer timer;
        timer.start();
        std::atomic<qint64> nextProgressMs{0};
        options.progress = [&](std::size_t done, std::size_t total) {
            const qint64 now = timer.elapsed();
            qint64 due = nextProgressMs.load(std::memory_order_relaxed);
            if (now < due && done != total)
                return;
            if (!nextProgressMs.compare_exchange_strong(due, now + ProgressIntervalMs))
                return;
            token.post(
                [this, done, total, now] { emit progress(m_currentId, qint64(done), qint64(total), now); });
        };
        if (stream) {
            // Row texts and sort keys are made here, on the scan's threads: the UI thread only inserts.
            // The lock is held for two moves: eight readers and the UI's flush share it.
            options.entryRead = [stream](const Entry& e, std::size_t readId) {
                EntryTableModel::Row row = EntryTableModel::makeRow(e);
                const std::lock_guard lock(stream->mutex);
                stream->pending.push_back(std::move(row));
                stream->order.push_back(readId);
            };
        }
        std::vector<int> placeOfRead;
        // The scan's threads (created from this one, so they inherit it) yield to the UI thread:
        // on a 2-core machine busy readers otherwise starve it for 30-60 ms at a time.
        const BatchScheduling batch;
        Outcome out{runScan(options, std::move(roots), stream ? &placeOfRead : nullptr), nullptr};
        if (stream)
            out.snapshotIndex = streamIndex(*stream, placeOfRead);
        return out;
    };
    m_currentId = m_job.start(std::move(work), [this](Outcome out) {
        m_outcome = std::move(out);
        if (m_stream)
            flush(); // finishes once the last rows went out
        else
            finish();
    });
    emit started(m_currentId);
    return m_currentId;
}

void ScanController::cancel()
{
    m_job.cancel();
}

void ScanController::flush()
{
    if (!m_stream)
        return;
    // Rows come from the readers in whole vectors: the backlog is swapped with the readers'
    // pending rows, then handed out batch by batch. Its emptied storage goes back to the readers
    // on the next swap instead of being freed: a free on this thread of memory a reader allocated
    // waits for that reader's malloc arena, and a reader preempted while holding it (eight readers
    // on two cores) stalled the UI for up to 24 ms at a time (perf sched_switch, RESULTS.md). For
    // the same reason the stream's lock is only tried: when a reader holds it, the next tick takes it.
    bool pendingEmpty = false;
    if (m_backlogAt == m_backlog.size()) {
        m_backlog.clear(); // moved-from rows: nothing to free
        m_backlogAt = 0;
        std::unique_lock lock(m_stream->mutex, std::try_to_lock);
        if (!lock.owns_lock()) {
            m_flushTimer.start(1);
            return;
        }
        m_backlog.swap(m_stream->pending);
        pendingEmpty = true;
    }
    const std::size_t n = std::min(m_batchSize, m_backlog.size() - m_backlogAt);
    auto batch = std::make_shared<std::vector<EntryTableModel::Row>>();
    batch->reserve(n);
    const auto from = m_backlog.begin() + std::ptrdiff_t(m_backlogAt);
    std::move(from, from + std::ptrdiff_t(n), std::back_inserter(*batch));
    m_backlogAt += n;
    const bool drained = pendingEmpty && m_backlogAt == m_backlog.size() && m_outcome;
    const quint64 id = m_currentId;
    if (!batch->empty()) {
        const std::size_t rows = batch->size();
        QElapsedTimer inserting;
        inserting.start();
        emit entriesFound(id, std::move(batch));
        // Inserting gets dearer as the sorted view grows: size the next batch by this one.
        const double perRowMs = std::max(inserting.nsecsElapsed() / 1e6, 0.01) / double(rows);
        m_batchSize = std::clamp(std::size_t(BatchBudgetMs / perRowMs), std::size_t(100), MaxStreamBatch);
    }
    if (id != m_currentId)
        return; // a slot started another scan
    // The scan's end was seen before the swap that emptied its pending rows: nothing is left.
    if (drained)
        finish();
    else
        // A backlog (the readers outpace the view) drains at once; else wait for more rows.
        m_flushTimer.start(m_backlogAt < m_backlog.size() || m_outcome ? 0 : StreamIntervalMs);
}

void ScanController::finish()
{
    m_flushTimer.stop();
    Outcome out = std::move(*m_outcome);
    m_outcome.reset();
    const quint64 id = m_currentId;
    if (m_stream)
        emit streamEnded(id, out.snapshotIndex);
    m_stream.reset();
    m_backlog = {};
    m_backlogAt = 0;
    m_currentId = 0;
    emit finished(id, std::move(out.snapshot));
}

} // namespace kl::gui
