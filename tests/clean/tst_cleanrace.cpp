// Clean while 8 processes keep writing entries the way Triton does (a temp folder per file, then a
// rename, the group file last). No writer may fail, and afterwards no entry may be half deleted:
// every folder has its group file and every child it lists, or no group file at all.
#include "cleantestutil.h"
#include "core/clean/cleanexecutor.h"
#include "core/clean/cleanplan.h"
#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "tests/support/klensprocess.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

using namespace cleantest;

namespace {

constexpr int kWriters = 8;
constexpr int kOldEntries = 600;

std::string keyFolder(unsigned writer, unsigned n)
{
    char hex[65];
    std::snprintf(hex, sizeof hex, "%016x%016x%016x%016x", writer + 1, n, writer * 2654435761u ^ n, 0xC1EA7u);
    return *kl::encodeKeyFolder(hex, kl::KeyEra::Base32);
}

// ---- the writer processes: plain POSIX, like Triton's FileCacheManager.put ----------------------

bool fail(const char* op, const std::string& path)
{
    std::fprintf(stderr, "writer %d: %s %s: %s\n", static_cast<int>(::getpid()), op, path.c_str(),
                 std::strerror(errno));
    return false;
}

// os.makedirs(entry/tmp.pid_<pid>_<n>, exist_ok=True): recreates the entry when a cleaner removed it.
bool makeTempDir(const std::string& entry, const std::string& tmp)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        if (::mkdir(entry.c_str(), 0755) != 0 && errno != EEXIST)
            return fail("mkdir", entry);
        if (::mkdir(tmp.c_str(), 0755) == 0)
            return true;
        if (errno != ENOENT)
            return fail("mkdir", tmp);
    }
    return fail("mkdir (entry kept vanishing)", tmp);
}

bool put(const std::string& entry, const std::string& name, const std::string& data, unsigned& counter)
{
    const std::string tmp =
        entry + "/tmp.pid_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    if (!makeTempDir(entry, tmp))
        return false;
    const std::string tmpFile = tmp + "/" + name;
    const int fd = ::open(tmpFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return fail("open", tmpFile);
    const bool written = ::write(fd, data.data(), data.size()) == static_cast<ssize_t>(data.size());
    ::close(fd);
    if (!written)
        return fail("write", tmpFile);
    if (::rename(tmpFile.c_str(), (entry + "/" + name).c_str()) != 0)
        return fail("rename", tmpFile);
    if (::rmdir(tmp.c_str()) != 0)
        return fail("rmdir", tmp);
    return true;
}

bool writeEntry(const std::string& root, const std::string& folder, unsigned& counter)
{
    const std::string entry = root + "/" + folder;
    std::string group = "{\"child_paths\": {";
    for (const char* ext : {"source", "ttir", "ptx", "cubin", "json"}) {
        const std::string name = std::string("k.") + ext;
        const std::string data = std::string(ext) == "json" ? "{\"name\": \"k\"}" : std::string(2000, ext[0]);
        if (!put(entry, name, data, counter))
            return false;
        group += (group.back() == '{' ? "\"" : ", \"") + name + "\": \"" + entry + "/" + name + "\"";
    }
    return put(entry, "__grp__k.json", group + "}}", counter);
}

int runWriter(int argc, char** argv)
{
    if (argc < 5)
        return 2;
    const std::string root = argv[2];
    const unsigned id = static_cast<unsigned>(std::atoi(argv[3]));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(std::atoi(argv[4]));
    unsigned counter = 0, n = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        // One in five writes rewrites a recent key of its own: two compiles of one kernel.
        const unsigned key = (n > 4 && n % 5 == 0) ? n - 3 : n;
        if (!writeEntry(root, keyFolder(id, key), counter))
            return 1;
        ++n;
    }
    std::printf("%u\n", n);
    return 0;
}

// ---- the checks ---------------------------------------------------------------------------------

// Every folder either has its group file and all the children it lists, or no group file.
QStringList halfEntries(const QString& root)
{
    QStringList bad;
    for (const QString& folder : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString dir = root + "/" + folder;
        for (const QString& g : QDir(dir).entryList({"__grp__*.json"}, QDir::Files)) {
            QFile f(dir + "/" + g);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            auto group = kl::parseGroupFile(f.readAll().toStdString());
            if (!group) {
                bad << dir + ": unreadable group file: " + QString::fromStdString(group.error().english());
                continue;
            }
            for (const kl::GroupChild& c : group->children)
                if (!QFileInfo::exists(dir + "/" + QString::fromStdString(c.name)))
                    bad << dir + ": group file lists " + QString::fromStdString(c.name) + ", which is gone";
        }
    }
    return bad;
}

