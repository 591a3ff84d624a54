// The doctor's rules, each against a cache built for it, plus the real Triton fixture and the CLI.
#include "core/doctor/doctor.h"
#include "core/doctor/processalive.h"
#include "core/formats/layout.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

const QString fixture = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
const QString realCubin90 =
    fixture + "/T7TU7KYQX7ZE4YM2UFP4TBMCFYMVCOQDPYCUIXDLVLUCMPIY3E5Q/add_kernel.cubin";
const QString realCubin80 =
    fixture + "/DNQKZQLF752I7CKBZ7RR434PGOCLGO4QTQJJPTKEM3Y7JQ2Y4HJQ/add_kernel.cubin";
constexpr std::int64_t kT0 = 1700000000; // an arbitrary "written at", in seconds

QString sha(const QByteArray& b)
{
    return QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

kl::Snapshot scan(const QString& root)
{
    kl::Root r;
    r.path = root.toStdString();
    r.reason = kl::Text::verbatim("given");
    r.given = true;
    return kl::CacheScanner().scan({r});
}

// A complete sm_90 kernel entry whose cubin is a real one (TempCache writes a placeholder).
QString addRealKernel(const TempCache& c, const QString& name, const QByteArray& seed)
{
    const QString folder = c.addKernel(name, sha(seed), 90);
    c.write(folder + "/" + name + ".cubin", readAll(realCubin90));
    return folder;
}

void setMtime(const QString& path, std::int64_t seconds)
{
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ::utimensat(AT_FDCWD, path.toLocal8Bit().constData(), times, AT_SYMLINK_NOFOLLOW);
}

std::vector<kl::Finding> withCode(const kl::DoctorReport& r, std::string_view code)
{
    std::vector<kl::Finding> out;
    for (const kl::Finding& f : r.findings)
        if (f.code == code)
            out.push_back(f);
    return out;
}

const kl::Finding* byPathSuffix(const std::vector<kl::Finding>& fs, const QString& suffix)
{
    for (const kl::Finding& f : fs)
        if (QString::fromStdString(f.path).endsWith(suffix))
            return &f;
    return nullptr;
}

} // namespace

class TstDoctor : public QObject {
    Q_OBJECT
private slots:
    void realFixture()
    {
        const kl::DoctorReport r = kl::Doctor().examine(scan(fixture));
        QCOMPARE(r.entries, std::size_t(9));
        QCOMPARE(r.binariesChecked, std::size_t(8)); // 7 cubins and 1 hsaco, all valid for their target
        QVERIFY(withCode(r, kl::finding::InvalidBinary).empty());
        const auto moved = withCode(r, kl::finding::MovedCache);
        QCOMPARE(moved.size(), std::size_t(8));
        for (const kl::Finding& f : moved) {
            QCOMPARE(int(f.severity), int(kl::FindingSeverity::Warning));
            QVERIFY(!f.fix.empty());
        }
        // The fixture compiled add_kernel for sm_90 with and without TRITON_DISABLE_LINE_INFO: two
        // keys, the same instructions (checked against the cubins in tests/diff/tst_stagediff).
        const auto same = withCode(r, kl::finding::SameCode);
        QCOMPARE(same.size(), std::size_t(1));
        QCOMPARE(same.front().count.value_or(0), 2);
        QCOMPARE(r.findings.size(), std::size_t(9));
        QVERIFY(r.hasWarningsOrErrors());
    }

