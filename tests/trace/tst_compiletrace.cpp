// `klens trace export` and core/trace/compiletrace: the compile-events log as a Chrome trace.
// Exported logs are real ones: the demo's history, and logs written here by klens compiling a
// kernel through NVRTC (with a redis-server as the remote tier when one is installed). The trace
// is parsed back with RapidJSON keeping numbers as text, so times are checked to the nanosecond
// against the log, which is read independently of the exporter.
#include "core/events/eventlog.h"
#include "core/formats/keyencoding.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/trace/compiletrace.h"
#include "core/trace/compiletracelayout.h"
#include "tests/nvrtc/nvrtctestkernels.h"
#include "tests/support/klensprocess.h"
#include "tests/support/redisserver.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <cstdio>
#include <map>
#include <rapidjson/document.h>
#include <set>
#include <string>
#include <vector>

namespace {

// The machine's own events log and Redis server stay out: a test names the ones it means.
ProcessResult klens(const QStringList& args, const QMap<QString, QString>& env = {},
                    const QString& stdoutFile = {})
{
    return runKlens(
        args,
        {.unset = {"KERNELLENS_EVENTS_LOG", "KERNELLENS_REDIS_URL"}, .set = env, .stdoutFile = stdoutFile});
}

// "1772411338271679.863" -> 1772411338271679863: exact, as a double would not be.
std::int64_t nsOf(const rapidjson::Value& v)
{
    const std::string s(v.GetString(), v.GetStringLength());
    const auto dot = s.find('.');
    const bool neg = s.starts_with('-');
    const std::int64_t whole = std::stoll(s.substr(0, dot));
    std::string frac = dot == std::string::npos ? std::string() : s.substr(dot + 1);
    frac.resize(3, '0');
    const std::int64_t part = std::stoll(frac);
    return whole * 1000 + (neg ? -part : part);
}

std::int64_t intOf(const rapidjson::Value& v)
{
    return std::stoll(std::string(v.GetString(), v.GetStringLength()));
}

std::string str(const rapidjson::Value& v)
{
    return v.IsString() ? std::string(v.GetString(), v.GetStringLength()) : std::string();
}

struct Span {
    std::string name, cat, ph;
    std::int64_t ts = 0, dur = 0;
    int pid = 0, tid = 0;
    const rapidjson::Value* args = nullptr;
    const Span* parent = nullptr; ///< the compile a stage lies in
};

/// A parsed trace and the checks every export must pass; failures are collected in `problems`.
struct Parsed {
    rapidjson::Document doc;
    std::vector<Span> spans; ///< X and i events, in file order
    std::map<int, std::string> processName;
    std::map<std::pair<int, int>, std::string> threadName;
    QStringList problems;

