// Real mounts: a tmpfs mounted with mount(2), and a FUSE network filesystem (sshfs to our own
// sshd on a loopback port). Both need root (CAP_SYS_ADMIN) and skip with the reason otherwise.
#include "core/fs/folderhealth.h"
#include "core/fs/fsprobe.h"
#include "enumnames.h"
#include "tests/support/fakeenvironment.h"
#include "tests/support/klensprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <arpa/inet.h>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <map>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace kl;

namespace {

Environment envWith(std::map<std::string, std::string> vars, std::string home)
{
    return fakeEnvironment(std::move(vars), std::move(home), "kltest");
}

std::string realPath(const QString& p)
{
    char buf[PATH_MAX];
    return ::realpath(p.toLocal8Bit().constData(), buf) ? std::string(buf) : p.toStdString();
}

// A free loopback port: bind to port 0 and let the kernel pick. The tiny window before sshd binds
// it is acceptable for a test.
int freeLoopbackPort()
{
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return -1;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = -1;
    if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(s);
    return port;
}

bool portAccepts(int port)
{
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return false;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    const bool ok = ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(s);
    return ok;
}

// Unmounts in its destructor, so a failed check still leaves no mount behind.
struct TmpfsMount {
    QString dir;
    bool mounted = false;
    ~TmpfsMount()
    {
        if (mounted)
            ::umount2(dir.toLocal8Bit().constData(), MNT_DETACH);
    }
};

// sshd and sshfs (in the foreground, so the test can pause it); the mount is undone and both are
// stopped in the destructor.
struct SshfsMount {
    QProcess sshd;
    QProcess sshfs;
    QString mountDir;
    bool mounted = false;
    ~SshfsMount()
    {
        if (sshfs.state() != QProcess::NotRunning)
            ::kill(static_cast<pid_t>(sshfs.processId()), SIGCONT);
        if (mounted) {
            QString fusermount = QStandardPaths::findExecutable("fusermount3");
            if (fusermount.isEmpty())
                fusermount = QStandardPaths::findExecutable("fusermount");
            if (fusermount.isEmpty() ||
                runProcess(fusermount, {"-u", mountDir}, {.timeoutMs = 10000}).exitCode != 0)
                ::umount2(mountDir.toLocal8Bit().constData(), MNT_DETACH);
        }
        for (QProcess* p : {&sshfs, &sshd}) {
            if (p->state() == QProcess::NotRunning)
                continue;
            p->terminate();
            if (!p->waitForFinished(5000)) {
                p->kill();
                p->waitForFinished(5000);
            }
        }
    }
};

bool isMounted(const QString& dir)
{
    QFile f("/proc/self/mountinfo");
    if (!f.open(QIODevice::ReadOnly))
        return false;
    return f.readAll().contains(" " + dir.toLocal8Bit() + " ");
}

QJsonObject klensJson(const QStringList& args, int& exitCode, const QProcessEnvironment& env)
{
    const ProcessResult r = runKlens(args, {.environment = env, .timeoutMs = 60000});
    exitCode = r.exitCode;
    return r.json;
}

// kill(SIGSTOP) returns before the process stops: a thread already running in user space can
// still answer one more request. Waits until every thread of `pid` is stopped ('T' in its stat).
bool waitUntilStopped(qint64 pid)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 5000) {
        const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
        bool all = true;
        for (const QString& tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile stat(tasks.filePath(tid + "/stat"));
            if (!stat.open(QIODevice::ReadOnly))
                continue;
            const QByteArray line = stat.readAll();
            const qsizetype close = line.lastIndexOf(')');
            if (close < 0 || close + 2 >= line.size() || (line[close + 2] != 'T' && line[close + 2] != 't'))
                all = false;
        }
        if (all)
            return true;
        QThread::msleep(5);
    }
    return false;
}

} // namespace

