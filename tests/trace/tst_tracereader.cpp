// The trace reader against real PyTorch/Kineto traces (../shared/corpus/traces, read in place;
// figures computed independently by traceexpect.py with json.load and Decimal times) and
// against broken input: truncated and corrupt gzip, not JSON, not a trace, bad numbers,
// invalid UTF-8, a hostile token and nesting depth, cancel.
#include "core/trace/tracehandler.h"
#include "core/trace/tracereader.h"
#include "tracetestutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <map>
#include <zlib.h>

using namespace kl::trace;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QByteArray gzipOf(const QByteArray& text)
{
    z_stream z{};
    deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(static_cast<int>(deflateBound(&z, static_cast<uLong>(text.size()))), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    deflate(&z, Z_FINISH);
    out.resize(static_cast<int>(z.total_out));
    deflateEnd(&z);
    return out;
}

kl::Result<Trace> readBytes(const QByteArray& bytes, const TraceReadOptions& o = {})
{
    return readTraceBytes(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                          "mem.json", o);
}

QByteArray kernelEvent(const char* name, const char* ts, const char* dur, int regs = 32)
{
    return QByteArray("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"") + name +
           "\",\"pid\":0,\"tid\":7,\"ts\":" + ts + ",\"dur\":" + dur +
           ",\"args\":{\"device\":0,\"stream\":7,\"correlation\":1,\"registers per thread\":" +
           QByteArray::number(regs) + ",\"grid\":[4,2,1],\"block\":[128,1,1]}}";
}

} // namespace

class TstTraceReader : public QObject {
    Q_OBJECT
private slots:
    void corpus_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = tracesDir();
        if (dir.isEmpty())
            return;
        for (const QString& f : QDir(dir).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << dir + QLatin1Char('/') + f;
    }
    void corpus()
    {
        if (tracesDir().isEmpty())
            QSKIP("../shared/corpus/traces is absent");
        QFETCH(QString, path);
        const QJsonObject want = expectedFigures(path);
        std::uint64_t lastProgress = 0;
        TraceReadOptions o;
        o.progress = [&](std::uint64_t done, std::uint64_t total) {
            QVERIFY(done <= total);
            lastProgress = done;
        };
        kl::Result<Trace> r = readTrace(path.toStdString(), o);
        QVERIFY2(r.has_value(), r ? "" : r.error().english().c_str());
        const Trace& t = *r;
        QVERIFY(!t.truncated);
        QCOMPARE(lastProgress, static_cast<std::uint64_t>(QFileInfo(path).size()));
        QCOMPARE(static_cast<qint64>(t.eventsSeen), want.value("events").toInteger());
        QCOMPARE(static_cast<qint64>(t.gpu.size()), want.value("gpu").toInteger());
        QCOMPARE(static_cast<qint64>(t.launches.size()), want.value("launches").toInteger());
        QCOMPARE(static_cast<qint64>(t.devices.size()), want.value("devices").toInteger());
        QCOMPARE(static_cast<qint64>(t.rank.value_or(-1)), want.value("rank").toInteger());
        QCOMPARE(static_cast<qint64>(t.baseTimeNanoseconds.value_or(-1)), want.value("base").toInteger());
        std::map<std::string, std::pair<qint64, qint64>> got;
        for (const GpuEvent& e : t.gpu) {
            auto& g = got[t.names[e.name]];
            ++g.first;
            g.second += e.durNs;
        }
        const QJsonObject names = want.value("names").toObject();
        QCOMPARE(static_cast<qsizetype>(got.size()), names.size());
        for (const auto& [name, g] : got) {
            const QJsonObject w = names.value(QString::fromStdString(name)).toObject();
            QCOMPARE(g.first, w.value("calls").toInteger());
            QCOMPARE(g.second, w.value("total_ns").toInteger());
        }
        const QJsonObject regs = want.value("registers").toObject();
        for (const GpuEvent& e : t.gpu)
            if (e.registers >= 0)
                QVERIFY(regs.value(QString::fromStdString(t.names[e.name])).toArray().contains(e.registers));
    }

    void inductorRecord()
    {
        if (tracesDir().isEmpty())
            QSKIP("../shared/corpus/traces is absent");
        kl::Result<Trace> r = readTrace((tracesDir() + "/hta_triton_example.json.gz").toStdString());
        QVERIFY(r.has_value());
        QCOMPARE(r->inductor.size(), std::size_t(1));
        const InductorKernel& k = r->inductor.front();
        QCOMPARE(k.name, std::string("triton_poi_fused_add_cos_sin_0"));
        QCOMPARE(k.kernelHash, std::string("cqaokwf2bph4egogzevc22vluasiyuui4i54zpemp6knbsggfbuu"));
        QVERIFY(k.kernelFile.ends_with("/cqaokwf2bph4egogzevc22vluasiyuui4i54zpemp6knbsggfbuu.py"));
        QCOMPARE(k.backend, std::string("triton"));
        QCOMPARE(k.grid, std::string("grid(100,)"));
        QCOMPARE(r->gpu.front().registers, 16);
        QCOMPARE(r->gpu.front().block[0], 128);
        QCOMPARE(r->devices.front().arch(), std::string("80"));
    }

    void truncatedGzipKeepsWhatCameBefore()
    {
        if (tracesDir().isEmpty())
            QSKIP("../shared/corpus/traces is absent");
        const QString path = tracesDir() + "/hta_nccl_data.json.gz";
        kl::Result<Trace> whole = readTrace(path.toStdString());
        QVERIFY(whole.has_value());
        QByteArray bytes = readAll(path);
        bytes.truncate(bytes.size() / 2);
        QTemporaryDir dir;
        const QString cut = dir.filePath("cut.json.gz");
        QFile f(cut);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        kl::Result<Trace> r = readTrace(cut.toStdString());
        QVERIFY2(r.has_value(), r ? "" : r.error().english().c_str());
        QVERIFY(r->truncated.has_value());
        const std::string msg = r->truncated->message.english();
        QVERIFY2(msg.find(cut.toStdString()) != std::string::npos, msg.c_str());
        QVERIFY2(msg.find("gzip data ends early") != std::string::npos, msg.c_str());
        QVERIFY(r->truncated->compressedOffset > 0 &&
                r->truncated->compressedOffset <= std::uint64_t(bytes.size()));
        QVERIFY(r->eventsSeen > 0 && r->eventsSeen < whole->eventsSeen);
        QVERIFY(r->gpu.size() < whole->gpu.size());
        // What was kept is what the whole file has, event for event.
        for (std::size_t i = 0; i < r->gpu.size(); ++i) {
            QCOMPARE(r->gpu[i].tsNs, whole->gpu[i].tsNs);
            QCOMPARE(r->names[r->gpu[i].name], whole->names[whole->gpu[i].name]);
        }
    }

    void corruptGzip()
    {
        QByteArray text = "{\"traceEvents\":[";
        for (int i = 0; i < 20000; ++i)
            text += kernelEvent("k", QByteArray::number(1000 + i).constData(), "1.5") + ",";
        text += kernelEvent("k", "999999", "1") + "]}";
        QByteArray gz = gzipOf(text);
        for (int i = gz.size() / 2; i < gz.size() / 2 + 64; ++i)
            gz[i] = static_cast<char>(gz[i] ^ 0x5a);
        kl::Result<Trace> r = readBytes(gz);
        // Either the corruption is found before any event closed (an error) or after (partial).
        const std::string msg =
            r ? (r->truncated ? r->truncated->message.english() : "") : r.error().english();
        QVERIFY2(msg.find("gzip data is corrupt") != std::string::npos ||
                     msg.find("invalid JSON") != std::string::npos,
                 msg.c_str());
        QVERIFY(msg.find("mem.json") != std::string::npos);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("cause");
        QTest::newRow("empty") << QByteArray() << "the file is empty";
        QTest::newRow("not json") << QByteArray("PK\x03\x04 zip bytes") << "not a profiler trace: at byte 0";
        QTest::newRow("html") << QByteArray("<html><body>404</body></html>") << "at byte 0";
        QTest::newRow("object without events")
            << QByteArray("{\"a\": 1, \"b\": [1,2]}") << "no \"traceEvents\"";
        QTest::newRow("scalar") << QByteArray("42") << "no \"traceEvents\"";
        QTest::newRow("events not an array") << QByteArray("{\"traceEvents\": {}}") << "no \"traceEvents\"";
        QTest::newRow("broken header")
            << QByteArray("{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": }") << "invalid JSON";
    }
    void refusals()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, cause);
        kl::Result<Trace> r = readBytes(bytes);
        QVERIFY(!r.has_value());
        const std::string msg = r.error().english();
        QVERIFY2(msg.starts_with("mem.json: "), msg.c_str());
        QVERIFY2(msg.find(cause.toStdString()) != std::string::npos, msg.c_str());
    }

    void missingFileAndFolder()
    {
        kl::Result<Trace> r = readTrace("/nonexistent/trace.json");
        QVERIFY(!r && r.error().english().find("/nonexistent/trace.json: cannot open") == 0);
        QTemporaryDir dir;
        r = readTrace(dir.path().toStdString());
        QVERIFY(!r && r.error().english().find("not a regular file") != std::string::npos);
    }

    void cutMidEventKeepsTheEventsBefore()
    {
        const QByteArray text = "{\"traceEvents\":[" + kernelEvent("a", "10", "2") + "," +
                                kernelEvent("b", "20", "3") +
                                ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"c\",\"ts\":3";
        for (const QByteArray& bytes : {text, gzipOf(text)}) {
            kl::Result<Trace> r = readBytes(bytes);
            QVERIFY(r.has_value());
            QCOMPARE(r->gpu.size(), std::size_t(2));
            QVERIFY(r->truncated.has_value());
            const std::string msg = r->truncated->message.english();
            QVERIFY2(msg.find("ends in the middle of the JSON") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find("the 2 events before it are kept") != std::string::npos, msg.c_str());
        }
    }

    void bareArray()
    {
        kl::Result<Trace> r =
            readBytes("[" + kernelEvent("a", "10", "2") + "," + kernelEvent("a", "20", "2") + "]");
        QVERIFY(r.has_value());
        QVERIFY(r->bareArray);
        QVERIFY(!r->truncated);
        QCOMPARE(r->gpu.size(), std::size_t(2));
        // The trace event format lets the closing bracket go: partial, nothing lost.
        r = readBytes("[" + kernelEvent("a", "10", "2") + "," + kernelEvent("a", "20", "2") + ",\n");
        QVERIFY(r.has_value());
        QCOMPARE(r->gpu.size(), std::size_t(2));
    }

    void badValuesAreCountedNotKept()
    {
        const QByteArray text =
            "{\"traceEvents\":[" + kernelEvent("good", "10.5", "2.25") +
            ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"nots\",\"dur\":1}"
            ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"nodur\",\"ts\":1}" +
            "," + kernelEvent("neg", "5", "-1") + "," + kernelEvent("huge", "5", "1e12") + "," +
            kernelEvent("nan", "NaN", "1") + "," + kernelEvent("inf", "5", "Infinity") +
            ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"strts\",\"ts\":\"12\",\"dur\":1}"
            ",{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"bad\xff\xfename\",\"ts\":1,\"dur\":1}"
            ",7,[1,[2]],{\"ph\":\"s\",\"cat\":\"ac2g\",\"id\":1,\"ts\":1}]}";
        kl::Result<Trace> r = readBytes(text);
        QVERIFY2(r.has_value(), r ? "" : r.error().english().c_str());
        QCOMPARE(r->eventsSeen, std::uint64_t(12));
        QCOMPARE(r->skipped.missingTs, std::uint64_t(1));
        QCOMPARE(r->skipped.missingDur, std::uint64_t(1));
        QCOMPARE(r->skipped.negativeDur, std::uint64_t(1));
        QCOMPARE(r->skipped.hugeDur, std::uint64_t(1));
        QCOMPARE(r->skipped.badNumber, std::uint64_t(3));
        QCOMPARE(r->skipped.nonUtf8Names, std::uint64_t(1));
        QCOMPARE(r->gpu.size(), std::size_t(2));
        QCOMPARE(r->gpu[0].tsNs, std::int64_t(10500));
        QCOMPARE(r->gpu[0].durNs, std::int64_t(2250));
        QCOMPARE(r->gpu[0].grid[1], 2);
        QCOMPARE(r->names[r->gpu[1].name], std::string("bad\\xff\\xfename"));
    }

    void timesAreExactNanoseconds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ns");
        QTest::newRow("epoch us, 3 decimals") << "1712195495505583.123" << qint64(1712195495505583123);
        QTest::newRow("integer") << "42" << qint64(42000);
        QTest::newRow("one decimal") << "4.5" << qint64(4500);
        QTest::newRow("rounded 4th") << "1.0005" << qint64(1001);
        QTest::newRow("negative") << "-2.5" << qint64(-2500);
        QTest::newRow("exponent") << "1.5e3" << qint64(1500000);
    }
    void timesAreExactNanoseconds()
    {
        QFETCH(QString, text);
        QFETCH(qint64, ns);
        std::int64_t got = 0;
        QVERIFY(microsToNanos(text.toStdString(), got));
        QCOMPARE(got, ns);
    }
    void numbersThatAreNotTimes()
    {
        std::int64_t got = 0;
        for (const char* s : {"NaN", "Infinity", "-Infinity", "1e300", "99999999999999999999", "", "1.2.3"})
            QVERIFY2(!microsToNanos(s, got), s);
    }

    void hostileTokenIsRefusedAtTheLimit()
    {
        QByteArray text = "{\"traceEvents\":[" + kernelEvent("a", "1", "1") + ",{\"name\":\"";
        text += QByteArray(3 << 20, 'x');
        text += "\"}]}";
        TraceReadOptions o;
        o.maxToken = 1 << 20;
        kl::Result<Trace> r = readBytes(text, o);
        QVERIFY(r.has_value());
        QVERIFY(r->truncated.has_value());
        const std::string msg = r->truncated->message.english();
        QVERIFY2(msg.find("longer than 1 MiB") != std::string::npos, msg.c_str());
        QCOMPARE(r->gpu.size(), std::size_t(1));
        // Under the limit the same file reads whole.
        o.maxToken = 8 << 20;
        r = readBytes(text, o);
        QVERIFY(r.has_value() && !r->truncated);
    }

    void deepNestingDoesNotRecurse()
    {
        const QByteArray text =
            "{\"traceEvents\":[" + QByteArray(200000, '[') + QByteArray(200000, ']') + "]}";
        kl::Result<Trace> r = readBytes(text);
        QVERIFY(r.has_value());
        QCOMPARE(r->eventsSeen, std::uint64_t(1));
    }

    void cancel()
    {
        QByteArray text = "{\"traceEvents\":[";
        for (int i = 0; i < 40000; ++i)
            text += kernelEvent("k", QByteArray::number(i).constData(), "1") + ",";
        text += kernelEvent("k", "1", "1") + "]}";
        std::atomic<bool> stop{true};
        TraceReadOptions o;
        o.cancel = &stop;
        kl::Result<Trace> r = readBytes(text, o);
        QVERIFY(!r.has_value());
        QVERIFY(r.error().english().find("cancelled") != std::string::npos);
    }

    void concatenatedGzipMembers()
    {
        const QByteArray text =
            "{\"traceEvents\":[" + kernelEvent("a", "10", "2") + "," + kernelEvent("b", "20", "3") + "]}";
        const int half = text.size() / 2;
        const QByteArray gz = gzipOf(text.left(half)) + gzipOf(text.mid(half));
        kl::Result<Trace> r = readBytes(gz);
        QVERIFY2(r.has_value(), r ? "" : r.error().english().c_str());
        QVERIFY(!r->truncated);
        QCOMPARE(r->gpu.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TstTraceReader)
#include "tst_tracereader.moc"
