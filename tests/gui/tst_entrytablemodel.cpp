// EntryTableModel and EntryFilterProxy over real scans: a TempCache and the Triton 3.9 fixture.
#include "app/gui/entries/entryfilterproxy.h"
#include "app/gui/entries/entrytablemodel.h"
#include "core/scan/cachescanner.h"
#include "tests/support/tempcache.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>
#include <memory>

using kl::gui::EntryFilterProxy;
using kl::gui::EntryTableModel;

namespace {

std::shared_ptr<const kl::Snapshot> scanFolder(const QString& dir, bool resources = false)
{
    kl::ScanOptions options;
    options.readResources = resources;
    kl::Root root;
    root.path = dir.toStdString();
    root.reason = kl::Text::verbatim("given");
    root.given = true;
    return std::make_shared<const kl::Snapshot>(kl::CacheScanner(options).scan({root}));
}

QString sha(char c)
{
    return QString(64, QLatin1Char(c));
}

// Column values of every proxy row, in view order.
QVariantList columnValues(const QAbstractItemModel& m, int column, int role)
{
    QVariantList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, column).data(role);
    return out;
}

} // namespace

class TstEntryTableModel : public QObject {
    Q_OBJECT

private slots:
    void emptyModel();
    void tempCacheScan();
    void sortRoleOrdersByValue_data();
    void sortRoleOrdersByValue();
    void kernelNamesSortNaturally();
    void filterUsesNamesNotDisplayText();
    void problemRowsCarryTooltipAndIcon();
    void fixtureScan();
    void resetKeepsProxyConsistent();
    void typedSortMatchesQtsOrder();
    void resourceColumnsFillInAfterTheRows();

private:
    // Three kernels: archs 75 / 90 / 100 (string order would put sm_100 first), one with a large
    // ptx (10000 B vs ~900 B: "9.8 KiB" sorts before "900 B" as text).
    void makeCache(TempCache& cache)
    {
        cache.addKernel(QStringLiteral("zeta_kernel"), sha('a'), 100);
        cache.addKernel(QStringLiteral("alpha_kernel"), sha('b'), 75);
        const QString mid = cache.addKernel(QStringLiteral("mid_kernel"), sha('c'), 90);
        cache.write(mid + QStringLiteral("/mid_kernel.ptx"), QByteArray(10000, 'x'));
    }
};

void TstEntryTableModel::emptyModel()
{
    EntryTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(EntryTableModel::NUM_COLUMNS));
    QCOMPARE(model.headerData(EntryTableModel::KernelColumn, Qt::Horizontal).toString(),
             QStringLiteral("Kernel"));
    QVERIFY(!model.entry(model.index(0, 0)));
}

void TstEntryTableModel::tempCacheScan()
{
    TempCache cache;
    makeCache(cache);
    auto snap = scanFolder(cache.path());
    QCOMPARE(snap->entries.size(), 3u);

    EntryTableModel model;
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.resetSnapshot(snap);
    QCOMPARE(model.rowCount(), int(snap->entries.size()));
    QCOMPARE(proxy.rowCount(), int(snap->entries.size()));

    for (int r = 0; r < model.rowCount(); ++r) {
        const kl::Entry* e = model.entry(model.index(r, EntryTableModel::StatusColumn));
        QVERIFY(e);
        QCOMPARE(model.index(r, 0).data(EntryTableModel::EntryIndexRole).toInt(), r);
        QCOMPARE(model.index(r, EntryTableModel::KernelColumn).data().toString(),
                 QString::fromStdString(e->kernel));
        QCOMPARE(model.index(r, EntryTableModel::StatusColumn).data().toString(), QStringLiteral("complete"));
        QCOMPARE(model.index(r, EntryTableModel::NumWarpsColumn).data().toString(), QStringLiteral("4"));
        QCOMPARE(model.index(r, EntryTableModel::StagesColumn).data().toString(),
                 QStringLiteral("source ttir ttgir llir ptx cubin"));
    }
}

