// Bad input: every case must end in a per-entry problem (a stable code from kl::problem) or an
// error that names the path and the cause. Never a crash, never a hang. Each case is checked
// in-process (kl::CacheScanner) and, where the CLI contract matters, through the real klens binary.
//
// This suite: the roots given to the scanner (core/scan) -- missing, not folders, looping,
// empty, unreadable, and unreadable to the user klens runs as.

#include "tests/support/badinput.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

constexpr uid_t kNobody = 65534;

// Runs klens as nobody: the test may run as root, and root reads what is unreadable.
const QStringList kAsNobody{"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};

QString jsonMessage(const QJsonObject& entry, const QString& code)
{
    for (const QJsonValue& p : entry.value("problems").toArray())
        if (p.toObject().value("code").toString() == code)
            return p.toObject().value("message").toString();
    return {};
}

/// True when permission bits do not bind this process (root, or CAP_DAC_OVERRIDE).
bool permissionsAreBypassed(const QString& scratch)
{
    const QString probe = scratch + "/.perm-probe";
    {
        QFile f(probe);
        if (!f.open(QIODevice::WriteOnly))
            return true;
    }
    ::chmod(QFile::encodeName(probe).constData(), 0);
    const int fd = ::open(QFile::encodeName(probe).constData(), O_RDONLY | O_CLOEXEC);
    const bool bypassed = fd >= 0;
    if (fd >= 0)
        ::close(fd);
    QFile::remove(probe);
    return bypassed;
}

} // namespace

class TstBadRoots : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    // 1. roots that cannot be scanned
    void badRoot_data();
    void badRoot();
    void badRootAmongGoodRoots();
    // 2.
    void emptyRoot();
    // 3.
    void unreadable_data();
    void unreadable();
    void unreadableRootAsOtherUser();

private:
    bool m_root = false;
};

void TstBadRoots::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(KL_KLENS_BIN)).isExecutable(), KL_KLENS_BIN " is not built");
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    m_root = permissionsAreBypassed(scratch.path());
}

// ---------------------------------------------------------------------------------------------
// 1. Missing root, a root that is a file, a FIFO, a dangling or looping symlink.

void TstBadRoots::badRoot_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("cause");
    QTest::newRow("/nonexistent") << "/nonexistent"
                                  << "No such file or directory";
    QTest::newRow("missing") << "missing"
                             << "No such file or directory";
    QTest::newRow("regular file") << "file"
                                  << "Not a directory";
    QTest::newRow("fifo") << "fifo"
                          << "Not a directory";
    QTest::newRow("dangling symlink") << "dangling"
                                      << "No such file or directory";
    QTest::newRow("symlink loop") << "loop"
                                  << "Too many levels of symbolic links";
    QTest::newRow("missing parent") << "missing-parent"
                                    << "No such file or directory";
}

void TstBadRoots::badRoot()
{
    QFETCH(QString, what);
    QFETCH(QString, cause);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QString root = tmp.filePath("root");
    const QByteArray r = QFile::encodeName(root);
    if (what == "/nonexistent") {
        root = what;
        if (QFileInfo::exists(root))
            QSKIP("/nonexistent exists on this machine");
    } else if (what == "missing") {
        // nothing
    } else if (what == "file") {
        QFile f(root);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a folder");
    } else if (what == "fifo") {
        QVERIFY(::mkfifo(r.constData(), 0644) == 0);
    } else if (what == "dangling") {
        QVERIFY(::symlink("does-not-exist", r.constData()) == 0);
    } else if (what == "loop") {
        QVERIFY(::symlink("root2", r.constData()) == 0);
        QVERIFY(::symlink("root", QFile::encodeName(tmp.filePath("root2")).constData()) == 0);
    } else if (what == "missing-parent") {
        root = tmp.filePath("no/such/parent/root");
    }

    const kl::Snapshot snap = scanDir(root);
    QCOMPARE(snap.roots.size(), std::size_t(1));
    const kl::Root& kr = snap.roots.front();
    const QString error = QString::fromStdString(kr.error.english());
    QVERIFY2(error.contains(root), qPrintable(error));
    QVERIFY2(error.contains(cause), qPrintable(error));
    QVERIFY(snap.entries.empty());
    QCOMPARE(kr.exists,
             what != "/nonexistent" && what != "missing" && what != "missing-parent" && what != "dangling");

    const ProcessResult cli = runKlens({"scan", root});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitError);
    const QString err = QString::fromLocal8Bit(cli.err);
    QVERIFY2(err.contains(root), qPrintable(err));
    QVERIFY2(err.contains(cause), qPrintable(err));

    // --json still prints a valid document that carries the error
    const ProcessResult js = runKlens({"scan", root, "--json"});
    VERIFY_RAN(js);
    QCOMPARE(js.exitCode, kExitError);
    QString why;
    const QJsonObject doc = parseScanJson(js.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    const QString jsonError = doc.value("roots").toArray().at(0).toObject().value("error").toString();
    QVERIFY2(jsonError.contains(root) && jsonError.contains(cause), qPrintable(jsonError));
    QVERIFY(QString::fromLocal8Bit(js.err).contains(cause));
}

