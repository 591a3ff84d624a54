// The grouped-by-kernel view (under QAbstractItemModelTester), the metadata tab and the doctor tab,
// offscreen on the real Triton fixture: 6 add_kernel specialisations, 2 softmax ones, 1 module.

#include "app/gui/entries/entrydoctorview.h"
#include "app/gui/entries/entryfilterproxy.h"
#include "app/gui/entries/entrytablemodel.h"
#include "app/gui/entries/kernelgroupmodel.h"
#include "app/gui/entries/metadatatree.h"
#include "app/gui/mainwindow.h"
#include "app/gui/stages/codeview.h"
#include "app/gui/stages/stagetabs.h"
#include "core/scan/cachescanner.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTreeView>

namespace {

std::shared_ptr<const kl::Snapshot> fixture()
{
    kl::Root root;
    root.path = KL_DEMO_TRITON_DIR "/cache";
    root.reason = kl::Text::verbatim("given");
    root.given = true;
    return std::make_shared<const kl::Snapshot>(kl::CacheScanner().scan({root}));
}

QMap<QString, int> groupSizes(const kl::gui::KernelGroupModel& m)
{
    QMap<QString, int> out;
    for (int g = 0; g < m.rowCount(); ++g)
        out[m.index(g, 0).data(kl::gui::EntryTableModel::SortRole).toString()] = m.rowCount(m.index(g, 0));
    return out;
}

} // namespace

