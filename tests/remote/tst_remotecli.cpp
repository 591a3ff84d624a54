// `klens remote` end to end against a real server: the documented JSON, exit codes, a dry run
// that deletes nothing, and clear errors for a bad format or a server that is not there.
#include "remotetestutil.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

ProcessResult klens(const QStringList& args, const QMap<QString, QString>& env = {})
{
    return runKlens(args, withoutMachineRedis(env));
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

        ProcessResult push = klens({"remote", "push", demoCache(), "--url", url, "--json"});
        QCOMPARE(push.exitCode, 0);
        QJsonObject pushed = push.json;
        QCOMPARE(pushed["schema"].toString(), QStringLiteral("kernellens.remote-transfer/1"));
        QCOMPARE(pushed["done"].toInt(), demoKeys().size());
        // Pushing again changes nothing: the server has them.
        ProcessResult again = klens({"remote", "push", demoCache(), "--url", url, "--json"});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(again.json["skipped"].toInt(), demoKeys().size());

        // The server given as the variable a Triton backend reads too.
        ProcessResult ls = klens({"remote", "ls", "--json"}, {{"KERNELLENS_REDIS_URL", url}});
        QCOMPARE(ls.exitCode, 0);
        QJsonObject doc = ls.json;
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

        ProcessResult table = klens({"remote", "ls", url});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("_row_softmax_kernel"));
        // Each row starts with the handle the next command takes: a start of the key that no
        // other key shares, shorter than the key, and `remote show` and `show remote:` take it.
        QString handle;
        for (const QByteArray& line : table.out.split('\n'))
            if (line.contains("_row_softmax_kernel"))
                handle = QString::fromUtf8(line.split(' ').front());
        QVERIFY2(handle.size() >= 8, table.out.constData());
        QStringList startsWith;
        for (const QString& k : demoKeys())
            if (k.startsWith(handle))
                startsWith << k;
        QCOMPARE(startsWith.size(), 1);
        QVERIFY(handle.size() < startsWith.front().size());
        ProcessResult byHandle = klens({"remote", "show", handle, "--url", url});
        QCOMPARE(byHandle.exitCode, 0);
        QVERIFY2(byHandle.out.contains(startsWith.front().toUtf8()), byHandle.out.constData());
        QTemporaryDir pulledOne;
        ProcessResult pullOne = klens(
            {"remote", "pull", handle, "--into", pulledOne.path(), "--url", url, "--json", "--no-fsync"});
        QCOMPARE(pullOne.exitCode, 0);
        QCOMPARE(pullOne.json["done"].toInt(), 1);
        QVERIFY(QDir(pulledOne.filePath(startsWith.front())).exists());
        ProcessResult shown = klens({"show", "remote:" + handle}, {{"KERNELLENS_REDIS_URL", url}});
        QVERIFY2(shown.exitCode == 0 && shown.out.contains("_row_softmax_kernel"), shown.err.constData());
        // A start several keys share is refused with the candidates, never a guess.
        QString shared;
        for (int n = 1; shared.isEmpty() && n < 8; ++n) {
            const QString p = demoKeys().front().left(n);
            int count = 0;
            for (const QString& k : demoKeys())
                count += k.startsWith(p) ? 1 : 0;
            if (count > 1)
                shared = p;
        }
        if (!shared.isEmpty()) {
            ProcessResult ambiguous = klens({"remote", "show", shared, "--url", url});
            QCOMPARE(ambiguous.exitCode, 2);
            QVERIFY2(ambiguous.err.contains("give more of the key"), ambiguous.err.constData());
        }
        ProcessResult none = klens({"remote", "show", "ZZZZZZZZ", "--url", url});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("no entry key starts with"), none.err.constData());

        ProcessResult show = klens({"remote", "show", demoKeys().front(), "--url", url});
        QCOMPARE(show.exitCode, 0);
        QVERIFY2(show.out.contains("matches the key"), show.out.constData());

        QTemporaryDir into;
        ProcessResult pull =
            klens({"remote", "pull", "--all", "--into", into.path(), "--url", url, "--json", "--no-fsync"});
        QCOMPARE(pull.exitCode, 0);
        QCOMPARE(pull.json["done"].toInt(), demoKeys().size());
        ProcessResult scan = klens({"scan", into.path(), "--json"});
        QCOMPARE(scan.exitCode, 0); // complete, no problems
        QCOMPARE(scan.json["summary"].toObject()["entries"].toInt(), demoKeys().size());

        ProcessResult stats = klens({"remote", "stats", url, "--json"});
        QCOMPARE(stats.exitCode, 0);
        QCOMPARE(stats.json["summary"].toObject()["entries"].toInt(), demoKeys().size());
        QVERIFY(stats.json["used_memory"].toDouble() > 0);

        ProcessResult healthy = klens({"remote", "doctor", url});
        QCOMPARE(healthy.exitCode, 0);

        // Break one entry: the doctor says so and exits 1; clean --broken is a dry run until --apply.
        const QString key = demoKeys().front();
        const QByteArray group = server.cli({"--scan", "--pattern", "triton:" + key + ":__grp__*"}).trimmed();
        QVERIFY(!group.isEmpty());
        server.cli({"DEL", QString::fromUtf8(group)});
        ProcessResult sick = klens({"remote", "doctor", url});
        QCOMPARE(sick.exitCode, 1);
        QVERIFY2(sick.out.contains("missing-group"), sick.out.constData());
        const QByteArray keysBefore = server.cli({"DBSIZE"}).trimmed();
        ProcessResult dry = klens({"remote", "clean", url, "--broken", "--json"});
        QCOMPARE(dry.exitCode, 0);
        QCOMPARE(dry.json["dry_run"].toBool(), true);
        QCOMPARE(dry.json["entries"].toArray().size(), 1);
        QCOMPARE(server.cli({"DBSIZE"}).trimmed(), keysBefore);
        ProcessResult apply = klens({"remote", "clean", url, "--broken", "--apply"});
        QCOMPARE(apply.exitCode, 0);
        QVERIFY(server.cli({"DBSIZE"}).trimmed().toInt() < keysBefore.toInt());
        QCOMPARE(klens({"remote", "doctor", url}).exitCode, 0);
    }

    void errors()
    {
        const int port = freeLocalPort();
        ProcessResult down = klens({"remote", "ls", QStringLiteral("redis://127.0.0.1:%1").arg(port)});
        QCOMPARE(down.exitCode, 2);
        QVERIFY2(down.err.contains(QStringLiteral("redis://127.0.0.1:%1/0").arg(port).toUtf8()) &&
                     down.err.contains("cannot connect"),
                 down.err.constData());

        ProcessResult format = klens({"remote", "ls", QStringLiteral("redis://127.0.0.1:%1").arg(port)},
                                     {{"TRITON_REDIS_KEY_FORMAT", "triton:{filename}"}});
        QCOMPARE(format.exitCode, 2);
        QVERIFY2(format.err.contains("triton:{filename}") && format.err.contains("{key}"),
                 format.err.constData());

        ProcessResult url = klens({"remote", "ls", "http://example.com"});
        QCOMPARE(url.exitCode, 2);
        QVERIFY(url.err.contains("http://example.com"));

        ProcessResult noWhat = klens({"remote", "clean", QStringLiteral("redis://127.0.0.1:%1").arg(port)});
        QCOMPARE(noWhat.exitCode, 2);
        QVERIFY(noWhat.err.contains("--idle"));

        ProcessResult both = klens({"remote", "pull", "KEY", "--all"});
        QCOMPARE(both.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TstRemoteCli)
#include "tst_remotecli.moc"
