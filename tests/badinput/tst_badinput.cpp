// Bad input: every case must end in a per-entry problem (a stable code from kl::problem) or an
// error that names the path and the cause. Never a crash, never a hang. Each case is checked
// in-process (kl::CacheScanner) and, where the CLI contract matters, through the real klens binary.
#include "klensprocess.h"
#include "model/entry.h"
#include "model/snapshot.h"
#include "scan/cachescanner.h"
#include "tempcache.h"
#include "util/utf8.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <ftw.h>
#include <future>
#include <grp.h>
#include <string>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace std::chrono_literals;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitProblems = 1;
constexpr int kExitError = 2;
constexpr uid_t kNobody = 65534;
const char* const kKernel = "add_kernel";

QString hashOf(const QByteArray& seed)
{
    return QString::fromLatin1(QCryptographicHash::hash(seed, QCryptographicHash::Sha256).toHex());
}

std::string str(const QString& s)
{
    return QFile::encodeName(s).toStdString();
}

/// A file name made of raw bytes (QString cannot hold invalid UTF-8; the scanner gets bytes).
std::string joinRaw(const QString& dir, const std::string& name)
{
    return str(dir) + "/" + name;
}

kl::Snapshot scanRoots(const QStringList& dirs, kl::ScanOptions options = {})
{
    std::vector<kl::Root> roots;
    for (const QString& d : dirs) {
        kl::Root r;
        r.path = str(d);
        r.reason = kl::Text::verbatim("given");
        r.given = true;
        roots.push_back(std::move(r));
    }
    // A hang must fail the test, not stall ctest: run the scan under a deadline.
    auto future = std::async(std::launch::async, [&] { return kl::CacheScanner(options).scan(roots); });
    if (future.wait_for(120s) != std::future_status::ready) {
        qCritical("scan of %s did not finish within 120 s: hang", qPrintable(dirs.join(' ')));
        std::abort();
    }
    return future.get();
}

kl::Snapshot scanDir(const QString& dir, kl::ScanOptions options = {})
{
    return scanRoots({dir}, std::move(options));
}

const kl::Entry* findEntry(const kl::Snapshot& snap, const std::string& folderName)
{
    for (const kl::Entry& e : snap.entries)
        if (e.folderName == folderName)
            return &e;
    return nullptr;
}

/// The first problem of `code`, or nullptr.
const kl::Problem* findProblem(const kl::Entry& e, std::string_view code)
{
    for (const kl::Problem& p : e.problems)
        if (p.code == code)
            return &p;
    return nullptr;
}

QString statusOf(const kl::Entry& e)
{
    return QString::fromLatin1(kl::toString(e.status));
}
QString kindOf(const kl::Entry& e)
{
    return QString::fromLatin1(kl::toString(e.kind));
}

QString describe(const kl::Entry& e)
{
    QString s = QString::fromStdString(e.path) + " [" + QString::fromLatin1(kl::toString(e.kind)) + "/" +
                QString::fromLatin1(kl::toString(e.status)) + "]";
    for (const kl::Problem& p : e.problems)
        s += "\n  " + QString::fromStdString(p.code) + ": " + QString::fromStdString(p.message.english());
    return s;
}

QString describe(const kl::Snapshot& snap)
{
    QString s;
    for (const kl::Root& r : snap.roots)
        s += "root " + QString::fromStdString(r.path) +
             " error=" + QString::fromStdString(r.error.english()) + "\n";
    for (const kl::Entry& e : snap.entries)
        s += describe(e) + "\n";
    return s;
}

// Runs klens as nobody: the test may run as root, and root reads what is unreadable.
const QStringList kAsNobody{"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};

#define VERIFY_RAN(r)                                                                                        \
    do {                                                                                                     \
        QVERIFY2((r).started, "klens did not start");                                                        \
        QVERIFY2((r).finished, "klens did not finish in time: hang");                                        \
        QVERIFY2(!(r).crashed, qPrintable("klens crashed:\n" + QString::fromLocal8Bit((r).err)));            \
    } while (0)

/// Parse `klens scan --json` output strictly; empty object on failure (with the reason in `why`).
QJsonObject parseScanJson(const QByteArray& out, QString& why)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(out, &pe);
    if (pe.error != QJsonParseError::NoError) {
        why = pe.errorString() + " at offset " + QString::number(pe.offset) + " near: " +
              QString::fromLatin1(out.mid(std::max(0, pe.offset - 80), 160).toPercentEncoding(" {}[]\":,/"));
        return {};
    }
    if (!doc.isObject() || doc.object().value("schema").toString() != "kernellens.scan/1") {
        why = "not a kernellens.scan/1 document";
        return {};
    }
    return doc.object();
}

/// The JSON entry whose path ends with `/suffix` (suffix in the printable form klens writes).
QJsonObject jsonEntry(const QJsonObject& doc, const QString& suffix)
{
    for (const QJsonValue& v : doc.value("entries").toArray())
        if (v.toObject().value("path").toString().endsWith("/" + suffix))
            return v.toObject();
    return {};
}

QStringList jsonCodes(const QJsonObject& entry)
{
    QStringList codes;
    for (const QJsonValue& p : entry.value("problems").toArray())
        codes << p.toObject().value("code").toString();
    return codes;
}

QString jsonMessage(const QJsonObject& entry, const QString& code)
{
    for (const QJsonValue& p : entry.value("problems").toArray())
        if (p.toObject().value("code").toString() == code)
            return p.toObject().value("message").toString();
    return {};
}

/// rchar of this process (bytes passed to read() and friends by every thread), or -1.
qint64 readChars()
{
    std::ifstream io("/proc/self/io");
    std::string key;
    long long value = 0;
    while (io >> key >> value)
        if (key == "rchar:")
            return value;
    return -1;
}