class TstEntryPanes : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("KL_PYTHON", "/nonexistent/python"); }

    void groupsFollowTheFilter()
    {
        kl::gui::EntryTableModel table;
        kl::gui::EntryFilterProxy proxy;
        proxy.setSourceModel(&table);
        kl::gui::KernelGroupModel groups;
        groups.setSourceModel(&proxy);
        QAbstractItemModelTester tester(&groups, QAbstractItemModelTester::FailureReportingMode::QtTest);
        table.resetSnapshot(fixture());
        const auto sizes = groupSizes(groups);
        QCOMPARE(sizes.value("add_kernel"), 6);
        QCOMPARE(sizes.value("_row_softmax_kernel"), 2);
        QCOMPARE(sizes.size(), 3);
        const QModelIndex add = groups.match(groups.index(0, 0), Qt::DisplayRole, "add_kernel (6)").value(0);
        QVERIFY(add.isValid());
        QCOMPARE(groups.index(add.row(), kl::gui::EntryTableModel::ArchColumn).data().toString(),
                 QStringLiteral("4 archs"));
        QVERIFY(add.data(Qt::ToolTipRole).toString().contains("gfx90a, sm_100, sm_80, sm_90"));
        // A child is the flat row, and maps back to itself.
        const QModelIndex child = groups.index(0, 0, add);
        QCOMPARE(child.data().toString(), QStringLiteral("add_kernel"));
        QCOMPARE(groups.mapFromSource(groups.mapToSource(child)), child);

        proxy.setArchFilter("sm_90");
        // Removed rows are regrouped after a pause (rows streaming in come in many batches).
        QTRY_COMPARE(groupSizes(groups).value("add_kernel"), 3);
        const auto filtered = groupSizes(groups);
        QCOMPARE(filtered.value("add_kernel"), 3);
        QCOMPARE(filtered.value("_row_softmax_kernel"), 1);
        QVERIFY(!filtered.contains("klens_demo_utils"));
        table.resetSnapshot(nullptr);
        QCOMPARE(groups.rowCount(), 0);
    }

    void windowTogglesAndKeepsTheSelection()
    {
        kl::gui::MainWindow w;
        w.show();
        w.openFolders({KL_DEMO_TRITON_DIR "/cache"});
        QTRY_VERIFY(!w.isScanning());
        QTRY_VERIFY(w.findChild<QTableView*>("entryTable")->currentIndex().isValid());
        w.findChild<QTableView*>("entryTable")
            ->setCurrentIndex(w.findChild<QTableView*>("entryTable")->model()->index(3, 0));
        const QString kernel = w.findChild<QTableView*>("entryTable")->currentIndex().data().toString();
        w.setGroupedByKernel(true);
        QVERIFY(w.isGroupedByKernel());
        const QModelIndex inTree = w.findChild<QTreeView*>("groupTree")->currentIndex();
        QVERIFY(inTree.isValid());
        QVERIFY(inTree.parent().isValid());
        QCOMPARE(inTree.data().toString(), kernel);

        // Selecting a kernel row selects all its specialisations (Compare needs exactly two).
        const QModelIndex softmax = w.findChild<kl::gui::KernelGroupModel*>()
                                        ->match(w.findChild<kl::gui::KernelGroupModel*>()->index(0, 0),
                                                Qt::DisplayRole, "_row_softmax_kernel")
                                        .value(0);
        QVERIFY(softmax.isValid());
        w.findChild<QTreeView*>("groupTree")
            ->selectionModel()
            ->select(softmax, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(w.findChild<QAction*>("compareAction")->isEnabled());
        w.setGroupedByKernel(false);
        QVERIFY(!w.isGroupedByKernel());
    }

    void metadataAndDoctorTabs()
    {
        kl::gui::MainWindow w;
        w.show();
        w.openFolders({KL_DEMO_TRITON_DIR "/cache"});
        QTRY_VERIFY(!w.isScanning());
        QTRY_VERIFY(w.findChild<QTableView*>("entryTable")->currentIndex().isValid());
        // Select an sm_90 add_kernel entry: its metadata records a CUDA target and options.
        const QAbstractItemModel* m = w.findChild<QTableView*>("entryTable")->model();
        int row = -1;
        for (int r = 0; r < m->rowCount() && row < 0; ++r)
            if (m->index(r, 0).data().toString() == "add_kernel" &&
                m->index(r, kl::gui::EntryTableModel::ArchColumn).data().toString() == "sm_90")
                row = r;
        QVERIFY(row >= 0);
        w.findChild<QTableView*>("entryTable")->setCurrentIndex(m->index(row, 0));
        kl::gui::MetadataTree* tree = w.findChild<kl::gui::MetadataTree*>();
        QTRY_VERIFY(tree->find("Options", "num_warps") != nullptr);
        QCOMPARE(tree->find("Target", "backend")->text(1), QStringLiteral("cuda"));
        QCOMPARE(tree->find("Target", "arch")->text(1), QStringLiteral("90"));
        QVERIFY(!tree->find("Versions", "triton_version")->text(1).isEmpty());
        QVERIFY(tree->find("Group file", "add_kernel.cubin") != nullptr);
        QCOMPARE(w.findChild<kl::gui::StageTabs*>()->tabText(1), QStringLiteral("Metadata"));
        QCOMPARE(w.findChild<kl::gui::StageTabs*>()->tabText(2), QStringLiteral("Doctor"));

        // Every fixture kernel entry was generated elsewhere: its group file records other paths.
        kl::gui::EntryDoctorView* doctor = w.findChild<kl::gui::EntryDoctorView*>();
        QTRY_VERIFY_WITH_TIMEOUT(doctor->table()->rowCount() > 0, 30000);
        bool moved = false;
        for (int r = 0; r < doctor->table()->rowCount(); ++r)
            moved |= doctor->table()->item(r, 1)->text() == "moved-cache";
        QVERIFY(moved);
        QVERIFY2(doctor->summaryText().contains("finding"), qPrintable(doctor->summaryText()));

        // The stage tabs still come after the fixed ones and keep working.
        QVERIFY(w.findChild<kl::gui::StageTabs*>()->tabOf("ttgir") > 2);

        // Ctrl+F: in the code it finds in the code; elsewhere it goes to the entries filter.
        w.activateWindow();
        w.findChild<kl::gui::StageTabs*>()->setCurrentIndex(
            w.findChild<kl::gui::StageTabs*>()->tabOf("ttgir"));
        QTRY_VERIFY(w.findChild<kl::gui::StageTabs*>()->codeView("ttgir") != nullptr);
        QWidget* code = w.findChild<kl::gui::StageTabs*>()->codeView("ttgir");
        code->setFocus();
        QTRY_VERIFY(code->hasFocus());
        QTest::keyClick(code, Qt::Key_F, Qt::ControlModifier);
        auto* findEdit =
            w.findChild<kl::gui::StageTabs*>()->currentWidget()->findChild<QLineEdit*>("findEdit");
        QVERIFY(findEdit);
        QTRY_VERIFY(findEdit->hasFocus());
        w.findChild<QTableView*>("entryTable")->setFocus();
        QTest::keyClick(w.findChild<QTableView*>("entryTable"), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(w.findChild<QLineEdit*>("filterEdit")->hasFocus());
    }
};

QTEST_MAIN(TstEntryPanes)
#include "tst_entrypanes.moc"
