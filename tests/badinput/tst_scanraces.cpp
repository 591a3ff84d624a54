// Bad input: every case must end in a per-entry problem (a stable code from kl::problem) or an
// error that names the path and the cause. Never a crash, never a hang. Each case is checked
// in-process (kl::CacheScanner) and, where the CLI contract matters, through the real klens binary.
//
// This suite: the scanner (core/scan) while the cache changes under it -- folders and files
// removed, replaced or churning mid-scan -- and a scan cancelled from its progress callback.

#include "tests/support/badinput.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QTest>
#include <atomic>
#include <chrono>
#include <fcntl.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace std::chrono_literals;

class TstScanRaces : public QObject {
    Q_OBJECT

private slots:
    // 9.
    void removedWhileScanning_data();
    void removedWhileScanning();
    void churnWhileScanning();
    // 11.
    void cancel_data();
    void cancel();
    void cancelBeforeStart();
};

// ---------------------------------------------------------------------------------------------
// 9. Entries that change while they are scanned.

void TstScanRaces::removedWhileScanning_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<unsigned>("threads");
    QTest::addColumn<QString>("expect"); // "vanished" or a problem code
    for (unsigned t : {1u, 4u}) {
        const QByteArray sfx = " / " + QByteArray::number(t) + " thread(s)";
        QTest::newRow("remove entry folder" + sfx) << "rm-folder" << t << "vanished";
        QTest::newRow("remove lone file" + sfx) << "rm-lone" << t << "vanished";
        QTest::newRow("remove metadata json" + sfx)
            << "rm-meta" << t << QString::fromLatin1(kl::problem::MissingMetadata);
        QTest::newRow("remove group file" + sfx)
            << "rm-group" << t << QString::fromLatin1(kl::problem::MissingGroup);
        QTest::newRow("remove a stage" + sfx)
            << "rm-ptx" << t << QString::fromLatin1(kl::problem::MissingChild);
        QTest::newRow("folder replaced by a file" + sfx)
            << "to-file" << t << QString::fromLatin1(kl::problem::Unreadable);
        QTest::newRow("folder replaced by a symlink" + sfx)
            << "to-link" << t << QString::fromLatin1(kl::problem::Unreadable);
        QTest::newRow("metadata replaced by a folder" + sfx)
            << "meta-to-dir" << t << QString::fromLatin1(kl::problem::MissingMetadata);
    }
}

void TstScanRaces::removedWhileScanning()
{
    QFETCH(QString, action);
    QFETCH(unsigned, threads);
    QFETCH(QString, expect);
    TempCache cache;
    QVERIFY(cache.isValid());
    for (int i = 0; i < 20; ++i)
        cache.addKernel(QString("k%1").arg(i), hashOf(QByteArray::number(i)));
    const QString victim = cache.addKernel(kKernel, hashOf("victim"));
    cache.write("lone.txt", "x");
    const QString target = action == "rm-lone" ? cache.filePath("lone.txt") : cache.filePath(victim);
    const std::string targetPath = str(target);

    std::atomic<int> hits{0};
    kl::ScanOptions options;
    options.threads = threads;
    options.beforeEntry = [&](const std::string& path) {
        if (path != targetPath)
            return;
        ++hits;
        const QString v = QString::fromStdString(path);
        if (action == "rm-folder") {
            QDir(v).removeRecursively();
        } else if (action == "rm-lone") {
            QFile::remove(v);
        } else if (action == "rm-meta") {
            QFile::remove(v + "/add_kernel.json");
        } else if (action == "rm-group") {
            QFile::remove(v + "/__grp__add_kernel.json");
        } else if (action == "rm-ptx") {
            QFile::remove(v + "/add_kernel.ptx");
        } else if (action == "to-file" || action == "to-link") {
            QDir(v).removeRecursively();
            if (action == "to-file") {
                QFile f(v);
                (void)f.open(QIODevice::WriteOnly);
            } else {
                (void)QFile::link("..", v);
            }
        } else if (action == "meta-to-dir") {
            QFile::remove(v + "/add_kernel.json");
            QDir().mkpath(v + "/add_kernel.json");
        }
    };
    const kl::Snapshot snap = scanDir(cache.path(), options);
    QCOMPARE(hits.load(), 1);
    if (expect == "vanished") {
        QCOMPARE(snap.vanished, std::size_t(1));
        QCOMPARE(snap.summary().vanished, std::size_t(1));
        QVERIFY(!findEntry(snap, str(QFileInfo(target).fileName())));
        QCOMPARE(snap.entries.size(), std::size_t(21));
        return;
    }
    QCOMPARE(snap.vanished, std::size_t(0));
    const kl::Entry* e = findEntry(snap, str(victim));
    QVERIFY2(e, qPrintable(describe(snap)));
    const kl::Problem* p = findProblem(*e, expect.toStdString());
    QVERIFY2(p, qPrintable(describe(*e)));
    QVERIFY2(QString::fromStdString(p->message.english()).contains(target), p->message.english().c_str());
    QVERIFY(e->status != kl::EntryStatus::Complete);
    QCOMPARE(snap.entries.size(), std::size_t(22));
}

