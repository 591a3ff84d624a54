// The override editor (dialogs/overrideeditor), reached from Entry > Make Override's "Edit and
// Try": the stage file edited in the stage view and saved in place; Try compiles it off the UI
// thread and shows it against the entry. On a real Triton 3.6 matmul for sm_90a (the GPU
// fixture), through the CUDA toolkit's assembler: the pristine PTX gives the entry's figures, a
// register cap fewer registers and a PTX diff, a broken line a message that leads to the line.
#include "app/gui/dialogs/overridedialog.h"
#include "app/gui/dialogs/overrideeditor.h"
#include "app/gui/stages/codeview.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "gpu/gpustatus.h"
#include "tests/support/dumpsnapshot.h"
#include "tests/support/tempcache.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTimer>
#include <QtTest>

using namespace kl;
using kl::gui::OverrideDialog;
using kl::gui::OverrideEditor;

namespace {

const QString kMatmul =
    QStringLiteral(KL_GPU_FIXTURES "/LOV4OMK6M64TPAW7RUIVQK656HNLAASHBIJLZPEEJISFBAZAIEYA");

// Entry and edit of one figure of the comparison table.
QPair<QString, QString> figure(const QTableWidget* t, const QString& what)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 1) && t->item(r, 1)->text() == what)
            return {t->item(r, 2)->text(), t->item(r, 3)->text()};
    return {};
}

} // namespace

