#include "entries/scancontroller.h"

#include "common/batchscheduling.h"
#include "env/environment.h"

#include <QElapsedTimer>
#include <algorithm>
#include <atomic>
#include <deque>
#include <exception>
#include <mutex>
#include <string_view>
#include <unordered_map>

namespace kl::gui {

// Streaming: what the scan's threads read since the last flush, and every path in delivery order.
struct ScanStream {
    std::mutex mutex;
    std::deque<EntryTableModel::Row> pending;
    std::vector<std::string> order;
};

namespace {

std::shared_ptr<const Snapshot> runScan(const ScanOptions& options, std::vector<Root> roots)
{
    std::vector<Root> given = roots;
    try {
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
std::shared_ptr<const std::vector<int>> streamIndex(ScanStream& stream, const Snapshot& snapshot)
{
    std::vector<std::string> order;
    {
        const std::lock_guard lock(stream.mutex); // the UI's flush takes it too: hold it briefly
        order.swap(stream.order);
    }
    // By hash, not by binary search: 100,000 lower_bounds over paths that share their long prefix
    // took 180 ms of the scan's serial tail.
    const auto& entries = snapshot.entries;
    std::unordered_map<std::string_view, int> at;
    at.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i)
        at.emplace(entries[i].path, int(i));
    auto index = std::make_shared<std::vector<int>>();
    index->reserve(order.size());
    for (const std::string& path : order) {
        auto it = at.find(path);
        index->push_back(it != at.end() ? it->second : -1);
    }
    return index;
}

} // namespace

ScanController::ScanController(QObject* parent)
    : QObject(parent)
{
    m_options.indexDir = scanIndexDir(Environment::current());
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
            options.entryRead = [stream](const Entry& e) {
                EntryTableModel::Row row = EntryTableModel::makeRow(e);
                std::string path = e.path;
                const std::lock_guard lock(stream->mutex);
                stream->pending.push_back(std::move(row));
                stream->order.push_back(std::move(path));
            };
        }
        // The scan's threads (created from this one, so they inherit it) yield to the UI thread:
        // on a 2-core machine busy readers otherwise starve it for 30-60 ms at a time.
        const BatchScheduling batch;
        Outcome out{runScan(options, std::move(roots)), nullptr};
        if (stream)
            out.snapshotIndex = streamIndex(*stream, *out.snapshot);
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
    auto batch = std::make_shared<std::vector<EntryTableModel::Row>>();
    bool drained = false;
    // The rows are taken out under the lock (a swap when all of them fit this batch) and moved
    // into the batch after it: the readers wait on this lock.
    std::deque<EntryTableModel::Row> taken;
    {
        const std::lock_guard lock(m_stream->mutex);
        if (m_stream->pending.size() <= m_batchSize) {
            taken.swap(m_stream->pending);
        } else {
            const auto end = m_stream->pending.begin() + std::ptrdiff_t(m_batchSize);
            std::move(m_stream->pending.begin(), end, std::back_inserter(taken));
            m_stream->pending.erase(m_stream->pending.begin(), end);
        }
        drained = m_stream->pending.empty();
    }
    batch->reserve(taken.size());
    std::move(taken.begin(), taken.end(), std::back_inserter(*batch));
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
    if (drained && m_outcome)
        finish();
    else
        // A backlog (the readers outpace the view) drains at once; else wait for more rows.
        m_flushTimer.start(drained ? StreamIntervalMs : 0);
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
    m_currentId = 0;
    emit finished(id, std::move(out.snapshot));
}

} // namespace kl::gui
