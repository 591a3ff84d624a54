// `klens stats` and `klens events` through the klens binary: the documented JSON, the text, exit
// codes, the default location from the environment, and --follow seeing lines appended (also
// across a rotation) after it started, then exiting cleanly on SIGINT.
#include "core/events/eventlog.h"
#include "eventsamples.h"
#include "tests/support/klensprocess.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <csignal>

namespace {

// The machine's own events log stays out: a test that wants the default location sets it.
ProcessResult klens(const QStringList& args, const QMap<QString, QString>& env = {})
{
    return runKlens(args, {.unset = {"KERNELLENS_EVENTS_LOG"}, .set = env});
}

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

QString writeSample(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("events.jsonl");
    const kl::EventLog log(path.toStdString());
    for (const kl::CompileEvent& e : eventsamples::sample(nowNs()))
        if (!log.append(e).empty())
            return {};
    return path;
}

// Read lines from a running process until `pred` holds for one of them or `ms` pass.
bool waitForLine(QProcess& p, QByteArray& seen, const std::function<bool(const QByteArray&)>& pred,
                 int ms = 15000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        p.waitForReadyRead(100);
        seen += p.readAllStandardOutput();
        for (const QByteArray& line : seen.split('\n'))
            if (pred(line))
                return true;
    }
    return false;
}

kl::CompileEvent marker(const char* kernel)
{
    kl::CompileEvent e = eventsamples::event(nowNs(), "nvrtc", kernel, false, {{"ptx", 1}}, 1);
    return e;
}

} // namespace

class TstEventsCli : public QObject {
    Q_OBJECT

private slots:
    void statsJson()
    {
        QTemporaryDir dir;
        const QString path = writeSample(dir);
        QVERIFY(!path.isEmpty());
        const ProcessResult r = klens({"stats", "--log", path, "--since", "1d", "--json"});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(r.out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QCOMPARE(o["schema"].toString(), QString("kernellens.stats/1"));
        QCOMPARE(o["log"]["path"].toString(), path);
        QCOMPARE(o["log"]["events"].toInt(), 11);
        QCOMPARE(o["log"]["corrupt_lines"].toInt(), 0);
        QCOMPARE(o["events"].toInt(), 10);
        QVERIFY(o["since"].isString());
        const QJsonObject total = o["total"].toObject();
        QCOMPARE(total["hits"].toInt(), 3);
        QCOMPARE(total["misses"].toInt(), 7);
        QCOMPARE(total["hit_rate"].toDouble(), 0.3);
        QCOMPARE(total["miss_total_us"]["median"].toDouble(), 400.0);
        QCOMPARE(total["miss_total_us"]["p90"].toDouble(), 2400.0);
        const QJsonObject nv = o["by_origin"]["nvrtc"].toObject();
        QCOMPARE(nv["hits"].toInt(), 2);
        QCOMPARE(nv["miss_total_us"]["p90"].toDouble(), 370.0);
        const QJsonArray stages = nv["stages_us"].toArray();
        QCOMPARE(stages.size(), 2);
        QCOMPARE(stages[0]["stage"].toString(), QString("ptx"));
        QCOMPARE(stages[0]["p90"].toDouble(), 148.0);
        const QJsonObject tr = o["by_origin"]["triton"].toObject();
        QCOMPARE(tr["hit_rate"].toDouble(), 0.25);
        const QJsonArray slowest = o["slowest"].toArray();
        QCOMPARE(slowest[0]["kernel"].toString(), QString("softmax"));
        QCOMPARE(slowest[0]["max_us"].toInt(), 3000);
        QCOMPARE(slowest[0]["compiles"].toInt(), 2);

        // Without --since the old event counts too.
        const ProcessResult all = klens({"stats", "--log", path, "--json"});
        const QJsonObject oa = QJsonDocument::fromJson(all.out).object();
        QCOMPARE(oa["events"].toInt(), 11);
        QVERIFY(oa["since"].isNull());
        QCOMPARE(oa["slowest"][0]["kernel"].toString(), QString("old"));
    }

    void statsText()
    {
        QTemporaryDir dir;
        const QString path = writeSample(dir);
        const ProcessResult r = klens({"stats", "--log", path, "--since", "1h"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("10 of 11 events"), qPrintable(out));
        QVERIFY(out.contains("HIT RATE"));
        QVERIFY(out.contains("33.3%"));
        QVERIFY(out.contains("25.0%"));
        QVERIFY(out.contains("compile time per stage"));
        QVERIFY(out.contains("ir_initialization"));
        QVERIFY(out.contains("slowest kernels"));
        QVERIFY(out.indexOf("softmax") < out.indexOf("vec "));
    }

    void defaultLocationFromEnvironment()
    {
        QTemporaryDir dir;
        const QString path = writeSample(dir);
        ProcessResult r = klens({"stats", "--json"}, {{"KERNELLENS_EVENTS_LOG", path}});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value("log").toObject().value("path").toString(),
                 path);
        QVERIFY(QDir(dir.path()).mkpath("state/kernellens"));
        QVERIFY(QFile::copy(path, dir.filePath("state/kernellens/events.jsonl")));
        r = klens({"events", "--json"}, {{"XDG_STATE_HOME", dir.filePath("state")}});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count('\n'), 11);
    }