class TstRealMounts : public QObject {
    Q_OBJECT
private slots:
    void tmpfsIsMemory()
    {
        QTemporaryDir base;
        QVERIFY(base.isValid());
        TmpfsMount m;
        m.dir = base.filePath("mnt");
        QVERIFY(QDir().mkpath(m.dir));
        if (::mount("kl-test-tmpfs", m.dir.toLocal8Bit().constData(), "tmpfs", 0, "size=1m") != 0) {
            const int err = errno;
            QSKIP(qPrintable(QString("mount -t tmpfs on %1 was refused: %2 (needs root / CAP_SYS_ADMIN)")
                                 .arg(m.dir, QString::fromLocal8Bit(std::strerror(err)))));
        }
        m.mounted = true;

        const std::string cache = m.dir.toStdString() + "/not/yet/cache";
        const FsInfo fs = probeFilesystem(cache);
        QCOMPARE(fs.error.english(), std::string());
        QCOMPARE(str(fs.category), str(FsCategory::Memory));
        QCOMPARE(fs.type, std::string("tmpfs"));
        QCOMPARE(fs.source, std::string("kl-test-tmpfs"));
        QCOMPARE(fs.mountPoint, realPath(m.dir));
        QCOMPARE(fs.statfsMagic, std::uint64_t(0x01021994));
        QVERIFY(fs.walkedUp);
        QCOMPARE(fs.probedPath, m.dir.toStdString());

        // As TRITON_CACHE_DIR: a note about memory, no warning.
        const auto folders =
            judgeEffectiveFolders(envWith({{"TRITON_CACHE_DIR", cache}}, m.dir.toStdString()));
        QCOMPARE(str(folders[0].severity), str(Severity::Note));
        QVERIFY(folders[0].warnings.empty());
        QVERIFY(QString::fromStdString(folders[0].notes.at(0).english()).contains("lost at reboot"));

        // Through the CLI: exit 0 (notes are no problem), category memory.
        int rc = -1;
        const QJsonObject doc = klensJson({"fs", QString::fromStdString(cache), "--json"}, rc,
                                          QProcessEnvironment::systemEnvironment());
        QCOMPARE(rc, 0);
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.fs/1"));
        const QJsonObject f = doc["folders"].toArray().at(0).toObject();
        QCOMPARE(f["fs"].toObject()["category"].toString(), QStringLiteral("memory"));
        QCOMPARE(f["fs"].toObject()["statfs_magic"].toString(), QStringLiteral("0x1021994"));
        QCOMPARE(f["severity"].toString(), QStringLiteral("note"));
    }