/// Remove a tree by raw bytes, without following links (QDir cannot name non-UTF-8 files).
void removeTree(const std::string& path)
{
    ::nftw(
        path.c_str(),
        [](const char* p, const struct stat*, int type, struct FTW*) {
            return type == FTW_DP ? ::rmdir(p) : ::unlink(p), 0;
        },
        16, FTW_DEPTH | FTW_PHYS);
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

QByteArray validMeta(const QString& hash)
{
    return QStringLiteral("{\"hash\": \"%1\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, "
                          "\"warp_size\": "
                          "32}, \"num_warps\": 4, \"num_stages\": 3, \"triton_version\": \"3.5.0\", "
                          "\"shared\": 0, \"name\": \"add_kernel\"}")
        .arg(hash)
        .toUtf8();
}

/// An inotify watch on one file or folder: was it opened or read after the watch began?
class OpenWatch {
public:
    explicit OpenWatch(const QString& path)
    {
        m_fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (m_fd >= 0)
            m_wd = ::inotify_add_watch(m_fd, QFile::encodeName(path).constData(),
                                       IN_OPEN | IN_ACCESS | IN_CLOSE_NOWRITE);
    }
    ~OpenWatch()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    OpenWatch(const OpenWatch&) = delete;
    OpenWatch& operator=(const OpenWatch&) = delete;
    bool valid() const { return m_fd >= 0 && m_wd >= 0; }
    /// Number of open/read events since the watch began.
    int events() const
    {
        alignas(struct inotify_event) char buf[4096];
        int n = 0;
        for (;;) {
            const ssize_t got = ::read(m_fd, buf, sizeof buf);
            if (got <= 0)
                return n;
            for (ssize_t off = 0; off < got;) {
                auto* ev = reinterpret_cast<struct inotify_event*>(buf + off);
                if (ev->mask & (IN_OPEN | IN_ACCESS | IN_CLOSE_NOWRITE))
                    ++n;
                off += static_cast<ssize_t>(sizeof(struct inotify_event) + ev->len);
            }
        }
    }

private:
    int m_fd = -1;
    int m_wd = -1;
};

} // namespace

class TstBadInput : public QObject {
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
    // 4 and 10: broken and odd json
    void brokenJson_data();
    void brokenJson();
    void infinityAndNanParse();
    void oversizedJson_data();
    void oversizedJson();
    void hugeButValidJson();
    // 5.
    void pathOutsideRoot_data();
    void pathOutsideRoot();
    void symlinkedJsonNotFollowed();
    // 6.
    void symlinksNotFollowed();
    // 7.
    void nonUtf8Names_data();
    void nonUtf8Names();
    void nonUtf8JsonContent();
    // 8.
    void hugeStageNotRead();
    // 9.
    void removedWhileScanning_data();
    void removedWhileScanning();
    void churnWhileScanning();
    // 11.
    void cancel_data();
    void cancel();
    void cancelBeforeStart();
    // not regular files where files are expected
    void fifoAndSocketNeverBlock();
    // klens show reads stage text: the same rules hold there
    void showNeverFollowsOrBlocks();
    void showDeepJson();
    void controlCharactersInNames();

private:
    bool m_root = false;
};

void TstBadInput::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(KL_KLENS_BIN)).isExecutable(), KL_KLENS_BIN " is not built");
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    m_root = permissionsAreBypassed(scratch.path());
}

// ---------------------------------------------------------------------------------------------
// 1. Missing root, a root that is a file, a FIFO, a dangling or looping symlink.

void TstBadInput::badRoot_data()
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

void TstBadInput::badRoot()
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

void TstBadInput::badRootAmongGoodRoots()
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

void TstBadInput::emptyRoot()
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

void TstBadInput::unreadable_data()
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

void TstBadInput::unreadable()
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

void TstBadInput::unreadableRootAsOtherUser()
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

// ---------------------------------------------------------------------------------------------
// 4 and 10. Empty, truncated, odd and hostile json.

void TstBadInput::brokenJson_data()
{
    QTest::addColumn<QString>("file"); // "meta", "group" or "ptx"
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("message"); // regular expression the problem message must match

    const QByteArray meta = validMeta(hashOf("broken"));
    const QString corrupt = "corrupt";
    const QString cj = QString::fromLatin1(kl::problem::CorruptJson);
    const QString ef = QString::fromLatin1(kl::problem::EmptyFile);

    QTest::newRow("zero-byte metadata")
        << "meta" << QByteArray() << ef << corrupt << "is empty \\(0 bytes\\)";
    QTest::newRow("zero-byte group file")
        << "group" << QByteArray() << ef << corrupt << "is empty \\(0 bytes\\)";
    QTest::newRow("zero-byte stage file")
        << "ptx" << QByteArray() << ef << corrupt << "is empty \\(0 bytes\\)";
    QTest::newRow("truncated metadata") << "meta" << meta.left(57) << cj << corrupt << "at byte \\d+";
    QTest::newRow("truncated group file")
        << "group" << QByteArray("{\"child_paths\": [\"add_ker") << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: whitespace only")
        << "meta" << QByteArray(" \n\t ") << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: trailing garbage") << "meta" << meta + " }{" << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: binary garbage with NUL") << "meta"
                                                       << QByteArray("\x7f"
                                                                     "ELF\0\0\x01\xff\xfe",
                                                                     9)
                                                       << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata: NUL inside")
        << "meta" << meta.left(20) + QByteArray(1, '\0') + meta.mid(21) << cj << corrupt << "at byte \\d+";
    QTest::newRow("metadata is a JSON array")
        << "meta" << QByteArray("[1, 2, {\"hash\": \"x\"}]") << cj << corrupt << "not a JSON object";
    QTest::newRow("metadata is a JSON string")
        << "meta" << QByteArray("\"add_kernel\"") << cj << corrupt << "not a JSON object";
    QTest::newRow("metadata is null") << "meta" << QByteArray("null") << cj << corrupt << "not a JSON object";
    QTest::newRow("group file without child_paths")
        << "group" << QByteArray("{\"children\": []}") << cj << corrupt << "child_paths";
    QTest::newRow("child_paths is a number")
        << "group" << QByteArray("{\"child_paths\": 42}") << cj << corrupt << "child_paths";
    QTest::newRow("child_paths is a string")
        << "group" << QByteArray("{\"child_paths\": \"add_kernel.ptx\"}") << cj << corrupt << "child_paths";
    QTest::newRow("child_paths list of numbers")
        << "group" << QByteArray("{\"child_paths\": [1, 2]}") << cj << corrupt << "child_paths";
    QTest::newRow("group file is an array")
        << "group" << QByteArray("[\"add_kernel.ptx\"]") << cj << corrupt << "not a JSON object";
    // rapidjson's recursive parser overflowed the stack on 200 000 '[' (SIGSEGV). The scanner now
    // parses iteratively (these end at the truncation); readers that write values back refuse depth.
    QTest::newRow("metadata nested 200000 deep")
        << "meta" << QByteArray(200000, '[') << cj << corrupt
        << "(nested deeper than \\d+ levels|Invalid value\\.) at byte \\d+";
    QTest::newRow("group file nested 200000 deep")
        << "group" << QByteArray("{\"child_paths\": ") + QByteArray(200000, '[') << cj << corrupt
        << "(nested deeper than \\d+ levels|Invalid value\\.) at byte \\d+";
    QTest::newRow("metadata nested objects 100000 deep")
        << "meta" << QByteArray("{\"a\":").repeated(100000) << cj << corrupt
        << "(nested deeper than|Invalid value\\.)";
    // just under the limit: parsed (and no stack trouble, also under ASan in a worker thread)
    QTest::newRow("metadata nested 500 deep (valid)") << "meta"
                                                      << QByteArray("{\"name\": \"add_kernel\", \"x\": ") +
                                                             QByteArray(499, '[') + QByteArray(499, ']') + "}"
                                                      << QString() << "complete" << QString();
    // brackets inside strings are text, not nesting
    QTest::newRow("metadata with brackets in strings (valid)")
        << "meta" << QByteArray("{\"name\": \"add_kernel\", \"x\": \"") + QByteArray(5000, '[') + "\\\"\"}"
        << QString() << "complete" << QString();
}

