// CacheStore under pressure, with real processes (kl_store_helper):
//  - hammer: 16 processes x 500 puts and gets on 24 overlapping keys; zero errors, zero torn reads.
//  - killLoop: >= 200 SIGKILLs at random moments while a child puts; afterwards no entry reads as
//    complete with a missing or partial file, and the scanner reports every leftover.
// KL_STORE_TORTURE_SCALE (default 1) scales the iteration and kill counts (the ASan build uses it).
#include "checkedcontent.h"
#include "core/env/cacheroots.h"
#include "core/formats/keyencoding.h"
#include "core/scan/cachescanner.h"
#include "core/storage/cachestore.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

using namespace kl;

namespace {

double scale()
{
    const double s = qEnvironmentVariableIsSet("KL_STORE_TORTURE_SCALE")
                         ? qEnvironmentVariable("KL_STORE_TORTURE_SCALE").toDouble()
                         : 1.0;
    return s > 0 ? s : 1.0;
}

// Starts the helper with stdout to `stdoutFd` (or a file) and stderr to `errLog`.
pid_t spawnHelper(const QStringList& args, int stdoutFd, const QString& outLog, const QString& errLog)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const QByteArray out = outLog.toLocal8Bit(), err = errLog.toLocal8Bit();
    if (stdoutFd >= 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutFd, STDOUT_FILENO);
    else
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.constData(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.constData(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    QList<QByteArray> storage{QByteArrayLiteral(KL_STORE_HELPER)};
    for (const QString& a : args)
        storage << a.toLocal8Bit();
    std::vector<char*> argv;
    for (QByteArray& s : storage)
        argv.push_back(s.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    if (posix_spawn(&pid, KL_STORE_HELPER, &actions, nullptr, argv.data(), environ) != 0)
        pid = -1;
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The sha256 hex digest a base32 folder name encodes (the inverse of base32NoPad).
std::string keyOfFolder(const QString& folder)
{
    std::string bytes;
    unsigned buffer = 0;
    int bits = 0;
    for (QChar ch : folder) {
        const char c = ch.toLatin1();
        const int v = c >= 'A' && c <= 'Z' ? c - 'A' : c - '2' + 26;
        buffer = (buffer << 5) | unsigned(v);
        bits += 5;
        if (bits >= 8) {
            bytes.push_back(char((buffer >> (bits - 8)) & 0xFF));
            bits -= 8;
        }
    }
    return QByteArray::fromStdString(bytes).toHex().toStdString();
}

const Entry* byFolder(const Snapshot& s, const QString& folder)
{
    for (const Entry& e : s.entries)
        if (QString::fromStdString(e.folderName) == folder)
            return &e;
    return nullptr;
}

} // namespace

class TstStoreTorture : public QObject {
    Q_OBJECT
private slots:
    void hammer()
    {
        const int processes = 16, keys = 24;
        const int iterations = qMax(20, int(500 * scale()));
        TempCache c;
        QTemporaryDir logs;
        QElapsedTimer timer;
        timer.start();
        std::vector<pid_t> pids;
        for (int w = 0; w < processes; ++w) {
            // No fsync here: it changes nothing another process can see, only what survives a power
            // loss, and costs about 50 ms a put on this disk. killLoop and tst_cachestore run with it.
            const QString fsync = "0";
            pid_t pid = spawnHelper({"hammer", c.path(), QString::number(w), QString::number(iterations),
                                     QString::number(keys), fsync},
                                    -1, logs.filePath(QString("out%1").arg(w)),
                                    logs.filePath(QString("err%1").arg(w)));
            QVERIFY2(pid > 0, "cannot start " KL_STORE_HELPER);
            pids.push_back(pid);
        }
        long long hits = 0, misses = 0;
        for (int w = 0; w < processes; ++w) {
            int status = 0;
            QCOMPARE(::waitpid(pids[w], &status, 0), pids[w]);
            const QByteArray out = readAll(logs.filePath(QString("out%1").arg(w))).trimmed();
            const QByteArray err = readAll(logs.filePath(QString("err%1").arg(w)));
            QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, (out + "\n" + err).constData());
            QVERIFY2(out.contains("errors=0 torn=0"), out.constData());
            QVERIFY2(out.startsWith(QString("puts=%1 gets=%1").arg(iterations).toUtf8()), out.constData());
            hits += out.split(' ').at(2).mid(5).toLongLong();
            misses += out.split(' ').at(3).mid(7).toLongLong();
        }
        qInfo("%d processes x %d puts and gets on %d keys: %lld hits, %lld misses, 0 errors, 0 torn, %.1f s",
              processes, iterations, keys, hits, misses, timer.elapsed() / 1000.0);

        // Every key was written and finished: each entry is complete, whole, with nothing left over.
        CacheStore store(c.path().toStdString());
        const Snapshot s = CacheScanner().scan({kl::givenRoot(c.path().toStdString())});
        QCOMPARE(s.entries.size(), std::size_t(keys));
        for (const Entry& e : s.entries) {
            QCOMPARE(toString(e.status), std::string_view("complete"));
            QVERIFY2(e.problems.empty(),
                     e.problems.empty() ? "" : e.problems.front().message.english().c_str());
            GetResult g = store.get(e.hash);
            QVERIFY2(g && g->hit, (g ? g->missReason : g.error()).english().c_str());
            for (const auto& [name, bytes] : g->files) {
                std::string why;
                QVERIFY2(kltest::verifyCheckedFile(name, e.hash, bytes, why), why.c_str());
            }
        }
    }

    void killLoop()
    {
        const int kills = qMax(20, int(200 * scale()));
        const int sharedKeys = 20;
        TempCache c;
        QTemporaryDir logs;
        std::mt19937_64 rng(20240611);
        QElapsedTimer timer;
        timer.start();
        int killedMidRun = 0;
        for (int i = 0; i < kills; ++i) {
            int pipeFds[2];
            QCOMPARE(::pipe2(pipeFds, O_CLOEXEC), 0);
            const QString fsync = i % 4 == 0 ? "1" : "0"; // a quarter of the runs with fsync on
            const QString errLog = logs.filePath("writer.err");
            pid_t pid =
                spawnHelper({"writer", c.path(), QString::number(i + 1), fsync, QString::number(sharedKeys)},
                            pipeFds[1], {}, errLog);
            ::close(pipeFds[1]);
            QVERIFY2(pid > 0, "cannot start " KL_STORE_HELPER);
            // Wait until the child is in its put loop, then kill it a random few ms later.
            pollfd p{pipeFds[0], POLLIN, 0};
            char ready = 0;
            const bool started =
                ::poll(&p, 1, 30000) == 1 && ::read(pipeFds[0], &ready, 1) == 1 && ready == 'R';
            ::close(pipeFds[0]);
            ::usleep(useconds_t(std::uniform_int_distribution<int>(200, 6000)(rng)));
            ::kill(pid, SIGKILL);
            int status = 0;
            QCOMPARE(::waitpid(pid, &status, 0), pid);
            QVERIFY2(started, "writer did not start");
            QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, readAll(errLog).constData());
            ++killedMidRun;
        }
        const double killSeconds = timer.elapsed() / 1000.0;

        const Snapshot s = CacheScanner().scan({kl::givenRoot(c.path().toStdString())});
        CacheStore store(c.path().toStdString());
        QDir root(c.path());
        const QStringList folders = root.entryList(QDir::AllEntries | QDir::NoDotAndDotDot);
        QCOMPARE(s.entries.size(), std::size_t(folders.size()));
        int complete = 0, withTemp = 0, withoutGroup = 0, tempFolders = 0, filesChecked = 0;
        for (const QString& folder : folders) {
            QVERIFY2(QFileInfo(root.filePath(folder)).isDir(),
                     qPrintable(folder + " outside an entry folder"));
            const Entry* e = byFolder(s, folder);
            QVERIFY2(e, qPrintable(folder));
            const std::string key = keyOfFolder(folder);
            QDir entry(root.filePath(folder));
            const QStringList temps = entry.entryList({"tmp.pid_*"}, QDir::Dirs | QDir::NoDotAndDotDot);
            const QStringList files = entry.entryList(QDir::Files | QDir::Hidden);
            const bool hasGroup = !entry.entryList({"__grp__*.json"}, QDir::Files).isEmpty();
            // Files appear in an entry only by rename: every one is whole, committed or not.
            for (const QString& f : files) {
                if (f.startsWith("__grp__"))
                    continue;
                std::string why;
                QVERIFY2(kltest::verifyCheckedFile(f.toStdString(), key,
                                                   readAll(entry.filePath(f)).toStdString(), why),
                         qPrintable(entry.path() + ": " + QString::fromStdString(why)));
                ++filesChecked;
            }
            if (!temps.isEmpty()) {
                ++withTemp;
                tempFolders += int(temps.size());
                QVERIFY2(e->hasProblem(problem::OrphanTemp), qPrintable(entry.path()));
            }
            GetResult g = store.get(key);
            QVERIFY2(g, g ? "" : g.error().english().c_str());
            if (!hasGroup) {
                ++withoutGroup;
                QVERIFY2(e->status != EntryStatus::Complete, qPrintable(entry.path()));
                QVERIFY2(e->hasProblem(problem::MissingGroup) || e->hasProblem(problem::EmptyEntry),
                         qPrintable(entry.path()));
                QVERIFY(!g->hit);
                continue;
            }
            // A group file is written last: its entry is complete, every child whole.
            QVERIFY2(e->status == EntryStatus::Complete,
                     qPrintable(entry.path() + ": " +
                                QString::fromStdString(
                                    e->problems.empty() ? "" : e->problems.front().message.english())));
            ++complete;
            QVERIFY2(g->hit, g->missReason.english().c_str());
            for (const auto& [name, bytes] : g->files) {
                std::string why;
                QVERIFY2(kltest::verifyCheckedFile(name, key, bytes, why), why.c_str());
            }
        }
        qInfo(
            "%d SIGKILLs in %.1f s: %d entries, %d complete (all files verified, %d files), %d without group "
            "file, %d with %d temp folders; all leftovers reported by the scanner",
            killedMidRun, killSeconds, int(folders.size()), complete, filesChecked, withoutGroup, withTemp,
            tempFolders);
        QVERIFY(complete > 0);
        QVERIFY2(withTemp > 0 && withoutGroup > 0, "no kill landed inside a put: the test proves nothing");

        // The store recovers: a put over a damaged entry commits it.
        for (const QString& folder : folders) {
            if (!QDir(root.filePath(folder)).entryList({"__grp__*.json"}, QDir::Files).isEmpty())
                continue;
            const std::string key = keyOfFolder(folder);
            StoreFiles files{{"k.json", "{\"hash\": \"" + key + "\", \"name\": \"k\"}"}, {"k.ptx", "//\n"}};
            PutResult r = store.put(key, "k", files);
            QVERIFY2(r, r ? "" : r.error().english().c_str());
            QVERIFY(store.get(key, "k")->hit);
            break;
        }
    }
};

QTEST_APPLESS_MAIN(TstStoreTorture)
#include "tst_storetorture.moc"
