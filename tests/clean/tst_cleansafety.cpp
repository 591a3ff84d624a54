// The executor never deletes anything outside the root: canaries outside the root, reachable
// through every path a careless cleaner could take (symlinks, a symlinked entry, `..` and absolute
// paths in group files, bind mounts), must survive `klens clean ROOT --max-size 0 --grace 0` and
// the in-process API, while everything Triton's that is inside goes.
#include "cleantestutil.h"
#include "core/clean/cleanexecutor.h"
#include "core/clean/cleanplan.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <sys/mount.h>
#include <unistd.h>

using namespace cleantest;

namespace {

const QByteArray kPrecious = "precious canary data\n";
const QString kDeadTemp = QStringLiteral("tmp.pid_999999999_0123");

QString sha(const QByteArray& b)
{
    return QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex();
}

void writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(data);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Everything outside the root that must survive: a file, a folder with a file, kernel-looking
// folders that are bind-mounted into the root.
struct Outside {
    QTemporaryDir dir;
    QString canary() const { return dir.filePath("canary.txt"); }
    QString canaryDir() const { return dir.filePath("dir"); }
    Outside()
    {
        writeFile(canary(), kPrecious);
        writeFile(canaryDir() + "/inner.txt", kPrecious);
    }
    void verifyIntact() const
    {
        QCOMPARE(readAll(canary()), kPrecious);
        QCOMPARE(readAll(canaryDir() + "/inner.txt"), kPrecious);
    }
};

// Bind mounts made by a test, always undone (lazily, so a failing test cannot leave one behind).
struct Mounts {
    QStringList targets;
    QString error;
    bool bind(const QString& from, const QString& to)
    {
        if (::mount(from.toLocal8Bit().constData(), to.toLocal8Bit().constData(), nullptr, MS_BIND,
                    nullptr) != 0) {
            error = QStringLiteral("mount --bind %1 %2: %3")
                        .arg(from, to, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        targets << to;
        return true;
    }
    ~Mounts()
    {
        for (auto it = targets.crbegin(); it != targets.crend(); ++it)
            ::umount2(it->toLocal8Bit().constData(), MNT_DETACH);
    }
};

kl::CleanResult cleanEverything(const QString& root, const QString& how)
{
    if (how == "cli") {
        ProcessResult r =
            runKlens({"clean", root, "--max-size", "0", "--grace", "0", "--json"}, withoutMachineTools());
        kl::CleanResult fake;
        fake.failed = r.exitCode == 0 ? 0 : 1; // the CLI's verdict; the files tell the rest
        return fake;
    }
    kl::CleanPolicy p;
    p.maxSize = 0;
    p.graceNs = 0;
    kl::CleanOptions o;
    o.graceNs = 0;
    return kl::executeCleanPlan(kl::makeCleanPlan(scan(root), p, {}), {}, o);
}

QString result(kl::RemovalResult r)
{
    const std::string_view s = kl::toString(r);
    return QString::fromLatin1(s.data(), static_cast<qsizetype>(s.size()));
}

QStringList rootItems(const QString& root)
{
    QStringList l = QDir(root).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
    l.sort();
    return l;
}

} // namespace

class TstCleanSafety : public QObject {
    Q_OBJECT
private slots:
    void symlinksAndGroupPaths_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addRow("api") << "api";
        QTest::addRow("cli") << "cli";
    }
    void symlinksAndGroupPaths()
    {
        QFETCH(QString, how);
        Outside out;
        TempCache c;
        // An entry holding symlinks to the canary file and to its folder.
        const QString e1 = c.addKernel("k", sha("e1"));
        QVERIFY(QFile::link(out.canary(), c.filePath(e1 + "/k.sass")));
        QVERIFY(QFile::link(out.canaryDir(), c.filePath(e1 + "/k.launcher_src")));
        // An entry whose group file names the canary by absolute path, by `..` and as a recorded path.
        const QString e2 = c.addKernel("k", sha("e2"));
        const QString up = QDir(c.filePath(e2)).relativeFilePath(out.canary());
        c.write(e2 + "/__grp__k.json",
                QStringLiteral(R"({"child_paths": {"k.json": "%1", "%2": "%1", "%1": "%1",
                  "k.ptx": "%3"}})")
                    .arg(out.canary(), up, c.filePath(e2 + "/../../" + up))
                    .toUtf8());
        // A symlinked entry folder (looks like a kernel entry from inside), and a symlink in the root.
        writeFile(out.canaryDir() + "/k.json", "{}");
        writeFile(out.canaryDir() + "/__grp__k.json", "{}");
        const QString linkedEntry = base32Folder(sha("e3"));
        QVERIFY(QFile::link(out.canaryDir(), c.filePath(linkedEntry)));
        QVERIFY(QFile::link(out.canary(), c.filePath("k.cubin")));
        // A "temp folder" inside an entry that is a symlink to the canary's folder.
        const QString e4 = c.addKernel("k", sha("e4"));
        QVERIFY(QFile::link(out.canaryDir(), c.filePath(e4 + "/" + kDeadTemp)));
        // A nested (vLLM-style) cache whose rank folder is a symlink out of the root: not followed.
        QDir().mkpath(c.filePath("ranks"));
        QVERIFY(QFile::link(out.dir.path(), c.filePath("ranks/rank_0")));
        // And a temp file of a 2.x writer that is long gone.
        c.write("k.cubin.tmp.pid_999999999_x", "partial");