    void problemsAndErrors()
    {
        QTemporaryDir dir;
        const QString path = writeSample(dir);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::Append));
            f.write("garbage\n{\"origin\":\"nvrtc\"");
        }
        ProcessResult r = klens({"stats", "--log", path});
        QCOMPARE(r.exitCode, 1); // corrupt lines are problems found
        QVERIFY2(r.out.contains("skipped 1 corrupt and 1 partial line"), r.out.constData());
        QVERIFY(r.out.contains(path.toUtf8() + ":12: "));
        r = klens({"stats", "--log", path, "--json"});
        QCOMPARE(r.exitCode, 1);
        const QJsonObject log = QJsonDocument::fromJson(r.out).object()["log"].toObject();
        QCOMPARE(log["corrupt_lines"].toInt(), 1);
        QCOMPARE(log["partial_lines"].toInt(), 1);
        QCOMPARE(log["issues"].toArray().size(), 2);

        r = klens({"stats", "--log", path, "--since", "soon"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--since"));
        r = klens({"stats", "--log", dir.path()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(dir.path().toUtf8()) && r.err.contains("not a regular file"),
                 r.err.constData());
        r = klens({"events", "--log", dir.path()});
        QCOMPARE(r.exitCode, 2);

        r = klens({"stats", "--log", dir.filePath("none/events.jsonl")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("no events logged yet"));
        r = klens({"events", "--log", dir.filePath("none/events.jsonl")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.contains("does not exist"));
    }

    void eventsPrintsLines()
    {
        QTemporaryDir dir;
        const QString path = writeSample(dir);
        ProcessResult r = klens({"events", "--log", path, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 11);
        for (const QByteArray& l : lines)
            QCOMPARE(QJsonDocument::fromJson(l).object()["schema"].toString(), QString("kernellens.event/1"));
        QCOMPARE(QJsonDocument::fromJson(lines[0]).object()["kernel"].toString(), QString("old"));
        r = klens({"events", "--log", path, "--last", "2"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count('\n'), 2);
        QVERIFY(r.out.contains("triton hit "));
        QVERIFY(r.out.contains("nvrtc  hit "));
        QVERIFY2(r.out.contains("(lookup 30 µs)"), r.out.constData());
    }

    void followSeesNewLinesAndRotation()
    {
        QTemporaryDir dir;
        const QString path = writeSample(dir);
        QProcess p;
        p.start(QStringLiteral(KL_KLENS_BIN), {"events", "--log", path, "--follow", "--json", "--last", "3"});
        QVERIFY(p.waitForStarted());
        QByteArray seen;
        QVERIFY2(waitForLine(p, seen, [](const QByteArray& l) { return l.contains("\"kernel\":\"add\""); }),
                 seen.constData());
        QCOMPARE(seen.count('\n'), 3); // --last 3 of the history

        const kl::EventLog log(path.toStdString(), {16 * 1024, 3});
        QCOMPARE(log.append(marker("appended_after_start")), std::string());
        QVERIFY2(waitForLine(p, seen, [](const QByteArray& l) { return l.contains("appended_after_start"); }),
                 seen.constData());

        // Enough lines to rotate twice, then one more: each is printed once, the last one too.
        for (int i = 0; i < 200; ++i)
            QCOMPARE(log.append(marker(("bulk_" + std::to_string(i)).c_str())), std::string());
        QVERIFY(QFile::exists(path + ".2"));
        QCOMPARE(log.append(marker("after_rotation")), std::string());
        QVERIFY2(waitForLine(p, seen, [](const QByteArray& l) { return l.contains("after_rotation"); }),
                 seen.right(500).constData());
        for (int i = 0; i < 200; ++i)
            QCOMPARE(seen.count(("\"bulk_" + std::to_string(i) + "\"").c_str()), 1);

        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
    }

    void followWaitsForTheLogToAppear()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("later/events.jsonl");
        QProcess p;
        p.start(QStringLiteral(KL_KLENS_BIN), {"events", "--log", path, "--follow"});
        QVERIFY(p.waitForStarted());
        QTest::qWait(300);
        QCOMPARE(p.state(), QProcess::Running);
        QCOMPARE(kl::EventLog(path.toStdString()).append(marker("first_ever")), std::string());
        QByteArray seen;
        QVERIFY2(waitForLine(p, seen, [](const QByteArray& l) { return l.contains("first_ever"); }),
                 seen.constData());
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(p.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TstEventsCli)
#include "tst_eventscli.moc"
