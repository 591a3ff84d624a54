// `klens remote` end to end against a real server: the documented JSON, exit codes, a dry run
// that deletes nothing, and clear errors for a bad format or a server that is not there.
#include "remotetestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

namespace {

struct Run {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run klens(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    QProcessEnvironment e = env;
    e.remove("KERNELLENS_REDIS_URL");
    e.remove("TRITON_REDIS_KEY_FORMAT");
    for (const QString& k : env.keys())
        if (k == "KERNELLENS_REDIS_URL" || k == "TRITON_REDIS_KEY_FORMAT")
            e.insert(k, env.value(k));
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(KL_KLENS_BIN), args);
    p.waitForFinished(60000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QJsonObject json(const Run& r)
{
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TstRemoteCli : public QObject {
    Q_OBJECT
private slots:
    void pushListPullDoctorClean()
    {
        RedisServer server;
        KL_START_REDIS(server);
        const QString url = server.url();

        Run push = klens({"remote", "push", demoCache(), "--url", url, "--json"});
        QCOMPARE(push.code, 0);
        QJsonObject pushed = json(push);
        QCOMPARE(pushed["schema"].toString(), QStringLiteral("kernellens.remote-transfer/1"));
        QCOMPARE(pushed["done"].toInt(), demoKeys().size());
        // Pushing again changes nothing: the server has them.
        Run again = klens({"remote", "push", demoCache(), "--url", url, "--json"});
        QCOMPARE(again.code, 0);
        QCOMPARE(json(again)["skipped"].toInt(), demoKeys().size());

        // The server given as the variable a Triton backend reads too.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("KERNELLENS_REDIS_URL", url);
        Run ls = klens({"remote", "ls", "--json"}, env);
        QCOMPARE(ls.code, 0);
        QJsonObject doc = json(ls);
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.remote/1"));
        QCOMPARE(doc["server"].toString(), url);
        QCOMPARE(doc["key_format"].toString(), QStringLiteral("triton:{key}:{filename}"));
        QStringList listed;
        for (const QJsonValue& e : doc["entries"].toArray()) {
            listed << e["folder"].toString();
            QCOMPARE(e["status"].toString(), QStringLiteral("complete"));
            QVERIFY(e["idle_seconds"].isDouble());
        }
        QCOMPARE(listed, demoKeys());
        QCOMPARE(doc["summary"].toObject()["keys"].toInt(), server.cli({"DBSIZE"}).trimmed().toInt());

        Run table = klens({"remote", "ls", url});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("_row_softmax_kernel"));

        Run show = klens({"remote", "show", demoKeys().front(), "--url", url});
        QCOMPARE(show.code, 0);
        QVERIFY2(show.out.contains("matches the key"), show.out.constData());

        QTemporaryDir into;
        Run pull =
            klens({"remote", "pull", "--all", "--into", into.path(), "--url", url, "--json", "--no-fsync"});
        QCOMPARE(pull.code, 0);
        QCOMPARE(json(pull)["done"].toInt(), demoKeys().size());
        Run scan = klens({"scan", into.path(), "--json"});
        QCOMPARE(scan.code, 0); // complete, no problems
        QCOMPARE(json(scan)["summary"].toObject()["entries"].toInt(), demoKeys().size());

        Run stats = klens({"remote", "stats", url, "--json"});
        QCOMPARE(stats.code, 0);
        QCOMPARE(json(stats)["summary"].toObject()["entries"].toInt(), demoKeys().size());
        QVERIFY(json(stats)["used_memory"].toDouble() > 0);

        Run healthy = klens({"remote", "doctor", url});
        QCOMPARE(healthy.code, 0);

        // Break one entry: the doctor says so and exits 1; clean --broken is a dry run until --apply.
        const QString key = demoKeys().front();
        const QByteArray group = server.cli({"--scan", "--pattern", "triton:" + key + ":__grp__*"}).trimmed();
        QVERIFY(!group.isEmpty());
        server.cli({"DEL", QString::fromUtf8(group)});
        Run sick = klens({"remote", "doctor", url});
        QCOMPARE(sick.code, 1);
        QVERIFY2(sick.out.contains("missing-group"), sick.out.constData());
        const QByteArray keysBefore = server.cli({"DBSIZE"}).trimmed();
        Run dry = klens({"remote", "clean", url, "--broken", "--json"});
        QCOMPARE(dry.code, 0);
        QCOMPARE(json(dry)["dry_run"].toBool(), true);
        QCOMPARE(json(dry)["entries"].toArray().size(), 1);
        QCOMPARE(server.cli({"DBSIZE"}).trimmed(), keysBefore);
        Run apply = klens({"remote", "clean", url, "--broken", "--apply"});
        QCOMPARE(apply.code, 0);
        QVERIFY(server.cli({"DBSIZE"}).trimmed().toInt() < keysBefore.toInt());
        QCOMPARE(klens({"remote", "doctor", url}).code, 0);
    }

    void errors()
    {
        const int port = freeLocalPort();
        Run down = klens({"remote", "ls", QStringLiteral("redis://127.0.0.1:%1").arg(port)});
        QCOMPARE(down.code, 2);
        QVERIFY2(down.err.contains(QStringLiteral("redis://127.0.0.1:%1/0").arg(port).toUtf8()) &&
                     down.err.contains("cannot connect"),
                 down.err.constData());

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TRITON_REDIS_KEY_FORMAT", "triton:{filename}");
        Run format = klens({"remote", "ls", QStringLiteral("redis://127.0.0.1:%1").arg(port)}, env);
        QCOMPARE(format.code, 2);
        QVERIFY2(format.err.contains("triton:{filename}") && format.err.contains("{key}"),
                 format.err.constData());

        Run url = klens({"remote", "ls", "http://example.com"});
        QCOMPARE(url.code, 2);
        QVERIFY(url.err.contains("http://example.com"));

        Run noWhat = klens({"remote", "clean", QStringLiteral("redis://127.0.0.1:%1").arg(port)});
        QCOMPARE(noWhat.code, 2);
        QVERIFY(noWhat.err.contains("--idle"));

        Run both = klens({"remote", "pull", "KEY", "--all"});
        QCOMPARE(both.code, 2);
    }
};

QTEST_GUILESS_MAIN(TstRemoteCli)
#include "tst_remotecli.moc"