void TstEntryTableModel::sortRoleOrdersByValue_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QStringList>("kernels"); // ascending order, by kernel name
    QTest::addRow("kernel") << int(EntryTableModel::KernelColumn)
                            << QStringList{"alpha_kernel", "mid_kernel", "zeta_kernel"};
    QTest::addRow("arch") << int(EntryTableModel::ArchColumn)
                          << QStringList{"alpha_kernel", "mid_kernel", "zeta_kernel"};
    QTest::addRow("size") << int(EntryTableModel::SizeColumn) << QStringList{};
}

void TstEntryTableModel::sortRoleOrdersByValue()
{
    QFETCH(int, column);
    QFETCH(QStringList, kernels);
    TempCache cache;
    makeCache(cache);
    EntryTableModel model;
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.resetSnapshot(scanFolder(cache.path()));

    proxy.sort(column, Qt::AscendingOrder);
    if (!kernels.isEmpty()) {
        QStringList got;
        for (const QVariant& v : columnValues(proxy, EntryTableModel::KernelColumn, Qt::DisplayRole))
            got << v.toString();
        QCOMPARE(got, kernels);
    }
    if (column == EntryTableModel::SizeColumn) {
        // Bytes, not text: the 10000-byte ptx puts mid_kernel last.
        QCOMPARE(proxy.index(2, EntryTableModel::KernelColumn).data().toString(),
                 QStringLiteral("mid_kernel"));
        const QVariantList sizes = columnValues(proxy, column, EntryTableModel::SortRole);
        for (int i = 1; i < sizes.size(); ++i)
            QVERIFY(sizes[i - 1].toULongLong() <= sizes[i].toULongLong());
    }
    proxy.sort(column, Qt::DescendingOrder);
    if (!kernels.isEmpty())
        QCOMPARE(proxy.index(0, EntryTableModel::KernelColumn).data().toString(), kernels.last());
}

void TstEntryTableModel::kernelNamesSortNaturally()
{
    TempCache cache;
    cache.addKernel(QStringLiteral("zeta_kernel"), sha('a'));
    cache.addKernel(QStringLiteral("cat_10"), sha('b'));
    cache.addKernel(QStringLiteral("cat_2"), sha('c'));
    cache.write(QStringLiteral("aaa_folder/notes.txt"), "not a cache entry\n");
    EntryTableModel model;
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.resetSnapshot(scanFolder(cache.path()));
    QCOMPARE(proxy.rowCount(), 4);
    proxy.sort(EntryTableModel::KernelColumn, Qt::AscendingOrder);
    QStringList order;
    for (const QVariant& v : columnValues(proxy, EntryTableModel::KernelColumn, Qt::DisplayRole))
        order << v.toString();
    // Numbers in names sort as numbers; entries without a kernel name come last.
    QCOMPARE(order, (QStringList{"cat_2", "cat_10", "zeta_kernel", "(aaa_folder)"}));
}

void TstEntryTableModel::filterUsesNamesNotDisplayText()
{
    TempCache cache;
    makeCache(cache);
    EntryTableModel model;
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.resetSnapshot(scanFolder(cache.path()));

    proxy.setFilterText(QStringLiteral("ALPHA"));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("alpha_kernel"));

    // The folder name matches too.
    const QString folder = base32Folder(sha('c'));
    proxy.setFilterText(folder.left(12).toLower());
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("mid_kernel"));

    // Text that only appears in other columns' display does not.
    proxy.setFilterText(QStringLiteral("sm_90"));
    QCOMPARE(proxy.rowCount(), 0);
    proxy.setFilterText(QStringLiteral("complete"));
    QCOMPARE(proxy.rowCount(), 0);

    proxy.setFilterText(QStringLiteral("  _kernel "));
    QCOMPARE(proxy.rowCount(), 3);
    proxy.setFilterText(QString());
    QCOMPARE(proxy.rowCount(), 3);
}

