// klens diff of two entries compares every stage and starts where they differ; --stage sass
// compares the disassembly; explain says when two keys made the same code. On entries real
// Triton 3.9 wrote: sm_80 and sm_90 (same MLIR, different TTGIR on), and sm_90 without line info
// (its cubin's .text is byte for byte the one with line info, which the test checks itself).

#include "core/cubin/cubininfo.h"
#include "core/sass/sasslisting.h"
#include "core/sass/sasstext.h"
#include "tests/support/klensprocess.h"
#include "tests/support/nvdisasmtext.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

namespace {

const QString kFixtures = QStringLiteral(KL_LINES_FIXTURES);

QString entryWithArch(const QString& cache, unsigned sm)
{
    for (const QString& d : QDir(cache).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const kl::CubinResult r =
            kl::readCubinInfo((cache + "/" + d + "/kl_lines_kernel.cubin").toStdString());
        if (r.ok && r.info.sm == sm)
            return cache + "/" + d;
    }
    return {};
}

ProcessOptions withVenv()
{
    ProcessOptions o;
    o.set = {{"PATH", QStringLiteral(KL_TRITON_VENV "/bin:/usr/bin:/bin")}, {"KERNELLENS_SASS_CACHE", "off"}};
    return o;
}

} // namespace

class TstStageDiff : public QObject {
    Q_OBJECT
    QString m_sm80, m_sm90, m_sm90NoLines;

private slots:
    void initTestCase()
    {
        m_sm80 = entryWithArch(kFixtures + "/cache", 80);
        m_sm90 = entryWithArch(kFixtures + "/cache", 90);
        m_sm90NoLines = entryWithArch(kFixtures + "/nolineinfo", 90);
        QVERIFY(!m_sm80.isEmpty() && !m_sm90.isEmpty() && !m_sm90NoLines.isEmpty());
    }

