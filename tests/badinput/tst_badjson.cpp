// Bad input: every case must end in a per-entry problem (a stable code from kl::problem) or an
// error that names the path and the cause. Never a crash, never a hang. Each case is checked
// in-process (kl::CacheScanner) and, where the CLI contract matters, through the real klens binary.
//
// This suite: the JSON an entry holds (core/formats and core/scan's entry reader) -- empty,
// truncated, hostile, non-finite, oversized, huge but valid, and not UTF-8.

#include "core/util/utf8.h"
#include "tests/support/badinput.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

namespace {

QString statusOf(const kl::Entry& e)
{
    return QString::fromLatin1(kl::toString(e.status));
}
QString kindOf(const kl::Entry& e)
{
    return QString::fromLatin1(kl::toString(e.kind));
}

} // namespace

class TstBadJson : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    // 4 and 10: broken and odd json
    void brokenJson_data();
    void brokenJson();
    void infinityAndNanParse();
    void oversizedJson_data();
    void oversizedJson();
    void hugeButValidJson();
    // 7.
    void nonUtf8JsonContent();
};

void TstBadJson::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(KL_KLENS_BIN)).isExecutable(), KL_KLENS_BIN " is not built");
}

// ---------------------------------------------------------------------------------------------
// 4 and 10. Empty, truncated, odd and hostile json.

void TstBadJson::brokenJson_data()
{
    QTest::addColumn<QString>("file"); // "meta", "group" or "ptx"
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("message"); // regular expression the problem message must match

    const QByteArray meta = validMeta(hashOf("broken"));
    const QString corrupt = "corrupt";
    const QString cj = QString::fromLatin1(kl::problem::CorruptJson);
    const QString ef = QString::fromLatin1(kl::problem::EmptyFile);

    QTest::newRow("zero-byte metadata")
        << "meta" << QByteArray() << ef << corrupt << "is empty \\(0 bytes\\)";
    QTest::newRow("zero-byte group file")
        << "group" << QByteArray() << ef << corrupt << "is empty \\(0 bytes\\)";
    QTest::newRow("zero-byte stage file")
        << "ptx" << QByteArray() << ef << corrupt << "is empty \\(0 bytes\\)";
    QTest::newRow("truncated metadata") << "meta" << meta.left(57) << cj << corrupt << "at byte \\d+";
    QTest::newRow("truncated group file")
        << "group" << QByteArray("{\"child_paths\": [\"add_ker") << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: whitespace only")
        << "meta" << QByteArray(" \n\t ") << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: trailing garbage") << "meta" << meta + " }{" << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: binary garbage with NUL") << "meta"
                                                       << QByteArray("\x7f"
                                                                     "ELF\0\0\x01\xff\xfe",
                                                                     9)
                                                       << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: NUL inside")
        << "meta" << meta.left(20) + QByteArray(1, '\0') + meta.mid(21) << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata is a JSON array")
        << "meta" << QByteArray("[1, 2, {\"hash\": \"x\"}]") << cj << corrupt << "not a JSON object";
    QTest::newRow("metadata is a JSON string")
        << "meta" << QByteArray("\"add_kernel\"") << cj << corrupt << "not a JSON object";
    QTest::newRow("metadata is null") << "meta" << QByteArray("null") << cj << corrupt << "not a JSON object";
    QTest::newRow("group file without child_paths")
        << "group" << QByteArray("{\"children\": []}") << cj << corrupt << "child_paths";
    QTest::newRow("child_paths is a number")
        << "group" << QByteArray("{\"child_paths\": 42}") << cj << corrupt << "child_paths";
    QTest::newRow("child_paths is a string")
        << "group" << QByteArray("{\"child_paths\": \"add_kernel.ptx\"}") << cj << corrupt << "child_paths";
    QTest::newRow("child_paths list of numbers")
        << "group" << QByteArray("{\"child_paths\": [1, 2]}") << cj << corrupt << "child_paths";
    QTest::newRow("group file is an array")
        << "group" << QByteArray("[\"add_kernel.ptx\"]") << cj << corrupt << "not a JSON object";
    // rapidjson's recursive parser overflowed the stack on 200 000 '[' (SIGSEGV). The scanner now
    // parses iteratively (these end at the truncation); readers that write values back refuse depth.
    QTest::newRow("metadata nested 200000 deep")
        << "meta" << QByteArray(200000, '[') << cj << corrupt
        << "(nested deeper than \\d+ levels|Invalid value\\.) at byte \\d+";
    QTest::newRow("group file nested 200000 deep")
        << "group" << QByteArray("{\"child_paths\": ") + QByteArray(200000, '[') << cj << corrupt
        << "(nested deeper than \\d+ levels|Invalid value\\.) at byte \\d+";
    QTest::newRow("metadata nested objects 100000 deep")
        << "meta" << QByteArray("{\"a\":").repeated(100000) << cj << corrupt
        << "(nested deeper than|Invalid value\\.)";
    // just under the limit: parsed (and no stack trouble, also under ASan in a worker thread)
    QTest::newRow("metadata nested 500 deep (valid)") << "meta"
                                                      << QByteArray("{\"name\": \"add_kernel\", \"x\": ") +
                                                             QByteArray(499, '[') + QByteArray(499, ']') + "}"
                                                      << QString() << "complete" << QString();
    // brackets inside strings are text, not nesting
    QTest::newRow("metadata with brackets in strings (valid)")
        << "meta" << QByteArray("{\"name\": \"add_kernel\", \"x\": \"") + QByteArray(5000, '[') + "\\\"\"}"
        << QString() << "complete" << QString();
}