void TstEntryTableModel::problemRowsCarryTooltipAndIcon()
{
    TempCache cache;
    cache.addKernel(QStringLiteral("good_kernel"), sha('d'));
    const QString bad = cache.addKernel(QStringLiteral("bad_kernel"), sha('e'));
    QVERIFY(QFile::remove(cache.filePath(bad + QStringLiteral("/bad_kernel.ptx"))));
    EntryTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.resetSnapshot(scanFolder(cache.path()));
    QCOMPARE(model.rowCount(), 2);

    int checked = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex status = model.index(r, EntryTableModel::StatusColumn);
        const kl::Entry* e = model.entry(status);
        QVERIFY(e);
        const int problems = status.data(EntryTableModel::ProblemCountRole).toInt();
        QCOMPARE(problems, int(e->problems.size()));
        if (e->kernel == "bad_kernel") {
            QVERIFY(problems > 0);
            const QString tip = status.data(Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QLatin1String("missing-child")), qPrintable(tip));
            QVERIFY2(tip.contains(QLatin1String("bad_kernel.ptx")), qPrintable(tip));
            QVERIFY(!status.data(Qt::DecorationRole).value<QIcon>().isNull());
            QVERIFY(status.data().toString().contains(QLatin1String("problem")));
            ++checked;
        } else {
            QCOMPARE(problems, 0);
            QVERIFY(!status.data(Qt::ToolTipRole).isValid());
            QVERIFY(!status.data(Qt::DecorationRole).isValid());
            ++checked;
        }
    }
    QCOMPARE(checked, 2);
    // Problem rows sort after clean ones of the same status.
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(EntryTableModel::StatusColumn);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("good_kernel"));
}

void TstEntryTableModel::fixtureScan()
{
    const QString dir = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
    QVERIFY(QFileInfo(dir).isDir());
    auto snap = scanFolder(dir);
    QVERIFY(!snap->entries.empty());

    EntryTableModel model;
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.resetSnapshot(snap);
    QCOMPARE(model.rowCount(), int(snap->entries.size()));

    // Every sortable column sorts (the tester watches the layout changes), numbers as numbers.
    for (int c = 0; c < EntryTableModel::NUM_COLUMNS; ++c) {
        proxy.sort(c, Qt::AscendingOrder);
        QCOMPARE(proxy.rowCount(), model.rowCount());
    }
    proxy.sort(EntryTableModel::ModifiedColumn);
    const QVariantList times =
        columnValues(proxy, EntryTableModel::ModifiedColumn, EntryTableModel::SortRole);
    for (int i = 1; i < times.size(); ++i)
        QVERIFY(times[i - 1].toLongLong() <= times[i].toLongLong());
    proxy.sort(EntryTableModel::NumWarpsColumn);
    const QVariantList warps =
        columnValues(proxy, EntryTableModel::NumWarpsColumn, EntryTableModel::SortRole);
    for (int i = 1; i < warps.size(); ++i)
        QVERIFY(warps[i - 1].toLongLong() <= warps[i].toLongLong());

    int softmax = 0, add = 0;
    for (const kl::Entry& e : snap->entries) {
        softmax += e.kernel == "_row_softmax_kernel";
        add += e.kernel == "add_kernel";
    }
    QVERIFY(softmax > 0 && add > 0);
    proxy.setFilterText(QStringLiteral("softmax"));
    QCOMPARE(proxy.rowCount(), softmax);
    proxy.setFilterText(QStringLiteral("add_kernel"));
    QCOMPARE(proxy.rowCount(), add);
}

void TstEntryTableModel::resetKeepsProxyConsistent()
{
    TempCache cache;
    makeCache(cache);
    EntryTableModel model;
    EntryFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);

    proxy.setFilterText(QStringLiteral("zeta"));
    proxy.sort(EntryTableModel::SizeColumn, Qt::DescendingOrder);
    model.resetSnapshot(scanFolder(cache.path()));
    QCOMPARE(proxy.rowCount(), 1);
    model.resetSnapshot(scanFolder(QStringLiteral(KL_DEMO_TRITON_DIR "/cache")));
    QCOMPARE(proxy.rowCount(), 0);
    model.resetSnapshot(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(resets.count(), 3);
}