void TstBadInput::brokenJson()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, code);
    QFETCH(QString, status);
    QFETCH(QString, message);

    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("broken"));
    const QString rel = folder + "/" +
                        (file == "meta"    ? QString("add_kernel.json")
                         : file == "group" ? QString("__grp__add_kernel.json")
                                           : QString("add_kernel.ptx"));
    cache.write(rel, content);
    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    if (code.isEmpty()) {
        QVERIFY2(!e->hasProblem(kl::problem::CorruptJson), qPrintable(describe(*e)));
        QCOMPARE(QString::fromLatin1(kl::toString(e->status)), status);
        return;
    }
    const kl::Problem* p = findProblem(*e, code.toStdString());
    QVERIFY2(p, qPrintable(describe(*e)));
    const QString msg = QString::fromStdString(p->message.english());
    QVERIFY2(msg.contains(cache.filePath(rel)), qPrintable(msg));
    QVERIFY2(msg.contains(QRegularExpression(message)), qPrintable(msg));
    QCOMPARE(QString::fromLatin1(kl::toString(e->status)), status);

    if (file == "meta" && message.startsWith("at byte")) {
        // the offset is where the damage is, not 0
        const QRegularExpressionMatch m = QRegularExpression("at byte (\\d+)").match(msg);
        QVERIFY(m.hasMatch());
        QVERIFY2(m.captured(1).toLongLong() <= content.size(), qPrintable(msg));
        if (QTest::currentDataTag() == QByteArray("truncated metadata"))
            QCOMPARE(m.captured(1).toLongLong(), qint64(content.size()));
    }

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitProblems);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    const QJsonObject entry = jsonEntry(doc, folder);
    QVERIFY2(jsonCodes(entry).contains(code), cli.out.constData());
    QCOMPARE(entry.value("status").toString(), status);
}

void TstBadInput::infinityAndNanParse()
{
    // json.dumps writes Infinity, -Infinity and NaN: not strict JSON, but what real caches hold.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString hash = hashOf("inf");
    const QString folder = cache.addKernel(kKernel, hash);
    cache.write(
        folder + "/add_kernel.json",
        QStringLiteral("{\"hash\": \"%1\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, \"warp_size\": "
                       "32}, \"num_warps\": 8, \"num_stages\": 2, \"max_val\": Infinity, \"min_val\": "
                       "-Infinity, \"fill\": NaN, \"list\": [NaN, Infinity, -Infinity, 1e308], "
                       "\"triton_version\": \"3.5.0\", \"shared\": 1024, \"name\": \"add_kernel\"}")
            .arg(hash)
            .toUtf8());
    cache.write("ATUNE/add_kernel.autotune.json",
                "{\"key\": [1024, \"torch.float16\"], \"configs_timings\": [[{\"num_warps\": 4}, "
                "[Infinity, "
                "Infinity, Infinity]], [{\"num_warps\": 8}, [0.5, NaN, -Infinity]]]}");

    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->problems.empty(), qPrintable(describe(*e)));
    QCOMPARE(statusOf(*e), QStringLiteral("complete"));
    QCOMPARE(e->numWarps.value_or(-1), 8);
    QCOMPARE(e->shared.value_or(-1), 1024);
    QCOMPARE(e->hash, hash.toStdString());
    QCOMPARE(e->hashOk.value_or(false), true);
    const kl::Entry* a = findEntry(snap, "ATUNE");
    QVERIFY2(a, qPrintable(describe(snap)));
    QCOMPARE(kindOf(*a), QStringLiteral("autotune"));
    QVERIFY2(a->problems.empty(), qPrintable(describe(*a)));
    QCOMPARE(statusOf(*a), QStringLiteral("complete"));

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitOk);
    QString why;
    QVERIFY2(!parseScanJson(cli.out, why).isEmpty(), qPrintable(why));
}

void TstBadInput::oversizedJson_data()
{
    QTest::addColumn<QString>("rel");
    QTest::addColumn<bool>("autotune");
    QTest::newRow("metadata") << "add_kernel.json" << false;
    QTest::newRow("group file") << "__grp__add_kernel.json" << false;
    QTest::newRow("autotune result") << "x.autotune.json" << true;
}

void TstBadInput::oversizedJson()
{
    QFETCH(QString, rel);
    QFETCH(bool, autotune);
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = autotune ? QString("ATUNE") : cache.addKernel(kKernel, hashOf("big"));
    // valid json, only too big for the limit set below
    cache.write(folder + "/" + rel, "{\"pad\": \"" + QByteArray(4000, 'x') + "\", \"child_paths\": []}");
    kl::ScanOptions options;
    options.maxJsonBytes = 1024;
    const qint64 before = readChars();
    const kl::Snapshot snap = scanDir(cache.path(), options);
    const qint64 after = readChars();
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    const kl::Problem* p = findProblem(*e, kl::problem::Oversized);
    QVERIFY2(p, qPrintable(describe(*e)));
    const QString msg = QString::fromStdString(p->message.english());
    QVERIFY2(msg.contains(cache.filePath(folder + "/" + rel)) && msg.contains("1024"), qPrintable(msg));
    QCOMPARE(statusOf(*e), QStringLiteral("corrupt"));
    if (before >= 0 && after >= 0) // the big file was not read (the other json files are < 1 KiB each)
        QVERIFY2(after - before < 4000, qPrintable(QString::number(after - before)));
}

void TstBadInput::hugeButValidJson()
{
    // 8 MB of metadata below the default limit: read and parsed, no problem, no crash.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString hash = hashOf("huge");
    const QString folder = cache.addKernel(kKernel, hash);
    QByteArray big = "{\"hash\": \"" + hash.toLatin1() + "\", \"extern_libs\": [";
    for (int i = 0; i < 400000; ++i)
        big += (i ? ", " : "") + QByteArray("[\"lib") + QByteArray::number(i) + "\", 1.5]";
    big += "], \"num_warps\": 4, \"name\": \"add_kernel\"}";
    cache.write(folder + "/add_kernel.json", big);
    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->problems.empty(), qPrintable(describe(*e)));
    QCOMPARE(e->numWarps.value_or(-1), 4);
}

// ---------------------------------------------------------------------------------------------
// 5. Group files that point outside the entry: reported, never followed.

