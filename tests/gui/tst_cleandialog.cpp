// Entry > Clean offscreen: a dry-run preview removes nothing, an edited policy invalidates the
// preview, a refused confirmation removes nothing, a confirmed one removes exactly what was listed
// and nothing outside the root. Entry > Recompile on a real NVRTC entry.

#include "app/gui/dialogs/cleandialog.h"
#include "app/gui/dialogs/recompiledialog.h"
#include "app/gui/mainwindow.h"
#include "core/nvrtc/nvrtccache.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/scan/cachescanner.h"
#include "tests/support/tempcache.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

namespace {

std::shared_ptr<const kl::Snapshot> scan(const QString& path)
{
    kl::Root root;
    root.path = path.toStdString();
    root.reason = kl::Text::verbatim("given");
    root.given = true;
    return std::make_shared<const kl::Snapshot>(kl::CacheScanner().scan({root}));
}

kl::DoctorContext context()
{
    kl::DoctorContext ctx;
    ctx.processAlive = [](long) { return false; };
    return ctx;
}

constexpr const char* kVectorAdd = "extern \"C\" __global__ void vector_add(const float* a, const float* b, "
                                   "float* c, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; "
                                   "if (i < n) c[i] = a[i] + b[i]; }\n";

} // namespace

class TstCleanDialog : public QObject {
    Q_OBJECT

private slots:
    void previewThenConfirmedRemoval()
    {
        QTemporaryDir outer;
        TempCache cache;
        const QString keep1 = cache.addKernel("add", QString(64, 'a'));
        const QString broken = cache.addKernel("mul", QString(64, 'b'));
        const QString keep2 = cache.addKernel("mul", QString(64, 'c'));
        // Incomplete: the group file lists a file that is gone.
        QVERIFY(QFile::remove(cache.filePath(broken + "/mul.json")));
        QFile outside(outer.filePath("precious.txt"));
        QVERIFY(outside.open(QIODevice::WriteOnly));
        outside.write("not in the cache");
        outside.close();

        kl::gui::CleanDialog d(scan(cache.path()), context);
        d.findChild<QLineEdit*>("grace")->setText("0");
        QSignalSpy ready(&d, &kl::gui::CleanDialog::previewReady);
        QSignalSpy cleaned(&d, &kl::gui::CleanDialog::cleaned);
        QVERIFY(!d.cleanButton()->isEnabled());

        d.preview();
        QVERIFY(ready.wait(30000));
        QCOMPARE(d.table()->rowCount(), 1);
        QVERIFY2(d.table()->item(0, 0)->text().endsWith(broken), qPrintable(d.table()->item(0, 0)->text()));
        QVERIFY2(d.summaryText().startsWith("Dry run: 1 entries would go"), qPrintable(d.summaryText()));
        QVERIFY(d.cleanButton()->isEnabled());
        QVERIFY(QFileInfo::exists(cache.filePath(broken))); // a preview removes nothing

        // An edit makes the preview stale: the button must not act on it.
        d.findChild<QCheckBox*>("staleBox")->setChecked(true);
        QVERIFY(!d.cleanButton()->isEnabled());
        d.findChild<QCheckBox*>("staleBox")->setChecked(false);

        // Bad input names the field and plans nothing.
        d.findChild<QCheckBox*>("maxSizeBox")->setChecked(true);
        d.findChild<QLineEdit*>("maxSize")->setText("ten gigs");
        d.preview();
        QVERIFY2(d.summaryText().startsWith("Size limit:"), qPrintable(d.summaryText()));
        QVERIFY(!d.isBusy());
        d.findChild<QCheckBox*>("maxSizeBox")->setChecked(false);

        d.preview();
        QVERIFY(ready.wait(30000));
        QStringList asked;
        d.setConfirmer([&asked](const QString& q) {
            asked << q;
            return false;
        });
        d.clean();
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked[0].startsWith("Remove 1 entries"), qPrintable(asked[0]));
        QVERIFY(!d.isBusy());
        QVERIFY(QFileInfo::exists(cache.filePath(broken)));

