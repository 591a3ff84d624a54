// The events log under load: writer processes appending thousands of lines while rotation is
// forced by a small bound, with a reader running alongside; and the reader on damaged logs.
#include "core/events/eventline.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <map>
#include <set>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

// Event `seq` of writer `writer`: its key names both, and its kernel name is padded to a length
// that varies from line to line so that lines span page boundaries (a torn write would show).
kl::CompileEvent numberedEvent(int writer, int seq)
{
    kl::CompileEvent e;
    e.timeNs = 1795346422000000000 + seq;
    e.origin = writer % 2 ? "triton" : "nvrtc";
    e.kernel = "k" + std::to_string(writer) + "_" + std::to_string(seq) + "_" +
               std::string(static_cast<std::size_t>((seq * 7919 + writer * 131) % 2000), 'x');
    e.key = std::to_string(writer) + ":" + std::to_string(seq);
    e.cacheHit = seq % 3 == 0;
    for (int s = 0; s < seq % 6; ++s)
        e.stagesUs.emplace_back("stage" + std::to_string(s), seq + s);
    e.totalUs = seq;
    e.pid = ::getpid();
    e.host = "host";
    return e;
}

// Parse "writer:seq" keys; false for anything else.
bool writerAndSeq(const std::string& key, int& writer, int& seq)
{
    const auto colon = key.find(':');
    if (colon == std::string::npos)
        return false;
    writer = std::stoi(key.substr(0, colon));
    seq = std::stoi(key.substr(colon + 1));
    return true;
}

// Fork `writers` processes that each append `lines` events, all starting at the same moment
// (they wait for the parent to close a pipe); returns their pids.
std::vector<pid_t> startWriters(const kl::EventLog& log, int writers, int lines)
{
    int gate[2];
    if (::pipe(gate) != 0)
        return {};
    std::vector<pid_t> pids;
    for (int w = 0; w < writers; ++w) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::close(gate[1]);
            char c;
            while (::read(gate[0], &c, 1) < 0 && errno == EINTR) {
            }
            for (int i = 0; i < lines; ++i) {
                if (std::string err = log.append(numberedEvent(w, i)); !err.empty()) {
                    std::fprintf(stderr, "writer %d: %s\n", w, err.c_str());
                    ::_exit(1);
                }
            }
            ::_exit(0);
        }
        pids.push_back(pid);
    }
    ::close(gate[0]);
    ::close(gate[1]); // go
    return pids;
}