void TstScanRaces::churnWhileScanning()
{
    // Files and entries appear and disappear while scans run: entries that exist throughout
    // are never lost (a file vanishing between readdir and stat once dropped its whole entry).
    TempCache cache;
    QVERIFY(cache.isValid());
    std::vector<std::string> stable;
    for (int i = 0; i < 8; ++i)
        stable.push_back(
            str(cache.addKernel(QString("s%1").arg(i), hashOf("stable" + QByteArray::number(i)))));
    std::atomic<bool> stop{false};
    std::thread churner([&] {
        int n = 0;
        while (!stop.load()) {
            for (const std::string& s : stable) {
                const std::string f =
                    str(cache.path()) + "/" + s + "/churn" + std::to_string(n % 64) + ".tmp";
                ::close(::open(f.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
                ::unlink(f.c_str());
            }
            const QString v = cache.filePath(QString("v%1").arg(n % 4));
            if (n % 2)
                QDir(v).removeRecursively();
            else
                QDir().mkpath(v + "/sub");
            ++n;
        }
    });
    auto joiner = qScopeGuard([&] {
        stop = true;
        churner.join();
    });
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    int scans = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        kl::ScanOptions options;
        options.threads = 3;
        const kl::Snapshot snap = scanDir(cache.path(), options);
        ++scans;
        for (const std::string& s : stable)
            QVERIFY2(findEntry(snap, s), qPrintable(QString("scan %1 lost %2").arg(scans).arg(s.c_str())));
    }
    QVERIFY(scans > 0);
}

// ---------------------------------------------------------------------------------------------
// 11. Cancel from the progress callback.

void TstScanRaces::cancel_data()
{
    QTest::addColumn<unsigned>("threads");
    QTest::addColumn<bool>("nested");
    QTest::newRow("1 thread") << 1u << false;
    QTest::newRow("4 threads") << 4u << false;
    QTest::newRow("4 threads, nested roots") << 4u << true;
}

void TstScanRaces::cancel()
{
    QFETCH(unsigned, threads);
    QFETCH(bool, nested);
    TempCache cache;
    QVERIFY(cache.isValid());
    constexpr int kEntries = 60;
    for (int i = 0; i < kEntries; ++i)
        cache.addKernel(QString("k%1").arg(i), hashOf("c" + QByteArray::number(i)));
    if (nested) // vLLM-like containers with caches inside
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 10; ++j)
                cache.write(QString("rank_%1/triton/%2/k.ptx").arg(i).arg(j), "// ptx");

    std::atomic<bool> cancelFlag{false};
    std::atomic<std::size_t> calls{0};
    kl::ScanOptions options;
    options.threads = threads;
    options.cancel = &cancelFlag;
    options.progress = [&](std::size_t done, std::size_t) {
        ++calls;
        if (done >= 3)
            cancelFlag = true;
    };
    const kl::Snapshot snap = scanDir(cache.path(), options);
    QVERIFY(snap.cancelled);
    QVERIFY2(snap.entries.size() < std::size_t(kEntries), qPrintable(QString::number(snap.entries.size())));
    QVERIFY(calls.load() >= 3);
    for (const kl::Entry& e : snap.entries) // what was read is whole
        QVERIFY(!e.path.empty() && !e.folderName.empty());
}

void TstScanRaces::cancelBeforeStart()
{
    TempCache cache;
    QVERIFY(cache.isValid());
    for (int i = 0; i < 5; ++i)
        cache.addKernel(QString("k%1").arg(i), hashOf("b" + QByteArray::number(i)));
    std::atomic<bool> cancelFlag{true};
    kl::ScanOptions options;
    options.cancel = &cancelFlag;
    const kl::Snapshot snap = scanDir(cache.path(), options);
    QVERIFY(snap.cancelled);
    QVERIFY(snap.entries.empty());
}

QTEST_GUILESS_MAIN(TstScanRaces)
#include "tst_scanraces.moc"