void TstBadJson::brokenJson()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, code);
    QFETCH(QString, status);
    QFETCH(QString, message);

    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("broken"));
    const QString rel = folder + "/" +
                        (file == "meta"    ? QString("add_kernel.json")
                         : file == "group" ? QString("__grp__add_kernel.json")
                                           : QString("add_kernel.ptx"));
    cache.write(rel, content);
    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    if (code.isEmpty()) {
        QVERIFY2(!e->hasProblem(kl::problem::CorruptJson), qPrintable(describe(*e)));
        QCOMPARE(QString::fromLatin1(kl::toString(e->status)), status);
        return;
    }
    const kl::Problem* p = findProblem(*e, code.toStdString());
    QVERIFY2(p, qPrintable(describe(*e)));
    const QString msg = QString::fromStdString(p->message.english());
    QVERIFY2(msg.contains(cache.filePath(rel)), qPrintable(msg));
    QVERIFY2(msg.contains(QRegularExpression(message)), qPrintable(msg));
    QCOMPARE(QString::fromLatin1(kl::toString(e->status)), status);

    if (file == "meta" && message.startsWith("at byte")) {
        // the offset is where the damage is, not 0
        const QRegularExpressionMatch m = QRegularExpression("at byte (\\d+)").match(msg);
        QVERIFY(m.hasMatch());
        QVERIFY2(m.captured(1).toLongLong() <= content.size(), qPrintable(msg));
        if (QTest::currentDataTag() == QByteArray("truncated metadata"))
            QCOMPARE(m.captured(1).toLongLong(), qint64(content.size()));
    }

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitProblems);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    const QJsonObject entry = jsonEntry(doc, folder);
    QVERIFY2(jsonCodes(entry).contains(code), cli.out.constData());
    QCOMPARE(entry.value("status").toString(), status);
}

void TstBadJson::infinityAndNanParse()
{
    // json.dumps writes Infinity, -Infinity and NaN: not strict JSON, but what real caches hold.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString hash = hashOf("inf");
    const QString folder = cache.addKernel(kKernel, hash);
    cache.write(
        folder + "/add_kernel.json",
        QStringLiteral("{\"hash\": \"%1\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, \"warp_size\": "
                       "32}, \"num_warps\": 8, \"num_stages\": 2, \"max_val\": Infinity, \"min_val\": "
                       "-Infinity, \"fill\": NaN, \"list\": [NaN, Infinity, -Infinity, 1e308], "
                       "\"triton_version\": \"3.5.0\", \"shared\": 1024, \"name\": \"add_kernel\"}")
            .arg(hash)
            .toUtf8());
    cache.write("ATUNE/add_kernel.autotune.json",
                "{\"key\": [1024, \"torch.float16\"], \"configs_timings\": [[{\"num_warps\": 4}, "
                "[Infinity, "
                "Infinity, Infinity]], [{\"num_warps\": 8}, [0.5, NaN, -Infinity]]]}");

    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->problems.empty(), qPrintable(describe(*e)));
    QCOMPARE(statusOf(*e), QStringLiteral("complete"));
    QCOMPARE(e->numWarps.value_or(-1), 8);
    QCOMPARE(e->shared.value_or(-1), 1024);
    QCOMPARE(e->hash, hash.toStdString());
    QCOMPARE(e->hashOk.value_or(false), true);
    const kl::Entry* a = findEntry(snap, "ATUNE");
    QVERIFY2(a, qPrintable(describe(snap)));
    QCOMPARE(kindOf(*a), QStringLiteral("autotune"));
    QVERIFY2(a->problems.empty(), qPrintable(describe(*a)));
    QCOMPARE(statusOf(*a), QStringLiteral("complete"));

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitOk);
    QString why;
    QVERIFY2(!parseScanJson(cli.out, why).isEmpty(), qPrintable(why));
}