void TstBadInput::pathOutsideRoot_data()
{
    // The tree: <outer>/root/<entry>; <outer>/etc/passwd is a sentinel that "../../etc/passwd"
    // from the entry really reaches, watched with inotify.
    QTest::addColumn<QString>("group"); // %E = entry folder path, %O = outer folder
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("sentinel"); // the group file names the watched sentinel
    const QString outside = QString::fromLatin1(kl::problem::PathOutsideRoot);
    const QString files = "\"add_kernel.json\", \"add_kernel.ptx\"";
    QTest::newRow("list: ../../etc/passwd")
        << "{\"child_paths\": [" + files + ", \"../../etc/passwd\"]}" << outside << true;
    QTest::newRow("list: /etc/passwd")
        << "{\"child_paths\": [" + files + ", \"/etc/passwd\"]}" << outside << false;
    QTest::newRow("list: ..") << "{\"child_paths\": [" + files + ", \"..\"]}" << outside << false;
    QTest::newRow("list: NUL in name")
        << "{\"child_paths\": [" + files + ", \"a\\u0000b\"]}" << outside << false;
    QTest::newRow("map: recorded /etc/passwd")
        << "{\"child_paths\": {\"add_kernel.json\": \"%E/add_kernel.json\", \"add_kernel.ptx\": "
           "\"/etc/passwd\"}}"
        << outside << false;
    QTest::newRow("map: recorded sentinel")
        << "{\"child_paths\": {\"add_kernel.json\": \"%E/add_kernel.json\", \"add_kernel.ptx\": "
           "\"%O/etc/passwd\"}}"
        << outside << true;
    QTest::newRow("map: recorded with ..")
        << "{\"child_paths\": {\"add_kernel.json\": \"%E/add_kernel.json\", \"add_kernel.ptx\": "
           "\"%E/../../etc/passwd\"}}"
        << outside << true;
    QTest::newRow("map: relative recorded path")
        << "{\"child_paths\": {\"add_kernel.json\": \"%E/add_kernel.json\", \"add_kernel.ptx\": "
           "\"../../etc/passwd\"}}"
        << outside << true;
    QTest::newRow("map: name ../../etc/passwd")
        << "{\"child_paths\": {\"add_kernel.json\": \"%E/add_kernel.json\", \"../../etc/passwd\": "
           "\"/etc/passwd\"}}"
        << outside << true;
    QTest::newRow("map: absolute name")
        << "{\"child_paths\": {\"add_kernel.json\": \"%E/add_kernel.json\", \"%O/etc/passwd\": "
           "\"%O/etc/passwd\"}}"
        << outside << true;
}

void TstBadInput::pathOutsideRoot()
{
    QFETCH(QString, group);
    QFETCH(QString, code);
    QFETCH(bool, sentinel);

    QTemporaryDir outer;
    QVERIFY(outer.isValid());
    const QString root = outer.filePath("root");
    const QString folder = base32Folder(hashOf("outside"));
    const QString entry = root + "/" + folder;
    QVERIFY(QDir().mkpath(entry));
    QVERIFY(QDir().mkpath(outer.filePath("etc")));
    const QByteArray secret = "root:x:0:0:SENTINEL-MUST-NOT-BE-READ:/root:/bin/sh\n" + QByteArray(5000, '#');
    auto put = [](const QString& path, const QByteArray& data) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
    };
    QVERIFY(put(outer.filePath("etc/passwd"), secret));
    QVERIFY(put(entry + "/add_kernel.json", validMeta(hashOf("outside"))));
    QVERIFY(put(entry + "/add_kernel.ptx", "// ptx\n"));
    group.replace("%E", entry).replace("%O", outer.path());
    QVERIFY(put(entry + "/__grp__add_kernel.json", group.toUtf8()));

    OpenWatch watch(outer.filePath("etc/passwd"));
    OpenWatch watchEtc(outer.filePath("etc"));
    QVERIFY(watch.valid() && watchEtc.valid());
    const kl::Snapshot snap = scanDir(root);
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    const kl::Problem* p = findProblem(*e, code.toStdString());
    QVERIFY2(p, qPrintable(describe(*e)));
    QVERIFY2(QString::fromStdString(p->message.english()).contains("not followed"),
             p->message.english().c_str());
    QVERIFY(QString::fromStdString(p->message.english()).contains(entry));

    // never followed: no stage, size or field comes from outside, and nothing opened it
    QCOMPARE(snap.entries.size(), std::size_t(1));
    std::uint64_t inFolder = 0;
    for (const QFileInfo& fi : QDir(entry).entryInfoList(QDir::Files | QDir::Hidden))
        inFolder += static_cast<std::uint64_t>(fi.size());
    QCOMPARE(e->totalSize, inFolder);
    for (const kl::Stage& s : e->stages) {
        QVERIFY2(s.fileName.find("passwd") == std::string::npos, s.fileName.c_str());
        QVERIFY(s.fileName.find('/') == std::string::npos);
    }
    QCOMPARE(e->stages.size(), std::size_t(2)); // add_kernel.json and add_kernel.ptx
    if (sentinel) {
        QCOMPARE(watch.events(), 0);
        QCOMPARE(watchEtc.events(), 0); // not even listed
    }

    const ProcessResult cli = runKlens({"scan", root, "--json"});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitProblems);
    QVERIFY(!cli.out.contains("SENTINEL"));
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    QVERIFY(jsonCodes(jsonEntry(doc, folder)).contains(code));
    QCOMPARE(doc.value("summary").toObject().value("total_size").toInteger(), qint64(inFolder));
    if (sentinel)
        QCOMPARE(watch.events(), 0);
}

void TstBadInput::symlinkedJsonNotFollowed()
{
    // An entry whose metadata and group files are symlinks to a file outside the root.
    QTemporaryDir outer;
    QVERIFY(outer.isValid());
    const QString sentinel = outer.filePath("secret.json");
    {
        QFile f(sentinel);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"name\": \"SENTINEL\", \"child_paths\": [\"add_kernel.ptx\"], \"num_warps\": 99}");
    }
    const QString root = outer.filePath("root");
    const QString folder = base32Folder(hashOf("symlinked-json"));
    QVERIFY(QDir().mkpath(root + "/" + folder));
    {
        QFile f(root + "/" + folder + "/add_kernel.ptx");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("// ptx\n");
    }
    QVERIFY(QFile::link(sentinel, root + "/" + folder + "/add_kernel.json"));
    QVERIFY(QFile::link("/etc/passwd", root + "/" + folder + "/__grp__add_kernel.json"));

    OpenWatch watch(sentinel);
    QVERIFY(watch.valid());
    const kl::Snapshot snap = scanDir(root);
    QCOMPARE(watch.events(), 0);
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->hasProblem(kl::problem::Symlink), qPrintable(describe(*e)));
    QVERIFY(!e->numWarps.has_value());
    QVERIFY(e->kernel.find("SENTINEL") == std::string::npos);
    QVERIFY(e->status != kl::EntryStatus::Complete);
    // the json files could not be read as files: named, with the cause
    const kl::Problem* p = findProblem(*e, kl::problem::Unreadable);
    QVERIFY2(p, qPrintable(describe(*e)));
    QVERIFY2(QString::fromStdString(p->message.english()).contains(root + "/" + folder),
             p->message.english().c_str());
}

