// resources/python/kernellens_triton_listener.py with real Triton: a first compile logs a miss
// with Triton's stage times, a second process on the same cache logs a hit, and KernelLens's
// reader and statistics read both. Also: the listener's own appender interleaved with C++
// appenders under forced rotation (plain python3, no Triton).
#include "core/events/eventline.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogreader.h"
#include "core/events/eventstats.h"
#include "core/formats/keyencoding.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace {

QString tritonPython()
{
    const QString fromEnv = qEnvironmentVariable("KL_TRITON_PYTHON");
    return fromEnv.isEmpty() ? QStringLiteral(KL_TRITON_VENV_PYTHON) : fromEnv;
}

struct PyRun {
    int exitCode = -1;
    QByteArray out, err;
};

PyRun runPython(const QString& python, const QStringList& args, const QMap<QString, QString>& env)
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& k : e.keys())
        if (k.startsWith("TRITON_") || k.startsWith("KERNELLENS_"))
            e.remove(k);
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    e.insert("PYTHONDONTWRITEBYTECODE", "1"); // no __pycache__ in the source tree
    p.setProcessEnvironment(e);
    p.start(python, args);
    if (!p.waitForFinished(300000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

std::string hostName()
{
    char buf[256] = {};
    ::gethostname(buf, sizeof buf - 1);
    return buf;
}

} // namespace

class TstTritonListener : public QObject {
    Q_OBJECT

private slots:
    void missThenHitWithRealTriton()
    {
        const QString python = tritonPython();
        if (!QFileInfo(python).isExecutable())
            QSKIP(qPrintable("no Triton venv at " + python +
                             " (run scripts/triton-venv.sh, or set KL_TRITON_PYTHON)"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.filePath("state/events.jsonl");
        const QMap<QString, QString> env{{"TRITON_CACHE_DIR", dir.filePath("cache")},
                                         {"TRITON_HOME", dir.filePath("home")},
                                         {"KERNELLENS_EVENTS_LOG", log}};
        const QString script = QStringLiteral(KL_TRITON_LISTENER_SCRIPT);
        const QString listenerDir = QStringLiteral(KL_TRITON_LISTENER_DIR);

        // First process: the listener imported before Triton installs itself on Triton's import.
        const PyRun first = runPython(python, {script, listenerDir, "listener-first"}, env);
        if (first.exitCode != 0 && first.err.contains("No module named 'triton'"))
            QSKIP(qPrintable(python + " cannot import triton (run scripts/triton-venv.sh)"));
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QJsonObject firstOut = QJsonDocument::fromJson(first.out.trimmed().split('\n').last()).object();
        QVERIFY(firstOut["installed"].toBool());
        const std::string hash = firstOut["hash"].toString().toStdString();

        // Second process, same cache: a hit; the listener chains to one that was set before it.
        const PyRun second = runPython(python, {script, listenerDir, "triton-first"}, env);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        const QJsonObject secondOut =
            QJsonDocument::fromJson(second.out.trimmed().split('\n').last()).object();
        QVERIFY(secondOut["installed"].toBool());
        QCOMPARE(secondOut["own_listener_saw"].toArray(), QJsonArray{true});
        QCOMPARE(secondOut["hash"].toString().toStdString(), hash);

        const kl::EventLogContents c = kl::readEventLog(log.toStdString());
        QVERIFY2(c.error.empty(), c.error.english().c_str());
        QCOMPARE(c.corruptLines, 0u);
        QCOMPARE(c.partialLines, 0u);
        QCOMPARE(c.events.size(), std::size_t(2));
        const kl::CompileEvent& miss = c.events[0];
        const kl::CompileEvent& hit = c.events[1];

        QCOMPARE(miss.origin, std::string("triton"));
        QVERIFY(!miss.cacheHit);
        QCOMPARE(miss.kernel, std::string("kl_listener_add"));
        QCOMPARE(miss.key, hash);
        QCOMPARE(miss.arch, std::string("sm_90"));
        QCOMPARE(miss.host, hostName());
        std::vector<std::string> names;
        std::int64_t sum = 0;
        for (const auto& [name, us] : miss.stagesUs) {
            names.push_back(name);
            QVERIFY(us >= 0);
            sum += us;
        }
        const std::vector<std::string> expected{"ir_initialization", "ttir", "ttgir", "llir", "ptx", "cubin",
                                                "store_results"};
        QCOMPARE(names, expected);
        QCOMPARE(miss.totalUs, sum);
        QVERIFY(miss.totalUs > 0);
        // bytes: the files the group lists, i.e. the entry's files but the group file itself.
        const QString entry = dir.filePath(
            "cache/" + QString::fromStdString(kl::encodeKeyFolder(hash, kl::KeyEra::Base32).value_or("?")));
        qint64 onDisk = 0;
        for (const QFileInfo& f : QDir(entry).entryInfoList(QDir::Files))
            if (!f.fileName().startsWith("__grp__"))
                onDisk += f.size();
        QVERIFY2(onDisk > 0, qPrintable(entry));
        QCOMPARE(qint64(miss.bytes), onDisk);

        QVERIFY(hit.cacheHit);
        QCOMPARE(hit.key, hash);
        QCOMPARE(hit.kernel, miss.kernel);
        QCOMPARE(hit.stagesUs.size(), std::size_t(1));
        QCOMPARE(hit.stagesUs[0].first, std::string("lookup"));
        QCOMPARE(hit.totalUs, hit.stagesUs[0].second);
        QCOMPARE(hit.bytes, miss.bytes);
        QVERIFY(hit.pid != miss.pid);
        QVERIFY(hit.timeNs > miss.timeNs);

        const kl::EventStats s = kl::computeEventStats(c.events);
        QCOMPARE(s.byOrigin.size(), std::size_t(1));
        QCOMPARE(s.byOrigin[0].origin, std::string("triton"));
        QCOMPARE(s.byOrigin[0].hits, std::size_t(1));
        QCOMPARE(s.byOrigin[0].misses, std::size_t(1));
        QCOMPARE(*s.byOrigin[0].hitRate, 0.5);
        QCOMPARE(s.byOrigin[0].stages.size(), expected.size());
        QCOMPARE(s.byOrigin[0].missTotal.medianUs, double(miss.totalUs));
        QCOMPARE(s.slowest.size(), std::size_t(1));
        QCOMPARE(s.slowest[0].kernel, std::string("kl_listener_add"));
    }

    void pythonAndCppWriteTheSameLines()
    {
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("no python3 on PATH");
        const PyRun r =
            runPython(python, {QFINDTESTDATA("same_lines.py"), QStringLiteral(KL_TRITON_LISTENER_DIR)}, {});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        auto event = [](std::string kernel, std::vector<std::pair<std::string, std::int64_t>> stages) {
            kl::CompileEvent e;
            e.timeNs = 1795346422123456789;
            e.origin = "triton";
            e.kernel = std::move(kernel);
            for (int i = 0; i < 16; ++i)
                e.key += "ff53";
            e.arch = "sm_90";
            e.stagesUs = std::move(stages);
            e.totalUs = 1692610;
            e.bytes = 28127;
            e.pid = 22177;
            e.host = "node1";
            return e;
        };
        const std::vector<std::pair<std::string, std::int64_t>> seven{{"ir_initialization", 1600630},
                                                                      {"ttir", 7982},
                                                                      {"ttgir", 12000},
                                                                      {"llir", 20000},
                                                                      {"ptx", 7991},
                                                                      {"cubin", 36917},
                                                                      {"store_results", 7090}};
        std::vector<std::pair<std::string, std::int64_t>> many;
        for (int i = 0; i < 400; ++i)
            many.emplace_back("stage_number_" + std::to_string(i), i);
        std::string euros, odd;
        for (int i = 0; i < 3000; ++i)
            euros += "k\u20ac";
        for (int i = 0; i < 2000; ++i)
            odd += "x\x01\"\\";
        const std::string expected =
            kl::formatEventLine(event("add_kernel", seven)) + kl::formatEventLine(event(euros, seven)) +
            kl::formatEventLine(event("short", many)) + kl::formatEventLine(event(odd, many));
        QCOMPARE(r.out.toStdString(), expected);
    }

    void pythonAndCppAppendersShareTheLog()
    {
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("no python3 on PATH");
        QTemporaryDir dir;
        const QString log = dir.filePath("events.jsonl");
        const QMap<QString, QString> env{{"KERNELLENS_EVENTS_LOG", log},
                                         {"KERNELLENS_EVENTS_MAX_BYTES", "64K"},
                                         {"KERNELLENS_EVENTS_KEEP", "500"}};
        constexpr int kPy = 4, kCpp = 4, kLines = 600;
        const kl::EventLog cppLog(log.toStdString(), {64 * 1024, 500});
        std::vector<pid_t> pids;
        for (int w = 0; w < kCpp; ++w) {
            const pid_t pid = ::fork();
            if (pid == 0) {
                for (int i = 0; i < kLines; ++i) {
                    kl::CompileEvent e;
                    e.origin = "nvrtc";
                    e.timeNs = i;
                    e.kernel = "c" + std::to_string(w) + "_" +
                               std::string(static_cast<std::size_t>(i * 53 % 1500), 'z');
                    e.key = std::to_string(100 + w) + ":" + std::to_string(i);
                    if (!cppLog.append(e).empty())
                        ::_exit(1);
                }
                ::_exit(0);
            }
            pids.push_back(pid);
        }
        QList<QProcess*> pys;
        for (int w = 0; w < kPy; ++w) {
            auto* p = new QProcess(this);
            QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
            for (auto it = env.begin(); it != env.end(); ++it)
                e.insert(it.key(), it.value());
            e.insert("PYTHONDONTWRITEBYTECODE", "1");
            p->setProcessEnvironment(e);
            QStringList args{QFINDTESTDATA("append_lines.py"), QStringLiteral(KL_TRITON_LISTENER_DIR),
                             QString::number(w), QString::number(kLines)};
            if (w == 0)
                args << "--long";
            p->start(python, args);
            pys << p;
        }
        for (QProcess* p : pys) {
            QVERIFY(p->waitForFinished(120000));
            QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        }
        for (pid_t pid : pids) {
            int status = 0;
            QCOMPARE(::waitpid(pid, &status, 0), pid);
            QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }

        const kl::EventLogContents c = kl::readEventLog(log.toStdString());
        QCOMPARE(c.corruptLines, 0u);
        QCOMPARE(c.partialLines, 0u);
        QCOMPARE(c.events.size(), std::size_t((kPy + kCpp) * kLines + 1));
        QVERIFY2(c.files.size() > 10, "the 64K bound should have rotated the log many times");
        std::set<std::string> keys;
        for (const kl::CompileEvent& e : c.events)
            QVERIFY2(keys.insert(e.key).second, e.key.c_str());
        // The Python appender shortens as the C++ one does.
        const auto longOne = std::find_if(c.events.begin(), c.events.end(),
                                          [](const kl::CompileEvent& e) { return e.key == "long"; });
        QVERIFY(longOne != c.events.end());
        QCOMPARE(QString::fromStdString(longOne->kernel), QString(256, QChar(0x20AC)));
        QCOMPARE(longOne->stagesUs.size(), std::size_t(10));
    }
};

QTEST_GUILESS_MAIN(TstTritonListener)
#include "tst_tritonlistener.moc"
