#include "scancontroller.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>
#include <exception>

namespace kl::gui {

struct ScanController::Job {
    quint64 id = 0;
    std::atomic<bool> cancel{false};
    std::atomic<qint64> nextProgressMs{0};
    QElapsedTimer timer;
    QFuture<std::shared_ptr<const Snapshot>> future;
    QFutureWatcher<std::shared_ptr<const Snapshot>>* watcher = nullptr;
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
            r.error = "scanning " + r.path + " failed: " + e.what();
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

quint64 ScanController::start(std::vector<Root> roots)
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

    job->watcher = new QFutureWatcher<std::shared_ptr<const Snapshot>>(this);
    connect(job->watcher, &QFutureWatcherBase::finished, this, [this, job] { onJobFinished(job); });
    job->future = QtConcurrent::run(runScan, std::move(options), std::move(roots));
    job->watcher->setFuture(job->future);
    emit started(job->id);
    return job->id;
}

void ScanController::cancel()
{
    if (m_current)
        m_current->cancel = true;
}

void ScanController::onJobFinished(const std::shared_ptr<Job>& job)
{
    m_jobs.erase(std::remove(m_jobs.begin(), m_jobs.end(), job), m_jobs.end());
    job->watcher->deleteLater();
    if (job != m_current)
        return; // superseded by a later start(): never shown
    m_current.reset();
    emit finished(job->id, job->future.result());
}

} // namespace kl::gui