    void staleAgainstTheContext_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QStringList>("archs");
        QTest::addColumn<int>("staleVersion");
        QTest::addColumn<int>("staleArch");
        QTest::addRow("same Triton, sm_90 machine") << "3.9.0" << QStringList{"90"} << 0 << 4;
        QTest::addRow("newer Triton") << "3.10.0" << QStringList{} << 8 << 0;
        QTest::addRow("AMD machine") << "" << QStringList{"gfx90a:sramecc+:xnack-"} << 0 << 7;
        QTest::addRow("sm_90 and sm_80") << "" << QStringList{"sm_90", "80"} << 0 << 2;
        QTest::addRow("nothing known") << "" << QStringList{} << 0 << 0;
    }
    void staleAgainstTheContext()
    {
        QFETCH(QString, version);
        QFETCH(QStringList, archs);
        QFETCH(int, staleVersion);
        QFETCH(int, staleArch);
        kl::DoctorContext ctx;
        if (!version.isEmpty())
            ctx.tritonVersion = version.toStdString();
        for (const QString& a : archs)
            ctx.gpuArchs.push_back(a.toStdString());
        const kl::DoctorReport r = kl::Doctor(ctx).examine(scan(fixture));
        QCOMPARE(int(withCode(r, kl::finding::StaleVersion).size()), staleVersion);
        QCOMPARE(int(withCode(r, kl::finding::StaleArch).size()), staleArch);
        for (const kl::Finding& f : r.findings)
            if (f.code == kl::finding::StaleArch || f.code == kl::finding::StaleVersion)
                QCOMPARE(int(f.severity), int(kl::FindingSeverity::Info));
    }

    void orphanTempsWithAgeAndWriter()
    {
        TempCache c;
        const QString folder = addRealKernel(c, "k", "k");
        c.write(folder + "/tmp.pid_111_aaaa/k.ptx", "partial");
        c.write(folder + "/tmp.pid_222_bbbb/k.ptx", "partial");
        c.write(folder + "/k.ptx.tmp.pid_333_cccc", "2.x temp file");
        c.write("tmp.pid_444_dddd/x.json", "{}");
        c.write(folder + "/tmp.0123abcd/x", "fork temp, no pid");
        for (const QString& rel :
             {folder + "/tmp.pid_111_aaaa", folder + "/tmp.pid_222_bbbb", folder + "/k.ptx.tmp.pid_333_cccc",
              QStringLiteral("tmp.pid_444_dddd/x.json"), folder + "/tmp.0123abcd"})
            setMtime(c.filePath(rel), kT0);
        kl::DoctorContext ctx;
        ctx.processAlive = [](long pid) { return pid == 111 || pid == 444; };
        ctx.nowNs = [] { return (kT0 + 3 * 3600 + 300) * 1000000000; };
        const kl::DoctorReport r = kl::Doctor(ctx).examine(scan(c.path()));
        const auto temps = withCode(r, kl::finding::OrphanTemp);
        QCOMPARE(temps.size(), std::size_t(5));

        const kl::Finding* alive = byPathSuffix(temps, "/tmp.pid_111_aaaa");
        QVERIFY(alive);
        QCOMPARE(int(alive->severity), int(kl::FindingSeverity::Info));
        QCOMPARE(alive->pid, std::optional<std::int64_t>(111));
        QCOMPARE(alive->pidAlive, std::optional<bool>(true));
        QCOMPARE(alive->ageSeconds, std::optional<std::int64_t>(3 * 3600 + 300));
        QVERIFY2(alive->message.english().find("alive on this host: a compile may be running") !=
                     std::string::npos,
                 alive->message.english().c_str());
        QVERIFY2(alive->message.english().find("3 h 5 min ago") != std::string::npos,
                 alive->message.english().c_str());

        const kl::Finding* dead = byPathSuffix(temps, "/tmp.pid_222_bbbb");
        QVERIFY(dead);
        QCOMPARE(int(dead->severity), int(kl::FindingSeverity::Warning));
        QCOMPARE(dead->pidAlive, std::optional<bool>(false));
        QVERIFY2(dead->message.english().find("no longer runs on this host") != std::string::npos,
                 dead->message.english().c_str());

        const kl::Finding* file = byPathSuffix(temps, "/k.ptx.tmp.pid_333_cccc");
        QVERIFY(file);
        QCOMPARE(file->pid, std::optional<std::int64_t>(333));
        QVERIFY2(file->message.english().find("temporary file") != std::string::npos,
                 file->message.english().c_str());

        const kl::Finding* top = byPathSuffix(temps, "/tmp.pid_444_dddd");
        QVERIFY(top);
        QCOMPARE(int(top->severity), int(kl::FindingSeverity::Info));

        const kl::Finding* fork = byPathSuffix(temps, "/tmp.0123abcd");
        QVERIFY(fork);
        QVERIFY(!fork->pid);
        QVERIFY2(fork->message.english().find("records no pid") != std::string::npos,
                 fork->message.english().c_str());
        QVERIFY(withCode(r, kl::finding::IncompleteEntry).empty());
    }

    void realPidLiveness()
    {
        QVERIFY(kl::processAlive(::getpid()));
        QVERIFY(!kl::processAlive(0));
        QVERIFY(!kl::processAlive(-5));
        QCOMPARE(kl::layout::tempWriterPid("tmp.pid_4242_0f0e"), std::optional<long>(4242));
        QCOMPARE(kl::layout::tempWriterPid("k.cubin.tmp.pid_17_x"), std::optional<long>(17));
        QVERIFY(!kl::layout::tempWriterPid("tmp.pid_x_1"));
        QVERIFY(!kl::layout::tempWriterPid("tmp.0123abcd"));
        QVERIFY(!kl::layout::tempWriterPid("tmp.pid_12ab_c"));
    }

    void incompleteEntry()
    {
        TempCache c;
        const QString a = addRealKernel(c, "k", "a");
        const QString b = addRealKernel(c, "k", "b");
        QFile::remove(c.filePath(a + "/__grp__k.json"));
        QFile::remove(c.filePath(b + "/__grp__k.json"));
        c.write(b + QStringLiteral("/tmp.pid_%1_x/k.cubin").arg(::getpid()), "writing");
        const kl::DoctorReport r = kl::Doctor().examine(scan(c.path()));
        const auto inc = withCode(r, kl::finding::IncompleteEntry);
        QCOMPARE(inc.size(), std::size_t(2));
        const kl::Finding* plain = byPathSuffix(inc, a);
        QVERIFY(plain);
        QCOMPARE(int(plain->severity), int(kl::FindingSeverity::Warning));
        QVERIFY2(plain->message.english().find("no group file") != std::string::npos,
                 plain->message.english().c_str());
        const kl::Finding* writing = byPathSuffix(inc, b);
        QVERIFY(writing);
        QCOMPARE(int(writing->severity), int(kl::FindingSeverity::Info)); // its writer (this test) is alive
        QVERIFY(writing->message.english().find("probably being written now") != std::string::npos);
    }

    void scannerProblemsAreMapped_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("severity");
        QTest::addRow("corrupt metadata") << "corrupt-json"
                                          << "corrupt-json" << int(kl::FindingSeverity::Error);
        QTest::addRow("empty stage") << "empty-file"
                                     << "empty-file" << int(kl::FindingSeverity::Error);
        QTest::addRow("child outside") << "outside"
                                       << "path-outside-root" << int(kl::FindingSeverity::Error);
        QTest::addRow("missing child") << "missing-child"
                                       << "missing-child" << int(kl::FindingSeverity::Error);
        QTest::addRow("hash mismatch") << "hash-mismatch"
                                       << "hash-mismatch" << int(kl::FindingSeverity::Error);
        QTest::addRow("symlink") << "symlink"
                                 << "symlink" << int(kl::FindingSeverity::Warning);
        QTest::addRow("fifo") << "fifo"
                              << "foreign-file" << int(kl::FindingSeverity::Warning);
    }
    void scannerProblemsAreMapped()
    {
        QFETCH(QString, damage);
        QFETCH(QString, code);
        QFETCH(int, severity);
        TempCache c;
        const QString f = addRealKernel(c, "k", "k");
        const QString dir = c.filePath(f);
        if (damage == "corrupt-json")
            c.write(f + "/k.json", "{\"hash\": ");
        else if (damage == "empty-file")
            c.write(f + "/k.ptx", "");
        else if (damage == "outside")
            c.write(f + "/__grp__k.json",
                    R"({"child_paths": {"../../etc/passwd": "/etc/passwd", "k.json": "x"}})");
        else if (damage == "missing-child")
            QFile::remove(dir + "/k.ptx");
        else if (damage == "hash-mismatch")
            c.write(f + "/k.json",
                    QStringLiteral(R"({"hash": "%1", "name": "k"})").arg(sha("other")).toUtf8());
        else if (damage == "symlink")
            QFile::link("/etc/hostname", dir + "/k.sass");
        else if (damage == "fifo")
            ::mkfifo((dir + "/k.pipe").toLocal8Bit().constData(), 0600);
        const kl::DoctorReport r = kl::Doctor().examine(scan(c.path()));
        const auto found = withCode(r, code.toStdString());
        QVERIFY2(!found.empty(), qPrintable(damage));
        QCOMPARE(int(found.front().severity), severity);
        QVERIFY(!found.front().fix.empty());
        QVERIFY(QString::fromStdString(found.front().message.english()).contains(dir));
    }

    void invalidBinaryInAnEntry()
    {
        TempCache c;
        const QString wrongArch = addRealKernel(c, "k", "wrong arch");
        c.write(wrongArch + "/k.cubin", readAll(realCubin80)); // metadata says sm_90
        const QString cut = addRealKernel(c, "k", "cut");
        c.write(cut + "/k.cubin", readAll(realCubin90).left(5000));
        const QString fine = addRealKernel(c, "k", "fine");
        const kl::DoctorReport r = kl::Doctor().examine(scan(c.path()));
        const auto bad = withCode(r, kl::finding::InvalidBinary);
        QCOMPARE(bad.size(), std::size_t(2));
        QCOMPARE(r.binariesChecked, std::size_t(3));
        const kl::Finding* arch = byPathSuffix(bad, wrongArch + "/k.cubin");
        QVERIFY(arch);
        QCOMPARE(int(arch->severity), int(kl::FindingSeverity::Error));
        QVERIFY2(arch->message.english().find("is for sm_80 but the entry's target is sm_90") !=
                     std::string::npos,
                 arch->message.english().c_str());
        QVERIFY(byPathSuffix(bad, cut + "/k.cubin"));
        QVERIFY(!byPathSuffix(bad, fine + "/k.cubin"));
        kl::DoctorOptions off;
        off.checkBinaries = false;
        QCOMPARE(kl::Doctor({}, off).examine(scan(c.path())).binariesChecked, std::size_t(0));
    }

    void flood()
    {
        TempCache c;
        for (int i = 0; i < 5; ++i)
            addRealKernel(c, "k", QByteArray::number(i));
        for (int i = 0; i < 2; ++i)
            addRealKernel(c, "j", "j" + QByteArray::number(i));
        kl::DoctorOptions o;
        o.floodThreshold = 3;
        const kl::DoctorReport r = kl::Doctor({}, o).examine(scan(c.path()));
        const auto floods = withCode(r, kl::finding::Flood);
        QCOMPARE(floods.size(), std::size_t(1));
        QCOMPARE(floods.front().kernel, std::string("k"));
        QCOMPARE(floods.front().count, std::optional<std::int64_t>(5));
        QCOMPARE(int(floods.front().severity), int(kl::FindingSeverity::Warning));
        QCOMPARE(QString::fromStdString(floods.front().path), QDir(c.path()).absolutePath());
        QVERIFY(r.hasWarningsOrErrors());
        QVERIFY(withCode(kl::Doctor().examine(scan(c.path())), kl::finding::Flood).empty()); // default 64
    }

    void foreignFiles()
    {
        TempCache c;
        addRealKernel(c, "k", "k");
        c.write("matmul.pickle", "deepspeed");
        c.write("notes/readme.txt", "mine");
        const kl::DoctorReport r = kl::Doctor().examine(scan(c.path()));
        const auto foreign = withCode(r, kl::finding::ForeignFile);
        QCOMPARE(foreign.size(), std::size_t(2));
        QCOMPARE(int(byPathSuffix(foreign, "/matmul.pickle")->severity), int(kl::FindingSeverity::Info));
        QCOMPARE(int(byPathSuffix(foreign, "/notes")->severity), int(kl::FindingSeverity::Warning));
    }

    void networkFilesystem()
    {
        TempCache c;
        addRealKernel(c, "k", "k");
        kl::DoctorContext ctx;
        std::vector<std::string> asked;
        ctx.probeFilesystem = [&](const std::string& path) {
            asked.push_back(path);
            kl::FsInfo fs;
            fs.path = path;
            fs.probedPath = path;
            fs.type = "nfs4";
            fs.source = "filer:/export/home";
            fs.mountPoint = "/home";
            fs.category = kl::FsCategory::Network;
            if (path.find("missing") != std::string::npos) {
                fs.walkedUp = true;
                fs.probedPath = "/home";
            }
            return fs;
        };
        kl::Root given, missing;
        given.path = c.path().toStdString();
        given.reason = kl::Text::verbatim("given");
        given.given = true;
        missing.path = "/home/nobody/missing/.triton/cache";
        missing.reason = kl::Text::verbatim("TRITON_CACHE_DIR");
        const kl::DoctorReport r = kl::Doctor(ctx).examine(kl::CacheScanner().scan({given, missing}));
        const auto net = withCode(r, kl::finding::NetworkFs);
        QCOMPARE(net.size(), std::size_t(2));
        QCOMPARE(asked.size(), std::size_t(2));
        QCOMPARE(int(net[0].severity), int(kl::FindingSeverity::Warning));
        QVERIFY2(net[0].message.english().find("nfs4 from filer:/export/home") != std::string::npos,
                 net[0].message.english().c_str());
        QVERIFY2(net[1].message.english().find("does not exist yet, judged by /home") != std::string::npos,
                 net[1].message.english().c_str());
        QVERIFY(net[1].message.english().find("TRITON_CACHE_DIR") != std::string::npos);
        QVERIFY(net[0].fix.english().find("TRITON_CACHE_DIR") != std::string_view::npos);

        ctx.probeFilesystem = [](const std::string& path) {
            kl::FsInfo fs;
            fs.path = path;
            fs.category = kl::FsCategory::Local;
            return fs;
        };
        QVERIFY(withCode(kl::Doctor(ctx).examine(scan(c.path())), kl::finding::NetworkFs).empty());
    }

    void progressAndCancel()
    {
        TempCache c;
        for (int i = 0; i < 20; ++i)
            addRealKernel(c, "k", QByteArray::number(i));
        const kl::Snapshot snap = scan(c.path());
        std::atomic<std::size_t> last{0};
        kl::DoctorOptions o;
        o.progress = [&](std::size_t done, std::size_t total) {
            QCOMPARE(total, std::size_t(20));
            std::size_t prev = last.load();
            while (done > prev && !last.compare_exchange_weak(prev, done)) {
            }
        };
        QVERIFY(!kl::Doctor({}, o).examine(snap).cancelled);
        QCOMPARE(last.load(), std::size_t(20));

        std::atomic<bool> cancel{true};
        kl::DoctorOptions cancelled;
        cancelled.cancel = &cancel;
        const kl::DoctorReport r = kl::Doctor({}, cancelled).examine(snap);
        QVERIFY(r.cancelled);
        QCOMPARE(r.binariesChecked, std::size_t(0));
    }

    void cliJson()
    {
        // --arch before the folder: it takes one value, the folder stays a folder.
        ProcessResult r = runKlens({"doctor", "--arch", "90", fixture, "--json", "--triton-version", "3.9.0"},
                                   withoutMachineTools());
        QCOMPARE(r.exitCode, 1); // a moved cache: warnings
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(r.out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QCOMPARE(o["schema"].toString(), QStringLiteral("kernellens.doctor/1"));
        QCOMPARE(o["context"].toObject()["triton_version"].toString(), QStringLiteral("3.9.0"));
        const QJsonArray findings = o["findings"].toArray();
        QCOMPARE(findings.size(), 13); // 8 moved-cache + 4 stale-arch + 1 same-code
        for (const auto& v : findings) {
            const QJsonObject f = v.toObject();
            for (const char* key : {"code", "severity", "path", "message", "fix"})
                QVERIFY2(f.contains(key), key);
            QVERIFY(QStringList({"error", "warning", "info"}).contains(f["severity"].toString()));
        }
        const QJsonObject s = o["summary"].toObject();
        QCOMPARE(s["by_code"].toObject()["moved-cache"].toInt(), 8);
        QCOMPARE(s["by_code"].toObject()["stale-arch"].toInt(), 4);
        QCOMPARE(s["by_code"].toObject()["same-code"].toInt(), 1);
        QCOMPARE(s["by_severity"].toObject()["warning"].toInt(), 8);
        QCOMPARE(s["by_severity"].toObject()["info"].toInt(), 5);
        QCOMPARE(s["binaries_checked"].toInt(), 8);
        QCOMPARE(s["entries"].toInt(), 9);
    }

    void cliTextAndExitCodes()
    {
        TempCache c;
        addRealKernel(c, "k", "k");
        ProcessResult healthy = runKlens({"doctor", c.path()}, withoutMachineTools());
        QCOMPARE(healthy.exitCode, 0);
        QVERIFY2(healthy.out.contains("0 findings"), healthy.out.constData());

        c.write("tmp.pid_999999999_x/k.ptx", "left over");
        ProcessResult temp = runKlens({"doctor", c.path()}, withoutMachineTools());
        QCOMPARE(temp.exitCode, 1);
        QVERIFY(temp.out.contains("orphan-temp"));
        QVERIFY(temp.out.contains("what to do:"));
        QVERIFY(temp.out.contains("klens clean --orphans"));

        ProcessResult missing = runKlens({"doctor", "/nonexistent/kl-doctor"}, withoutMachineTools());
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("/nonexistent/kl-doctor"));
        QCOMPARE(runKlens({"doctor", c.path(), "--flood", "0"}, withoutMachineTools()).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TstDoctor)
#include "tst_doctor.moc"
