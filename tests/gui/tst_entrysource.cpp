// The Entries page as a view over one EntrySource: whatever source it is given, the page follows
// the protocol (begun, rowsAppended, finished with an order, updated, failed) and nothing else. A
// scripted source plays each step; FolderScanSource plays them from a real folder on disk.
#include "app/gui/entries/entriespage.h"
#include "app/gui/entries/folderscansource.h"
#include "core/env/cacheroots.h"
#include "tests/support/tempcache.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using kl::gui::EntriesPage;
using kl::gui::EntrySource;
using kl::gui::EntryTableModel;
using kl::gui::FolderScanSource;

namespace {

kl::Entry entryNamed(const std::string& folder, const std::string& kernel)
{
    kl::Entry e;
    e.path = "/cache/" + folder;
    e.folderName = folder;
    e.kernel = kernel;
    e.kind = kl::EntryKind::Kernel;
    e.status = kl::EntryStatus::Complete;
    return e;
}

// A source whose every step the test takes by hand.
class ScriptedSource : public EntrySource {
public:
    using EntrySource::EntrySource;
    QStringList names() const override { return {QStringLiteral("scripted")}; }
    bool hasLocalFiles() const override { return true; }
    void start() override
    {
        running = true;
        emit begun();
    }
    void rescan() override { ++rescans; }
    bool isRunning() const override { return running; }

    void rows(const std::vector<kl::Entry>& entries)
    {
        auto batch = std::make_shared<std::vector<EntryTableModel::Row>>();
        for (const kl::Entry& e : entries)
            batch->push_back(EntryTableModel::makeRow(e));
        emit rowsAppended(batch);
    }
    void finish(std::shared_ptr<const kl::Snapshot> snap, Order order)
    {
        running = false;
        emit finished(std::move(snap), std::move(order));
    }

    bool running = false;
    int rescans = 0;
};

std::shared_ptr<const kl::Snapshot> snapshotOf(const std::vector<kl::Entry>& entries)
{
    auto s = std::make_shared<kl::Snapshot>();
    s->roots.push_back(kl::Root{});
    s->entries = entries;
    return s;
}

QStringList kernelsShown(const EntriesPage& page)
{
    const auto* view = page.findChild<QTableView*>(QStringLiteral("entryTable"));
    QStringList out;
    for (int r = 0; r < view->model()->rowCount(); ++r)
        out << view->model()->index(r, EntryTableModel::KernelColumn).data().toString();
    out.sort();
    return out;
}

} // namespace

class TstEntrySource : public QObject {
    Q_OBJECT

private slots:
    // Streamed rows stay on screen when the source says where each sits in its snapshot; the
    // current row survives, and the snapshot is the page's.
    void streamedRowsAreAdoptedByTheirOrder()
    {
        EntriesPage page;
        auto* source = new ScriptedSource;
        page.setSource(source);
        QVERIFY(page.isScanning());
        QCOMPARE(page.folders(), QStringList{QStringLiteral("scripted")});
        const kl::Entry b = entryNamed("bbbbbbbb", "beta"), a = entryNamed("aaaaaaaa", "alpha");
        source->rows({b});
        source->rows({a});
        QCOMPARE(kernelsShown(page), (QStringList{"alpha", "beta"}));
        QVERIFY(!page.snapshot()); // no snapshot until the source finishes
        QSignalSpy shown(&page, &EntriesPage::snapshotShown);
        // The snapshot is sorted (a, b); the rows came b, a.
        const auto snap = snapshotOf({a, b});
        source->finish(snap, std::make_shared<const std::vector<int>>(std::vector<int>{1, 0}));
        QCOMPARE(shown.size(), 1);
        QCOMPARE(page.snapshot(), snap);
        QVERIFY(!page.isScanning());
        QCOMPARE(kernelsShown(page), (QStringList{"alpha", "beta"}));
    }

