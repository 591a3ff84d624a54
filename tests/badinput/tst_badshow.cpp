// Bad input: every case must end in a per-entry problem (a stable code from kl::problem) or an
// error that names the path and the cause. Never a crash, never a hang. Each case is checked
// in-process (kl::CacheScanner) and, where the CLI contract matters, through the real klens binary.
//
// This suite: `klens show` (core/report's EntryDetail and the CLI) on symlinked and FIFO stages
// and deeply nested metadata, and control characters in names printed by `klens scan`.

#include "tests/support/badinput.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

class TstBadShow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    // klens show reads stage text: the same rules hold there
    void showNeverFollowsOrBlocks();
    void showDeepJson();
    void controlCharactersInNames();
};

void TstBadShow::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(KL_KLENS_BIN)).isExecutable(), KL_KLENS_BIN " is not built");
}

// ---------------------------------------------------------------------------------------------
// klens show: stage text is read by path; a symlinked stage must not be followed (out of the
// cache, or onto a FIFO that would block the open forever).

void TstBadShow::showNeverFollowsOrBlocks()
{
    QTemporaryDir outer;
    QVERIFY(outer.isValid());
    const QString fifo = outer.filePath("fifo");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
    const QString sentinel = outer.filePath("secret.ttir");
    {
        QFile f(sentinel);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SENTINEL-MUST-NOT-BE-READ\n");
    }
    const QString root = outer.filePath("root");
    QVERIFY(QDir().mkpath(root));
    const QString folder = base32Folder(hashOf("show"));
    const QString entry = root + "/" + folder;
    QVERIFY(QDir().mkpath(entry));
    auto put = [](const QString& path, const QByteArray& data) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
    };
    QVERIFY(put(entry + "/add_kernel.json", validMeta(hashOf("show"))));
    QVERIFY(put(entry + "/__grp__add_kernel.json",
                "{\"child_paths\": [\"add_kernel.json\", \"add_kernel.ptx\", \"add_kernel.ttir\"]}"));
    QVERIFY(QFile::link(fifo, entry + "/add_kernel.ptx"));
    QVERIFY(QFile::link(sentinel, entry + "/add_kernel.ttir"));

    OpenWatch watch(sentinel);
    QVERIFY(watch.valid());
    for (const QString& stage : {QString("ptx"), QString("ttir")}) {
        const ProcessResult cli = runKlens({"show", entry, "--stage", stage}, {.timeoutMs = 30000});
        VERIFY_RAN(cli);
        QCOMPARE(cli.exitCode, kExitError);
        const QString err = QString::fromLocal8Bit(cli.err);
        QVERIFY2(err.contains(entry + "/add_kernel." + stage), qPrintable(err));
        QVERIFY2(err.contains("symbolic link"), qPrintable(err));
        QVERIFY(!cli.out.contains("SENTINEL"));
    }
    QCOMPARE(watch.events(), 0);
    // the detail view lists the links with their problem and still ends
    const ProcessResult detail = runKlens({"show", entry, "--json"}, {.timeoutMs = 30000});
    VERIFY_RAN(detail);
    QCOMPARE(detail.exitCode, kExitProblems);
    QVERIFY(QJsonDocument::fromJson(detail.out).isObject());
    QCOMPARE(watch.events(), 0);
}

void TstBadShow::showDeepJson()
{
    // The scan reports this file (brokenJson); `klens show` parses it again on its own.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("show-deep"));
    cache.write(folder + "/add_kernel.json", QByteArray(200000, '['));
    const ProcessResult cli = runKlens({"show", cache.filePath(folder)}, {.timeoutMs = 60000});
    QVERIFY(cli.started);
    QVERIFY2(cli.finished, "klens show did not finish: hang");
    QVERIFY2(!cli.crashed, "klens show crashed on deeply nested metadata");
    QCOMPARE(cli.exitCode, kExitProblems);
    // Well-formed but 100 000 deep: the scan parses it (iteratively); show, which writes values
    // back as text, must refuse it rather than recurse.
    cache.write(folder + "/add_kernel.json", "{\"name\": \"add_kernel\", \"x\": " + QByteArray(100000, '[') +
                                                 QByteArray(100000, ']') + "}");
    const ProcessResult deep = runKlens({"show", cache.filePath(folder), "--json"}, {.timeoutMs = 60000});
    QVERIFY2(deep.finished && !deep.crashed, "klens show crashed on well-formed deep metadata");
    QVERIFY(QJsonDocument::fromJson(deep.out).isObject());
    QVERIFY2(!cli.crashed, "klens show crashed on deeply nested metadata");
    QCOMPARE(cli.exitCode, kExitProblems);
}

void TstBadShow::controlCharactersInNames()
{
    // Valid UTF-8, but a terminal would act on it: printed escaped, written as JSON escapes.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString evil = QString::fromUtf8("x\x1b[2J\ny\tz\x7f");
    QVERIFY(QDir().mkpath(cache.filePath(evil)));
    cache.write(evil + "/" + evil + ".ptx", "// ptx");
    cache.write(evil + ".json", "{}");
    const ProcessResult table = runKlens({"scan", cache.path()});
    VERIFY_RAN(table);
    QVERIFY2(!table.out.contains('\x1b'), table.out.constData());
    QVERIFY(!table.out.contains("x\ny"));
    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    QStringList folders;
    for (const QJsonValue& v : doc.value("entries").toArray())
        folders << v.toObject().value("folder").toString();
    QVERIFY2(folders.contains(evil), qPrintable(folders.join(" | ")));
    QVERIFY(folders.contains(evil + ".json"));
}

QTEST_GUILESS_MAIN(TstBadShow)
#include "tst_badshow.moc"