void TstBadRoots::badRootAmongGoodRoots()
{
    // One bad root must not hide the others: the good one is still scanned, exit is still 2.
    TempCache good;
    QVERIFY(good.isValid());
    good.addKernel(kKernel, hashOf("good"));
    const QString missing = good.path() + "-missing";
    const kl::Snapshot snap = scanRoots({missing, good.path()});
    QCOMPARE(snap.entries.size(), std::size_t(1));
    QVERIFY(!snap.roots[0].error.empty());
    QVERIFY(snap.roots[1].error.empty());

    const ProcessResult cli = runKlens({"scan", missing, good.path(), "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitError);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    QCOMPARE(doc.value("entries").toArray().size(), 1);
    QVERIFY(QString::fromLocal8Bit(cli.err).contains(missing));
}

// ---------------------------------------------------------------------------------------------
// 2. An empty root: nothing to report, exit 0.

void TstBadRoots::emptyRoot()
{
    TempCache cache;
    QVERIFY(cache.isValid());
    const kl::Snapshot snap = scanDir(cache.path());
    QVERIFY(snap.entries.empty());
    QVERIFY(snap.roots.front().error.empty());
    QVERIFY(snap.roots.front().exists);
    QVERIFY(!snap.hasProblems());

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitOk);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    QCOMPARE(doc.value("summary").toObject().value("entries").toInt(-1), 0);

    const ProcessResult table = runKlens({"scan", cache.path()});
    VERIFY_RAN(table);
    QCOMPARE(table.exitCode, kExitOk);
    QVERIFY(table.err.isEmpty());
}

// ---------------------------------------------------------------------------------------------
// 3. Unreadable folders and files. Root ignores permission bits, so as root the scan runs in a
// child that drops to nobody: klens under setpriv, and a forked in-process scan under setresuid.

void TstBadRoots::unreadable_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("code");
    QTest::newRow("folder mode 000") << "folder-000" << QString::fromLatin1(kl::problem::Unreadable);
    QTest::newRow("folder readable, not searchable (r--)")
        << "folder-r" << QString::fromLatin1(kl::problem::Unreadable);
    QTest::newRow("metadata json mode 000") << "meta-000" << QString::fromLatin1(kl::problem::Unreadable);
    QTest::newRow("group file mode 000") << "group-000" << QString::fromLatin1(kl::problem::Unreadable);
}

namespace {

struct UnreadableCase {
    QString root;   // the cache root
    QString folder; // the entry folder
    QString target; // the path that cannot be read (the folder or a file in it)
};

UnreadableCase makeUnreadable(const TempCache& cache, const QString& what)
{
    UnreadableCase c;
    c.root = cache.path();
    cache.addKernel("other_kernel", hashOf("readable")); // a healthy neighbour
    const QString folder = cache.addKernel(kKernel, hashOf(what.toUtf8()));
    c.folder = cache.filePath(folder);
    if (what == "folder-000" || what == "folder-r") {
        c.target = c.folder;
    } else if (what == "meta-000") {
        c.target = c.folder + "/add_kernel.json";
    } else {
        c.target = c.folder + "/__grp__add_kernel.json";
    }
    ::chmod(QFile::encodeName(c.target).constData(), what == "folder-r" ? 0444 : 0);
    // QTemporaryDir is 0700: let the unprivileged child reach the tree.
    ::chmod(QFile::encodeName(c.root).constData(), 0755);
    return c;
}

/// In a forked child that has dropped to `uid`, scan `root` and return "code\tmessage" lines of
/// the entry `folder` (or an error line starting with "!").
QStringList scanAsUser(const QString& root, const std::string& folder, uid_t uid)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return {"!pipe failed"};
    const pid_t pid = ::fork();
    if (pid < 0)
        return {"!fork failed"};
    if (pid == 0) {
        ::close(fds[0]);
        ::alarm(120); // a hang in the child ends it, and the parent sees a signal
        std::string out;
        if (::setgroups(0, nullptr) != 0 || ::setresgid(uid, uid, uid) != 0 ||
            ::setresuid(uid, uid, uid) != 0) {
            out = "!cannot drop privileges: " + std::string(std::strerror(errno));
        } else {
            kl::ScanOptions options;
            options.threads = 2;
            std::vector<kl::Root> roots(1);
            roots[0].path = str(root);
            roots[0].reason = kl::Text::verbatim("given");
            roots[0].given = true;
            const kl::Snapshot snap = kl::CacheScanner(options).scan(roots);
            if (!snap.roots[0].error.empty())
                out += "!root error: " + snap.roots[0].error.english() + "\n";
            const kl::Entry* e = findEntry(snap, folder);
            if (!e)
                out += "!entry not in snapshot\n";
            else
                for (const kl::Problem& p : e->problems)
                    out += p.code + "\t" + p.message.english() + "\n";
            out += "status\t" + std::string(kl::toString(e ? e->status : kl::EntryStatus::Foreign)) + "\n";
        }
        for (std::size_t off = 0; off < out.size();) {
            const ssize_t n = ::write(fds[1], out.data() + off, out.size() - off);
            if (n <= 0)
                break;
            off += static_cast<std::size_t>(n);
        }
        ::_exit(0); // no atexit handlers, no Qt teardown in the child
    }
    ::close(fds[1]);
    QByteArray got;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got.append(buf, n);
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status))
        return {"!child ended by signal " + QString::number(WTERMSIG(status))};
    return QString::fromUtf8(got).split('\n', Qt::SkipEmptyParts);
}

} // namespace

