// One event as one line: the schema round trip, shortening to PIPE_BUF, the default location and
// the rotation settings from the environment.
#include "core/events/eventline.h"
#include "core/events/eventlogsettings.h"
#include "tests/support/fakeenvironment.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace {

// parseEventLine as a bool with the event and the English cause, which is what the checks below read.
bool parseLine(std::string_view line, kl::CompileEvent& out, std::string& error,
               kl::EventLineExtras* extras = nullptr)
{
    auto parsed = kl::parseEventLine(line, extras);
    if (!parsed) {
        error = parsed.error().english();
        return false;
    }
    out = std::move(*parsed);
    return true;
}

kl::CompileEvent sampleEvent()
{
    kl::CompileEvent e;
    e.timeNs = 1795346422123456789;
    e.origin = "nvrtc";
    e.kernel = "vector_add";
    e.key = "5a1f";
    e.cacheHit = false;
    e.stagesUs = {{"ptx", 1200}, {"cubin", 3400}, {"store", 50}};
    e.totalUs = 4650;
    e.bytes = 12345;
    e.pid = 4242;
    e.host = "node1";
    e.arch = "sm_90";
    return e;
}

} // namespace

class TstEventLine : public QObject {
    Q_OBJECT

private slots:
    void schemaAndRoundTrip()
    {
        const kl::CompileEvent e = sampleEvent();
        const std::string line = kl::formatEventLine(e);
        QVERIFY(line.ends_with('\n'));
        QCOMPARE(std::count(line.begin(), line.end(), '\n'), 1);
        QCOMPARE(
            line,
            std::string("{\"schema\":\"kernellens.event/1\",\"time\":\"2026-11-22T11:20:22.123Z\","
                        "\"time_ns\":1795346422123456789,\"origin\":\"nvrtc\",\"kernel\":\"vector_add\","
                        "\"key\":\"5a1f\",\"cache_hit\":false,\"arch\":\"sm_90\",\"stages_us\":{\"ptx\":1200,"
                        "\"cubin\":3400,\"store\":50},\"total_us\":4650,\"bytes\":12345,\"pid\":4242,"
                        "\"host\":\"node1\"}\n"));
        kl::CompileEvent back;
        std::string error;
        QVERIFY2(parseLine(std::string_view(line).substr(0, line.size() - 1), back, error), error.c_str());
        QCOMPARE(back.timeNs, e.timeNs);
        QCOMPARE(back.origin, e.origin);
        QCOMPARE(back.kernel, e.kernel);
        QCOMPARE(back.key, e.key);
        QCOMPARE(back.cacheHit, e.cacheHit);
        QVERIFY(back.stagesUs == e.stagesUs);
        QCOMPARE(back.totalUs, e.totalUs);
        QCOMPARE(back.bytes, e.bytes);
        QCOMPARE(back.pid, e.pid);
        QCOMPARE(back.host, e.host);
        QCOMPARE(back.arch, e.arch);
    }

    void longLinesAreShortenedNotSplit_data()
    {
        QTest::addColumn<int>("kernelChars");
        QTest::addColumn<int>("stages");
        QTest::addColumn<QString>("kernelChar");
        QTest::addColumn<QStringList>("truncated");
        QTest::addRow("fits") << 3000 << 5 << "k" << QStringList{};
        QTest::addRow("long kernel") << 5000 << 5 << "k" << QStringList{"kernel"};
        QTest::addRow("escaped kernel") << 1000 << 5 << "\x01" << QStringList{"kernel"};
        QTest::addRow("many stages") << 10 << 400 << "k" << QStringList{"stages_us"};
        QTest::addRow("both") << 5000 << 400 << "k" << QStringList{"kernel", "stages_us"};
        QTest::addRow("multibyte") << 2000 << 3 << QString::fromUtf8("€") << QStringList{"kernel"};
    }
    void longLinesAreShortenedNotSplit()
    {
        QFETCH(int, kernelChars);
        QFETCH(int, stages);
        QFETCH(QString, kernelChar);
        QFETCH(QStringList, truncated);
        kl::CompileEvent e = sampleEvent();
        e.kernel.clear();
        for (int i = 0; i < kernelChars; ++i)
            e.kernel += kernelChar.toStdString();
        e.stagesUs.clear();
        for (int i = 0; i < stages; ++i)
            e.stagesUs.emplace_back("stage_number_" + std::to_string(i), i);
        const std::string line = kl::formatEventLine(e);
        QVERIFY2(line.size() <= kl::kMaxEventLineBytes, std::to_string(line.size()).c_str());
        QCOMPARE(std::count(line.begin(), line.end(), '\n'), 1);
        kl::CompileEvent back;
        kl::EventLineExtras extras;
        std::string error;
        QVERIFY2(parseLine(std::string_view(line).substr(0, line.size() - 1), back, error, &extras),
                 error.c_str());
        QStringList got;
        for (const std::string& t : extras.truncated)
            got << QString::fromStdString(t);
        QCOMPARE(got, truncated);
        QCOMPARE(back.totalUs, e.totalUs);
        if (truncated.contains("kernel"))
            QCOMPARE(QString::fromStdString(back.kernel).size(), 256 * kernelChar.size());
        else
            QCOMPARE(back.kernel, e.kernel);
        QCOMPARE(back.stagesUs.empty(), truncated.contains("stages_us"));
    }