    const rapidjson::Value& other() const { return doc["otherData"]; }
    std::vector<const Span*> whole() const
    {
        std::vector<const Span*> out;
        for (const Span& s : spans)
            if (s.cat != "stage")
                out.push_back(&s);
        return out;
    }
    std::vector<const Span*> stagesOf(const Span* compile) const
    {
        std::vector<const Span*> out;
        for (const Span& s : spans)
            if (s.parent == compile)
                out.push_back(&s);
        return out;
    }
};

void parseInto(const QByteArray& text, Parsed& t)
{
    // Strict parsers first: Qt's (as the GUI reads JSON) rejects invalid UTF-8 and NaN.
    QJsonParseError qtError;
    QJsonDocument::fromJson(text, &qtError);
    if (qtError.error != QJsonParseError::NoError)
        t.problems << "Qt's parser: " + qtError.errorString();
    t.doc.Parse<rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseValidateEncodingFlag>(
        text.constData(), text.size());
    if (t.doc.HasParseError() || !t.doc.IsObject() || !t.doc.HasMember("traceEvents")) {
        t.problems << "not a trace object";
        return;
    }
    if (str(t.doc["displayTimeUnit"]).empty())
        t.problems << "no displayTimeUnit";
    std::int64_t lastTs = std::numeric_limits<std::int64_t>::min();
    std::map<std::pair<int, int>, std::vector<std::size_t>> open; // per track: spans not yet closed
    const auto& events = t.doc["traceEvents"].GetArray();
    t.spans.reserve(events.Size());
    for (const auto& e : events) {
        const std::string ph = str(e["ph"]);
        const int pid = static_cast<int>(intOf(e["pid"])), tid = static_cast<int>(intOf(e["tid"]));
        if (ph == "M") {
            if (str(e["name"]) == "process_name")
                t.processName[pid] = str(e["args"]["name"]);
            else if (str(e["name"]) == "thread_name")
                t.threadName[{pid, tid}] = str(e["args"]["name"]);
            continue;
        }
        Span s{str(e["name"]), str(e["cat"]), ph, nsOf(e["ts"]), ph == "X" ? nsOf(e["dur"]) : 0, pid, tid,
               &e["args"],     nullptr};
        if (s.ts < lastTs)
            t.problems << QString("ts goes back at %1").arg(QString::fromStdString(s.name));
        lastTs = s.ts;
        if (ph != "X" && !(ph == "i" && s.cat == "hit"))
            t.problems << QString("unexpected ph %1").arg(QString::fromStdString(ph));
        if (s.dur < 0)
            t.problems << "negative dur";
        if (!t.processName.contains(pid) || !t.threadName.contains({pid, tid}))
            t.problems << QString("no process or thread name for %1/%2").arg(pid).arg(tid);
        t.spans.push_back(s);
        // Slices on one track must nest: close what ended, then the new one lies in what is open.
        auto& stack = open[{pid, tid}];
        while (!stack.empty()) {
            const Span& top = t.spans[stack.back()];
            const std::int64_t end = top.ts + top.dur;
            // A stage may start where its compile ends (it took no time); anything else that starts
            // where a span ends comes after it.
            if (end > s.ts || (end == s.ts && s.cat == "stage" && top.cat != "stage"))
                break;
            stack.pop_back();
        }
        if (!stack.empty()) {
            const Span& outer = t.spans[stack.back()];
            if (s.ts + s.dur > outer.ts + outer.dur)
                t.problems << QString("%1 overlaps %2 on one track")
                                  .arg(QString::fromStdString(s.name), QString::fromStdString(outer.name));
        }
        if (s.cat == "stage") {
            if (stack.empty() || t.spans[stack.back()].cat == "stage")
                t.problems << QString("stage %1 outside a compile").arg(QString::fromStdString(s.name));
            else
                t.spans.back().parent = &t.spans[stack.back()];
        } else if (!stack.empty()) {
            t.problems << QString("compile %1 inside another").arg(QString::fromStdString(s.name));
        }
        stack.push_back(t.spans.size() - 1);
    }
}

// The log's events as the test reads them (QJsonDocument, independent of core's reader).
std::vector<QJsonObject> logLines(const QString& path)
{
    QFile f(path);
    std::vector<QJsonObject> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray& line : f.readAll().split('\n')) {
        const QJsonDocument d = QJsonDocument::fromJson(line);
        if (d.isObject())
            out.push_back(d.object());
    }
    return out;
}

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

kl::CompileEvent makeEvent(std::int64_t endNs, const char* origin, const char* kernel, bool hit,
                           std::vector<std::pair<std::string, std::int64_t>> stages, std::int64_t totalUs,
                           std::int64_t pid = 42, const char* host = "node1")
{
    kl::CompileEvent e;
    e.timeNs = endNs;
    e.origin = origin;
    e.kernel = kernel;
    e.key = "k-" + std::string(kernel);
    e.cacheHit = hit;
    e.stagesUs = std::move(stages);
    e.totalUs = totalUs;
    e.pid = pid;
    e.host = host;
    e.arch = "sm_90";
    return e;
}