void TstBadJson::oversizedJson_data()
{
    QTest::addColumn<QString>("rel");
    QTest::addColumn<bool>("autotune");
    QTest::newRow("metadata") << "add_kernel.json" << false;
    QTest::newRow("group file") << "__grp__add_kernel.json" << false;
    QTest::newRow("autotune result") << "x.autotune.json" << true;
}

void TstBadJson::oversizedJson()
{
    QFETCH(QString, rel);
    QFETCH(bool, autotune);
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = autotune ? QString("ATUNE") : cache.addKernel(kKernel, hashOf("big"));
    // valid json, only too big for the limit set below
    cache.write(folder + "/" + rel, "{\"pad\": \"" + QByteArray(4000, 'x') + "\", \"child_paths\": []}");
    kl::ScanOptions options;
    options.maxJsonBytes = 1024;
    const qint64 before = readChars();
    const kl::Snapshot snap = scanDir(cache.path(), options);
    const qint64 after = readChars();
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    const kl::Problem* p = findProblem(*e, kl::problem::Oversized);
    QVERIFY2(p, qPrintable(describe(*e)));
    const QString msg = QString::fromStdString(p->message.english());
    QVERIFY2(msg.contains(cache.filePath(folder + "/" + rel)) && msg.contains("1024"), qPrintable(msg));
    QCOMPARE(statusOf(*e), QStringLiteral("corrupt"));
    if (before >= 0 && after >= 0) // the big file was not read (the other json files are < 1 KiB each)
        QVERIFY2(after - before < 4000, qPrintable(QString::number(after - before)));
}

void TstBadJson::hugeButValidJson()
{
    // 8 MB of metadata below the default limit: read and parsed, no problem, no crash.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString hash = hashOf("huge");
    const QString folder = cache.addKernel(kKernel, hash);
    QByteArray big = "{\"hash\": \"" + hash.toLatin1() + "\", \"extern_libs\": [";
    for (int i = 0; i < 400000; ++i)
        big += (i ? ", " : "") + QByteArray("[\"lib") + QByteArray::number(i) + "\", 1.5]";
    big += "], \"num_warps\": 4, \"name\": \"add_kernel\"}";
    cache.write(folder + "/add_kernel.json", big);
    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->problems.empty(), qPrintable(describe(*e)));
    QCOMPARE(e->numWarps.value_or(-1), 4);
}

void TstBadJson::nonUtf8JsonContent()
{
    // Invalid UTF-8 and escaped NUL inside the json strings of an entry (rapidjson does not
    // validate).
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("bytes"));
    cache.write(
        folder + "/add_kernel.json",
        QByteArray("{\"hash\": \"\xff\xfe\", \"name\": \"add\xed\xa0\x80kernel\\u0000x\", \"target\": "
                   "{\"backend\": \"cu\xc0\xaf\", \"arch\": \"\xf4\x90\x80\x80\"}, \"triton_version\": "
                   "\"3.\xff\"}"));
    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    for (const kl::Problem& p : e->problems)
        QVERIFY2(kl::isValidUtf8(p.message.english()), qPrintable(describe(*e)));
    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QVERIFY(cli.exitCode == kExitProblems || cli.exitCode == kExitOk);
    QString why;
    QVERIFY2(!parseScanJson(cli.out, why).isEmpty(), qPrintable(why));
    const ProcessResult table = runKlens({"scan", cache.path()});
    VERIFY_RAN(table);
}

QTEST_GUILESS_MAIN(TstBadJson)
#include "tst_badjson.moc"