    void invalidUtf8IsWrittenAsText()
    {
        kl::CompileEvent e = sampleEvent();
        e.kernel = "bad\xff";
        const std::string line = kl::formatEventLine(e);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        QCOMPARE(o["kernel"].toString(), QString("bad\\xff"));
    }

    void requiredFields_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("cause");
        QTest::addRow("minimal") << "{\"origin\":\"triton\",\"cache_hit\":true,\"time_ns\":1}" << true << "";
        QTest::addRow("float time") << "{\"origin\":\"triton\",\"cache_hit\":true,\"time_ns\":1.5e18}" << true
                                    << "";
        QTest::addRow("no origin") << "{\"cache_hit\":true,\"time_ns\":1}" << false << "origin";
        QTest::addRow("origin not text")
            << "{\"origin\":3,\"cache_hit\":true,\"time_ns\":1}" << false << "origin";
        QTest::addRow("hit as number")
            << "{\"origin\":\"x\",\"cache_hit\":1,\"time_ns\":1}" << false << "cache_hit";
        QTest::addRow("NaN time") << "{\"origin\":\"x\",\"cache_hit\":false,\"time_ns\":NaN}" << false
                                  << "time_ns";
        QTest::addRow("array") << "[]" << false << "object";
        QTest::addRow("truncated json") << "{\"origin\":\"x\",\"cache" << false << "at byte";
        QTest::addRow("deep") << QString(2000, '[') << false << "nested";
    }
    void requiredFields()
    {
        QFETCH(QString, line);
        QFETCH(bool, ok);
        QFETCH(QString, cause);
        kl::CompileEvent e;
        std::string error;
        QCOMPARE(parseLine(line.toStdString(), e, error), ok);
        QVERIFY2(QString::fromStdString(error).contains(cause), error.c_str());
    }

    void defaultPath_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("xdg");
        QTest::addColumn<QString>("expected");
        QTest::addRow("default") << QString() << QString() << "/home/u/.local/state/kernellens/events.jsonl";
        QTest::addRow("xdg") << QString() << "/st"
                             << "/st/kernellens/events.jsonl";
        QTest::addRow("relative xdg ignored") << QString() << "st"
                                              << "/home/u/.local/state/kernellens/events.jsonl";
        QTest::addRow("empty xdg") << QString() << ""
                                   << "/home/u/.local/state/kernellens/events.jsonl";
        QTest::addRow("override") << "/tmp/ev.jsonl"
                                  << "/st"
                                  << "/tmp/ev.jsonl";
        QTest::addRow("empty override") << ""
                                        << "/st"
                                        << "/st/kernellens/events.jsonl";
    }
    void defaultPath()
    {
        QFETCH(QString, log);
        QFETCH(QString, xdg);
        QFETCH(QString, expected);
        std::map<std::string, std::string> vars;
        if (!log.isNull())
            vars["KERNELLENS_EVENTS_LOG"] = log.toStdString();
        if (!xdg.isNull())
            vars["XDG_STATE_HOME"] = xdg.toStdString();
        QCOMPARE(QString::fromStdString(kl::defaultEventsLogPath(fakeEnvironment(vars))), expected);
    }

    void optionsFromEnvironment_data()
    {
        QTest::addColumn<QString>("maxBytes");
        QTest::addColumn<QString>("keep");
        QTest::addColumn<qulonglong>("expectedBytes");
        QTest::addColumn<int>("expectedKeep");
        QTest::addRow("defaults") << QString() << QString() << 8388608ull << 2;
        QTest::addRow("suffix") << "64K"
                                << "5" << 65536ull << 5;
        QTest::addRow("plain") << "1000"
                               << "1" << 1000ull << 1;
        QTest::addRow("never") << "0"
                               << "3" << 0ull << 3;
        QTest::addRow("invalid kept default") << "lots"
                                              << "0" << 8388608ull << 2;
        QTest::addRow("keep too many") << "1M"
                                       << "5000" << 1048576ull << 2;
    }
    void optionsFromEnvironment()
    {
        QFETCH(QString, maxBytes);
        QFETCH(QString, keep);
        QFETCH(qulonglong, expectedBytes);
        QFETCH(int, expectedKeep);
        std::map<std::string, std::string> vars;
        if (!maxBytes.isNull())
            vars["KERNELLENS_EVENTS_MAX_BYTES"] = maxBytes.toStdString();
        if (!keep.isNull())
            vars["KERNELLENS_EVENTS_KEEP"] = keep.toStdString();
        const kl::EventLogOptions o = kl::eventLogOptionsFromEnvironment(fakeEnvironment(vars));
        QCOMPARE(qulonglong(o.maxBytes), expectedBytes);
        QCOMPARE(o.generations, expectedKeep);
    }
};

QTEST_GUILESS_MAIN(TstEventLine)
#include "tst_eventline.moc"