    void sshfsIsNetwork()
    {
        if (!QFileInfo::exists("/dev/fuse"))
            QSKIP("/dev/fuse is missing: FUSE mounts are impossible here");
        const QString sshd =
            QStandardPaths::findExecutable("sshd", {"/usr/sbin", "/usr/local/sbin", "/sbin"});
        const QString sshfs = QStandardPaths::findExecutable("sshfs");
        const QString keygen = QStandardPaths::findExecutable("ssh-keygen");
        if (sshd.isEmpty() || sshfs.isEmpty() || keygen.isEmpty())
            QSKIP("sshd, sshfs or ssh-keygen is not installed (apt-get install openssh-server sshfs)");
        if (::geteuid() != 0)
            QSKIP("not root: a private sshd and a FUSE mount need root here");

        QTemporaryDir base;
        QVERIFY(base.isValid());
        const QString dir = base.path();
        for (const char* key : {"host_key", "user_key"}) {
            const ProcessResult r =
                runProcess(keygen, {"-q", "-t", "ed25519", "-N", "", "-f", dir + "/" + key});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        QVERIFY(QFile::copy(dir + "/user_key.pub", dir + "/authorized_keys"));
        QVERIFY(QDir().mkpath(dir + "/export/triton"));
        QVERIFY(QDir().mkpath(dir + "/mnt"));
        // sshd refuses to start without its privilege separation folder.
        QDir().mkpath("/run/sshd");

        const int port = freeLoopbackPort();
        QVERIFY(port > 0);
        QFile cfg(dir + "/sshd_config");
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write(QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2/host_key\n"
                                 "AuthorizedKeysFile %2/authorized_keys\nPermitRootLogin prohibit-password\n"
                                 "PasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\n"
                                 "StrictModes no\nPidFile none\nSubsystem sftp internal-sftp\n")
                      .arg(port)
                      .arg(dir)
                      .toUtf8());
        cfg.close();

        SshfsMount m;
        m.mountDir = dir + "/mnt";
        m.sshd.setProcessChannelMode(QProcess::MergedChannels);
        m.sshd.start(sshd, {"-D", "-e", "-f", dir + "/sshd_config"});
        QVERIFY2(m.sshd.waitForStarted(5000), qPrintable(m.sshd.errorString()));
        bool up = false;
        for (int i = 0; i < 100 && !up && m.sshd.state() == QProcess::Running; ++i) {
            up = portAccepts(port);
            if (!up)
                QThread::msleep(50);
        }
        QVERIFY2(up, m.sshd.readAll().constData());

        const passwd* pw = ::getpwuid(::geteuid());
        const QString user = pw ? QString::fromLocal8Bit(pw->pw_name) : QStringLiteral("root");
        m.sshfs.start(sshfs,
                      {user + "@127.0.0.1:" + dir + "/export", m.mountDir, "-f", "-o",
                       QStringLiteral("IdentityFile=%1/user_key,StrictHostKeyChecking=no,"
                                      "UserKnownHostsFile=/dev/null,BatchMode=yes,ConnectTimeout=10,port=%2")
                           .arg(dir)
                           .arg(port)});
        QVERIFY2(m.sshfs.waitForStarted(5000), qPrintable(m.sshfs.errorString()));
        for (int i = 0; i < 300 && !isMounted(m.mountDir) && m.sshfs.state() == QProcess::Running; ++i)
            QThread::msleep(50);
        if (!isMounted(m.mountDir)) {
            m.sshfs.kill();
            m.sshfs.waitForFinished(5000);
            const QString why = QString::fromLocal8Bit(m.sshfs.readAllStandardError()).trimmed();
            if (why.contains("fuse", Qt::CaseInsensitive) &&
                (why.contains("permit", Qt::CaseInsensitive) || why.contains("device not found") ||
                 why.contains("denied", Qt::CaseInsensitive)))
                QSKIP(qPrintable("sshfs mount was refused: " + why));
            QFAIL(qPrintable("sshfs did not mount: " + why +
                             "\nsshd: " + QString::fromLocal8Bit(m.sshd.readAll())));
        }
        m.mounted = true;

        // An existing folder on the mount, and one that does not exist yet.
        const std::string existing = m.mountDir.toStdString() + "/triton";
        FsInfo fs = probeFilesystem(existing);
        QCOMPARE(fs.error.english(), std::string());
        QVERIFY(!fs.walkedUp);
        QCOMPARE(str(fs.category), str(FsCategory::Network));
        QCOMPARE(fs.type, std::string("fuse.sshfs"));
        QCOMPARE(QString::fromStdString(fs.source), user + "@127.0.0.1:" + dir + "/export");
        QCOMPARE(fs.mountPoint, realPath(m.mountDir));
        QCOMPARE(fs.statfsMagic, std::uint64_t(0x65735546)); // FUSE: only mountinfo knows it is sshfs

        const std::string cache = m.mountDir.toStdString() + "/triton/cache";
        const auto folders = judgeEffectiveFolders(envWith({{"TRITON_CACHE_DIR", cache}}, dir.toStdString()));
        const FolderHealth& h = folders.at(0);
        QCOMPARE(h.folder.role, std::string("triton-cache"));
        QVERIFY(h.fs.walkedUp);
        QCOMPARE(h.fs.probedPath, existing);
        QCOMPARE(str(h.severity), str(Severity::Warning));
        const QString w = QString::fromStdString(h.warnings.at(0).english());
        for (const QString& part : {QString::fromStdString(cache), QStringLiteral("set by TRITON_CACHE_DIR"),
                                    QStringLiteral("fuse.sshfs"), QStringLiteral("127.0.0.1:"),
                                    QStringLiteral("Fix: point TRITON_CACHE_DIR at local disk")})
            QVERIFY2(w.contains(part), qPrintable(QString("missing '%1' in: %2").arg(part, w)));

        // The CLI says the same and exits 1.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TRITON_CACHE_DIR", QString::fromStdString(cache));
        env.insert("KL_PYTHON", "/nonexistent/python");
        int rc = -1;
        QJsonObject doc = klensJson({"fs", "--json"}, rc, env);
        QCOMPARE(rc, 1);
        QJsonObject first = doc["folders"].toArray().at(0).toObject();
        QCOMPARE(first["reason"].toString(), QStringLiteral("TRITON_CACHE_DIR"));
        QCOMPARE(first["fs"].toObject()["type"].toString(), QStringLiteral("fuse.sshfs"));
        QCOMPARE(first["fs"].toObject()["category"].toString(), QStringLiteral("network"));
        QVERIFY(doc["warning_count"].toInt() >= 1);
        doc = klensJson({"env", "--json"}, rc, env);
        QCOMPARE(rc, 1);
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.env/1"));
        const ProcessResult text = runKlens({"fs", m.mountDir}, {.environment = env, .timeoutMs = 60000});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("filesystem   network  fuse.sshfs"), text.out.constData());
        QVERIFY2(text.out.contains("  warning: "), text.out.constData());

        // A hung server: with sshfs paused every request on the mount blocks. The probe gives up on
        // stat/statfs at its deadline and still names the mount from mountinfo.
        QVERIFY(::kill(static_cast<pid_t>(m.sshfs.processId()), SIGSTOP) == 0);
        QVERIFY(waitUntilStopped(m.sshfs.processId()));
        QElapsedTimer t;
        t.start();
        // A name never looked up before: the kernel's FUSE attribute cache cannot answer for it
        // (a path stat'ed within the last second may be answered without the server).
        fs = probeFilesystem(existing + "/never-looked-up-" + std::to_string(::getpid()) + "/sub",
                             std::chrono::milliseconds(500));
        const qint64 ms = t.elapsed();
        ::kill(static_cast<pid_t>(m.sshfs.processId()), SIGCONT);
        QVERIFY2(ms < 2000, qPrintable(QString("took %1 ms").arg(ms)));
        QCOMPARE(str(fs.category), str(FsCategory::Network));
        QCOMPARE(fs.type, std::string("fuse.sshfs"));
        QVERIFY2(fs.note.find("did not answer within 500 ms") != std::string::npos, fs.note.c_str());
    }
};

QTEST_GUILESS_MAIN(TstRealMounts)
#include "tst_realmounts.moc"