        d.setConfirmer([](const QString&) { return true; });
        d.clean();
        QVERIFY(cleaned.wait(30000));
        QVERIFY(!QFileInfo::exists(cache.filePath(broken)));
        QVERIFY(QFileInfo::exists(cache.filePath(keep1 + "/__grp__add.json")));
        QVERIFY(QFileInfo::exists(cache.filePath(keep2 + "/__grp__mul.json")));
        QVERIFY(QFileInfo::exists(outer.filePath("precious.txt")));
        QCOMPARE(d.table()->item(0, 6)->text(), QStringLiteral("removed"));
        QVERIFY2(d.summaryText().startsWith("Removed 1 entries"), qPrintable(d.summaryText()));
        QVERIFY(!d.cleanButton()->isEnabled()); // a new preview is needed
    }

    void keepLatestPerKernel()
    {
        TempCache cache;
        cache.addKernel("mul", QString(64, 'b'));
        cache.addKernel("mul", QString(64, 'c'));
        cache.addKernel("mul", QString(64, 'd'));
        kl::gui::CleanDialog d(scan(cache.path()), context);
        d.findChild<QLineEdit*>("grace")->setText("0");
        d.findChild<QCheckBox*>("keepBox")->setChecked(true);
        QSignalSpy ready(&d, &kl::gui::CleanDialog::previewReady);
        d.preview(); // keep 3 (the default): nothing goes
        QVERIFY(ready.wait(30000));
        QCOMPARE(d.table()->rowCount(), 0);
        QVERIFY(!d.cleanButton()->isEnabled());
        d.findChild<QSpinBox*>("keepLatest")->setValue(1);
        d.preview();
        QVERIFY(ready.wait(30000));
        QCOMPARE(d.table()->rowCount(), 2);
    }

    void windowActions()
    {
        qputenv("KL_PYTHON", "/nonexistent/python");
        TempCache cache;
        cache.addKernel("add", QString(64, 'a'));
        kl::gui::MainWindow w;
        QVERIFY(!w.findChild<QAction*>("cleanAction")->isEnabled());
        QVERIFY(!w.findChild<QAction*>("recompileAction")->isEnabled());
        w.openFolders({cache.path()});
        QTRY_VERIFY(!w.isScanning());
        QVERIFY(w.findChild<QAction*>("cleanAction")->isEnabled());
        w.findChild<QAction*>("cleanAction")->trigger();
        QVERIFY(w.findChild<kl::gui::CleanDialog*>());
    }

    void recompileFreshNvrtcEntry()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        QTemporaryDir dir;
        kl::NvrtcRequest req;
        req.name = "vector_add";
        req.source = kVectorAdd;
        req.options.arch = "sm_80";
        const auto r = kl::NvrtcCache(dir.filePath("cache").toStdString()).compile(req);
        QVERIFY(r.ok);
        const auto snap = scan(dir.filePath("cache"));
        QCOMPARE(snap->entries.size(), std::size_t(1));
        const QString log = dir.filePath("events.jsonl");
        kl::gui::RecompileDialog d(snap->entries, log);
        QSignalSpy done(&d, &kl::gui::RecompileDialog::finished);
        d.start();
        QVERIFY(done.wait(120000));
        QCOMPARE(d.table()->item(0, 4)->text(), QStringLiteral("fresh"));
        QCOMPARE(d.table()->item(0, 1)->text(), QStringLiteral("kernellens"));
        QVERIFY2(d.summaryText().startsWith("1 fresh, 0 stale"), qPrintable(d.summaryText()));
        QVERIFY(QFileInfo(log).size() > 0); // the rebuild was logged
    }

    void recompileRefusesAForeignFolder()
    {
        TempCache cache;
        cache.write("junk/readme.txt", "not an entry");
        const auto snap = scan(cache.path());
        QVERIFY(!snap->entries.empty());
        kl::gui::RecompileDialog d(snap->entries, {});
        QSignalSpy done(&d, &kl::gui::RecompileDialog::finished);
        d.start();
        QVERIFY(done.wait(60000));
        QCOMPARE(d.table()->item(0, 4)->text(), QStringLiteral("not rebuilt"));
        QVERIFY(!d.table()->item(0, 5)->text().isEmpty()); // the reason
    }
};

QTEST_MAIN(TstCleanDialog)
#include "tst_cleandialog.moc"
