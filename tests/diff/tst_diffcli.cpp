// `klens diff` on the real Triton fixture: entries by prefix, stages, normalisations, exit codes.

#include "tests/support/klensprocess.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kCache = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");

// The fixture's add_kernel entries compiled for sm_80 and sm_90 (found by their ttgir target).
QString entryFor(const QString& target)
{
    for (const QString& d : QDir(kCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(kCache + "/" + d + "/add_kernel.ttgir");
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains("ttg.target = \"" + target.toUtf8() + "\""))
            return d;
    }
    return {};
}

} // namespace

class TstDiffCli : public QObject {
    Q_OBJECT
    QString m_sm80, m_sm90;

private slots:
    void initTestCase()
    {
        m_sm80 = entryFor("cuda:80");
        m_sm90 = entryFor("cuda:90");
        QVERIFY(!m_sm80.isEmpty() && !m_sm90.isEmpty());
    }

    void entriesByPrefixDiffer()
    {
        const ProcessResult r =
            runKlens({"diff", m_sm80.left(8), m_sm90.left(8), "--root", kCache, "--stage", "ttgir"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.startsWith("--- " + m_sm80.toUtf8() + "/add_kernel.ttgir\n+++ " + m_sm90.toUtf8() +
                                 "/add_kernel.ttgir\n@@ "));
        QVERIFY(r.out.contains("-module attributes {") && r.out.contains("ttg.target = \"cuda:80\""));
        QVERIFY(r.out.contains("+module attributes {") && r.out.contains("ttg.target = \"cuda:90\""));
    }

    void anEntryEqualsItself()
    {
        const ProcessResult r = runKlens({"diff", kCache + "/" + m_sm90, kCache + "/" + m_sm90});
        QCOMPARE(r.exitCode, 0);
        // Every stage listed as the same, and no diff.
        for (const char* stage : {"source", "ttir", "ttgir", "llir", "ptx", "cubin"})
            QVERIFY2(r.out.contains(QByteArray(stage).leftJustified(7, ' ') + " same\n"), r.out.constData());
        QVERIFY(!r.out.contains("---"));
        QVERIFY(runKlens({"diff", kCache + "/" + m_sm90, kCache + "/" + m_sm90, "-q"}).out.isEmpty());
    }

    // The same file with every SSA number and location changed: equal only when both are ignored.
    void normalisationsDecide()
    {
        QTemporaryDir dir;
        QFile in(kCache + "/" + m_sm90 + "/add_kernel.ttgir");
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray a = in.readAll();
        QString text = QString::fromUtf8(a);
        text.replace("%c1024_i32", "%c2048_i32").replace("%0 ", "%7 ").replace("%1 ", "%8 ");
        text.replace(QRegularExpression("loc\\(#loc\\d*\\)"), "loc(#loc99)");
        const QByteArray b = text.toUtf8();
        QFile out(dir.filePath("changed.ttgir"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(b);
        out.close();
        QVERIFY(a != b);
        const QString f = in.fileName(), g = out.fileName();
        QCOMPARE(runKlens({"diff", f, g, "-q"}).exitCode, 1);
        QCOMPARE(runKlens({"diff", f, g, "-q", "--ignore-ssa"}).exitCode, 1);
        QCOMPARE(runKlens({"diff", f, g, "-q", "--ignore-locations"}).exitCode, 1);
        QCOMPARE(runKlens({"diff", f, g, "-q", "--ignore-ssa", "--ignore-locations"}).exitCode, 0);
    }

    void errorsNameThePathAndCause()
    {
        ProcessResult r =
            runKlens({"diff", kCache + "/" + m_sm90, kCache + "/" + m_sm80, "--stage", "cubin"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("stage cubin is binary"));
        r = runKlens({"diff", kCache + "/" + m_sm90, kCache + "/" + m_sm80, "--stage", "amdgcn"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("has no amdgcn stage (it has: source, ttir, ttgir, llir, ptx, cubin"),
                 r.err.constData());
        r = runKlens({"diff", "/nonexistent/a.ttir", kCache + "/" + m_sm80});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("/nonexistent/a.ttir"));
        r = runKlens({"diff", kCache + "/" + m_sm80 + "/add_kernel.ttir", kCache + "/" + m_sm90});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--stage"));
    }
};

QTEST_GUILESS_MAIN(TstDiffCli)
#include "tst_diffcli.moc"
