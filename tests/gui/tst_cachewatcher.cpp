// Live updates: entries written while the window is open appear without a manual rescan, with
// inotify events on local folders and by polling where a network filesystem raises none.

#include "app/gui/entries/cachewatcher.h"
#include "app/gui/mainwindow.h"
#include "core/pack/packwriter.h"
#include "core/storage/cachestore.h"
#include "tests/support/tempcache.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

namespace {

void putEntry(const QString& root, const std::string& key)
{
    const kl::CacheStore store(root.toStdString(), {.fsync = false});
    kl::StoreFiles files;
    files["k.ptx"] = "// ptx\n";
    files["k.json"] = "{\"hash\": \"" + key +
                      "\", \"name\": \"k\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, "
                      "\"warp_size\": 32}}";
    QVERIFY(store.put(key, "k", files).has_value());
}

} // namespace

class TstCacheWatcher : public QObject {
    Q_OBJECT
private slots:
    void eventsOnALocalFolder()
    {
        qunsetenv("KERNELLENS_WATCH");
        TempCache c;
        kl::gui::CacheWatcher w;
        w.setDebounce(50);
        QSignalSpy described(&w, &kl::gui::CacheWatcher::descriptionChanged);
        QSignalSpy changed(&w, &kl::gui::CacheWatcher::changed);
        w.watch({c.path(), "/nonexistent/folder"});
        QVERIFY(described.wait(10000));
        QVERIFY2(w.description().contains("watching 1 folder"), qPrintable(w.description()));
        QVERIFY(QDir(c.path()).mkdir("NEWENTRY"));
        QVERIFY(changed.wait(5000));
    }

    void pollingWhenAsked()
    {
        qputenv("KERNELLENS_WATCH", "poll");
        TempCache c;
        kl::gui::CacheWatcher w;
        w.setDebounce(50);
        w.setPollInterval(200);
        QSignalSpy described(&w, &kl::gui::CacheWatcher::descriptionChanged);
        QSignalSpy changed(&w, &kl::gui::CacheWatcher::changed);
        w.watch({c.path()});
        QVERIFY(described.wait(10000));
        QVERIFY2(w.description().contains("polling 1 folder"), qPrintable(w.description()));
        QVERIFY(w.description().contains("KERNELLENS_WATCH=poll"));
        QTest::qWait(300);
        QCOMPARE(changed.count(), 0); // nothing changed: no signal
        QTest::qWait(20);             // a later mtime than the first poll saw
        QVERIFY(QDir(c.path()).mkdir("NEWENTRY"));
        QVERIFY(changed.wait(5000));
        qunsetenv("KERNELLENS_WATCH");
    }

    void offWhenAsked()
    {
        qputenv("KERNELLENS_WATCH", "off");
        kl::gui::CacheWatcher w;
        w.watch({QDir::tempPath()});
        QVERIFY(w.description().contains("off"));
        qunsetenv("KERNELLENS_WATCH");
    }

    void theWindowShowsNewEntries()
    {
        TempCache c;
        putEntry(c.path(), std::string(64, 'a'));
        kl::gui::MainWindow w;
        w.openFolders({c.path()});
        auto* table = w.findChild<QTableView*>("entryTable");
        QTRY_COMPARE(table->model()->rowCount(), 1);
        auto* live = w.findChild<QLabel*>("liveLabel");
        QTRY_VERIFY(live->text().startsWith("live: watching"));
        putEntry(c.path(), std::string(64, 'b')); // as a compile would, while the window is open
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, 10000);
    }

    void theWindowShowsNewPackedEntries()
    {
        // Packed writers append to a pack file: no folder changes, yet the entry must appear.
        qunsetenv("KERNELLENS_WATCH");
        TempCache c;
        const QString folder = c.path() + "/.kernellens-pack";
        auto append = [&](const std::string& key) {
            auto t =
                kl::PackWriter::take(folder.toStdString(), "host-0.klpack", kl::PackWriterOptions{false});
            QCOMPARE(t.state, kl::PackWriter::State::Taken);
            const std::string meta = "{\"hash\": \"" + std::string(64, key[0]) +
                                     "\", \"name\": \"k\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, "
                                     "\"warp_size\": 32}}";
            const std::string group = "{\"child_paths\": {\"k.json\": \"/r/" + key + "/k.json\"}}";
            QVERIFY(t.writer->append(
                key, 1, {kl::FileToPack{"k.json", meta, 1}, kl::FileToPack{"__grp__k.json", group, 1}}));
        };
        append("AAAA");
        kl::gui::MainWindow w;
        w.openFolders({c.path()});
        auto* table = w.findChild<QTableView*>("entryTable");
        QTRY_COMPARE(table->model()->rowCount(), 1);
        auto* live = w.findChild<QLabel*>("liveLabel");
        QTRY_VERIFY(live->text().startsWith("live: watching"));
        QTest::qWait(200); // the watches are added with the description
        append("BBBB");    // the same pack, one more record
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, 10000);
    }
};

QTEST_MAIN(TstCacheWatcher)
#include "tst_cachewatcher.moc"