    // Same first MLIR, different everything after it: listed per stage, the first difference shown,
    // exit 1. (Before, diff compared only the first text stage both had and printed nothing.)
    void everyStageIsCompared()
    {
        const ProcessResult r = runKlens({"diff", m_sm80, m_sm90});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("source  same\n") && r.out.contains("ttir    same\n"), r.out.constData());
        QVERIFY(r.out.contains("ttgir   differs: "));
        QVERIFY(r.out.contains("ptx     differs: "));
        QVERIFY(r.out.contains("cubin   differs\n"));
        QVERIFY(r.out.contains("--- " + QDir(m_sm80).dirName().toUtf8() + "/kl_lines_kernel.ttgir"));
        QVERIFY(!r.out.contains("kl_lines_kernel.ptx\n+++")); // only the first that differs in full
        QCOMPARE(runKlens({"diff", m_sm80, m_sm90, "-q"}).exitCode, 1);
    }

    // Line info off and on: the IR differs (locations), the cubins' code does not.
    void lineInfoOnlyIsTheSameCode()
    {
        const kl::CubinResult a = kl::readCubinInfo((m_sm90 + "/kl_lines_kernel.cubin").toStdString());
        const kl::CubinResult b = kl::readCubinInfo((m_sm90NoLines + "/kl_lines_kernel.cubin").toStdString());
        QVERIFY(a.ok && b.ok);
        QVERIFY(kl::sameCode(a.info, b.info));
        const kl::CubinResult c = kl::readCubinInfo((m_sm80 + "/kl_lines_kernel.cubin").toStdString());
        QVERIFY(!kl::sameCode(a.info, c.info));
        QFile fa(m_sm90 + "/kl_lines_kernel.cubin"), fb(m_sm90NoLines + "/kl_lines_kernel.cubin");
        QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
        QVERIFY(fa.readAll() != fb.readAll()); // the files differ: line info sections

        const ProcessResult r = runKlens({"diff", m_sm90, m_sm90NoLines});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("cubin   same code: "), r.out.constData());
        const ProcessResult ex = runKlens({"explain", m_sm90, m_sm90NoLines, "--json"});
        QCOMPARE(ex.json.value("same_code").toBool(), true);
        QVERIFY(QJsonDocument(ex.json).toJson().contains("the two cubins hold the same code"));
        const ProcessResult other = runKlens({"explain", m_sm80, m_sm90, "--json"});
        QVERIFY(other.json.value("same_code").isBool() && !other.json.value("same_code").toBool());

        // The doctor finds the pair in a whole snapshot, and nothing among entries of other code.
        const auto sameCode = [](const ProcessResult& run) {
            QJsonArray out;
            for (const QJsonValue& f : run.json.value("findings").toArray())
                if (f.toObject().value("code").toString() == "same-code")
                    out.append(f);
            return out;
        };
        const ProcessResult both = runKlens({"doctor", kFixtures + "/cache", kFixtures + "/nolineinfo",
                                             "--json", "--triton-version", "3.9.0", "--arch", "90"});
        const QJsonArray found = sameCode(both);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().toObject().value("count").toInt(), 2);
        QVERIFY(
            found.first().toObject().value("message").toString().contains(QDir(m_sm90NoLines).dirName()) ||
            found.first().toObject().value("message").toString().contains(QDir(m_sm90).dirName()));
        QCOMPARE(sameCode(runKlens({"doctor", kFixtures + "/cache", "--json", "--triton-version", "3.9.0",
                                    "--arch", "90"}))
                     .size(),
                 0);
        QCOMPARE(sameCode(runKlens({"doctor", kFixtures + "/cache", kFixtures + "/nolineinfo", "--json",
                                    "--no-binaries", "--triton-version", "3.9.0", "--arch", "90"}))
                     .size(),
                 0);
    }

    void sassDiff()
    {
        if (nvdisasmInVenv(QStringLiteral(KL_TRITON_VENV)).isEmpty())
            QSKIP("no nvdisasm in .venv-triton (scripts/triton-venv.sh)");
        // Line info apart, the same instructions: equal once locations are ignored.
        QCOMPARE(runKlens({"diff", m_sm90, m_sm90NoLines, "--stage", "sass", "-q"}, withVenv()).exitCode, 1);
        QCOMPARE(runKlens({"diff", m_sm90, m_sm90NoLines, "--stage", "sass", "-q", "--ignore-locations"},
                          withVenv())
                     .exitCode,
                 0);
        // sm_80 and sm_90 compile to other instructions, whatever the registers.
        const ProcessResult r =
            runKlens({"diff", m_sm80, m_sm90, "--stage", "sass", "--ignore-registers", "--ignore-locations"},
                     withVenv());
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.contains("(SASS)") && r.out.contains("R#"));
    }

    // Register allocation and label numbers apart, the same code.
    void ignoreRegisters()
    {
        const auto listing = [](const char* body) {
            return kl::parseNvdisasmText(std::string("//--------------------- .text.k ---\nk:\n") + body);
        };
        const kl::SassListing a = listing("        /*0000*/  @!P0 IADD3 R12, R4, UR7, RZ ;\n.L_x_3:\n"
                                          "        /*0010*/  BRA `(.L_x_3) ;\n");
        const kl::SassListing b = listing("        /*0000*/  @!P2 IADD3 R17, R9, UR5, RZ ;\n.L_x_8:\n"
                                          "        /*0010*/  BRA `(.L_x_8) ;\n");
        QVERIFY(kl::sassDiffText(a, false, true) != kl::sassDiffText(b, false, true));
        QCOMPARE(kl::sassDiffText(a, true, true), kl::sassDiffText(b, true, true));
        // RZ, PT and predicates' negation stay: they are not register numbers.
        const kl::SassListing c = listing("        /*0000*/  @P0 IADD3 R12, R4, UR7, R1 ;\n.L_x_3:\n"
                                          "        /*0010*/  BRA `(.L_x_3) ;\n");
        QVERIFY(kl::sassDiffText(a, true, true) != kl::sassDiffText(c, true, true));
    }
};

QTEST_GUILESS_MAIN(TstStageDiff)
#include "tst_stagediff.moc"