class TstOverrideEditor : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return m_dir.path() + "/" + rel; }
    QString m_entry, m_dump;

    std::shared_ptr<const Snapshot> scan() const
    {
        return std::make_shared<const Snapshot>(scanCacheAndDump(at("cache"), at("dump")));
    }

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(kMatmul))
            QSKIP("tests/fixtures/triton-gpu is not in this checkout");
        if (toolkitPtxas().empty() && !jitLinkInfo().nvJitLink)
            QSKIP("neither the CUDA toolkit's ptxas nor nvJitLink was found at build time");
        // KernelLens's own caches in the test's folder, not the user's.
        qputenv("KERNELLENS_TRY_CACHE", at("try-cache").toUtf8());
        qputenv("KERNELLENS_SASS_CACHE", at("sass-cache").toUtf8());
        // The entry as real Triton wrote it, and the dump of its source (the same stage bytes).
        m_entry = at("cache/") + QFileInfo(kMatmul).fileName();
        m_dump = at("dump/") + base32Folder(sha256Of("matmul source"));
        QVERIFY(QDir().mkpath(m_entry) && QDir().mkpath(m_dump));
        for (const QString& name : QDir(kMatmul).entryList(QDir::Files)) {
            QVERIFY(QFile::copy(kMatmul + "/" + name, m_entry + "/" + name));
            if (!name.startsWith("__grp__") && !name.endsWith(".json") && !name.endsWith(".source"))
                QVERIFY(QFile::copy(kMatmul + "/" + name, m_dump + "/" + name));
        }
    }

    void makeThenEditAndTry()
    {
        const auto snap = scan();
        OverrideDialog d(snap, entryIndexOf(*snap, m_entry), at("override"));
        d.make();
        QTRY_VERIFY(!d.isRunning());
        QTRY_VERIFY(!d.madeFile().isEmpty());
        QPointer<OverrideEditor> editor = d.openEditor();
        QVERIFY(editor);
        QCOMPARE(editor->file(), d.madeFile());
        QVERIFY(!editor->editor()->isReadOnly());
        QCOMPARE(editor->editor()->toPlainText().toUtf8(), readFileBytes(m_entry + "/matmul_kernel.ptx"));

        // Pristine: the entry's figures.
        QSignalSpy tried(editor.data(), &OverrideEditor::tried);
        editor->tryEdit();
        QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 1, 120000);
        QVERIFY2(editor->summaryText().contains("the same instructions"), qPrintable(editor->summaryText()));
        const auto registers = figure(editor->comparison(), "Registers");
        QVERIFY(!registers.first.isEmpty());
        QCOMPARE(registers.first, registers.second);
        QVERIFY(editor->ptxDiffText().contains("The PTX is the entry's"));

        // A register cap, typed into the editor: saved by Try, fewer registers, a PTX diff.
        QTextCursor c(editor->editor()->document());
        const int body =
            editor->editor()->toPlainText().indexOf("\n{", editor->editor()->toPlainText().indexOf(".entry"));
        QVERIFY(body > 0);
        c.setPosition(body);
        c.insertText("\n.maxnreg 58");
        QVERIFY(editor->windowTitle().endsWith("*"));
        editor->tryEdit();
        QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 2, 120000);
        QVERIFY(readFileBytes(d.madeFile()).contains(".maxnreg 58"));
        QVERIFY(!editor->windowTitle().endsWith("*"));
        QVERIFY2(editor->summaryText().contains("the instructions changed"),
                 qPrintable(editor->summaryText()));
        const auto capped = figure(editor->comparison(), "Registers");
        QCOMPARE(capped.first, registers.first);
        QVERIFY2(capped.second.toInt() <= 58, qPrintable(capped.second));
        QVERIFY(editor->ptxDiffText().contains("+.maxnreg 58"));

        // Run on GPU: a spec that does not fit is refused on any machine, naming the kernel's
        // parameters; a fitting one runs both kernels where there is a GPU (the same outputs:
        // a register cap changes no arithmetic), and is refused with the reason where there is none.
        QPushButton* run = editor->findChild<QPushButton*>("runButton");
        QVERIFY(run && run->isEnabled());
        QSignalSpy ran(editor.data(), &OverrideEditor::ranOnGpu);
        const QString bad = at("one-argument.json");
        QFile badSpec(bad);
        QVERIFY(badSpec.open(QIODevice::WriteOnly));
        badSpec.write(
            R"({"schema": "kernellens.triton-run/1", "problem": {"variables": ["N"], "sizes": {"default": {"N": 4}}},
                         "launch": {"grid": [1, 1, 1]},
                         "arguments": [{"name": "a", "kind": "buffer", "type": "f16", "role": "in", "count": "N"}]})");
        badSpec.close();
        editor->runOnGpu(bad);
        QTRY_COMPARE_WITH_TIMEOUT(ran.size(), 1, 120000);
        QVERIFY2(
            editor->summaryText().startsWith("GPU run: not run: " + bad +
                                             ": 1 arguments, the kernel takes 9: `a_ptr` (!tt.ptr<f16>)"),
            qPrintable(editor->summaryText()));
        editor->runOnGpu(QStringLiteral(KL_SOURCE_DIR "/docs/examples/matmul_kernel.run.json"));
        QTRY_COMPARE_WITH_TIMEOUT(ran.size(), 2, 120000);
        const kl::GpuStatus gpu = kl::gpuStatus();
        if (!gpu.available)
            QCOMPARE(editor->summaryText(),
                     "GPU run: not run: " + QString::fromStdString(gpu.reason.english()));
        else if (gpu.devices[0].arch() == "sm_90")
            QVERIFY2(editor->summaryText().contains("both kernels wrote the same outputs"),
                     qPrintable(editor->summaryText()));

        // A broken line: the assembler's message, activated, puts the cursor on it.
        QTextBlock block = editor->editor()->document()->findBlockByNumber(0);
        int line = 0;
        for (; block.isValid(); block = block.next())
            if (block.text().trimmed().startsWith("mov.")) {
                line = block.blockNumber() + 1;
                break;
            }
        QVERIFY(line > 0);
        QTextCursor b(block);
        b.insertText("\tbogus.instruction %r1;\n");
        editor->tryEdit();
        QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 3, 120000);
        QListWidget* messages = editor->messages();
        QVERIFY(messages->count() > 0);
        QVERIFY2(messages->item(0)->text().startsWith(d.madeFile() + ":" + QString::number(line) + ": error"),
                 qPrintable(messages->item(0)->text()));
        editor->editor()->moveCursor(QTextCursor::Start);
        emit messages->itemActivated(messages->item(0));
        QCOMPARE(editor->editor()->textCursor().blockNumber() + 1, line);
        editor->close();
    }

    void unsavedEditsAreNeverDropped()
    {
        // Closing with edits asks: Cancel keeps the editor and the file as they were, Save writes.
        const auto snap = scan();
        const QString file = at("unsaved/matmul_kernel.ptx");
        const QByteArray original = readFileBytes(m_entry + "/matmul_kernel.ptx");
        writeFileAt(file, original);
        OverrideEditor editor(file, snap, entryIndexOf(*snap, m_entry));
        editor.show();
        QTextCursor c(editor.editor()->document());
        c.insertText("// my edit\n");
        auto answer = [](QMessageBox::StandardButton which) {
            QTimer::singleShot(0, [which] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                QVERIFY(box);
                box->button(which)->click();
            });
        };
        answer(QMessageBox::Cancel);
        editor.close();
        QVERIFY(editor.isVisible());
        QCOMPARE(readFileBytes(file), original);
        answer(QMessageBox::Save);
        editor.close();
        QVERIFY(!editor.isVisible());
        QCOMPARE(readFileBytes(file), "// my edit\n" + original);
    }

    void aDumpOffersItsEntry()
    {
        // Opened on the dump folder: the entry it is linked to is found off the UI thread.
        const auto snap = scan();
        const QString file = at("copy/matmul_kernel.ptx");
        writeFileAt(file, readFileBytes(m_dump + "/matmul_kernel.ptx"));
        OverrideEditor editor(file, snap, entryIndexOf(*snap, m_dump));
        auto* box = editor.findChild<QComboBox*>(QStringLiteral("tryEntry"));
        QVERIFY(box);
        QTRY_VERIFY(box->itemText(0).startsWith(m_entry));
        QCOMPARE(box->count(), 1);
        QSignalSpy tried(&editor, &OverrideEditor::tried);
        editor.tryEdit();
        QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 1, 120000);
        QVERIFY2(editor.summaryText().contains("the same instructions"), qPrintable(editor.summaryText()));
    }
};

QTEST_MAIN(TstOverrideEditor)
#include "tst_overrideeditor.moc"
