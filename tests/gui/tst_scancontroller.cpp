// ScanController: results arrive on the UI thread, superseded scans never report, cancel stops
// early, progress is throttled.
#include "app/gui/entries/scancontroller.h"
#include "tests/support/tempcache.h"

#include <QElapsedTimer>
#include <QtTest>
#include <chrono>
#include <thread>

using kl::gui::ScanController;

namespace {

std::vector<kl::Root> rootsOf(const QString& dir)
{
    kl::Root r;
    r.path = dir.toStdString();
    r.reason = kl::Text::verbatim("given");
    r.given = true;
    return {r};
}

void addKernels(const TempCache& cache, int count)
{
    for (int i = 0; i < count; ++i)
        cache.addKernel(QStringLiteral("k%1").arg(i),
                        QStringLiteral("%1").arg(i + 1, 64, 16, QLatin1Char('0')));
}

// A scan that takes about `perEntryMs` per entry, on one thread.
kl::ScanOptions slowOptions(int perEntryMs)
{
    kl::ScanOptions o;
    o.threads = 1;
    o.beforeEntry = [perEntryMs](const std::string&) {
        std::this_thread::sleep_for(std::chrono::milliseconds(perEntryMs));
    };
    return o;
}

std::shared_ptr<const kl::Snapshot> snapshotOf(const QList<QVariant>& args)
{
    return args.at(1).value<std::shared_ptr<const kl::Snapshot>>();
}

} // namespace

class TstScanController : public QObject {
    Q_OBJECT

private slots:
    void reportsSnapshotOnUiThread();
    void supersededScanIsDropped();
    void cancelStopsEarly();
    void progressIsThrottled();
    void destructorStopsWorkers();
};

void TstScanController::reportsSnapshotOnUiThread()
{
    ScanController controller;
    QSignalSpy started(&controller, &ScanController::started);
    QSignalSpy finished(&controller, &ScanController::finished);
    QThread* uiThread = QThread::currentThread();
    QThread* reportedOn = nullptr;
    connect(&controller, &ScanController::finished, this, [&] { reportedOn = QThread::currentThread(); });

    const quint64 job = controller.start(rootsOf(QStringLiteral(KL_DEMO_TRITON_DIR "/cache")));
    QVERIFY(job != 0);
    QCOMPARE(started.count(), 1);
    QVERIFY(controller.isRunning());
    QCOMPARE(controller.currentJob(), job);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toULongLong(), job);
    auto snap = snapshotOf(finished.at(0));
    QVERIFY(snap);
    QVERIFY(!snap->cancelled);
    QVERIFY(snap->entries.size() >= 9);
    QCOMPARE(reportedOn, uiThread);
    QVERIFY(!controller.isRunning());
    QCOMPARE(controller.currentJob(), quint64(0));
}

void TstScanController::supersededScanIsDropped()
{
    TempCache first, second;
    addKernels(first, 5);
    addKernels(second, 2);
    ScanController controller;
    QSignalSpy finished(&controller, &ScanController::finished);
    QSignalSpy progress(&controller, &ScanController::progress);

    const quint64 old = controller.start(rootsOf(first.path()));
    const quint64 job = controller.start(rootsOf(second.path()));
    QVERIFY(job != old);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toULongLong(), job);
    auto snap = snapshotOf(finished.at(0));
    QCOMPARE(snap->entries.size(), 2u);
    QCOMPARE(QString::fromStdString(snap->roots.at(0).path), QFileInfo(second.path()).absoluteFilePath());
    QTest::qWait(200); // the superseded scan has ended by now; it must not report
    QCOMPARE(finished.count(), 1);
    for (const QList<QVariant>& p : progress)
        QCOMPARE(p.at(0).toULongLong(), job);
}

void TstScanController::cancelStopsEarly()
{
    TempCache cache;
    addKernels(cache, 40);
    ScanController controller;
    controller.setScanOptions(slowOptions(20)); // about 0.8 s uncancelled
    QSignalSpy finished(&controller, &ScanController::finished);
    controller.start(rootsOf(cache.path()));
    controller.cancel();
    QTRY_COMPARE(finished.count(), 1);
    auto snap = snapshotOf(finished.at(0));
    QVERIFY(snap->cancelled);
    QVERIFY2(snap->entries.size() < 40, qPrintable(QString::number(snap->entries.size())));
}

void TstScanController::progressIsThrottled()
{
    TempCache cache;
    addKernels(cache, 40);
    ScanController controller;
    controller.setScanOptions(slowOptions(10)); // about 0.4 s: 40 callbacks, a handful of signals
    QSignalSpy progress(&controller, &ScanController::progress);
    QSignalSpy finished(&controller, &ScanController::finished);
    QElapsedTimer timer;
    timer.start();
    const quint64 job = controller.start(rootsOf(cache.path()));
    QTRY_COMPARE(finished.count(), 1);
    // At most one signal per interval (plus the first), however busy the machine is.
    const qint64 most = timer.elapsed() / ScanController::ProgressIntervalMs + 2;
    QVERIFY(progress.count() >= 1);
    QVERIFY2(progress.count() <= most && progress.count() < 40,
             qPrintable(QStringLiteral("%1 signals in %2 ms").arg(progress.count()).arg(timer.elapsed())));
    qint64 lastDone = 0;
    for (const QList<QVariant>& p : progress) {
        QCOMPARE(p.at(0).toULongLong(), job);
        const qint64 done = p.at(1).toLongLong(), total = p.at(2).toLongLong();
        QVERIFY(done >= lastDone);
        QVERIFY(done <= total);
        QCOMPARE(total, 40);
        lastDone = done;
    }
}

void TstScanController::destructorStopsWorkers()
{
    TempCache cache;
    addKernels(cache, 40);
    QElapsedTimer timer;
    timer.start();
    {
        ScanController controller;
        controller.setScanOptions(slowOptions(50)); // 2 s each, uncancelled
        controller.start(rootsOf(cache.path()));
        controller.start(rootsOf(cache.path()));
    } // cancels both and waits; nothing may call back into the dead controller
    QVERIFY2(timer.elapsed() < 1500, qPrintable(QString::number(timer.elapsed())));
    QTest::qWait(50);
}

QTEST_MAIN(TstScanController)
#include "tst_scancontroller.moc"