// Through the core API into memory.
QByteArray exportInProcess(const std::vector<kl::CompileEvent>& events,
                           const kl::trace::CompileTraceOptions& o = {})
{
    std::FILE* f = std::tmpfile();
    if (!f)
        return {};
    const auto r = kl::trace::writeCompileTrace(events, f, o);
    QByteArray out;
    if (r) {
        std::rewind(f);
        char buf[65536];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
            out.append(buf, static_cast<qsizetype>(n));
    }
    std::fclose(f);
    return out;
}

} // namespace

#define CHECK_TRACE(t) QVERIFY2((t).problems.isEmpty(), qPrintable((t).problems.mid(0, 5).join("\n")))

class TstCompileTrace : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // The demo's 4,168 events (Triton, triton-remote, nvrtc, nvrtc-remote from several hosts):
    // one span per event, ending at its time_ns, its stages nested in order and summing as logged.
    void demoHistory()
    {
        // A copy: reading a log creates its lock sidecar, which has no place in the source tree.
        const QString log = m_dir.filePath("demo-events.jsonl");
        QVERIFY(QFile::copy(QStringLiteral(KL_SOURCE_DIR "/resources/demo/events/events.jsonl"), log));
        const QString out = m_dir.filePath("demo.json");
        const ProcessResult r = klens({"trace", "export", "--events", log, "-o", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("demo.json"), r.out.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Parsed t;
        parseInto(f.readAll(), t);
        CHECK_TRACE(t);

        const std::vector<QJsonObject> lines = logLines(log);
        QCOMPARE(lines.size(), std::size_t{4168});
        const auto whole = t.whole();
        QCOMPARE(whole.size(), lines.size());
        QCOMPARE(intOf(t.other()["events"]), std::int64_t{4168});
        QCOMPARE(intOf(t.other()["corrupt_lines"]), std::int64_t{0});

        // Match spans to lines by (origin, key, time_ns): each line is exactly one span.
        std::map<std::tuple<std::string, std::string, std::int64_t>, const QJsonObject*> byKey;
        for (const QJsonObject& o : lines)
            byKey[{o["origin"].toString().toStdString(), o["key"].toString().toStdString(),
                   o["time_ns"].toInteger()}] = &o;
        QCOMPARE(byKey.size(), lines.size());
        std::size_t hits = 0, remote = 0;
        std::set<std::string> origins;
        for (const Span* s : whole) {
            const rapidjson::Value& a = *s->args;
            const std::string origin = str(a["origin"]);
            const auto it = byKey.find({origin, str(a["key"]), intOf(a["time_ns"])});
            QVERIFY2(it != byKey.end(), s->name.c_str());
            const QJsonObject& line = *it->second;
            byKey.erase(it);
            origins.insert(origin);
            QCOMPARE(QString::fromStdString(str(a["kernel"])), line["kernel"].toString());
            QCOMPARE(QString::fromStdString(str(a["arch"])), line["arch"].toString());
            const bool hit = line["cache_hit"].toBool();
            QCOMPARE(s->cat, std::string(hit ? "hit" : "compile"));
            QCOMPARE(a["cache_hit"].IsTrue(), hit);
            QCOMPARE(s->name.ends_with(" (hit)"), hit);
            hits += hit;

            // Stages: as logged, in order, one after another inside the span.
            const QJsonObject stagesUs = line["stages_us"].toObject();
            const auto stages = t.stagesOf(s);
            QCOMPARE(stages.size(), static_cast<std::size_t>(stagesUs.size()));
            std::int64_t sumNs = 0;
            for (std::size_t i = 0; i < stages.size(); ++i) {
                const std::int64_t us = stagesUs[QString::fromStdString(stages[i]->name)].toInteger(-1);
                QCOMPARE(stages[i]->dur, us * 1000);
                QCOMPARE(intOf((*stages[i]->args)["us"]), us);
                QVERIFY(stages[i]->ts >= s->ts && stages[i]->ts + stages[i]->dur <= s->ts + s->dur);
                if (i > 0)
                    QVERIFY(stages[i]->ts >= stages[i - 1]->ts + stages[i - 1]->dur);
                sumNs += stages[i]->dur;
            }
            const std::int64_t totalNs = line["total_us"].toInteger() * 1000;
            QVERIFY(s->dur >= totalNs);
            if (origin == "nvrtc-remote") {
                ++remote; // its time_ns is where the local tier ended: the remote tier starts there
                QCOMPARE(s->ts, line["time_ns"].toInteger());
            } else {
                QCOMPARE(s->dur, std::max(totalNs, sumNs));
                QCOMPARE(s->ts + s->dur, line["time_ns"].toInteger()); // time_ns is when it ended
                if (!stages.empty())
                    QCOMPARE(stages.front()->ts, s->ts);
            }

            // The track names the process by its real pid and the thread by the origin.
            const std::string pname = t.processName[s->pid];
            QVERIFY2(pname.find(" pid " + std::to_string(line["pid"].toInteger())) != std::string::npos,
                     pname.c_str());
            QVERIFY2(pname.ends_with(" on " + line["host"].toString().toStdString()), pname.c_str());
            const std::string tname = t.threadName[{s->pid, s->tid}];
            if (origin == "triton")
                QVERIFY2(pname.starts_with("triton listener pid ") && tname.starts_with("triton compile"),
                         (pname + " / " + tname).c_str());
            if (origin.starts_with("nvrtc"))
                QVERIFY2(tname.starts_with("klens " + origin), tname.c_str());
            // KernelLens and Triton 3.2+ name the entry's folder by the base32 of the sha256.
            if (origin == "triton" || origin == "nvrtc")
                QCOMPARE(str(a["entry"]), kl::encodeKeyFolder(str(a["key"]), kl::KeyEra::Base32).value());
        }
        QVERIFY(byKey.empty());
        QCOMPARE(origins, (std::set<std::string>{"nvrtc", "nvrtc-remote", "triton", "triton-remote"}));
        QVERIFY(hits > 100 && remote == 28);
        QVERIFY2(r.out.contains(QByteArray::number(static_cast<qulonglong>(hits)) + " hits"),
                 r.out.constData());
    }

    // A real log: klens compiles vector_add through NVRTC (miss, then hit), found through
    // $KERNELLENS_EVENTS_LOG as the other commands find it, exported to stdout.
    void realNvrtcCompiles()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        QTemporaryDir dir;
        QFile cu(dir.filePath("vector_add.cu"));
        QVERIFY(cu.open(QIODevice::WriteOnly) && cu.write(kVectorAdd) > 0);
        cu.close();
        const QString log = dir.filePath("state/events.jsonl");
        const QMap<QString, QString> env{{"KERNELLENS_EVENTS_LOG", log},
                                         {"KERNELLENS_CACHE_DIR", dir.filePath("cache")}};
        for (int i = 0; i < 2; ++i) {
            const ProcessResult c = klens({"compile", cu.fileName(), "--arch", "sm_80"}, env);
            QVERIFY2(c.exitCode == 0, c.err.constData());
        }
        const ProcessResult r = klens({"trace", "export", "-o", "-"}, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("1 compile, 1 hit"), r.err.constData());
        Parsed t;
        parseInto(r.out, t);
        CHECK_TRACE(t);
        QCOMPARE(str(t.other()["events_log"]), log.toStdString());

        const std::vector<QJsonObject> lines = logLines(log);
        QCOMPARE(lines.size(), std::size_t{2});
        const auto whole = t.whole();
        QCOMPARE(whole.size(), std::size_t{2});
        const Span& miss = *whole[0];
        const Span& hit = *whole[1];
        QCOMPARE(miss.cat, std::string("compile"));
        QCOMPARE(miss.name, std::string("vector_add"));
        QVERIFY(hit.cat == "hit" && hit.ts >= miss.ts + miss.dur);
        QCOMPARE(miss.ts + miss.dur, lines[0]["time_ns"].toInteger());
        QCOMPARE(hit.ts + hit.dur, lines[1]["time_ns"].toInteger());
        std::vector<std::string> stageNames;
        for (const Span* s : t.stagesOf(&miss))
            stageNames.push_back(s->name);
        QCOMPARE(stageNames.front(), std::string("lookup"));
        QVERIFY(std::find(stageNames.begin(), stageNames.end(), "nvrtc") != stageNames.end());
        QCOMPARE(stageNames.back(), std::string("store"));
        QVERIFY(miss.dur > 1000000); // NVRTC takes more than a millisecond

        // One process, klens's, under its real pid; the entry named in args exists in the cache.
        QCOMPARE(miss.pid, static_cast<int>(lines[0]["pid"].toInteger()));
        QVERIFY2(t.processName[miss.pid].starts_with("klens pid " + std::to_string(miss.pid)),
                 t.processName[miss.pid].c_str());
        QCOMPARE((t.threadName[{miss.pid, miss.tid}]), std::string("klens nvrtc"));
        QCOMPARE(str((*miss.args)["arch"]), std::string("sm_80"));
        QVERIFY(QDir(dir.filePath("cache/" + QString::fromStdString(str((*miss.args)["entry"])))).exists());
        QCOMPARE(str((*hit.args)["entry"]), str((*miss.args)["entry"]));
        QVERIFY((*hit.args)["cache_hit"].IsTrue());
    }

    // The remote tier's events from a real redis-server: a miss that pushes after the local
    // compile, then on an empty local cache a remote hit. remote_push lies after the compile.
    void realRemoteTier()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        RedisServer server;
        if (!server.error().isEmpty())
            QSKIP(qPrintable(server.error()));
        QTemporaryDir dir;
        QFile cu(dir.filePath("vector_add.cu"));
        QVERIFY(cu.open(QIODevice::WriteOnly) && cu.write(kVectorAdd) > 0);
        cu.close();
        const QString log = dir.filePath("events.jsonl");
        for (const char* cache : {"a", "b"}) {
            const ProcessResult c = klens({"compile", cu.fileName(), "--arch", "sm_80", "--remote",
                                           server.url(), "--cache", dir.filePath(cache), "--log", log});
            QVERIFY2(c.exitCode == 0, c.err.constData());
        }
        const QString out = dir.filePath("remote.json");
        const ProcessResult r = klens({"trace", "export", "--events", log, "-o", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Parsed t;
        parseInto(f.readAll(), t);
        CHECK_TRACE(t);
        const std::vector<QJsonObject> lines = logLines(log);
        QCOMPARE(lines.size(), std::size_t{4});

        const Span *compile = nullptr, *remoteMiss = nullptr, *remoteHit = nullptr;
        for (const Span* s : t.whole()) {
            const std::string origin = str((*s->args)["origin"]);
            if (origin == "nvrtc" && s->cat == "compile" && !compile)
                compile = s;
            if (origin == "nvrtc-remote")
                (s->cat == "hit" ? remoteHit : remoteMiss) = s;
        }
        QVERIFY(compile && remoteMiss && remoteHit);
        QCOMPARE((t.threadName[{remoteMiss->pid, remoteMiss->tid}]), std::string("klens nvrtc-remote"));
        const auto stages = t.stagesOf(remoteMiss);
        QCOMPARE(stages.size(), std::size_t{2});
        QCOMPARE(stages[0]->name, std::string("remote_get"));
        QCOMPARE(stages[1]->name, std::string("remote_push"));
        // get, then the local compile (another track of the same process), then push.
        QCOMPARE(remoteMiss->pid, compile->pid);
        QVERIFY(compile->ts >= remoteMiss->ts);
        QCOMPARE(stages[1]->ts, compile->ts + compile->dur);
        QVERIFY(remoteMiss->ts + remoteMiss->dur >= stages[1]->ts + stages[1]->dur);
        QCOMPARE(t.stagesOf(remoteHit).size(), std::size_t{1});
        QVERIFY(remoteHit->dur > 0);
    }

    // Corrupt and partial lines are skipped, counted, named on stderr and in otherData; the
    // events around them are exported; exit 1 as `klens events` does.
    void corruptLinesCounted()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("events.jsonl");
        const kl::EventLog writer(log.toStdString());
        const std::int64_t now = nowNs();
        QCOMPARE(writer.append(makeEvent(now - 3000000000, "nvrtc", "first", false,
                                         {{"lookup", 5}, {"nvrtc", 900}}, 950)),
                 std::string());
        QCOMPARE(writer.appendLine("this is not json\n"), std::string());
        QCOMPARE(writer.append(makeEvent(now, "nvrtc", "second", true, {{"lookup", 7}}, 7)), std::string());
        {
            QFile f(log);
            QVERIFY(f.open(QIODevice::Append));
            f.write("{\"origin\":\"nvrtc\",\"cache_hit\":fa"); // a writer cut off
        }
        const QString out = dir.filePath("t.json");
        const ProcessResult r = klens({"trace", "export", "--events", log, "-o", out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(log.toUtf8() + ":2:"), r.err.constData());
        QVERIFY2(r.err.contains("skipped 1 corrupt and 1 partial line"), r.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Parsed t;
        parseInto(f.readAll(), t);
        CHECK_TRACE(t);
        QCOMPARE(intOf(t.other()["corrupt_lines"]), std::int64_t{1});
        QCOMPARE(intOf(t.other()["partial_lines"]), std::int64_t{1});
        const auto whole = t.whole();
        QCOMPARE(whole.size(), std::size_t{2});
        QCOMPARE(whole[0]->name, std::string("first"));
        QCOMPARE(whole[0]->dur, std::int64_t{950000}); // total over the sum of stages
        QCOMPARE(whole[1]->name, std::string("second (hit)"));
    }

    void missingOrUnreadableLog()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("t.json");
        const QString missing = dir.filePath("nowhere/events.jsonl");
        ProcessResult r = klens({"trace", "export", "--events", missing, "-o", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(missing.toUtf8()) && r.err.contains("does not exist"), r.err.constData());
        QVERIFY(!QFile::exists(out));
        // The default log, from the environment, is named too.
        r = klens({"trace", "export", "-o", out}, {{"KERNELLENS_EVENTS_LOG", missing}});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(missing.toUtf8()), r.err.constData());
        // A folder where the log should be.
        QVERIFY(QDir(dir.path()).mkpath("folder.jsonl"));
        r = klens({"trace", "export", "--events", dir.filePath("folder.jsonl"), "-o", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(dir.filePath("folder.jsonl").toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    // The output replaces an old file in one rename and leaves no temp file; a failed write
    // keeps the old file; stdout that cannot be written is an error.
    void writesAtomically()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath("events.jsonl");
        QCOMPARE(kl::EventLog(log.toStdString())
                     .append(makeEvent(nowNs(), "nvrtc", "k", false, {{"nvrtc", 10}}, 10)),
                 std::string());
        const QString out = dir.filePath("out/trace.json");
        QVERIFY(QDir(dir.path()).mkpath("out"));
        {
            QFile old(out);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old contents");
        }
        ProcessResult r = klens({"trace", "export", "--events", log, "-o", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QDir(dir.filePath("out")).entryList(QDir::Files | QDir::Hidden), QStringList{"trace.json"});
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Parsed t;
        parseInto(f.readAll(), t);
        CHECK_TRACE(t);
        QCOMPARE(t.whole().size(), std::size_t{1});

        r = klens({"trace", "export", "--events", log, "-o", dir.filePath("absent/trace.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(dir.filePath("absent/trace.json").toUtf8()) &&
                     r.err.contains("No such file or directory"),
                 r.err.constData());

        if (QFile::exists("/dev/full")) {
            r = klens({"trace", "export", "--events", log, "-o", "-"}, {}, "/dev/full");
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("standard output") && r.err.contains("No space left on device"),
                     r.err.constData());
        }
        r = klens({"trace", "export", "--events", log});
        QCOMPARE(r.exitCode, 2); // -o is required
    }

    // Compiles overlapping in one process (threads) go on lanes so each track nests; a pid two
    // hosts share, and pid 0, get pids of their own while the names keep the real ones.
    void lanesAndPids()
    {
        const std::int64_t t0 = 1'772'411'338'000'000'000;
        const std::vector<kl::CompileEvent> events{
            makeEvent(t0 + 5'000'000, "triton", "a", false, {{"ttir", 2000}, {"ptx", 3000}}, 5000),
            makeEvent(t0 + 7'000'000, "triton", "b", false, {{"ttir", 4000}}, 4000), // overlaps a
            makeEvent(t0 + 9'000'000, "triton", "c", false, {{"ttir", 1000}}, 1000), // after both
            makeEvent(t0 + 9'000'000, "triton", "d", false, {}, 500, 42, "node2"),   // pid 42, other host
            makeEvent(t0 + 9'500'000, "nvrtc", "e", true, {}, 0, 0, ""),             // no pid, no time
        };
        Parsed t;
        parseInto(exportInProcess(events), t);
        CHECK_TRACE(t);
        std::map<std::string, const Span*> by;
        for (const Span* s : t.whole())
            by[s->name] = s;
        QCOMPARE(by.size(), std::size_t{5});
        QVERIFY(by["a"]->pid == 42 && by["b"]->pid == 42 && by["c"]->pid == 42);
        QVERIFY(by["a"]->tid != by["b"]->tid);
        QCOMPARE(by["c"]->tid, by["a"]->tid); // the first lane is free again
        QCOMPARE((t.threadName[{42, by["a"]->tid}]), std::string("triton compile"));
        QCOMPARE((t.threadName[{42, by["b"]->tid}]), std::string("triton compile #2"));
        QCOMPARE(t.processName[42], std::string("triton listener pid 42 on node1"));
        QVERIFY(by["d"]->pid != 42 && by["d"]->pid > 0);
        QCOMPARE(t.processName[by["d"]->pid], std::string("triton listener pid 42 on node2"));
        QVERIFY(by["e (hit)"]->pid > 0);
        QCOMPARE(t.processName[by["e (hit)"]->pid], std::string("klens pid 0"));
        QCOMPARE(by["e (hit)"]->ph, std::string("i")); // a hit that took no time is an instant
        QCOMPARE(by["a"]->ts, t0);                     // 5 ms before it ended
        QCOMPARE(t.stagesOf(by["a"])[1]->ts, t0 + 2'000'000);
    }

    // Text that is not UTF-8 comes out valid; absurd numbers neither overflow nor break nesting;
    // --base-time-ns counts ts from a Kineto trace's base.
    void badValuesAndBase()
    {
        const std::int64_t t0 = 1'772'411'338'271'679'863;
        std::vector<kl::CompileEvent> events{
            makeEvent(t0, "triton", "bad\xff\xfe name", false, {{"tt\xc3ir", 10}, {"ptx", -5}}, 10),
            makeEvent(t0, "nvrtc", "huge", false, {{"nvrtc", std::numeric_limits<std::int64_t>::max()}},
                      std::numeric_limits<std::int64_t>::max(), 7),
            makeEvent(std::numeric_limits<std::int64_t>::min(), "nvrtc", "early", false, {{"nvrtc", 1}}, 1,
                      8),
        };
        events[0].host = "h\x80st";
        Parsed t;
        parseInto(exportInProcess(events), t);
        CHECK_TRACE(t);
        std::map<std::string, const Span*> by;
        for (const Span* s : t.whole())
            by[s->name] = s;
        QVERIFY(by.contains("bad\\xFF\\xFE name") || by.contains("bad\\xff\\xfe name"));
        QCOMPARE(by["huge"]->dur, kl::trace::kMaxCompileUs * 1000);

        kl::trace::CompileTraceOptions o;
        o.baseTimeNs = 1'772'411'000'000'000'000;
        Parsed based;
        parseInto(exportInProcess({events[0]}, o), based);
        CHECK_TRACE(based);
        QCOMPARE(intOf(based.doc["baseTimeNanoseconds"]), o.baseTimeNs);
        QCOMPARE(based.whole().front()->ts, t0 - 10'000 - o.baseTimeNs); // 338.261679863 s
    }
};

QTEST_GUILESS_MAIN(TstCompileTrace)
#include "tst_compiletrace.moc"
