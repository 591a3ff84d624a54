// Python's repr() of str, str() of floats and of JSON-shaped values, checked against literals
// CPython 3.11 prints, and the printable table against the Python that generated it.
#include "core/keys/optionshash.h"
#include "core/keys/pythonrepr.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <cmath>

class TstPythonRepr : public QObject {
    Q_OBJECT
private slots:
    void strRepr_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("repr");
        // Each expected value was printed by CPython 3.11's repr().
        QTest::addRow("empty") << QByteArray("") << QByteArray("''");
        QTest::addRow("plain") << QByteArray("ieee") << QByteArray("'ieee'");
        QTest::addRow("single quote") << QByteArray("it's") << QByteArray("\"it's\"");
        QTest::addRow("double quote") << QByteArray("say \"hi\"") << QByteArray("'say \"hi\"'");
        QTest::addRow("both quotes") << QByteArray("it's \"x\"") << QByteArray("'it\\'s \"x\"'");
        QTest::addRow("backslash") << QByteArray("C:\\tmp\\") << QByteArray("'C:\\\\tmp\\\\'");
        QTest::addRow("backslash, single quote") << QByteArray("a\\'b") << QByteArray("\"a\\\\'b\"");
        QTest::addRow("tab newline cr") << QByteArray("a\nb\tc\rd") << QByteArray("'a\\nb\\tc\\rd'");
        QTest::addRow("nul and controls")
            << QByteArray("\x00\x01\x1b\x7f", 4) << QByteArray("'\\x00\\x01\\x1b\\x7f'");
        QTest::addRow("latin-1 printable")
            << QByteArray("caf\xc3\xa9 \xc2\xa1") << QByteArray("'caf\xc3\xa9 \xc2\xa1'");
        QTest::addRow("nbsp, soft hyphen") << QByteArray("\xc2\xa0\xc2\xad") << QByteArray("'\\xa0\\xad'");
        QTest::addRow("c1 controls") << QByteArray("\xc2\x80\xc2\x85") << QByteArray("'\\x80\\x85'");
        QTest::addRow("zero width space") << QByteArray("\xe2\x80\x8b") << QByteArray("'\\u200b'");
        QTest::addRow("line separator") << QByteArray("\xe2\x80\xa8") << QByteArray("'\\u2028'");
        QTest::addRow("ideographic space") << QByteArray("\xe3\x80\x80") << QByteArray("'\\u3000'");
        QTest::addRow("bom") << QByteArray("\xef\xbb\xbf") << QByteArray("'\\ufeff'");
        QTest::addRow("private use") << QByteArray("\xee\x80\x80") << QByteArray("'\\ue000'");
        QTest::addRow("unassigned") << QByteArray("\xcd\xb8") << QByteArray("'\\u0378'");
        QTest::addRow("tag character") << QByteArray("\xf3\xa0\x80\x81") << QByteArray("'\\U000e0001'");
        QTest::addRow("max code point") << QByteArray("\xf4\x8f\xbf\xbf") << QByteArray("'\\U0010ffff'");
        QTest::addRow("cjk") << QByteArray("\xe6\x8f\x92\xe4\xbb\xb6")
                             << QByteArray("'\xe6\x8f\x92\xe4\xbb\xb6'");
        QTest::addRow("emoji") << QByteArray("\xf0\x9f\x98\x80") << QByteArray("'\xf0\x9f\x98\x80'");
        QTest::addRow("combining") << QByteArray("e\xcc\x81") << QByteArray("'e\xcc\x81'");
        QTest::addRow("invalid byte") << QByteArray("a\xff"
                                                    "b")
                                      << QByteArray("'a\\udcffb'");
        QTest::addRow("truncated sequence") << QByteArray("\xe2\x82(") << QByteArray("'\\udce2\\udc82('");
        QTest::addRow("encoded surrogate")
            << QByteArray("\xed\xa0\x80") << QByteArray("'\\udced\\udca0\\udc80'");
        QTest::addRow("overlong") << QByteArray("\xc0\xaf") << QByteArray("'\\udcc0\\udcaf'");
    }

    void strRepr()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, repr);
        QCOMPARE(QByteArray::fromStdString(kl::pythonStrRepr(text.toStdString())), repr);
    }

    void surrogateEscapeRoundTrips()
    {
        const std::string bytes("a\xff\xc3\xa9\xe2\x82(\xf0\x9f\x98\x80", 11);
        QCOMPARE(QByteArray::fromStdString(kl::encodeUtf8(kl::decodeSurrogateEscape(bytes))),
                 QByteArray::fromStdString(bytes));
    }

    void strOrder()
    {
        QVERIFY(kl::pythonStrLess("Alpha", "_u"));
        QVERIFY(kl::pythonStrLess("_u", "zeta"));
        QVERIFY(kl::pythonStrLess("zeta", "\xc3\xa9"));
        QVERIFY(kl::pythonStrLess("A", "AB"));
        QVERIFY(!kl::pythonStrLess("AB", "AB"));
        // U+FFFF sorts before U+10000 by code point even though both start with a 0xEF/0xF0 byte.
        QVERIFY(kl::pythonStrLess("\xef\xbf\xbf", "\xf0\x90\x80\x80"));
    }

    void floatRepr_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("repr");
        QTest::addRow("1.0") << 1.0 << "1.0";
        QTest::addRow("0.1") << 0.1 << "0.1";
        QTest::addRow("2.5") << 2.5 << "2.5";
        QTest::addRow("0.0001") << 0.0001 << "0.0001";
        QTest::addRow("1e-05") << 1e-05 << "1e-05";
        QTest::addRow("1e15") << 1e15 << "1000000000000000.0";
        QTest::addRow("1e16") << 1e16 << "1e+16";
        QTest::addRow("big") << 123456789012345678.0 << "1.2345678901234568e+17";
        QTest::addRow("tiny") << 1.5e-300 << "1.5e-300";
        QTest::addRow("0.0") << 0.0 << "0.0";
        QTest::addRow("-0.0") << -0.0 << "-0.0";
        QTest::addRow("-2.75") << -2.75 << "-2.75";
        QTest::addRow("1/3") << 1.0 / 3 << "0.3333333333333333";
        QTest::addRow("inf") << HUGE_VAL << "inf";
        QTest::addRow("-inf") << -HUGE_VAL << "-inf";
        QTest::addRow("nan") << std::nan("") << "nan";
    }

    void floatRepr()
    {
        QFETCH(double, value);
        QFETCH(QString, repr);
        QCOMPARE(QString::fromStdString(kl::pythonFloatRepr(value)), repr);
    }

    void strOfJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("str");
        QTest::addRow("top-level string is bare") << QByteArray("\"sm90\"") << QByteArray("sm90");
        QTest::addRow("empty string") << QByteArray("\"\"") << QByteArray("");
        QTest::addRow("true") << QByteArray("true") << QByteArray("True");
        QTest::addRow("false") << QByteArray("false") << QByteArray("False");
        QTest::addRow("null") << QByteArray("null") << QByteArray("None");
        QTest::addRow("int") << QByteArray("1073741824") << QByteArray("1073741824");
        QTest::addRow("negative") << QByteArray("-3") << QByteArray("-3");
        QTest::addRow("float") << QByteArray("1.0") << QByteArray("1.0");
        QTest::addRow("Infinity") << QByteArray("Infinity") << QByteArray("inf");
        QTest::addRow("empty tuple") << QByteArray("[]") << QByteArray("()");
        QTest::addRow("1-tuple") << QByteArray("[\"fp8e4b15\"]") << QByteArray("('fp8e4b15',)");
        QTest::addRow("tuple") << QByteArray("[\"tf32\", \"ieee\"]") << QByteArray("('tf32', 'ieee')");
        QTest::addRow("nested") << QByteArray("[[\"a\", 1], [\"b\", null]]")
                                << QByteArray("(('a', 1), ('b', None))");
        QTest::addRow("dict") << QByteArray("{\"k\": [true]}") << QByteArray("{'k': (True,)}");
        QTest::addRow("quote inside") << QByteArray("[\"it's\"]") << QByteArray("(\"it's\",)");
    }

    void strOfJson()
    {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, str);
        auto got = kl::pythonStrOfJson(json.toStdString());
        QVERIFY(got);
        QCOMPARE(QByteArray::fromStdString(*got), str);
    }

    // Every code point's isprintable() against the Python that runs Triton (the venv's, else
    // python3), when its Unicode database is the one the table was generated from.
    void printableTableMatchesPython()
    {
        QString python = qEnvironmentVariable("KL_TRITON_PYTHON", QStringLiteral(KL_TRITON_VENV_PYTHON));
        if (!QFileInfo::exists(python))
            python = QStringLiteral("python3");
        QProcess p;
        p.start(python, {"-c", "import json, unicodedata\n"
                               "r=[]; s=None\n"
                               "for c in range(0x110000):\n"
                               "    ok=chr(c).isprintable()\n"
                               "    if ok and s is None: s=c\n"
                               "    if not ok and s is not None: r.append([s,c-1]); s=None\n"
                               "if s is not None: r.append([s,0x10FFFF])\n"
                               "print(json.dumps({'v': unicodedata.unidata_version, 'r': r}))"});
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            QSKIP(qPrintable("no Python to compare with: " + python + " " + p.errorString()));
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QString version = o["v"].toString();
        if (version != QString::fromStdString(std::string(kl::pythonUnicodeVersion())))
            QSKIP(qPrintable(python + " has Unicode " + version + "; the table is Unicode " +
                             QString::fromStdString(std::string(kl::pythonUnicodeVersion()))));
        std::vector<bool> printable(0x110000, false);
        for (const auto& r : o["r"].toArray())
            for (int c = r.toArray()[0].toInt(); c <= r.toArray()[1].toInt(); ++c)
                printable[static_cast<std::size_t>(c)] = true;
        int mismatches = 0;
        for (char32_t c = 0; c < 0x110000; ++c)
            if (kl::pythonIsPrintable(c) != printable[c] && mismatches++ < 5)
                qWarning("U+%04X: KernelLens %d, Python %d", unsigned(c), int(kl::pythonIsPrintable(c)),
                         int(printable[c]));
        QCOMPARE(mismatches, 0);
    }
};

QTEST_GUILESS_MAIN(TstPythonRepr)
#include "tst_pythonrepr.moc"