        const kl::CleanResult r = cleanEverything(c.path(), how);
        out.verifyIntact();
        QCOMPARE(readAll(out.canaryDir() + "/k.json"), QByteArray("{}"));
        QVERIFY(QFileInfo::exists(out.canaryDir() + "/__grp__k.json"));
        QCOMPARE(r.failed, std::size_t(0));
        // Every entry Triton wrote is gone; the symlinks in the root and the plain folder stay.
        QCOMPARE(rootItems(c.path()), QStringList({linkedEntry, "k.cubin", "ranks"}));
        QVERIFY(QFileInfo(c.filePath(linkedEntry)).isSymLink());
        QVERIFY(QFileInfo(c.filePath("ranks/rank_0")).isSymLink());
    }

    void bindMounts_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addRow("api") << "api";
        QTest::addRow("cli") << "cli";
    }
    void bindMounts()
    {
        QFETCH(QString, how);
        Outside out;
        TempCache c;
        // A kernel-looking folder outside, bind-mounted as an entry folder of the root.
        const QString src = out.dir.filePath("entrysrc");
        writeFile(src + "/k.json", "{}");
        writeFile(src + "/k.cubin", kPrecious);
        writeFile(src + "/__grp__k.json", R"({"child_paths": ["k.cubin", "k.json"]})");
        writeFile(src + "/canary.txt", kPrecious);
        const QString mountedEntry = base32Folder(sha("m1"));
        c.mkdir(mountedEntry);
        // A real entry with a bind-mounted temp folder inside it.
        const QString e2 = c.addKernel("k", sha("m2"));
        c.mkdir(e2 + "/" + kDeadTemp);
        // A vLLM-style nested cache whose rank folder is a bind mount of an outside cache.
        const QString nestedSrc = out.dir.filePath("nestedsrc");
        const QString nestedEntry = base32Folder(sha("m3"));
        writeFile(nestedSrc + "/" + nestedEntry + "/k.json", "{}");
        writeFile(nestedSrc + "/" + nestedEntry + "/k.cubin", kPrecious);
        c.mkdir("ranks/rank_0");
        // And an ordinary entry that must go.
        const QString plain = c.addKernel("k", sha("m4"));

        Mounts m;
        if (!m.bind(src, c.filePath(mountedEntry)) ||
            !m.bind(out.canaryDir(), c.filePath(e2 + "/" + kDeadTemp)) ||
            !m.bind(nestedSrc, c.filePath("ranks/rank_0")))
            QSKIP(qPrintable("bind mounts are refused here (needs root and mount rights): " + m.error));

        const kl::CleanResult r = cleanEverything(c.path(), how);
        out.verifyIntact();
        for (const char* name : {"k.json", "k.cubin", "__grp__k.json", "canary.txt"})
            QVERIFY2(QFileInfo::exists(src + "/" + name), name);
        QCOMPARE(readAll(src + "/k.cubin"), kPrecious);
        QCOMPARE(readAll(nestedSrc + "/" + nestedEntry + "/k.cubin"), kPrecious);
        QVERIFY(QFileInfo::exists(nestedSrc + "/" + nestedEntry + "/k.json"));
        // The entry with a mount inside is left whole (group file included), not half removed.
        QVERIFY(QFileInfo::exists(c.filePath(e2 + "/__grp__k.json")));
        QVERIFY(QFileInfo::exists(c.filePath(e2 + "/k.cubin")));
        QVERIFY(!QFileInfo::exists(c.filePath(plain)));
        QVERIFY(r.failed > 0 || r.skipped > 0 || !r.errors.empty());
    }

    void handMadePlansCannotEscape()
    {
        Outside out;
        TempCache c;
        const QString e = c.addKernel("k", sha("h"));
        kl::CleanPlan plan;
        kl::Root root;
        root.path = c.path().toStdString();
        root.exists = true;
        plan.roots.push_back(root);
        const QString rel = QDir(c.path()).relativeFilePath(out.dir.path());
        for (const QString& name : {QStringLiteral(".."), rel, QStringLiteral("../x"), out.canaryDir(),
                                    QStringLiteral("."), QStringLiteral("")}) {
            kl::PlannedRemoval r;
            r.folderName = name.toStdString();
            r.path = name.toStdString();
            plan.removals.push_back(r);
        }
        kl::PlannedRemoval wrongRoot;
        wrongRoot.rootIndex = 7;
        wrongRoot.folderName = e.toStdString();
        plan.removals.push_back(wrongRoot);
        kl::CleanOptions o;
        o.graceNs = 0;
        const kl::CleanResult r = kl::executeCleanPlan(plan, {}, o);
        QCOMPARE(r.removed, std::size_t(0));
        for (std::size_t i = 0; i + 1 < r.outcomes.size(); ++i)
            QCOMPARE(result(r.outcomes[i].result), result(kl::RemovalResult::SkippedUnsafe));
        QCOMPARE(result(r.outcomes.back().result), result(kl::RemovalResult::Failed));
        out.verifyIntact();
        QVERIFY(QFileInfo::exists(c.filePath(e + "/__grp__k.json")));
    }

    void entrySwappedForASymlinkMidRemoval()
    {
        // A hostile (or unlucky) swap after the checks: the entry's folder is renamed away and a
        // symlink to the canary's folder put in its place. The executor works on the descriptor
        // it opened, so it only ever removes the renamed folder's files, inside the root.
        Outside out;
        TempCache c;
        const QString e = c.addKernel("k", sha("swap"));
        kl::CleanPolicy p;
        p.maxSize = 0;
        p.graceNs = 0;
        const kl::CleanPlan plan = kl::makeCleanPlan(scan(c.path()), p, {});
        QCOMPARE(plan.removals.size(), std::size_t(1));
        kl::CleanOptions o;
        o.graceNs = 0;
        o.beforeRemove = [&](const std::string&) {
            QDir(c.path()).rename(e, e + ".moved");
            QFile::link(out.canaryDir(), c.filePath(e));
        };
        const kl::CleanResult r = kl::executeCleanPlan(plan, {}, o);
        out.verifyIntact();
        QCOMPARE(result(r.outcomes.front().result), result(kl::RemovalResult::Failed));
        QVERIFY(QFileInfo(c.filePath(e)).isSymLink());
    }
};

QTEST_GUILESS_MAIN(TstCleanSafety)
#include "tst_cleansafety.moc"
