// BackgroundJob: a superseded job's result is dropped while the newest arrives, cancel reaches
// the running work, destroying the owner waits only for the work's cancellation check and
// delivers nothing, progress and results arrive on the owner's thread. Latches order the
// threads; nothing sleeps for a fixed time.
#include "app/gui/common/backgroundjob.h"

#include <QElapsedTimer>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QtTest>
#include <future>
#include <memory>
#include <optional>

using kl::gui::BackgroundJob;
using kl::gui::JobToken;

class TstBackgroundJob : public QObject {
    Q_OBJECT

private slots:
    void init() { m_pool.setMaxThreadCount(2); }
    void cleanup()
    {
        QVERIFY(m_pool.waitForDone(5000)); // no test leaves work behind
    }

    void resultArrivesOnOwnerThread()
    {
        BackgroundJob job(&m_pool);
        std::optional<int> result;
        QThread* deliveredOn = nullptr;
        QThread* workedOn = nullptr;
        const quint64 id = job.start(
            [&workedOn](const JobToken&) {
                workedOn = QThread::currentThread();
                return 42;
            },
            [&](int r) {
                result = r;
                deliveredOn = QThread::currentThread();
            });
        QVERIFY(id != 0);
        QCOMPARE(job.currentId(), id);
        QTRY_VERIFY(result.has_value());
        QCOMPARE(*result, 42);
        QCOMPARE(deliveredOn, QThread::currentThread());
        QVERIFY(workedOn != QThread::currentThread());
        QVERIFY(!job.isRunning());
        QCOMPARE(job.currentId(), quint64(0));
    }

    void supersededResultIsDropped()
    {
        BackgroundJob job(&m_pool);
        QSemaphore firstRunning, releaseFirst;
        std::promise<bool> firstSawCancel;
        QList<int> delivered;
        job.start(
            [&](const JobToken& token) {
                firstRunning.release();
                releaseFirst.acquire(); // held until the second job has superseded it
                firstSawCancel.set_value(token.isCancelled());
                return 1;
            },
            [&](int r) { delivered << r; });
        QVERIFY(firstRunning.tryAcquire(1, 5000));
        job.start([](const JobToken&) { return 2; }, [&](int r) { delivered << r; });
        releaseFirst.release();
        QVERIFY(firstSawCancel.get_future().get()); // superseding cancels the older work
        QTRY_COMPARE(delivered, QList<int>{2});
        // The first job's result was posted before or after the second's: either way it is gone.
        QVERIFY(m_pool.waitForDone(5000));
        QCoreApplication::processEvents();
        QCOMPARE(delivered, QList<int>{2});
    }

    void cancelReachesRunningWork()
    {
        BackgroundJob job(&m_pool);
        QSemaphore running;
        std::optional<int> result;
        job.start(
            [&running](const JobToken& token) {
                running.release();
                while (!token.cancelFlag()->load()) // what core's loops do with options.cancel
                    QThread::yieldCurrentThread();
                return -1;
            },
            [&](int r) { result = r; });
        QVERIFY(running.tryAcquire(1, 5000));
        job.cancel();
        QTRY_VERIFY(result.has_value()); // a cancelled job still reports what it has
        QCOMPARE(*result, -1);
    }

    void cancelledBeforeItBeganStillReports()
    {
        QThreadPool one;
        one.setMaxThreadCount(1);
        QSemaphore blockerRunning, releaseBlocker;
        one.start([&] {
            blockerRunning.release();
            releaseBlocker.acquire();
        });
        QVERIFY(blockerRunning.tryAcquire(1, 5000));
        std::optional<bool> sawCancel;
        {
            BackgroundJob job(&one);
            job.start([](const JobToken& token) { return token.isCancelled(); },
                      [&](bool cancelled) { sawCancel = cancelled; });
            job.cancel(); // still queued behind the blocker
            releaseBlocker.release();
            QTRY_VERIFY(sawCancel.has_value());
        }
        QVERIFY(*sawCancel);
        QVERIFY(one.waitForDone(5000));
    }

    void discardDropsTheResult()
    {
        BackgroundJob job(&m_pool);
        QSemaphore release;
        bool delivered = false;
        job.start(
            [&release](const JobToken&) {
                release.acquire();
                return 0;
            },
            [&](int) { delivered = true; });
        job.discard();
        QVERIFY(!job.isRunning());
        release.release();
        QVERIFY(m_pool.waitForDone(5000));
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void destroyingWaitsOnlyForTheCancelCheck()
    {
        bool delivered = false;
        QSemaphore running;
        std::atomic<bool> returned{false};
        QElapsedTimer destroying;
        {
            BackgroundJob job(&m_pool);
            job.start(
                [&](const JobToken& token) {
                    running.release();
                    while (!token.isCancelled()) // an endless job, but for its cancel check
                        QThread::yieldCurrentThread();
                    returned = true;
                    return 0;
                },
                [&](int) { delivered = true; });
            QVERIFY(running.tryAcquire(1, 5000));
            destroying.start();
        }
        QVERIFY(destroying.elapsed() < 1000);
        QVERIFY(returned); // the work ended before the owner was gone: it cannot outlive it
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void destroyingTakesQueuedWorkOffThePool()
    {
        QThreadPool one;
        one.setMaxThreadCount(1);
        QSemaphore blockerRunning, releaseBlocker;
        one.start([&] {
            blockerRunning.release();
            releaseBlocker.acquire(); // another owner's work, holding the only thread
        });
        QVERIFY(blockerRunning.tryAcquire(1, 5000));
        bool ran = false;
        {
            BackgroundJob job(&one);
            job.start(
                [&ran](const JobToken&) {
                    ran = true;
                    return 0;
                },
                [](int) {});
        } // must not wait for the blocker ahead of it
        releaseBlocker.release();
        QVERIFY(one.waitForDone(5000));
        QVERIFY(!ran);
    }

    void progressArrivesOnOwnerThread()
    {
        BackgroundJob job(&m_pool);
        QList<int> steps;
        QList<QThread*> threads;
        bool done = false;
        job.start(
            [&](const JobToken& token) {
                for (int i = 1; i <= 3; ++i)
                    token.post([&, i] {
                        steps << i;
                        threads << QThread::currentThread();
                    });
                return 0;
            },
            [&](int) { done = true; });
        QTRY_VERIFY(done);
        QCOMPARE(steps, (QList<int>{1, 2, 3})); // posted before the result, so delivered before it
        for (QThread* t : threads)
            QCOMPARE(t, QThread::currentThread());
    }

    void progressOfSupersededJobIsDropped()
    {
        BackgroundJob job(&m_pool);
        QSemaphore posted;
        QList<int> steps;
        job.start(
            [&](const JobToken& token) {
                token.post([&] { steps << 1; });
                posted.release();
                return 0;
            },
            [](int) {});
        QVERIFY(posted.tryAcquire(1, 5000)); // queued, not yet run: the event loop has not turned
        bool second = false;
        job.start([](const JobToken&) { return 0; }, [&](int) { second = true; });
        QTRY_VERIFY(second);
        QVERIFY(steps.isEmpty());
    }

private:
    QThreadPool m_pool;
};

QTEST_MAIN(TstBackgroundJob)
#include "tst_backgroundjob.moc"