// ---------------------------------------------------------------------------------------------
// 6. Symlink loops and links out of the root: listed, never followed, never a hang.

void TstBadInput::symlinksNotFollowed()
{
    QTemporaryDir outer;
    QVERIFY(outer.isValid());
    const QString root = outer.filePath("root");
    QVERIFY(QDir().mkpath(root));
    const QString folder = base32Folder(hashOf("links"));
    const QString entry = root + "/" + folder;
    QVERIFY(QDir().mkpath(entry));
    {
        QFile meta(entry + "/add_kernel.json");
        QVERIFY(meta.open(QIODevice::WriteOnly));
        meta.write(validMeta(hashOf("links")));
        QFile grp(entry + "/__grp__add_kernel.json");
        QVERIFY(grp.open(QIODevice::WriteOnly));
        grp.write("{\"child_paths\": [\"add_kernel.json\", \"add_kernel.ptx\"]}");
    }
    // a big file next to the root that following "up" would find
    {
        QFile big(outer.filePath("outside.ptx"));
        QVERIFY(big.open(QIODevice::WriteOnly));
        big.write(QByteArray(100000, 'x'));
    }
    auto link = [](const QString& target, const QString& at) {
        return ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(at).constData()) == 0;
    };
    QVERIFY(link("b", root + "/a"));                   // a -> b
    QVERIFY(link("a", root + "/b"));                   // b -> a
    QVERIFY(link("..", root + "/up"));                 // the root's parent
    QVERIFY(link(".", root + "/self"));                // the root itself
    QVERIFY(link(root, root + "/absroot"));            // the root, absolutely
    QVERIFY(link("../..", entry + "/add_kernel.ptx")); // a stage that is a link out of the root
    QVERIFY(link("x", entry + "/x"));                  // a loop inside the entry
    QVERIFY(link(outer.path(), entry + "/up"));

    const kl::Snapshot snap = scanDir(root);
    QVERIFY(snap.roots.front().error.empty());
    QCOMPARE(snap.roots.size(), std::size_t(1));   // no nested root found through a link
    QCOMPARE(snap.entries.size(), std::size_t(6)); // a, b, up, self, absroot, the entry
    for (const char* name : {"a", "b", "up", "self", "absroot"}) {
        const kl::Entry* e = findEntry(snap, name);
        QVERIFY2(e, name);
        QVERIFY2(e->hasProblem(kl::problem::Symlink), qPrintable(describe(*e)));
        QVERIFY(e->kind == kl::EntryKind::Unknown);
        QVERIFY(e->totalSize < 4096); // the link itself, not what it points to
    }
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->hasProblem(kl::problem::Symlink), qPrintable(describe(*e)));
    QVERIFY(e->totalSize < 4096);
    for (const kl::Entry& any : snap.entries)
        QVERIFY2(QString::fromStdString(any.path).startsWith(root + "/"), any.path.c_str());

    const ProcessResult cli = runKlens({"scan", root, "--json"}, {.timeoutMs = 60000});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitProblems);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    QCOMPARE(doc.value("entries").toArray().size(), 6);

    // A root given through a looping symlink path inside a real root is an error, not a hang.
    const ProcessResult loop = runKlens({"scan", root + "/a"}, {.timeoutMs = 60000});
    VERIFY_RAN(loop);
    QCOMPARE(loop.exitCode, kExitError);
    QVERIFY(QString::fromLocal8Bit(loop.err).contains("Too many levels of symbolic links"));
}

// ---------------------------------------------------------------------------------------------
// 7. Names that are not UTF-8: reported, and --json still writes valid JSON.

void TstBadInput::nonUtf8Names_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::newRow("ff fe") << QByteArray("\xff\xfe");
    QTest::newRow("lone continuation byte") << QByteArray("k\x80");
    QTest::newRow("truncated sequence") << QByteArray("k\xe2\x82");
    QTest::newRow("overlong 2-byte") << QByteArray("\xc0\xaf");
    QTest::newRow("overlong 3-byte") << QByteArray("\xe0\x80\xaf");
    QTest::newRow("overlong 4-byte") << QByteArray("\xf0\x80\x80\xaf");
    QTest::newRow("UTF-16 surrogate") << QByteArray("\xed\xa0\x80");
    QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80");
    QTest::newRow("5-byte lead") << QByteArray("\xf8\x88\x80\x80\x80");
    QTest::newRow("latin-1") << QByteArray("caf\xe9");
}