bool allExited(std::vector<pid_t>& pids, int& failures)
{
    for (auto it = pids.begin(); it != pids.end();) {
        int status = 0;
        const pid_t r = ::waitpid(*it, &status, WNOHANG);
        if (r == *it) {
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                ++failures;
            it = pids.erase(it);
        } else {
            ++it;
        }
    }
    return pids.empty();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

class TstEventLog : public QObject {
    Q_OBJECT

private slots:
    void concurrentWritersRotateWithoutLosingLines()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("state/kernellens/events.jsonl").toStdString();
        constexpr int kWriters = 8, kLines = 1500;
        // About 13 MB in 256 KiB files: ~50 rotations; keep every generation so none is dropped.
        const kl::EventLog log(path, {256 * 1024, 500});
        std::vector<pid_t> pids = startWriters(log, kWriters, kLines);

        // A reader alongside the writers: never a torn or repeated line; a partial last line is
        // allowed (a write in progress is visible page by page).
        int failures = 0, reads = 0;
        while (!allExited(pids, failures)) {
            const kl::EventLogContents c = kl::readEventLog(path);
            QVERIFY2(c.error.empty(), c.error.english().c_str());
            QCOMPARE(c.corruptLines, 0u);
            std::set<std::string> seen;
            for (const kl::CompileEvent& e : c.events)
                QVERIFY2(seen.insert(e.key).second, ("read twice: " + e.key).c_str());
            ++reads;
        }
        QCOMPARE(failures, 0);
        qInfo("%d concurrent reads", reads);

        const kl::EventLogContents c = kl::readEventLog(path);
        QVERIFY2(c.error.empty(), c.error.english().c_str());
        QCOMPARE(c.corruptLines, 0u);
        QCOMPARE(c.partialLines, 0u);
        QCOMPARE(c.events.size(), std::size_t(kWriters * kLines));
        QVERIFY2(c.files.size() > 20, "the small bound should have forced many rotations");
        std::map<int, int> next; // each writer's lines come in the order it wrote them
        for (const kl::CompileEvent& e : c.events) {
            int w = 0, seq = 0;
            QVERIFY(writerAndSeq(e.key, w, seq));
            QCOMPARE(seq, next[w]);
            next[w] = seq + 1;
            QCOMPARE(e.kernel, numberedEvent(w, seq).kernel);
        }
        QCOMPARE(int(next.size()), kWriters);
        // Every rotated file ended at a line boundary and stayed near the bound.
        for (std::size_t i = 0; i + 1 < c.files.size(); ++i) {
            struct stat st {};
            QCOMPARE(::stat(c.files[i].c_str(), &st), 0);
            QVERIFY(st.st_size > 256 * 1024);
            QVERIFY2(std::size_t(st.st_size) < 256 * 1024 + kWriters * kl::kMaxEventLineBytes,
                     c.files[i].c_str());
        }
    }

    void fewGenerationsKeepWholeLines()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("events.jsonl").toStdString();
        const kl::EventLog log(path, {64 * 1024, 2});
        std::vector<pid_t> pids = startWriters(log, 8, 600);
        int failures = 0;
        while (!allExited(pids, failures))
            QTest::qWait(20);
        QCOMPARE(failures, 0);
        const kl::EventLogContents c = kl::readEventLog(path);
        QCOMPARE(c.corruptLines, 0u);
        QCOMPARE(c.partialLines, 0u);
        // .2, .1 and the live file; when the very last append rotated, no live file exists yet.
        const bool live = QFile::exists(QString::fromStdString(path));
        QCOMPARE(c.files.size(), std::size_t(live ? 3 : 2));
        QVERIFY(QFile::exists(QString::fromStdString(path + ".1")));
        QVERIFY(QFile::exists(QString::fromStdString(path + ".2")));
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".3"))); // keep = 2
        QVERIFY(c.events.size() < 8u * 600u);                         // older generations aged out
        std::set<std::string> seen;
        for (const kl::CompileEvent& e : c.events)
            QVERIFY(seen.insert(e.key).second);
        QVERIFY(QFile::exists(QString::fromStdString(kl::eventLogLockPath(path))));
    }

    void appendCreatesFoldersAndWritesOneLine()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("a/b/c/events.jsonl").toStdString();
        const kl::EventLog log(path);
        QCOMPARE(log.append(numberedEvent(0, 1)), std::string());
        QCOMPARE(log.append(numberedEvent(0, 2)), std::string());
        struct stat st {};
        QCOMPARE(::stat(dir.filePath("a/b").toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0700u);
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 3); // two lines and the empty rest after the last newline
        QVERIFY(lines[2].isEmpty());
        QVERIFY(lines[0].startsWith("{\"schema\":\"kernellens.event/1\""));
    }

    void appendErrorsNameThePath()
    {
        QTemporaryDir dir;
        // The log path is a folder.
        QVERIFY(QDir(dir.path()).mkdir("isdir"));
        std::string err = kl::EventLog(dir.filePath("isdir").toStdString()).append(numberedEvent(0, 0));
        QVERIFY2(err.find("isdir") != std::string::npos, err.c_str());
        // A parent is a file.
        writeFile(dir.filePath("file"), "x");
        err = kl::EventLog(dir.filePath("file/events.jsonl").toStdString()).append(numberedEvent(0, 0));
        QVERIFY2(err.find("file") != std::string::npos && err.find("Not a directory") != std::string::npos,
                 err.c_str());
        // A FIFO never blocks the appender.
        const QString fifo = dir.filePath("fifo");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        err = kl::EventLog(fifo.toStdString()).append(numberedEvent(0, 0));
        QVERIFY2(!err.empty(), "appending to a FIFO must fail");
        // Lines that are not lines.
        err = kl::EventLog(dir.filePath("x.jsonl").toStdString()).appendLine("no newline");
        QVERIFY(!err.empty());
        err = kl::EventLog(dir.filePath("x.jsonl").toStdString()).appendLine(std::string(5000, 'a') + "\n");
        QVERIFY(!err.empty());
    }

    void readerCountsGarbageAndPartialLines()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("events.jsonl");
        const std::string good = kl::formatEventLine(numberedEvent(1, 1));
        // An older generation with a cut-off last line, then the live file with garbage.
        writeFile(path + ".1", QByteArray::fromStdString(good) + "{\"origin\":\"tri");
        QByteArray live = QByteArray::fromStdString(good);
        live += "not json\n";
        live += "\n";                                          // empty line
        live += "[1,2,3]\n";                                   // not an object
        live += "{\"origin\":\"nvrtc\",\"time_ns\":1}\n";      // no cache_hit
        live += "{\"origin\":\"nvrtc\",\"cache_hit\":true}\n"; // no time_ns
        live += QByteArray("\xff\xfe\x00\x01garbage\n", 12);   // binary
        live += QByteArray(2 << 20, 'z') + "\n";               // longer than 1 MiB
        live += "{\"origin\":\"triton\",\"cache_hit\":false,\"time_ns\":5,\"total_us\":NaN,"
                "\"stages_us\":{\"a\":Infinity,\"b\":2.6},\"new_field\":[1,{\"x\":-Infinity}]}\n";
        live += QByteArray::fromStdString(good);
        live += "{\"origin\":\"nvrtc\",\"cache_h"; // partial last line: a write in progress
        writeFile(path, live);
        writeFile(path + ".lock", "");
        writeFile(path + ".x", "not a generation");

        const kl::EventLogContents c = kl::readEventLog(path.toStdString());
        QVERIFY2(c.error.empty(), c.error.english().c_str());
        QVERIFY(c.found);
        QCOMPARE(c.files.size(), std::size_t(2));
        QVERIFY(c.files[0].ends_with(".1"));
        QCOMPARE(c.events.size(), std::size_t(4));
        QCOMPARE(c.corruptLines, 7u);
        QCOMPARE(c.partialLines, 2u);
        QCOMPARE(c.lines, 13u);
        QCOMPARE(c.issues.size(), std::size_t(9));
        QCOMPARE(c.issues[0].cause.english(), std::string("partial last line (no newline)"));
        QCOMPARE(c.issues[0].line, 2u);
        QCOMPARE(c.issues[1].line, 2u); // "not json" is line 2 of the live file
        QCOMPARE(c.issues[7].cause.english(), std::string("line longer than 1 MiB"));
        // Infinity/NaN: the numbers are dropped, the rest of the event is kept.
        const kl::CompileEvent& odd = c.events[2];
        QCOMPARE(odd.origin, std::string("triton"));
        QCOMPARE(odd.totalUs, 0);
        QCOMPARE(odd.stagesUs.size(), std::size_t(1));
        QCOMPARE(odd.stagesUs[0].first, std::string("b"));
        QCOMPARE(odd.stagesUs[0].second, 3);
    }

    void readerOnMissingAndUnreadableLogs()
    {
        QTemporaryDir dir;
        kl::EventLogContents c = kl::readEventLog(dir.filePath("nothing/here.jsonl").toStdString());
        QVERIFY(!c.found);
        QVERIFY(c.error.empty());
        QVERIFY(c.events.empty());
        c = kl::readEventLog(dir.path().toStdString());
        QVERIFY2(c.error.english().find("not a regular file") != std::string::npos,
                 c.error.english().c_str());
        if (::geteuid() != 0) {
            writeFile(dir.filePath("locked.jsonl"), "{}\n");
            QFile::setPermissions(dir.filePath("locked.jsonl"), QFileDevice::WriteOwner);
            c = kl::readEventLog(dir.filePath("locked.jsonl").toStdString());
            QVERIFY2(c.error.english().find("Permission denied") != std::string::npos,
                     c.error.english().c_str());
        }
    }

    void readerCancels()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("events.jsonl").toStdString();
        const kl::EventLog log(path);
        for (int i = 0; i < 10; ++i)
            QCOMPARE(log.append(numberedEvent(0, i)), std::string());
        std::atomic<bool> cancel{true};
        kl::EventLogReadOptions o;
        o.cancel = &cancel;
        QVERIFY(kl::readEventLog(path, o).cancelled);
        cancel = false;
        std::uint64_t last = 0;
        o.progress = [&](std::uint64_t done, std::uint64_t total) {
            QVERIFY(done <= total);
            last = done;
        };
        QCOMPARE(kl::readEventLog(path, o).events.size(), std::size_t(10));
        QCOMPARE(last, std::uint64_t(QFileInfo(QString::fromStdString(path)).size()));
    }
};

QTEST_GUILESS_MAIN(TstEventLog)
#include "tst_eventlog.moc"
