// Rows streamed in while a newly opened folder is scanned: every entry arrives exactly once, the
// final snapshot takes the rows over without a reset, a superseded stream never reports, and the
// dashboard's time range narrows the entries (on the demo, whose entries are dated by its events).

#include "app/gui/dashboard/dashboardpage.h"
#include "app/gui/entries/entrytablemodel.h"
#include "app/gui/entries/scancontroller.h"
#include "app/gui/mainwindow.h"
#include "tests/support/tempcache.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

using kl::gui::EntryTableModel;
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

} // namespace

class TstStreaming : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("KL_PYTHON", "/nonexistent/python"); }

    void everyEntryOnceThenTheIndex()
    {
        TempCache cache;
        addKernels(cache, 300);
        cache.mkdir("nested/inner"); // a folder of folders: searched, never streamed as an entry
        ScanController c;
        kl::ScanOptions slow;
        slow.threads = 2;
        slow.beforeEntry = [](const std::string&) {
            std::this_thread::sleep_for(std::chrono::microseconds(300));
        };
        c.setScanOptions(slow);
        std::vector<std::string> streamed;
        int batches = 0;
        connect(&c, &ScanController::entriesFound, this,
                [&](quint64, std::shared_ptr<std::vector<EntryTableModel::Row>> batch) {
                    ++batches;
                    QVERIFY(batch->size() <= ScanController::MaxStreamBatch);
                    for (const auto& row : *batch) {
                        streamed.push_back(row.entry.path);
                        QVERIFY(!row.text.kernel.isEmpty()); // prepared on the worker
                    }
                });
        std::shared_ptr<const std::vector<int>> index;
        bool indexBeforeFinished = false;
        connect(&c, &ScanController::streamEnded, this,
                [&](quint64, std::shared_ptr<const std::vector<int>> i) { index = std::move(i); });
        connect(&c, &ScanController::finished, this, [&] { indexBeforeFinished = index != nullptr; });
        QSignalSpy finished(&c, &ScanController::finished);
        c.start(rootsOf(cache.path()), /*stream=*/true);
        QVERIFY(finished.wait(30000));
        QVERIFY(indexBeforeFinished);
        QVERIFY(batches > 1); // rows came while scanning, not all at the end
        const auto snap = finished[0][1].value<std::shared_ptr<const kl::Snapshot>>();
        QCOMPARE(streamed.size(), snap->entries.size());
        QCOMPARE(std::set<std::string>(streamed.begin(), streamed.end()).size(), streamed.size());
        QCOMPARE(index->size(), streamed.size());
        for (std::size_t i = 0; i < streamed.size(); ++i)
            QCOMPARE(snap->entries[std::size_t((*index)[i])].path, streamed[i]);
    }

    // More rows waiting than one batch holds: the backlog taken from the readers goes out batch
    // by batch, every row once, and the index still maps each to its snapshot entry.
    void aBacklogDrainsBatchByBatch()
    {
        TempCache cache;
        const int count = int(ScanController::MaxStreamBatch) * 2 + 500;
        addKernels(cache, count);
        ScanController c;
        kl::ScanOptions fast;
        fast.threads = 2;
        c.setScanOptions(fast);
        std::vector<std::string> streamed;
        std::size_t largest = 0;
        connect(&c, &ScanController::entriesFound, this,
                [&](quint64, std::shared_ptr<std::vector<EntryTableModel::Row>> batch) {
                    largest = std::max(largest, batch->size());
                    for (const auto& row : *batch)
                        streamed.push_back(row.entry.path);
                });
        std::shared_ptr<const std::vector<int>> index;
        connect(&c, &ScanController::streamEnded, this,
                [&](quint64, std::shared_ptr<const std::vector<int>> i) { index = std::move(i); });
        QSignalSpy finished(&c, &ScanController::finished);
        c.start(rootsOf(cache.path()), /*stream=*/true);
        QVERIFY(finished.wait(60000));
        QVERIFY(largest <= ScanController::MaxStreamBatch);
        const auto snap = finished[0][1].value<std::shared_ptr<const kl::Snapshot>>();
        QCOMPARE(snap->entries.size(), std::size_t(count));
        QCOMPARE(streamed.size(), snap->entries.size());
        QCOMPARE(std::set<std::string>(streamed.begin(), streamed.end()).size(), streamed.size());
        QVERIFY(index);
        QCOMPARE(index->size(), streamed.size());
        for (std::size_t i = 0; i < streamed.size(); ++i)
            QCOMPARE(snap->entries[std::size_t((*index)[i])].path, streamed[i]);
    }

    void aSupersededStreamNeverReports()
    {
        TempCache a, b;
        addKernels(a, 200);
        addKernels(b, 3);
        ScanController c;
        kl::ScanOptions slow;
        slow.threads = 1;
        slow.beforeEntry = [](const std::string&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        };
        c.setScanOptions(slow);
        quint64 second = 0;
        std::size_t fromFirst = 0;
        connect(&c, &ScanController::entriesFound, this,
                [&](quint64 job, std::shared_ptr<std::vector<EntryTableModel::Row>> batch) {
                    if (job != second)
                        fromFirst += batch->size();
                });
        QSignalSpy finished(&c, &ScanController::finished);
        c.start(rootsOf(a.path()), true);
        QTest::qWait(60); // some of the first folder's rows go out
        const std::size_t before = fromFirst;
        second = c.start(rootsOf(b.path()), true);
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished[0][0].toULongLong(), second);
        QCOMPARE(fromFirst, before);
    }

    void theWindowKeepsStreamedRows()
    {
        TempCache cache;
        addKernels(cache, 500);
        kl::gui::MainWindow w;
        w.show();
        QAbstractItemModelTester tester(w.findChild<QTableView*>("entryTable")->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(w.findChild<QTableView*>("entryTable")->model(), &QAbstractItemModel::modelReset);
        QSignalSpy inserted(w.findChild<QTableView*>("entryTable")->model(),
                            &QAbstractItemModel::rowsInserted);
        w.openFolders({cache.path()});
        QTRY_VERIFY_WITH_TIMEOUT(!w.isScanning(), 30000);
        QVERIFY(inserted.size() >= 1);
        const int resetsAtEnd = int(resets.size());
        QCOMPARE(w.findChild<QTableView*>("entryTable")->model()->rowCount(), 500);
        // Every row is served from the final snapshot now, and its entry is the one shown.
        const QAbstractItemModel* m = w.findChild<QTableView*>("entryTable")->model();
        for (int r = 0; r < m->rowCount(); ++r) {
            const int i = m->index(r, 0).data(EntryTableModel::EntryIndexRole).toInt();
            QVERIFY(i >= 0 && i < 500);
        }
        QVERIFY(w.findChild<QTableView*>("entryTable")->currentIndex().isValid());
        QTest::qWait(50);
        QCOMPARE(int(resets.size()), resetsAtEnd);                  // no reset after the stream ended
        QVERIFY(w.findChild<QAction*>("cleanAction")->isEnabled()); // the snapshot is there for the actions
    }

    void aRescanChangesOnlyTheRowsThatDiffer()
    {
        TempCache cache;
        addKernels(cache, 400);
        kl::gui::MainWindow w;
        w.show();
        w.openFolders({cache.path()});
        QTRY_VERIFY_WITH_TIMEOUT(!w.isScanning(), 30000);
        QAbstractItemModel* m = w.findChild<QTableView*>("entryTable")->model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m->rowCount(), 400);
        // Select a row that stays; remove three entries, add two, change one.
        const QModelIndex keep = m->index(200, 0);
        w.findChild<QTableView*>("entryTable")->setCurrentIndex(keep);
        const QString kept = keep.data().toString();
        QStringList names = QDir(cache.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        int removed = 0;
        for (const QString& n : names) {
            if (removed == 3)
                break;
            QDir d(cache.filePath(n));
            if (d.entryList({"k" + kept.mid(1) + ".json"}).isEmpty()) { // not the selected kernel
                QVERIFY(d.removeRecursively());
                ++removed;
            }
        }
        cache.addKernel("new_a", QString(64, 'e'));
        cache.addKernel("new_b", QString(64, 'f'));
        QSignalSpy resets(m, &QAbstractItemModel::modelReset);
        QSignalSpy removedRows(m, &QAbstractItemModel::rowsRemoved);
        QSignalSpy insertedRows(m, &QAbstractItemModel::rowsInserted);
        w.rescan();
        QTRY_VERIFY_WITH_TIMEOUT(!w.isScanning(), 30000);
        QCOMPARE(m->rowCount(), 399);
        QCOMPARE(resets.size(), 0);
        QVERIFY(removedRows.size() >= 1);
        QVERIFY(insertedRows.size() >= 1);
        QCOMPARE(w.findChild<QTableView*>("entryTable")->currentIndex().data().toString(),
                 kept); // the selection survived
        QVERIFY(!m->match(m->index(0, 0), Qt::DisplayRole, "new_a").isEmpty());
        // Every row still names an entry of the new snapshot.
        for (int r = 0; r < m->rowCount(); ++r) {
            const int i = m->index(r, 0).data(EntryTableModel::EntryIndexRole).toInt();
            QVERIFY(i >= 0 && i < 399);
        }
    }

    void dashboardRangeNarrowsTheDemoEntries()
    {
        kl::gui::MainWindow w;
        w.show();
        QVERIFY(w.openDemo());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isScanning(), 30000);
        kl::gui::DashboardPage* dash = w.findChild<kl::gui::DashboardPage*>();
        QTRY_VERIFY_WITH_TIMEOUT(dash->eventCount() > 1000, 30000);
        const QAbstractItemModel* m = w.findChild<QTableView*>("entryTable")->model();
        const int all = m->rowCount();
        QVERIFY(all > 5);
        // The cache size panels show the cache on disk (from the entries' times and sizes).
        QTRY_VERIFY(!dash->diskFigures().timeline.empty());
        QCOMPARE(dash->diskFigures().timeline.back().entries, std::size_t(all));
        QVERIFY(dash->panelModel(kl::gui::DashboardPage::Panel::CacheSize)->columnCount() == 3);
        QCOMPARE(dash->kernelSizeModel()->shares().front().name, std::string("add_kernel"));
        // The demo's entries carry times inside the events history (a week in March 2026).
        dash->selectTimeRange(QDateTime(QDate(2026, 3, 1), QTime(0, 0), Qt::UTC),
                              QDateTime(QDate(2026, 3, 10), QTime(0, 0), Qt::UTC));
        QCOMPARE(m->rowCount(), all);
        dash->selectTimeRange(QDateTime(QDate(2026, 3, 2), QTime(0, 0), Qt::UTC),
                              QDateTime(QDate(2026, 3, 2), QTime(23, 59), Qt::UTC));
        const int dayOne = m->rowCount();
        QVERIFY2(dayOne > 0 && dayOne < all, qPrintable(QString("%1 of %2").arg(dayOne).arg(all)));
        QVERIFY(w.findChild<QWidget*>("rangeBar")->isVisible());
        dash->clearTimeRange();
        QCOMPARE(m->rowCount(), all);
        QVERIFY(!w.findChild<QWidget*>("rangeBar")->isVisible());
    }
};

QTEST_MAIN(TstStreaming)
#include "tst_streaming.moc"
