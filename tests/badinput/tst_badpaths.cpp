// Bad input: every case must end in a per-entry problem (a stable code from kl::problem) or an
// error that names the path and the cause. Never a crash, never a hang. Each case is checked
// in-process (kl::CacheScanner) and, where the CLI contract matters, through the real klens binary.
//
// This suite: what the entry reader (core/scan) finds on disk -- recorded paths outside the root,
// symlinks, names that are not UTF-8, a huge stage, FIFOs: never followed, read or blocked on.

#include "core/util/utf8.h"
#include "tests/support/badinput.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <ftw.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

/// A file name made of raw bytes (QString cannot hold invalid UTF-8; the scanner gets bytes).
std::string joinRaw(const QString& dir, const std::string& name)
{
    return str(dir) + "/" + name;
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

} // namespace

class TstBadPaths : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();

    // 5.
    void pathOutsideRoot_data();
    void pathOutsideRoot();
    void symlinkedJsonNotFollowed();
    // 6.
    void symlinksNotFollowed();
    // 7.
    void nonUtf8Names_data();
    void nonUtf8Names();
    // 8.
    void hugeStageNotRead();
    // not regular files where files are expected
    void fifoAndSocketNeverBlock();
};

void TstBadPaths::initTestCase()
{
    QVERIFY2(QFileInfo(QStringLiteral(KL_KLENS_BIN)).isExecutable(), KL_KLENS_BIN " is not built");
}

// ---------------------------------------------------------------------------------------------
// 5. Group files that point outside the entry: reported, never followed.

void TstBadPaths::pathOutsideRoot_data()
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

void TstBadPaths::pathOutsideRoot()
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

void TstBadPaths::symlinkedJsonNotFollowed()
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

void TstBadPaths::symlinksNotFollowed()
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

void TstBadPaths::nonUtf8Names_data()
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

void TstBadPaths::nonUtf8Names()
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

// ---------------------------------------------------------------------------------------------
// 8. A 1 GiB stage file: sized from its inode, never read.

void TstBadPaths::hugeStageNotRead()
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
// FIFOs and sockets where files are expected: opening a FIFO for reading would block forever.

void TstBadPaths::fifoAndSocketNeverBlock()
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

QTEST_GUILESS_MAIN(TstBadPaths)
#include "tst_badpaths.moc"
