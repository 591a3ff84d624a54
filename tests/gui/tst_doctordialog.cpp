// Entry > Run Doctor offscreen on the real Triton fixture (whose group files record the folder
// it was generated in, so every kernel entry is a moved cache).

#include "app/gui/dialogs/doctordialog.h"
#include "app/gui/mainwindow.h"
#include "core/scan/cachescanner.h"

#include <QAction>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

class TstDoctorDialog : public QObject {
    Q_OBJECT

    static std::shared_ptr<const kl::Snapshot> fixture()
    {
        kl::Root root;
        root.path = KL_DEMO_TRITON_DIR "/cache";
        root.reason = kl::Text::verbatim("given");
        root.given = true;
        return std::make_shared<const kl::Snapshot>(kl::CacheScanner().scan({root}));
    }

private slots:
    void findingsOfTheFixture()
    {
        const auto snap = fixture();
        kl::DoctorContext ctx; // no Python, no GPU: staleness is not judged
        ctx.gpuArchs = {"sm_90"};
        kl::gui::DoctorDialog d(snap, [ctx] { return ctx; });
        QSignalSpy done(&d, &kl::gui::DoctorDialog::finished);
        d.start();
        QVERIFY(d.isRunning());
        QVERIFY(done.wait(60000));
        const QTableWidget* t = d.table();
        QVERIFY(t->rowCount() > 0);
        int moved = 0, staleArch = 0;
        for (int r = 0; r < t->rowCount(); ++r) {
            moved += t->item(r, 1)->text() == "moved-cache";
            staleArch += t->item(r, 1)->text() == "stale-arch";
            QVERIFY(!t->item(r, 4)->text().isEmpty()); // every finding says what to do
        }
        QVERIFY(moved >= 8);
        QVERIFY(staleArch >= 1); // the sm_80 / sm_100 / gfx90a entries on an sm_90 machine
        QVERIFY2(d.summaryText().startsWith(QString("%1 entries, ").arg(snap->entries.size())),
                 qPrintable(d.summaryText()));
    }

    void theActionNeedsAScan()
    {
        qputenv("KL_PYTHON", "/nonexistent/python"); // the machine context must not wait for Python
        kl::gui::MainWindow w;
        QVERIFY(!w.findChild<QAction*>("doctorAction")->isEnabled());
        w.openFolders({KL_DEMO_TRITON_DIR "/cache"});
        QTRY_VERIFY(!w.isScanning());
        QVERIFY(w.findChild<QAction*>("doctorAction")->isEnabled());
        w.findChild<QAction*>("doctorAction")->trigger();
        auto* dialog = w.findChild<kl::gui::DoctorDialog*>();
        QVERIFY(dialog);
        // The table fills when the watcher's finished() is delivered, after isRunning() turns false.
        QTRY_VERIFY_WITH_TIMEOUT(dialog->table()->rowCount() > 0, 60000);
        QVERIFY(!dialog->isRunning());
    }
};

QTEST_MAIN(TstDoctorDialog)
#include "tst_doctordialog.moc"