void TstBadInput::nonUtf8Names()
{
    QFETCH(QByteArray, name);
    TempCache cache;
    QVERIFY(cache.isValid());
    const std::string raw = name.toStdString();
    const QString root = cache.path();
    // QTemporaryDir cannot remove names that are not UTF-8: remove the tree by bytes
    auto cleanup = qScopeGuard([&] { removeTree(str(root)); });
    // a folder, a lone file, and a file inside a complete kernel entry, all with the bad name
    QVERIFY(::mkdir(joinRaw(root, raw).c_str(), 0755) == 0);
    QVERIFY(::close(::open(joinRaw(root, raw + ".ptx").c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644)) == 0);
    const QString folder = cache.addKernel(kKernel, hashOf("utf8"));
    {
        const int fd = ::open((joinRaw(cache.filePath(folder), raw) + ".sass").c_str(),
                              O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
        QVERIFY(fd >= 0);
        QVERIFY(::write(fd, "x", 1) == 1);
        ::close(fd);
    }
    // a kernel entry whose kernel is named with the bad bytes
    const std::string kfolder = str(base32Folder(hashOf("utf8-kernel")));
    QVERIFY(::mkdir(joinRaw(root, kfolder).c_str(), 0755) == 0);
    for (const std::string& f : {raw + ".ptx", raw + ".json", "__grp__" + raw + ".json"}) {
        const int fd =
            ::open((joinRaw(root, kfolder) + "/" + f).c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
        QVERIFY(fd >= 0);
        const std::string body = f.rfind("__grp__", 0) == 0 ? "{\"child_paths\": [\"" + raw + ".ptx\"]}"
                                 : f.find(".json") != std::string::npos
                                     ? "{\"name\": \"" + raw + "\", \"num_warps\": 4}"
                                     : "// ptx";
        QVERIFY(::write(fd, body.data(), body.size()) == static_cast<ssize_t>(body.size()));
        ::close(fd);
    }

    const kl::Snapshot snap = scanDir(root);
    QCOMPARE(snap.entries.size(), std::size_t(4));
    for (const std::string& n : {raw, raw + ".ptx"}) {
        const kl::Entry* e = findEntry(snap, n);
        QVERIFY2(e, qPrintable(describe(snap)));
        const kl::Problem* p = findProblem(*e, kl::problem::NonUtf8Name);
        QVERIFY2(p, qPrintable(describe(*e)));
        QVERIFY2(kl::isValidUtf8(p->message.english()), qPrintable(describe(*e))); // the message is printable
        QVERIFY(QString::fromStdString(p->message.english()).contains("\\x"));
    }
    const kl::Entry* k = findEntry(snap, str(folder));
    QVERIFY2(k && k->hasProblem(kl::problem::NonUtf8Name), qPrintable(describe(snap)));
    const kl::Entry* kk = findEntry(snap, kfolder);
    QVERIFY2(kk && kk->hasProblem(kl::problem::NonUtf8Name), qPrintable(describe(snap)));
    for (const kl::Entry& e : snap.entries)
        for (const kl::Problem& p : e.problems)
            QVERIFY2(kl::isValidUtf8(p.message.english()), qPrintable(describe(e)));

    for (const QStringList& extra : {QStringList{"--json"}, QStringList{}}) {
        const ProcessResult cli = runKlens(QStringList{"scan", root} + extra);
        VERIFY_RAN(cli);
        QCOMPARE(cli.exitCode, kExitProblems);
        if (extra.isEmpty()) {
            QVERIFY2(kl::isValidUtf8(cli.out.toStdString()), "table output is not UTF-8");
            continue;
        }
        QString why;
        const QJsonObject doc = parseScanJson(cli.out, why);
        QVERIFY2(!doc.isEmpty(), qPrintable(why));
        QCOMPARE(doc.value("entries").toArray().size(), 4);
        int flagged = 0;
        for (const QJsonValue& v : doc.value("entries").toArray()) {
            const QJsonObject o = v.toObject();
            QVERIFY(!o.value("path").toString().contains(QChar::ReplacementCharacter));
            flagged += jsonCodes(o).contains(QString::fromLatin1(kl::problem::NonUtf8Name));
        }
        QCOMPARE(flagged, 4);
    }
}

void TstBadInput::nonUtf8JsonContent()
{
    // Invalid UTF-8 and escaped NUL inside the json strings of an entry (rapidjson does not
    // validate).
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("bytes"));
    cache.write(
        folder + "/add_kernel.json",
        QByteArray("{\"hash\": \"\xff\xfe\", \"name\": \"add\xed\xa0\x80kernel\\u0000x\", \"target\": "
                   "{\"backend\": \"cu\xc0\xaf\", \"arch\": \"\xf4\x90\x80\x80\"}, \"triton_version\": "
                   "\"3.\xff\"}"));
    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    for (const kl::Problem& p : e->problems)
        QVERIFY2(kl::isValidUtf8(p.message.english()), qPrintable(describe(*e)));
    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QVERIFY(cli.exitCode == kExitProblems || cli.exitCode == kExitOk);
    QString why;
    QVERIFY2(!parseScanJson(cli.out, why).isEmpty(), qPrintable(why));
    const ProcessResult table = runKlens({"scan", cache.path()});
    VERIFY_RAN(table);
}

// ---------------------------------------------------------------------------------------------
// 8. A 1 GiB stage file: sized from its inode, never read.

void TstBadInput::hugeStageNotRead()
{
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("huge-stage"));
    constexpr qint64 kGiB = qint64(1) << 30;
    for (const QString& rel :
         {folder + "/add_kernel.cubin", folder + "/add_kernel.sass", QString("lone.bin")}) {
        const int fd = ::open(QFile::encodeName(cache.filePath(rel)).constData(),
                              O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0644);
        QVERIFY(fd >= 0);
        const int rc = ::ftruncate(fd, kGiB); // sparse: no disk space used
        const int err = errno;
        ::close(fd);
        if (rc != 0)
            QSKIP(qPrintable("cannot make a sparse 1 GiB file here: " +
                             QString::fromLocal8Bit(std::strerror(err))));
    }
    const qint64 before = readChars();
    if (before < 0)
        QSKIP("/proc/self/io is not readable: cannot count bytes read");
    const kl::Snapshot snap = scanDir(cache.path());
    const qint64 delta = readChars() - before;
    QVERIFY2(delta < (1 << 20), qPrintable(QString("the scan read %1 bytes").arg(delta)));

    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    const kl::Stage* cubin = e->stage("cubin");
    QVERIFY(cubin);
    QCOMPARE(cubin->size, std::uint64_t(kGiB));
    QVERIFY(e->totalSize >= 2 * std::uint64_t(kGiB));
    QVERIFY(e->totalSize < 2 * std::uint64_t(kGiB) + 100000);
    const kl::Entry* lone = findEntry(snap, "lone.bin");
    QVERIFY(lone);
    QCOMPARE(lone->totalSize, std::uint64_t(kGiB));

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    const QJsonObject je = jsonEntry(doc, folder);
    QCOMPARE(je.value("stages").toObject().value("cubin").toInteger(), kGiB);
    const ProcessResult table = runKlens({"scan", cache.path()});
    VERIFY_RAN(table);
    QVERIFY2(table.out.contains("1.0 GiB"), table.out.constData());
}

// ---------------------------------------------------------------------------------------------
// 9. Entries that change while they are scanned.

void TstBadInput::removedWhileScanning_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<unsigned>("threads");
    QTest::addColumn<QString>("expect"); // "vanished" or a problem code
    for (unsigned t : {1u, 4u}) {
        const QByteArray sfx = " / " + QByteArray::number(t) + " thread(s)";
        QTest::newRow("remove entry folder" + sfx) << "rm-folder" << t << "vanished";
        QTest::newRow("remove lone file" + sfx) << "rm-lone" << t << "vanished";
        QTest::newRow("remove metadata json" + sfx)
            << "rm-meta" << t << QString::fromLatin1(kl::problem::MissingMetadata);
        QTest::newRow("remove group file" + sfx)
            << "rm-group" << t << QString::fromLatin1(kl::problem::MissingGroup);
        QTest::newRow("remove a stage" + sfx)
            << "rm-ptx" << t << QString::fromLatin1(kl::problem::MissingChild);
        QTest::newRow("folder replaced by a file" + sfx)
            << "to-file" << t << QString::fromLatin1(kl::problem::Unreadable);
        QTest::newRow("folder replaced by a symlink" + sfx)
            << "to-link" << t << QString::fromLatin1(kl::problem::Unreadable);
        QTest::newRow("metadata replaced by a folder" + sfx)
            << "meta-to-dir" << t << QString::fromLatin1(kl::problem::MissingMetadata);
    }
}

