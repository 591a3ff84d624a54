// Entry > Make Override (dialogs/overridedialog): the stage Triton reads, written off the UI thread
// into the override folder named as the entry's dump; the environment to set; never over a file
// without "Replace"; without a dump, how to get one. Also reached through the Entry menu.
#include "app/gui/dialogs/overridedialog.h"
#include "tests/support/dumpsnapshot.h"
#include "tests/support/tempcache.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

using namespace kl;
using kl::gui::OverrideDialog;

class TstOverrideDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return m_dir.path() + "/" + rel; }

    std::shared_ptr<const Snapshot> scan() const
    {
        return std::make_shared<const Snapshot>(scanCacheAndDump(at("cache"), at("dump")));
    }

private slots:
    void makesTheFolderTritonReads()
    {
        const QString entry = at("cache/") + TempCache::addKernelAt(at("cache"), "k", sha256Of("e"));
        const QString dump = at("dump/") + base32Folder(sha256Of("src"));
        for (const QString ext : {"ttir", "ttgir", "llir", "ptx", "cubin"})
            writeFileAt(dump + "/k." + ext, readFileBytes(entry + "/k." + ext));
        const auto snap = scan();
        OverrideDialog d(snap, entryIndexOf(*snap, entry), at("override"));
        auto* stage = d.findChild<QComboBox*>(QStringLiteral("stage"));
        QVERIFY(stage);
        QCOMPARE(stage->currentText(), QStringLiteral("ptx")); // the usual one to edit
        QSignalSpy made(&d, &OverrideDialog::made);
        d.make();
        QTRY_VERIFY(!d.isRunning());
        QTRY_COMPARE(made.size(), 1);
        const QString file = at("override/") + QFileInfo(dump).fileName() + "/k.ptx";
        QCOMPARE(d.madeFile(), file);
        QCOMPARE(readFileBytes(file), readFileBytes(entry + "/k.ptx"));
        QVERIFY2(d.resultText().contains("TRITON_KERNEL_OVERRIDE=1 TRITON_ALWAYS_COMPILE=1"),
                 qPrintable(d.resultText()));
        // The folder is the effective one: no TRITON_OVERRIDE_DIR to set.
        QVERIFY(!d.resultText().contains("TRITON_OVERRIDE_DIR"));

        // A second make leaves the user's edit alone and says how to replace it.
        writeFileAt(file, "// my edit\n");
        d.make();
        QTRY_VERIFY(d.resultText().contains("--force"));
        QCOMPARE(readFileBytes(file), QByteArray("// my edit\n"));
        d.findChild<QCheckBox*>()->setChecked(true);
        d.make();
        QTRY_VERIFY(d.resultText().startsWith("Replaced"));
        QCOMPARE(readFileBytes(file), readFileBytes(entry + "/k.ptx"));

        // Another folder: Triton must be told where it is.
        d.findChild<QLineEdit*>(QStringLiteral("into"))->setText(at("elsewhere"));
        d.make();
        QTRY_VERIFY(d.resultText().contains("TRITON_OVERRIDE_DIR=" + at("elsewhere")));
    }

    void withoutADumpSaysHowToGetOne()
    {
        const QString entry = at("cache/") + TempCache::addKernelAt(at("cache"), "lone", sha256Of("lone"));
        const auto snap = scan();
        OverrideDialog d(snap, entryIndexOf(*snap, entry), at("override2"));
        d.make();
        QTRY_VERIFY(d.resultText().contains("TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1"));
        QVERIFY(d.madeFile().isEmpty());
        QVERIFY(!QFileInfo::exists(at("override2")));
    }
};

QTEST_MAIN(TstOverrideDialog)
#include "tst_overridedialog.moc"
