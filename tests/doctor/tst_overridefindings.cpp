// The doctor's findings about Triton's override workflow (issue 28, point 5):
// stage-target-mismatch on a real sm_90 entry that real Triton wrote, altered as an override for
// another target or config leaves it; built-from-override, override-ignored and
// override-stage-name on dump and override folders laid out as Triton lays them out.
#include "core/doctor/doctor.h"
#include "core/scan/cachescanner.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <sys/stat.h>

using namespace kl;

namespace {

// An sm_90 entry of the demo cache: real Triton 3.9, num_warps 4, PTX `.reqntid 128`.
const QString kRealEntry =
    QStringLiteral(KL_DEMO_TRITON_DIR "/cache/T7TU7KYQX7ZE4YM2UFP4TBMCFYMVCOQDPYCUIXDLVLUCMPIY3E5Q");

void setMtime(const QString& path, std::int64_t seconds)
{
    struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, AT_SYMLINK_NOFOLLOW);
}

// The files of one folder, with `edit` applied to the one named `file`.
void copyEntry(const QString& from, const QString& to, const QString& file = {},
               const std::function<QByteArray(QByteArray)>& edit = {})
{
    QDir().mkpath(to);
    for (const QString& n : QDir(from).entryList(QDir::Files)) {
        QByteArray bytes = readFileBytes(from + "/" + n);
        if (n == file)
            bytes = edit(bytes);
        writeFileAt(to + "/" + n, bytes);
    }
}

Snapshot scanRoots(const QList<QPair<QString, RootKind>>& dirs)
{
    std::vector<Root> roots;
    for (const auto& [path, kind] : dirs) {
        Root r;
        r.path = path.toStdString();
        r.kind = kind;
        roots.push_back(r);
    }
    return CacheScanner().scan(std::move(roots));
}

QStringList findings(const DoctorReport& r, std::string_view code)
{
    QStringList out;
    for (const Finding& f : r.findings)
        if (f.code == code)
            out << QString::fromStdString(f.path) + ": " + QString::fromStdString(f.message.english());
    return out;
}

} // namespace

class TstOverrideFindings : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return m_dir.path() + "/" + rel; }

    // A dump of kernel k (sm_90), its entry in the cache, and an override folder of the same name
    // holding `overridePtx`; the entry holds `entryPtx`.
    void layOut(const QByteArray& entryPtx, const QByteArray& overridePtx, const QStringList& extraFiles = {})
    {
        const QString folder = base32Folder(sha256Of("src"));
        const QString entry = at("cache/") + TempCache::addKernelAt(at("cache"), "k", sha256Of("e90"));
        writeFileAt(entry + "/k.ptx", entryPtx);
        for (const QString& ext : QStringList{"ttir", "ttgir", "llir", "ptx", "cubin"})
            writeFileAt(at("dump/") + folder + "/k." + ext, ext == QStringLiteral("ptx")
                                                                ? QByteArray("// ptx as compiled\n")
                                                                : readFileBytes(entry + "/k." + ext));
        writeFileAt(at("override/") + folder + "/k.ptx", overridePtx);
        for (const QString& f : extraFiles)
            writeFileAt(at("override/") + folder + "/" + f, "// stray\n");
    }

    DoctorReport examine(std::optional<bool> alwaysCompile = std::nullopt) const
    {
        DoctorContext ctx;
        ctx.alwaysCompile = alwaysCompile;
        return Doctor(ctx).examine(scanRoots({{at("cache"), RootKind::Cache},
                                              {at("dump"), RootKind::Dump},
                                              {at("override"), RootKind::Override}}));
    }

