#include "core/nvrtc/nvrtclog.h"

#include <QTest>

// Log lines as NVRTC 13.0 wrote them (captured from real compiles of broken sources).
class TstNvrtcLog : public QObject {
    Q_OBJECT
private slots:
    void parses_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("lineNo");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("message");
        QTest::newRow("error") << "k.cu(12): error: expected a \";\""
                               << "k.cu" << 12 << "error"
                               << "expected a \";\"";
        QTest::newRow("numbered warning")
            << "dir/my(k).cu(1): warning #177-D: variable \"y\" was declared but never referenced"
            << "dir/my(k).cu" << 1 << "warning"
            << "variable \"y\" was declared but never referenced";
        QTest::newRow("catastrophic") << "a.cu(3): catastrophic error: cannot open source file \"missing.h\""
                                      << "a.cu" << 3 << "catastrophic error"
                                      << "cannot open source file \"missing.h\"";
        QTest::newRow("header") << "/usr/include/x.h(200): remark #1234: note this"
                                << "/usr/include/x.h" << 200 << "remark"
                                << "note this";
        QTest::newRow("option") << "nvrtc: error: unrecognized option -O1 found"
                                << "" << 0 << "error"
                                << "unrecognized option -O1 found";
    }
    void parses()
    {
        QFETCH(QString, line);
        QFETCH(QString, file);
        QFETCH(int, lineNo);
        QFETCH(QString, severity);
        QFETCH(QString, message);
        const auto d = kl::parseNvrtcLog(line.toStdString() + "\r\n  context line\n    ^\n");
        QCOMPARE(d.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(d[0].file), file);
        QCOMPARE(d[0].line, lineNo);
        QCOMPARE(QString::fromStdString(d[0].severity), severity);
        QCOMPARE(QString::fromStdString(d[0].message), message);
    }
    void ignoresContextAndSummaries()
    {
        const auto d =
            kl::parseNvrtcLog("  int y = 3 x;\n          ^\n\nRemark: The warnings can be suppressed\n"
                              "1 error detected in the compilation of \"k.cu\".\nk.cu(x): error: no\n"
                              "k.cu(4) error: no colon\n");
        QVERIFY(d.empty());
        QVERIFY(!kl::hasErrors(d));
    }
    void hasErrors()
    {
        QVERIFY(kl::hasErrors(kl::parseNvrtcLog("k.cu(1): warning: w\nk.cu(2): error: e\n")));
        QVERIFY(!kl::hasErrors(kl::parseNvrtcLog("k.cu(1): warning: w\n")));
    }
};

QTEST_GUILESS_MAIN(TstNvrtcLog)
#include "tst_nvrtclog.moc"