// Entries written long ago, straight into place (no temp folders: this is set-up, not the race).
void writeOldEntries(const QString& root)
{
    const std::int64_t dayAgo =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
            .count() -
        86400;
    for (unsigned i = 0; i < kOldEntries; ++i) {
        const QString entry = root + "/" + QString::fromStdString(keyFolder(1000, i));
        QDir().mkpath(entry);
        QString group = "{\"child_paths\": {";
        for (const char* ext : {"source", "ttir", "ptx", "cubin", "json"}) {
            const QString name = QStringLiteral("k.") + ext;
            QFile f(entry + "/" + name);
            if (f.open(QIODevice::WriteOnly))
                f.write(QByteArray(2000, ext[0]));
            group += (group.endsWith('{') ? "\"" : ", \"") + name + "\": \"" + entry + "/" + name + "\"";
        }
        QFile g(entry + "/__grp__k.json");
        if (g.open(QIODevice::WriteOnly))
            g.write((group + "}}").toUtf8());
        g.close();
        setEntryMtime(entry, dayAgo);
    }
}

} // namespace

class TstCleanRace : public QObject {
    Q_OBJECT
private slots:
    void cleanWhileTritonWrites_data()
    {
        QTest::addColumn<int>("graceS");
        QTest::addRow("grace 3 s: no writer fails, no half entry") << 3;
        QTest::addRow("grace 0: no writer fails") << 0;
    }
    void cleanWhileTritonWrites()
    {
        QFETCH(int, graceS);
        QElapsedTimer clock;
        clock.start();
        QTemporaryDir dir;
        const QString root = dir.filePath("cache");
        QDir().mkpath(root);
        writeOldEntries(root);
        QCOMPARE(QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), kOldEntries);
        qInfo("%lld ms: %d old entries written", clock.elapsed(), kOldEntries);

        std::vector<std::unique_ptr<QProcess>> writers;
        for (int i = 0; i < kWriters; ++i) {
            writers.push_back(std::make_unique<QProcess>());
            writers.back()->start(QCoreApplication::applicationFilePath(),
                                  {"--writer", root, QString::number(i), "5000"});
        }
        for (auto& w : writers)
            QVERIFY(w->waitForStarted());

        kl::CleanPolicy policy;
        policy.maxSize = 0;
        policy.graceNs = std::int64_t(graceS) * 1000000000;
        kl::CleanOptions options;
        options.graceNs = policy.graceNs;
        std::size_t rounds = 0, removed = 0;
        bool cliRan = false;
        auto running = [&] {
            for (auto& w : writers)
                if (w->state() != QProcess::NotRunning)
                    return true;
            return false;
        };
        while (running()) {
            const kl::CleanResult r =
                kl::executeCleanPlan(kl::makeCleanPlan(scan(root), policy, {}), {}, options);
            for (const kl::RemovalOutcome& o : r.outcomes)
                QVERIFY2(o.result != kl::RemovalResult::Failed, o.detail.english().c_str());
            removed += r.removed;
            ++rounds;
            if (!cliRan) {
                qInfo("%lld ms: first round done, running klens clean", clock.elapsed());
                ProcessResult cli =
                    runKlens({"clean", root, "--max-size", "0", "--grace", QString::number(graceS) + "s"},
                             withoutMachineTools());
                qInfo("%lld ms: klens clean done", clock.elapsed());
                QVERIFY2(cli.exitCode == 0 || cli.exitCode == 1, cli.err.constData());
                QVERIFY2(!cli.out.contains("failed  "), cli.out.constData());
                cliRan = true;
            }
            QCoreApplication::processEvents();
        }
        qInfo("%lld ms: writers done", clock.elapsed());
        qint64 written = 0;
        for (auto& w : writers) {
            if (w->state() != QProcess::NotRunning)
                QVERIFY(w->waitForFinished(60000));
            const QByteArray err = w->readAllStandardError();
            QVERIFY2(w->exitStatus() == QProcess::NormalExit && w->exitCode() == 0, err.constData());
            QVERIFY2(err.isEmpty(), err.constData());
            written += w->readAllStandardOutput().trimmed().toLongLong();
        }
        qInfo("%lld entries written by %d writers while %zu clean rounds removed %zu entries", written,
              kWriters, rounds, removed);
        QVERIFY(written > 0);
        QVERIFY(rounds > 1);

        // Every old entry is gone; what the writers wrote is whole (or, with no grace, a miss).
        const QStringList names = QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        for (unsigned i = 0; i < kOldEntries; i += 97)
            QVERIFY(!names.contains(QString::fromStdString(keyFolder(1000, i))));
        if (graceS > 0) {
            const QStringList bad = halfEntries(root);
            QVERIFY2(bad.isEmpty(), qPrintable(bad.mid(0, 5).join('\n')));
        }
        for (const QString& folder : names)
            QVERIFY2(QDir(root + "/" + folder).entryList({"tmp.pid_*"}, QDir::Dirs).isEmpty(),
                     qPrintable(folder));
    }
};

int main(int argc, char** argv)
{
    if (argc >= 2 && std::strcmp(argv[1], "--writer") == 0)
        return runWriter(argc, argv);
    QCoreApplication app(argc, argv);
    TstCleanRace test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_cleanrace.moc"