// Rows stream in before the cubins are read (empty resource cells); when the scan's snapshot is
// adopted the figures appear, in one dataChanged over the resource columns, without a reset.
void TstEntryTableModel::resourceColumnsFillInAfterTheRows()
{
    const QString dir = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
    auto snap = scanFolder(dir, true);
    EntryTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    std::vector<EntryTableModel::Row> rows;
    std::vector<int> rowToEntry;
    for (std::size_t i = 0; i < snap->entries.size(); ++i) {
        kl::Entry unread = snap->entries[i];
        unread.resources = {};
        rows.push_back(EntryTableModel::makeRow(unread));
        rowToEntry.push_back(int(i));
    }
    model.appendRows(std::move(rows));
    int kernelRow = -1;
    for (int r = 0; r < model.rowCount(); ++r)
        if (snap->entries[std::size_t(r)].resources.state == kl::KernelResources::State::Read) {
            kernelRow = r;
            break;
        }
    QVERIFY(kernelRow >= 0);
    QVERIFY(model.index(kernelRow, EntryTableModel::RegistersColumn).data().toString().isEmpty());

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QVERIFY(model.adoptSnapshot(snap, rowToEntry));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed[0][0].toModelIndex().column(), int(EntryTableModel::RegistersColumn));
    QCOMPARE(changed[0][1].toModelIndex().column(), int(EntryTableModel::OccupancyColumn));
    QCOMPARE(changed[0][1].toModelIndex().row(), model.rowCount() - 1);

    const kl::KernelResources& r = snap->entries[std::size_t(kernelRow)].resources;
    QCOMPARE(model.index(kernelRow, EntryTableModel::RegistersColumn).data().toString(),
             QString::number(r.registers));
    QCOMPARE(model.index(kernelRow, EntryTableModel::SpillsColumn).data().toString(),
             QString::number(r.localBytes / 4));
    QCOMPARE(model.index(kernelRow, EntryTableModel::OccupancyColumn).data().toString(),
             QString::number((r.occupancyPermille + 5) / 10) + "%");
    QCOMPARE(
        model.index(kernelRow, EntryTableModel::RegistersColumn).data(EntryTableModel::SortRole).toLongLong(),
        qlonglong(r.registers));
    QVERIFY(model.index(kernelRow, EntryTableModel::OccupancyColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains("limited by"));
    QCOMPARE(model.index(kernelRow, EntryTableModel::TritonColumn).data().toString(),
             QString::fromStdString(snap->entries[std::size_t(kernelRow)].tritonVersion));
    QVERIFY(
        dir.endsWith(model.index(kernelRow, EntryTableModel::FolderColumn).data().toString().remove(0, 1)) ||
        model.index(kernelRow, EntryTableModel::FolderColumn).data().toString() == dir);
}

QTEST_MAIN(TstEntryTableModel)
#include "tst_entrytablemodel.moc"

// The proxy's typed comparison gives the order Qt's QVariant comparison gives, on every column
// and both case sensitivities, over entries that differ in every sorted field.
void TstEntryTableModel::typedSortMatchesQtsOrder()
{
    TempCache cache;
    makeCache(cache);
    cache.addKernel(QStringLiteral("Beta_kernel"), sha('d'), 80);
    cache.addKernel(QStringLiteral("cat_10"), sha('e'), 90);
    cache.addKernel(QStringLiteral("cat_2"), sha('f'), 90);
    cache.write(QStringLiteral("not_an_entry.txt"), QByteArray("x"));
    EntryTableModel model;
    model.resetSnapshot(scanFolder(cache.path()));
    QVERIFY(model.rowCount() >= 7);
    EntryFilterProxy typed;
    typed.setSourceModel(&model);
    QSortFilterProxyModel byVariant;
    byVariant.setSourceModel(&model);
    byVariant.setSortRole(EntryTableModel::SortRole);
    auto sourceRows = [](const QSortFilterProxyModel& p) {
        QList<int> rows;
        for (int r = 0; r < p.rowCount(); ++r)
            rows << p.mapToSource(p.index(r, 0)).row();
        return rows;
    };
    for (const Qt::CaseSensitivity cs : {Qt::CaseInsensitive, Qt::CaseSensitive}) {
        typed.setSortCaseSensitivity(cs);
        byVariant.setSortCaseSensitivity(cs);
        for (int column = 0; column < EntryTableModel::NUM_COLUMNS; ++column) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                typed.sort(column, order);
                byVariant.sort(column, order);
                QCOMPARE(sourceRows(typed), sourceRows(byVariant));
            }
        }
    }
}
