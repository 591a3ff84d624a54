#include "core/nvrtc/nvrtccompiler.h"
#include "nvrtctestkernels.h"
#include "tests/support/klensprocess.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TstCompileCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A cache, events log and working folder of the test's own.
    ProcessResult klens(const QStringList& args)
    {
        return runKlens(args, {.set = {{"KERNELLENS_CACHE_DIR", m_dir.filePath("cache")},
                                       {"KERNELLENS_EVENTS_LOG", m_dir.filePath("events.jsonl")}},
                               .workingDirectory = m_dir.path()});
    }

    void write(const QString& name, const QByteArray& data)
    {
        QFile f(m_dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(data);
    }

    int cacheFiles()
    {
        int n = 0;
        QDirIterator it(m_dir.filePath("cache"), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            ++n;
        }
        return n;
    }

    QList<QByteArray> events()
    {
        QFile f(m_dir.filePath("events.jsonl"));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        QList<QByteArray> lines = f.readAll().split('\n');
        lines.removeAll(QByteArray());
        return lines;
    }

private slots:
    void initTestCase()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        write("vector_add.cu", kVectorAdd);
        write("broken.cu", kSyntaxError);
    }

    void compileThenHit()
    {
        ProcessResult r = klens({"compile", "vector_add.cu", "--arch", "sm_80"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("compiled (cache miss)"));
        QVERIFY(r.out.contains("kernel vector_add:"));
        QCOMPARE(cacheFiles(), 5);
        r = klens({"compile", "vector_add.cu", "--arch", "sm_80", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value("schema").toString(), QStringLiteral("kernellens.compile/1"));
        QVERIFY(o.value("cache_hit").toBool());
        QVERIFY(!o.value("stages_us").toObject().contains("nvrtc"));
        QCOMPARE(o.value("kernels").toArray().size(), 1);
        QVERIFY(o.value("cubin_bytes").toInt() > 0);
        const auto ev = events();
        QCOMPARE(ev.size(), 2);
        QVERIFY(ev[0].contains("\"cache_hit\":false") && ev[1].contains("\"cache_hit\":true"));
        QVERIFY(ev[1].contains("\"origin\":\"nvrtc\""));

        r = klens({"compile", "vector_add.cu", "--arch", "sm_80", "--always-compile", "--no-log", "-o", "."});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("compiled (cache miss)"));
        QCOMPARE(events().size(), 2);
        QVERIFY(QFile::exists(m_dir.filePath("vector_add.cubin")));

        const QString entry = o.value("entry").toString();
        r = klens({"recompile", "--no-log", entry});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains(": fresh"), r.out.constData());
    }

    void errors()
    {
        const int before = cacheFiles();
        ProcessResult r = klens({"compile", "broken.cu", "--arch", "sm_80"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("broken.cu(4): error: expected a \";\""), r.err.constData());
        QVERIFY(r.err.contains("broken.cu:4: error"));
        QCOMPARE(cacheFiles(), before);

        r = klens({"compile", "vector_add.cu", "--arch", "sm_35"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unsupported arch \"sm_35\"") && r.err.contains("sm_90"));
        r = klens({"compile", "vector_add.cu"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--arch"));
        r = klens({"compile", "nowhere.cu", "--arch", "sm_80"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("nowhere.cu") && r.err.contains("No such file"));
        r = klens({"compile", "vector_add.cu", "--arch", "sm_80", "-O", "9"});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(cacheFiles(), before);
    }
};

QTEST_GUILESS_MAIN(TstCompileCli)
#include "tst_compilecli.moc"
