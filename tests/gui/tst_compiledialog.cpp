// File > Open CUDA File offscreen: a real NVRTC compile through a temp cache, then a hit, then
// a syntax error shown as file:line; the events log gets the compiles.

#include "app/gui/dialogs/compiledialog.h"
#include "core/nvrtc/nvrtccompiler.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TstCompileDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& text)
    {
        QFile f(m_dir.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return f.fileName();
    }

private slots:
    void initTestCase()
    {
        qputenv("KERNELLENS_LIBCUDA", "/nonexistent/libcuda.so.1");
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
    }

    void compilesThenHits()
    {
        const QString cu = write("scale.cu", "extern \"C\" __global__ void scale(float* x, float f) "
                                             "{ x[threadIdx.x] *= f * SCALE; }\n");
        kl::gui::CompileDialog d(m_dir.filePath("cache"), m_dir.filePath("events.jsonl"));
        QCOMPARE(d.archBox()->currentText(), QString("sm_90")); // no GPU here: the default
        d.setSourceFile(cu);
        d.definesEdit()->setText("SCALE=2");
        QSignalSpy done(&d, &kl::gui::CompileDialog::finished);
        d.compile();
        QVERIFY(done.wait(60000));
        QVERIFY2(d.resultText().startsWith("Compiled (cache miss)"), qPrintable(d.resultText()));
        QVERIFY(d.resultText().contains("kernel  scale: "));
        d.compile();
        QVERIFY(done.wait(60000));
        QVERIFY2(d.resultText().startsWith("Cache hit"), qPrintable(d.resultText()));
        QFile events(m_dir.filePath("events.jsonl"));
        QVERIFY(events.open(QIODevice::ReadOnly));
        QCOMPARE(events.readAll().count('\n'), 2);
    }

    void aSyntaxErrorShowsTheLine()
    {
        const QString cu = write("bad.cu", "extern \"C\" __global__ void k(float* x)\n{\n    x[0] = ;\n}\n");
        kl::gui::CompileDialog d(m_dir.filePath("cache"), {});
        d.setSourceFile(cu);
        QSignalSpy done(&d, &kl::gui::CompileDialog::finished);
        d.compile();
        QVERIFY(done.wait(60000));
        QVERIFY2(d.resultText().startsWith("Failed: "), qPrintable(d.resultText()));
        QVERIFY2(d.resultText().contains("bad.cu:3: error: "), qPrintable(d.resultText()));
    }

    void aMissingFileIsNamed()
    {
        kl::gui::CompileDialog d(m_dir.filePath("cache"), {});
        d.setSourceFile("/nonexistent/k.cu");
        QSignalSpy done(&d, &kl::gui::CompileDialog::finished);
        d.compile();
        QVERIFY(done.count() == 1 || done.wait(5000));
        QVERIFY2(d.resultText().startsWith("/nonexistent/k.cu: "), qPrintable(d.resultText()));
    }
};

QTEST_MAIN(TstCompileDialog)
#include "tst_compiledialog.moc"