void TstBadInput::removedWhileScanning()
{
    QFETCH(QString, action);
    QFETCH(unsigned, threads);
    QFETCH(QString, expect);
    TempCache cache;
    QVERIFY(cache.isValid());
    for (int i = 0; i < 20; ++i)
        cache.addKernel(QString("k%1").arg(i), hashOf(QByteArray::number(i)));
    const QString victim = cache.addKernel(kKernel, hashOf("victim"));
    cache.write("lone.txt", "x");
    const QString target = action == "rm-lone" ? cache.filePath("lone.txt") : cache.filePath(victim);
    const std::string targetPath = str(target);

    std::atomic<int> hits{0};
    kl::ScanOptions options;
    options.threads = threads;
    options.beforeEntry = [&](const std::string& path) {
        if (path != targetPath)
            return;
        ++hits;
        const QString v = QString::fromStdString(path);
        if (action == "rm-folder") {
            QDir(v).removeRecursively();
        } else if (action == "rm-lone") {
            QFile::remove(v);
        } else if (action == "rm-meta") {
            QFile::remove(v + "/add_kernel.json");
        } else if (action == "rm-group") {
            QFile::remove(v + "/__grp__add_kernel.json");
        } else if (action == "rm-ptx") {
            QFile::remove(v + "/add_kernel.ptx");
        } else if (action == "to-file" || action == "to-link") {
            QDir(v).removeRecursively();
            if (action == "to-file") {
                QFile f(v);
                (void)f.open(QIODevice::WriteOnly);
            } else {
                (void)QFile::link("..", v);
            }
        } else if (action == "meta-to-dir") {
            QFile::remove(v + "/add_kernel.json");
            QDir().mkpath(v + "/add_kernel.json");
        }
    };
    const kl::Snapshot snap = scanDir(cache.path(), options);
    QCOMPARE(hits.load(), 1);
    if (expect == "vanished") {
        QCOMPARE(snap.vanished, std::size_t(1));
        QCOMPARE(snap.summary().vanished, std::size_t(1));
        QVERIFY(!findEntry(snap, str(QFileInfo(target).fileName())));
        QCOMPARE(snap.entries.size(), std::size_t(21));
        return;
    }
    QCOMPARE(snap.vanished, std::size_t(0));
    const kl::Entry* e = findEntry(snap, str(victim));
    QVERIFY2(e, qPrintable(describe(snap)));
    const kl::Problem* p = findProblem(*e, expect.toStdString());
    QVERIFY2(p, qPrintable(describe(*e)));
    QVERIFY2(QString::fromStdString(p->message.english()).contains(target), p->message.english().c_str());
    QVERIFY(e->status != kl::EntryStatus::Complete);
    QCOMPARE(snap.entries.size(), std::size_t(22));
}

void TstBadInput::churnWhileScanning()
{
    // Files and entries appear and disappear while scans run: entries that exist throughout
    // are never lost (a file vanishing between readdir and stat once dropped its whole entry).
    TempCache cache;
    QVERIFY(cache.isValid());
    std::vector<std::string> stable;
    for (int i = 0; i < 8; ++i)
        stable.push_back(
            str(cache.addKernel(QString("s%1").arg(i), hashOf("stable" + QByteArray::number(i)))));
    std::atomic<bool> stop{false};
    std::thread churner([&] {
        int n = 0;
        while (!stop.load()) {
            for (const std::string& s : stable) {
                const std::string f =
                    str(cache.path()) + "/" + s + "/churn" + std::to_string(n % 64) + ".tmp";
                ::close(::open(f.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644));
                ::unlink(f.c_str());
            }
            const QString v = cache.filePath(QString("v%1").arg(n % 4));
            if (n % 2)
                QDir(v).removeRecursively();
            else
                QDir().mkpath(v + "/sub");
            ++n;
        }
    });
    auto joiner = qScopeGuard([&] {
        stop = true;
        churner.join();
    });
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    int scans = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        kl::ScanOptions options;
        options.threads = 3;
        const kl::Snapshot snap = scanDir(cache.path(), options);
        ++scans;
        for (const std::string& s : stable)
            QVERIFY2(findEntry(snap, s), qPrintable(QString("scan %1 lost %2").arg(scans).arg(s.c_str())));
    }
    QVERIFY(scans > 0);
}

// ---------------------------------------------------------------------------------------------
// 11. Cancel from the progress callback.

void TstBadInput::cancel_data()
{
    QTest::addColumn<unsigned>("threads");
    QTest::addColumn<bool>("nested");
    QTest::newRow("1 thread") << 1u << false;
    QTest::newRow("4 threads") << 4u << false;
    QTest::newRow("4 threads, nested roots") << 4u << true;
}

void TstBadInput::cancel()
{
    QFETCH(unsigned, threads);
    QFETCH(bool, nested);
    TempCache cache;
    QVERIFY(cache.isValid());
    constexpr int kEntries = 60;
    for (int i = 0; i < kEntries; ++i)
        cache.addKernel(QString("k%1").arg(i), hashOf("c" + QByteArray::number(i)));
    if (nested) // vLLM-like containers with caches inside
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 10; ++j)
                cache.write(QString("rank_%1/triton/%2/k.ptx").arg(i).arg(j), "// ptx");

    std::atomic<bool> cancelFlag{false};
    std::atomic<std::size_t> calls{0};
    kl::ScanOptions options;
    options.threads = threads;
    options.cancel = &cancelFlag;
    options.progress = [&](std::size_t done, std::size_t) {
        ++calls;
        if (done >= 3)
            cancelFlag = true;
    };
    const kl::Snapshot snap = scanDir(cache.path(), options);
    QVERIFY(snap.cancelled);
    QVERIFY2(snap.entries.size() < std::size_t(kEntries), qPrintable(QString::number(snap.entries.size())));
    QVERIFY(calls.load() >= 3);
    for (const kl::Entry& e : snap.entries) // what was read is whole
        QVERIFY(!e.path.empty() && !e.folderName.empty());
}

void TstBadInput::cancelBeforeStart()
{
    TempCache cache;
    QVERIFY(cache.isValid());
    for (int i = 0; i < 5; ++i)
        cache.addKernel(QString("k%1").arg(i), hashOf("b" + QByteArray::number(i)));
    std::atomic<bool> cancelFlag{true};
    kl::ScanOptions options;
    options.cancel = &cancelFlag;
    const kl::Snapshot snap = scanDir(cache.path(), options);
    QVERIFY(snap.cancelled);
    QVERIFY(snap.entries.empty());
}

// ---------------------------------------------------------------------------------------------
// FIFOs and sockets where files are expected: opening a FIFO for reading would block forever.

