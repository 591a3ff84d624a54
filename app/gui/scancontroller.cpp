#include "scancontroller.h"

#include "backgroundpool.h"
#include "lowerpriority.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>
#include <deque>
#include <exception>
#include <mutex>

namespace kl::gui {

struct ScanController::Job {
    quint64 id = 0;
    std::atomic<bool> cancel{false};
    std::atomic<qint64> nextProgressMs{0};
    QElapsedTimer timer;
    QFuture<std::shared_ptr<const Snapshot>> future;
    QFutureWatcher<std::shared_ptr<const Snapshot>>* watcher = nullptr;
    // Streaming: what the workers read since the last flush, and every path in delivery order.
    bool stream = false;
    std::mutex mutex;
    std::deque<EntryTableModel::Row> pending;
    std::vector<std::string> order;
    bool scanDone = false;                                 ///< the scan ended; what is pending still drains
    std::shared_ptr<const std::vector<int>> snapshotIndex; ///< set by the worker after the scan
    QTimer* flushTimer = nullptr;
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

} // namespace

ScanController::ScanController(QObject* parent)
    : QObject(parent)
{
}

ScanController::~ScanController()
{
    for (const auto& job : m_jobs)
        job->cancel = true;
    for (const auto& job : m_jobs)
        job->future.waitForFinished();
}

void ScanController::setScanOptions(ScanOptions options)
{
    m_options = std::move(options);
}

quint64 ScanController::currentJob() const
{
    return m_current ? m_current->id : 0;
}

quint64 ScanController::start(std::vector<Root> roots, bool stream)
{
    if (m_current)
        m_current->cancel = true; // superseded: stop it early, its result is dropped
    auto job = std::make_shared<Job>();
    job->id = m_nextId++;
    job->timer.start();
    m_current = job;
    m_jobs.push_back(job);

    ScanOptions options = m_options;
    options.cancel = &job->cancel;
    // Called from the scanner's worker threads: at most one signal per interval gets queued.
    // `this` outlives the job because the destructor waits for every job.
    Job* raw = job.get();
    options.progress = [this, raw](std::size_t done, std::size_t total) {
        const qint64 now = raw->timer.elapsed();
        qint64 due = raw->nextProgressMs.load(std::memory_order_relaxed);
        if (now < due && done != total)
            return;
        if (!raw->nextProgressMs.compare_exchange_strong(due, now + ProgressIntervalMs))
            return;
        const quint64 id = raw->id;
        QMetaObject::invokeMethod(
            this,
            [this, id, done, total, now] {
                if (currentJob() == id)
                    emit progress(id, static_cast<qint64>(done), static_cast<qint64>(total), now);
            },
            Qt::QueuedConnection);
    };

    job->stream = stream;
    if (stream) {
        options.entryRead = [raw](const Entry& e) {
            EntryTableModel::Row row = EntryTableModel::makeRow(e);
            const std::lock_guard lock(raw->mutex);
            raw->pending.push_back(std::move(row));
            raw->order.push_back(e.path);
        };
        job->flushTimer = new QTimer(this);
        job->flushTimer->setInterval(StreamIntervalMs);
        connect(job->flushTimer, &QTimer::timeout, this, [this, job] { flush(job); });
        job->flushTimer->start();
    }

    job->watcher = new QFutureWatcher<std::shared_ptr<const Snapshot>>(this);
    connect(job->watcher, &QFutureWatcherBase::finished, this, [this, job] { onJobFinished(job); });
    job->future = QtConcurrent::run(backgroundPool(), [options = std::move(options), roots = std::move(roots),
                                                       raw]() mutable {
        // The scan's threads (created from this one, so they inherit it) run at a lower priority:
        // on a 2-core machine 8 busy readers otherwise starve the UI thread for 30-60 ms at a time.
        const LowerPriority lower;
        auto snapshot = runScan(options, std::move(roots));
        if (raw->stream) {
            // Where each delivered entry ended up once the snapshot was sorted by path: the view
            // keeps its rows and only swaps the storage behind them (no reset, no re-sort).
            auto index = std::make_shared<std::vector<int>>();
            std::vector<std::string> order;
            {
                const std::lock_guard lock(raw->mutex); // the UI's flush takes it too: hold it briefly
                order.swap(raw->order);
            }
            index->reserve(order.size());
            const auto& entries = snapshot->entries;
            for (const std::string& path : order) {
                auto it = std::lower_bound(entries.begin(), entries.end(), path,
                                           [](const Entry& e, const std::string& p) { return e.path < p; });
                index->push_back(it != entries.end() && it->path == path ? int(it - entries.begin()) : -1);
            }
            raw->snapshotIndex = std::move(index);
        }
        return snapshot;
    });
    job->watcher->setFuture(job->future);
    emit started(job->id);
    return job->id;
}

void ScanController::cancel()
{
    if (m_current)
        m_current->cancel = true;
}

void ScanController::flush(const std::shared_ptr<Job>& job)
{
    if (job != m_current) {  // superseded: nobody shows its rows
        if (job->scanDone) { // onJobFinished has run: nothing else will delete the timer
            job->flushTimer->deleteLater();
            job->flushTimer = nullptr;
        } else {
            job->flushTimer->stop();
        }
        return;
    }
    auto batch = std::make_shared<std::vector<EntryTableModel::Row>>();
    bool drained = false;
    {
        const std::lock_guard lock(job->mutex);
        const std::size_t n = std::min(job->pending.size(), MaxStreamBatch);
        batch->reserve(n);
        std::move(job->pending.begin(), job->pending.begin() + std::ptrdiff_t(n), std::back_inserter(*batch));
        job->pending.erase(job->pending.begin(), job->pending.begin() + std::ptrdiff_t(n));
        drained = job->pending.empty();
    }
    if (!batch->empty())
        emit entriesFound(job->id, std::move(batch));
    if (drained && job->scanDone && job == m_current)
        finish(job);
}

void ScanController::onJobFinished(const std::shared_ptr<Job>& job)
{
    m_jobs.erase(std::remove(m_jobs.begin(), m_jobs.end(), job), m_jobs.end());
    job->watcher->deleteLater();
    if (job != m_current) {
        if (job->flushTimer)
            job->flushTimer->deleteLater();
        return; // superseded by a later start(): never shown
    }
    if (job->stream) {
        job->scanDone = true;
        flush(job); // finishes once the last rows went out
        return;
    }
    finish(job);
}

void ScanController::finish(const std::shared_ptr<Job>& job)
{
    if (job->flushTimer) {
        job->flushTimer->stop();
        job->flushTimer->deleteLater();
        job->flushTimer = nullptr;
    }
    if (job->stream)
        emit streamEnded(job->id, job->snapshotIndex);
    m_current.reset();
    emit finished(job->id, job->future.result());
}

} // namespace kl::gui
