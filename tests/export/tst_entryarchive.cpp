// Entries packed for a bug report, unpacked again with the real `tar`: every file byte for byte,
// symlinks and temp folders left out and listed, nothing written when the output cannot be.

#include "core/export/entryarchive.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kCache = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");

kl::Entry entryAt(const QString& folder)
{
    bool vanished = false;
    return kl::CacheScanner().scanOne(folder.section('/', 0, -2).toStdString(),
                                      folder.section('/', -1).toStdString(), vanished);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

bool untar(const QString& archive, const QString& into)
{
    return runProcess("tar", {"xzf", archive, "-C", into}).exitCode == 0;
}

} // namespace

class TstEntryArchive : public QObject {
    Q_OBJECT
private slots:
    void roundTripThroughTar()
    {
        QTemporaryDir out;
        const QStringList folders = QDir(kCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(folders.size() >= 2);
        std::vector<kl::Entry> entries = {entryAt(kCache + "/" + folders[0]),
                                          entryAt(kCache + "/" + folders[1])};
        const QString archive = out.filePath("report.tar.gz");
        const kl::ArchiveResult r = kl::exportEntries(entries, archive.toStdString());
        QVERIFY2(r.ok, r.error.english().c_str());
        QVERIFY(r.skipped.empty());
        QVERIFY(untar(archive, out.path()));
        int files = 0;
        for (int i = 0; i < 2; ++i) {
            for (const QString& f : QDir(kCache + "/" + folders[i]).entryList(QDir::Files)) {
                QCOMPARE(readAll(out.filePath(folders[i] + "/" + f)),
                         readAll(kCache + "/" + folders[i] + "/" + f));
                ++files;
            }
        }
        QCOMPARE(int(r.files), files);
        const QJsonObject listing =
            QJsonDocument::fromJson(readAll(out.filePath("kernellens-export.json"))).object();
        QCOMPARE(listing["schema"].toString(), QString("kernellens.export/1"));
        QCOMPARE(listing["files"].toArray().size(), files);
        for (const QJsonValue& v : listing["files"].toArray()) {
            const QJsonObject f = v.toObject();
            const QByteArray bytes = readAll(out.filePath(f["path"].toString()));
            QCOMPARE(f["sha256"].toString(),
                     QString(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        }
        QVERIFY(!QFile::exists(archive + ".tmp." + QString::number(::getpid())));
    }

    void symlinksAndFoldersAreLeftOut()
    {
        TempCache c, outside;
        outside.write("secret", "not for the archive");
        const QString entry = c.filePath("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMNOPQRST");
        QVERIFY(QDir().mkpath(entry + "/tmp.pid_1_x"));
        c.write("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEFGHIJKLMNOPQRST/k.ptx", "// ptx\n");
        QVERIFY(QFile::link(outside.filePath("secret"), entry + "/k.cubin"));
        QTemporaryDir out;
        const kl::ArchiveResult r =
            kl::exportEntries({entryAt(entry)}, out.filePath("a.tar.gz").toStdString());
        QVERIFY2(r.ok, r.error.english().c_str());
        QCOMPARE(r.files, std::size_t(1));
        QCOMPARE(r.skipped.size(), std::size_t(2));
        QVERIFY(untar(out.filePath("a.tar.gz"), out.path()));
        QDirIterator it(out.path(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            QVERIFY2(!readAll(it.next()).contains("not for the archive"), qPrintable(it.filePath()));
    }

    void anUnwritableOutputNamesThePathAndLeavesNothing()
    {
        const QString folder =
            kCache + "/" + QDir(kCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot).first();
        const kl::ArchiveResult r = kl::exportEntries({entryAt(folder)}, "/nonexistent/dir/a.tar.gz");
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("/nonexistent/dir/a.tar.gz") != std::string::npos,
                 r.error.english().c_str());
        QVERIFY2(r.error.english().find("No such file or directory") != std::string::npos,
                 r.error.english().c_str());
    }

    void cli()
    {
        QTemporaryDir out;
        const QString first = QDir(kCache).entryList(QDir::Dirs | QDir::NoDotAndDotDot).first();
        ProcessResult r =
            runKlens({"export", first.left(8), "--root", kCache, "-o", out.filePath("e.tar.gz")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("1 entry, "));
        QVERIFY(QFile::exists(out.filePath("e.tar.gz")));
        r = runKlens({"export", "NOSUCHPREFIX", "--root", kCache, "-o", out.filePath("f.tar.gz")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFile::exists(out.filePath("f.tar.gz")));
    }
};

QTEST_GUILESS_MAIN(TstEntryArchive)
#include "tst_entryarchive.moc"