void TstBadRoots::unreadable()
{
    QFETCH(QString, what);
    QFETCH(QString, code);
    TempCache cache;
    QVERIFY(cache.isValid());
    const UnreadableCase c = makeUnreadable(cache, what);
    const std::string folderName = str(QFileInfo(c.folder).fileName());
    auto restore = qScopeGuard(
        [&] { ::chmod(QFile::encodeName(c.target).constData(), QFileInfo(c.target).isDir() ? 0755 : 0644); });

    // In-process: directly, or in a forked child that dropped privileges.
    QStringList lines;
    if (!m_root) {
        const kl::Snapshot snap = scanDir(c.root);
        const kl::Entry* e = findEntry(snap, folderName);
        QVERIFY2(e, qPrintable(describe(snap)));
        for (const kl::Problem& p : e->problems)
            lines << QString::fromStdString(p.code + "\t" + p.message.english());
    } else {
        lines = scanAsUser(c.root, folderName, kNobody);
        if (!lines.isEmpty() && lines.front().startsWith("!cannot drop privileges"))
            QSKIP(qPrintable("running as root and cannot drop to nobody: " + lines.front()));
    }
    for (const QString& l : lines)
        QVERIFY2(!l.startsWith('!'), qPrintable(lines.join('\n')));
    bool found = false;
    for (const QString& l : lines)
        found |= l.startsWith(code + "\t") && l.contains(c.target) && l.contains("Permission denied");
    QVERIFY2(found, qPrintable("no " + code + " problem naming " + c.target +
                               " and \"Permission denied\":\n" + lines.join('\n')));

    // The real binary, as an unprivileged user.
    ProcessOptions options;
    if (m_root) {
        if (QStandardPaths::findExecutable("setpriv").isEmpty())
            QSKIP("running as root and setpriv(1) is not installed: cannot run klens unprivileged");
        options.wrapper = kAsNobody;
    }
    const ProcessResult cli = runKlens({"scan", c.root, "--json"}, options);
    VERIFY_RAN(cli);
    if (m_root && cli.out.isEmpty() && cli.err.startsWith("setpriv"))
        QSKIP(qPrintable("setpriv could not run klens as nobody: " + QString::fromLocal8Bit(cli.err)));
    QCOMPARE(cli.exitCode, kExitProblems);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    const QJsonObject entry = jsonEntry(doc, QFileInfo(c.folder).fileName());
    QVERIFY2(!entry.isEmpty(), cli.out.constData());
    const QString msg = jsonMessage(entry, code);
    QVERIFY2(msg.contains(c.target) && msg.contains("Permission denied"), qPrintable(msg));
    // the healthy neighbour is unaffected
    const QJsonObject other = jsonEntry(doc, base32Folder(hashOf("readable")));
    QCOMPARE(other.value("status").toString(), QStringLiteral("complete"));
}

void TstBadRoots::unreadableRootAsOtherUser()
{
    TempCache cache;
    QVERIFY(cache.isValid());
    cache.addKernel(kKernel, hashOf("x"));
    const QString root = cache.filePath("locked");
    QVERIFY(QDir().mkpath(root));
    ::chmod(QFile::encodeName(cache.path()).constData(), 0755);
    ::chmod(QFile::encodeName(root).constData(), 0);
    auto restore = qScopeGuard([&] { ::chmod(QFile::encodeName(root).constData(), 0755); });

    ProcessOptions options;
    if (m_root) {
        if (QStandardPaths::findExecutable("setpriv").isEmpty())
            QSKIP("running as root and setpriv(1) is not installed: cannot run klens unprivileged");
        options.wrapper = kAsNobody;
    }
    const ProcessResult cli = runKlens({"scan", root}, options);
    VERIFY_RAN(cli);
    const QString err = QString::fromLocal8Bit(cli.err);
    QCOMPARE(cli.exitCode, kExitError);
    QVERIFY2(err.contains(root) && err.contains("Permission denied"), qPrintable(err));
}

QTEST_GUILESS_MAIN(TstBadRoots)
#include "tst_badroots.moc"