    // No order: the streamed rows cannot be told apart from the snapshot's, so the snapshot's
    // entries replace them.
    void withoutAnOrderTheSnapshotReplacesTheRows()
    {
        EntriesPage page;
        auto* source = new ScriptedSource;
        page.setSource(source);
        source->rows({entryNamed("zzzzzzzz", "stale")});
        source->finish(snapshotOf({entryNamed("aaaaaaaa", "alpha"), entryNamed("cccccccc", "gamma")}),
                       nullptr);
        QCOMPARE(kernelsShown(page), (QStringList{"alpha", "gamma"}));
    }

    // A later snapshot of the same source changes only what differs, off the UI thread.
    void anUpdateChangesTheRows()
    {
        EntriesPage page;
        auto* source = new ScriptedSource;
        page.setSource(source);
        source->finish(snapshotOf({entryNamed("aaaaaaaa", "alpha")}), nullptr);
        QSignalSpy shown(&page, &EntriesPage::snapshotShown);
        const auto next = snapshotOf({entryNamed("aaaaaaaa", "alpha"), entryNamed("bbbbbbbb", "beta")});
        emit source->updated(next);
        QTRY_COMPARE(shown.size(), 1);
        QCOMPARE(page.snapshot(), next);
        QCOMPARE(kernelsShown(page), (QStringList{"alpha", "beta"}));
        page.rescan();
        QCOMPARE(source->rescans, 1); // the page asks the source; it never scans itself
    }

    void aFailureTakesTheRowsAway()
    {
        EntriesPage page;
        auto* source = new ScriptedSource;
        page.setSource(source);
        source->rows({entryNamed("aaaaaaaa", "alpha")});
        QCOMPARE(kernelsShown(page).size(), 1);
        emit source->failed(QStringLiteral("connection refused"));
        QVERIFY(kernelsShown(page).isEmpty());
        QVERIFY(!page.snapshot());
    }

    // A new source replaces the old one: the old is deleted, and nothing it had in flight
    // reaches the page.
    void aNewSourceEndsTheOld()
    {
        EntriesPage page;
        QPointer<ScriptedSource> first = new ScriptedSource;
        page.setSource(first);
        auto* second = new ScriptedSource;
        page.setSource(second);
        QVERIFY(first.isNull());
        second->rows({entryNamed("bbbbbbbb", "beta")});
        QCOMPARE(kernelsShown(page), QStringList{"beta"});
    }

    // The folder source plays the same protocol from disk: streamed rows with their order, then
    // a rescan as an update with the entry written since.
    void aFolderScanPlaysTheProtocol()
    {
        TempCache cache;
        QVERIFY(cache.isValid());
        cache.addKernel(QStringLiteral("first"), sha256Of(QStringLiteral("first")));
        cache.addKernel(QStringLiteral("second"), sha256Of(QStringLiteral("second")));
        qputenv("KERNELLENS_WATCH", "off");
        auto* source = new FolderScanSource({kl::givenRoot(cache.path().toStdString())});
        QSignalSpy begun(source, &EntrySource::begun);
        QSignalSpy finished(source, &EntrySource::finished);
        QSignalSpy updated(source, &EntrySource::updated);
        EntriesPage page;
        page.setSource(source);
        QCOMPARE(begun.size(), 1);
        QTRY_COMPARE(finished.size(), 1);
        const auto order = finished.at(0).at(1).value<EntrySource::Order>();
        QVERIFY(order);
        QCOMPARE(order->size(), std::size_t(2));
        QCOMPARE(kernelsShown(page), (QStringList{"first", "second"}));
        QVERIFY(page.hasLocalFiles());

        cache.addKernel(QStringLiteral("third"), sha256Of(QStringLiteral("third")));
        page.rescan();
        QTRY_COMPARE(updated.size(), 1);
        QTRY_COMPARE(kernelsShown(page), (QStringList{"first", "second", "third"}));
        QCOMPARE(finished.size(), 1); // a rescan is an update, never a new listing
        qunsetenv("KERNELLENS_WATCH");
    }
};

QTEST_MAIN(TstEntrySource)
#include "tst_entrysource.moc"