private slots:
    void init() { QDir(m_dir.path()).removeRecursively(); }

    void realEntryAgreesWithItself()
    {
        if (!QFileInfo::exists(kRealEntry + "/add_kernel.cubin"))
            QFAIL("the demo's Triton cache is missing");
        copyEntry(kRealEntry, at("cache/") + QFileInfo(kRealEntry).fileName());
        const DoctorReport r = Doctor().examine(scanRoots({{at("cache"), RootKind::Cache}}));
        QVERIFY2(findings(r, finding::StageTargetMismatch).isEmpty(),
                 qPrintable(findings(r, finding::StageTargetMismatch).join('\n')));
        QVERIFY(r.binariesChecked == 1);
    }

    void anotherTargetsPtx()
    {
        // An sm_80 PTX override applied to the sm_90 compile: the entry keeps its metadata.
        const QString entry = at("cache/") + QFileInfo(kRealEntry).fileName();
        copyEntry(kRealEntry, entry, "add_kernel.ptx",
                  [](QByteArray ptx) { return ptx.replace(".target sm_90a", ".target sm_80"); });
        const DoctorReport r = Doctor().examine(scanRoots({{at("cache"), RootKind::Cache}}));
        const QStringList found = findings(r, finding::StageTargetMismatch);
        QCOMPARE(found.size(), 1);
        QVERIFY2(found[0].startsWith(entry + "/add_kernel.ptx: ") && found[0].contains("targets sm_80") &&
                     found[0].contains("sm_90"),
                 qPrintable(found[0]));
        for (const Finding& f : r.findings)
            if (f.code == finding::StageTargetMismatch)
                QCOMPARE(int(f.severity), int(FindingSeverity::Error));
    }

    void aBlockTritonDoesNotLaunch()
    {
        // The metadata says num_warps 8 (256 threads); the PTX and the cubin were made for 128.
        const QString entry = at("cache/") + QFileInfo(kRealEntry).fileName();
        copyEntry(kRealEntry, entry, "add_kernel.json",
                  [](QByteArray json) { return json.replace("\"num_warps\": 4", "\"num_warps\": 8"); });
        QVERIFY(readFileBytes(entry + "/add_kernel.json").contains("\"num_warps\": 8"));
        const DoctorReport r = Doctor().examine(scanRoots({{at("cache"), RootKind::Cache}}));
        const QStringList found = findings(r, finding::StageTargetMismatch);
        QCOMPARE(found.size(), 2);
        QVERIFY2(found.filter("add_kernel.ptx: the PTX requires blocks of 128 threads (.reqntid) but Triton "
                              "launches 256 (num_warps 8 x 32)")
                         .size() == 1,
                 qPrintable(found.join('\n')));
        QVERIFY2(
            found.filter("add_kernel.cubin: the cubin requires blocks of 128 threads (REQNTID)").size() == 1,
            qPrintable(found.join('\n')));
        // Without reading binaries, the doctor judges neither.
        DoctorOptions off;
        off.checkBinaries = false;
        QVERIFY(findings(Doctor({}, off).examine(scanRoots({{at("cache"), RootKind::Cache}})),
                         finding::StageTargetMismatch)
                    .isEmpty());
    }

    void builtFromOverride()
    {
        const QByteArray edited = "// ptx as compiled\n// edited by hand\n";
        layOut(edited, edited);
        const DoctorReport r = examine();
        const QStringList found = findings(r, finding::BuiltFromOverride);
        QCOMPARE(found.size(), 1);
        QVERIFY2(found[0].contains("was built from the hand-edited .ptx in " + at("override/")),
                 qPrintable(found[0]));
    }

    void anUneditedCopyBuildsNothingWrong()
    {
        // The override holds the dump's PTX unchanged: an entry equal to it is a normal compile.
        layOut("// ptx as compiled\n", "// ptx as compiled\n");
        QVERIFY(findings(examine(), finding::BuiltFromOverride).isEmpty());
    }

    void overrideIgnored()
    {
        layOut("// ptx as compiled\n", "// ptx as compiled\n// edited\n");
        const QString folder = at("override/") + base32Folder(sha256Of("src"));
        const QString entry = at("cache/") + base32Folder(sha256Of("e90"));
        // The entry was compiled a day before the user edited the override.
        for (const QString& n : QDir(entry).entryList(QDir::Files))
            setMtime(entry + "/" + n, 1700000000);
        setMtime(folder + "/k.ptx", 1700086400);
        QCOMPARE(findings(examine(false), finding::OverrideIgnored).size(), 1);
        QVERIFY2(findings(examine(false), finding::OverrideIgnored)[0].startsWith(folder + ": "),
                 qPrintable(findings(examine(false), finding::OverrideIgnored)[0]));
        QVERIFY(findings(examine(true), finding::OverrideIgnored).isEmpty());
        QVERIFY(findings(examine(std::nullopt), finding::OverrideIgnored).isEmpty()); // not known
        // Compiled after the edit (with TRITON_ALWAYS_COMPILE then): the override was read.
        setMtime(folder + "/k.ptx", 1600000000);
        QVERIFY(findings(examine(false), finding::OverrideIgnored).isEmpty());
    }

    void stageNamesTritonNeverReads()
    {
        layOut("// ptx as compiled\n", "// edited\n",
               {"k.ptx.bak", "other_kernel.ptx", "k.json", "k.source"});
        const QStringList found = findings(examine(), finding::OverrideStageName);
        QCOMPARE(found.size(), 4);
        const QString folder = at("override/") + base32Folder(sha256Of("src"));
        QCOMPARE(found.filter(folder + "/k.ptx.bak: ").size(), 1);
        QCOMPARE(found.filter(folder + "/other_kernel.ptx: Triton never reads it: it looks for k.ptx").size(),
                 1);
        QCOMPARE(found.filter(folder + "/k.json: ").size(), 1);
        QCOMPARE(found.filter(folder + "/k.source: ").size(), 1);
        QCOMPARE(found.filter(folder + "/k.ptx: ").size(), 0);
    }
};

QTEST_GUILESS_MAIN(TstOverrideFindings)
#include "tst_overridefindings.moc"