void TstBadInput::fifoAndSocketNeverBlock()
{
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("fifo"));
    const QString meta = cache.filePath(folder + "/add_kernel.json");
    QFile::remove(meta);
    QVERIFY(::mkfifo(QFile::encodeName(meta).constData(), 0644) == 0);
    const QString ttir = cache.filePath(folder + "/add_kernel.ttir");
    QFile::remove(ttir);
    QVERIFY(::mkfifo(QFile::encodeName(ttir).constData(), 0644) == 0);
    QVERIFY(::mkfifo(QFile::encodeName(cache.filePath("lone.fifo")).constData(), 0644) == 0);
    const QString auto_ = cache.filePath("ATUNE");
    QVERIFY(QDir().mkpath(auto_));
    QVERIFY(::mkfifo(QFile::encodeName(auto_ + "/x.autotune.json").constData(), 0644) == 0);

    const kl::Snapshot snap = scanDir(cache.path());
    const kl::Entry* e = findEntry(snap, str(folder));
    QVERIFY2(e, qPrintable(describe(snap)));
    QVERIFY2(e->hasProblem(kl::problem::UnknownFile), qPrintable(describe(*e)));
    QVERIFY(e->status != kl::EntryStatus::Complete);
    QVERIFY(findEntry(snap, "lone.fifo"));

    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"}, {.timeoutMs = 60000});
    VERIFY_RAN(cli);
    QCOMPARE(cli.exitCode, kExitProblems);
    QString why;
    QVERIFY2(!parseScanJson(cli.out, why).isEmpty(), qPrintable(why));
}

// ---------------------------------------------------------------------------------------------
// klens show: stage text is read by path; a symlinked stage must not be followed (out of the
// cache, or onto a FIFO that would block the open forever).

void TstBadInput::showNeverFollowsOrBlocks()
{
    QTemporaryDir outer;
    QVERIFY(outer.isValid());
    const QString fifo = outer.filePath("fifo");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
    const QString sentinel = outer.filePath("secret.ttir");
    {
        QFile f(sentinel);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SENTINEL-MUST-NOT-BE-READ\n");
    }
    const QString root = outer.filePath("root");
    QVERIFY(QDir().mkpath(root));
    const QString folder = base32Folder(hashOf("show"));
    const QString entry = root + "/" + folder;
    QVERIFY(QDir().mkpath(entry));
    auto put = [](const QString& path, const QByteArray& data) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
    };
    QVERIFY(put(entry + "/add_kernel.json", validMeta(hashOf("show"))));
    QVERIFY(put(entry + "/__grp__add_kernel.json",
                "{\"child_paths\": [\"add_kernel.json\", \"add_kernel.ptx\", \"add_kernel.ttir\"]}"));
    QVERIFY(QFile::link(fifo, entry + "/add_kernel.ptx"));
    QVERIFY(QFile::link(sentinel, entry + "/add_kernel.ttir"));

    OpenWatch watch(sentinel);
    QVERIFY(watch.valid());
    for (const QString& stage : {QString("ptx"), QString("ttir")}) {
        const ProcessResult cli = runKlens({"show", entry, "--stage", stage}, {.timeoutMs = 30000});
        VERIFY_RAN(cli);
        QCOMPARE(cli.exitCode, kExitError);
        const QString err = QString::fromLocal8Bit(cli.err);
        QVERIFY2(err.contains(entry + "/add_kernel." + stage), qPrintable(err));
        QVERIFY2(err.contains("symbolic link"), qPrintable(err));
        QVERIFY(!cli.out.contains("SENTINEL"));
    }
    QCOMPARE(watch.events(), 0);
    // the detail view lists the links with their problem and still ends
    const ProcessResult detail = runKlens({"show", entry, "--json"}, {.timeoutMs = 30000});
    VERIFY_RAN(detail);
    QCOMPARE(detail.exitCode, kExitProblems);
    QVERIFY(QJsonDocument::fromJson(detail.out).isObject());
    QCOMPARE(watch.events(), 0);
}

void TstBadInput::showDeepJson()
{
    // The scan reports this file (brokenJson); `klens show` parses it again on its own.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString folder = cache.addKernel(kKernel, hashOf("show-deep"));
    cache.write(folder + "/add_kernel.json", QByteArray(200000, '['));
    const ProcessResult cli = runKlens({"show", cache.filePath(folder)}, {.timeoutMs = 60000});
    QVERIFY(cli.started);
    QVERIFY2(cli.finished, "klens show did not finish: hang");
    QVERIFY2(!cli.crashed, "klens show crashed on deeply nested metadata");
    QCOMPARE(cli.exitCode, kExitProblems);
    // Well-formed but 100 000 deep: the scan parses it (iteratively); show, which writes values
    // back as text, must refuse it rather than recurse.
    cache.write(folder + "/add_kernel.json", "{\"name\": \"add_kernel\", \"x\": " + QByteArray(100000, '[') +
                                                 QByteArray(100000, ']') + "}");
    const ProcessResult deep = runKlens({"show", cache.filePath(folder), "--json"}, {.timeoutMs = 60000});
    QVERIFY2(deep.finished && !deep.crashed, "klens show crashed on well-formed deep metadata");
    QVERIFY(QJsonDocument::fromJson(deep.out).isObject());
    QVERIFY2(!cli.crashed, "klens show crashed on deeply nested metadata");
    QCOMPARE(cli.exitCode, kExitProblems);
}

void TstBadInput::controlCharactersInNames()
{
    // Valid UTF-8, but a terminal would act on it: printed escaped, written as JSON escapes.
    TempCache cache;
    QVERIFY(cache.isValid());
    const QString evil = QString::fromUtf8("x\x1b[2J\ny\tz\x7f");
    QVERIFY(QDir().mkpath(cache.filePath(evil)));
    cache.write(evil + "/" + evil + ".ptx", "// ptx");
    cache.write(evil + ".json", "{}");
    const ProcessResult table = runKlens({"scan", cache.path()});
    VERIFY_RAN(table);
    QVERIFY2(!table.out.contains('\x1b'), table.out.constData());
    QVERIFY(!table.out.contains("x\ny"));
    const ProcessResult cli = runKlens({"scan", cache.path(), "--json"});
    VERIFY_RAN(cli);
    QString why;
    const QJsonObject doc = parseScanJson(cli.out, why);
    QVERIFY2(!doc.isEmpty(), qPrintable(why));
    QStringList folders;
    for (const QJsonValue& v : doc.value("entries").toArray())
        folders << v.toObject().value("folder").toString();
    QVERIFY2(folders.contains(evil), qPrintable(folders.join(" | ")));
    QVERIFY(folders.contains(evil + ".json"));
}

QTEST_GUILESS_MAIN(TstBadInput)
#include "tst_badinput.moc"
