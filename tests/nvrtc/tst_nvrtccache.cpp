#include "core/nvrtc/nvrtccache.h"
#include "core/nvrtc/nvrtcmetadata.h"
#include "core/nvrtc/recompile.h"
#include "core/scan/cachescanner.h"
#include "nvrtctestkernels.h"
#include "tests/support/fakeenvironment.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

#define REQUIRE_NVRTC()                                                                                      \
    if (!kl::toolkitInfo().nvrtc)                                                                            \
    QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str())

void writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

QStringList filesUnder(const QString& root)
{
    QStringList out;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(root).relativeFilePath(it.next());
    out.sort();
    return out;
}

kl::NvrtcRequest request(const std::string& source = kVectorAdd)
{
    kl::NvrtcRequest r;
    r.name = "vector_add";
    r.source = source;
    r.options.arch = "sm_80";
    return r;
}

std::vector<std::string> stageNames(const kl::CompileEvent& e)
{
    std::vector<std::string> out;
    for (const auto& s : e.stagesUs)
        out.push_back(s.first);
    return out;
}

kl::Entry scanEntry(const std::string& entryPath)
{
    const auto slash = entryPath.rfind('/');
    bool vanished = false;
    return kl::CacheScanner().scanOne(entryPath.substr(0, slash), entryPath.substr(slash + 1), vanished);
}

} // namespace

class TstNvrtcCache : public QObject {
    Q_OBJECT
private slots:
    void defaultRoot()
    {
        QCOMPARE(kl::defaultNvrtcCacheRoot(fakeEnvironment({}, "/home/u")),
                 std::string("/home/u/.cache/kernellens/nvrtc"));
        QCOMPARE(kl::defaultNvrtcCacheRoot(fakeEnvironment({{"XDG_CACHE_HOME", "/x"}})),
                 std::string("/x/kernellens/nvrtc"));
        // The XDG spec ignores relative values.
        QCOMPARE(kl::defaultNvrtcCacheRoot(fakeEnvironment({{"XDG_CACHE_HOME", "rel"}}, "/h")),
                 std::string("/h/.cache/kernellens/nvrtc"));
        QCOMPARE(kl::defaultNvrtcCacheRoot(
                     fakeEnvironment({{"XDG_CACHE_HOME", "/x"}, {"KERNELLENS_CACHE_DIR", "/own"}})),
                 std::string("/own"));
    }

    void missThenHit()
    {
        REQUIRE_NVRTC();
        QTemporaryDir root;
        const kl::NvrtcCache cache(root.path().toStdString());
        const auto first = cache.compile(request());
        QVERIFY2(first.ok, first.error.english().c_str());
        QVERIFY(!first.hit);
        QVERIFY(first.storeError.empty());
        QCOMPARE(stageNames(first.event), (std::vector<std::string>{"lookup", "nvrtc", "store"}));
        QCOMPARE(QString::fromStdString(first.event.origin), QStringLiteral("nvrtc"));
        QCOMPARE(first.event.key, first.key.hex);
        QVERIFY(!first.event.cacheHit);
        QCOMPARE(first.event.bytes, first.ptx.size() + first.cubin.size());
        QCOMPARE(filesUnder(root.path()).size(), 5); // .cu .ptx .cubin .json __grp__.json

        const auto second = cache.compile(request());
        QVERIFY(second.ok);
        QVERIFY(second.hit);
        QVERIFY(second.compile.stagesUs.empty()); // nothing compiled
        QCOMPARE(stageNames(second.event), (std::vector<std::string>{"lookup"}));
        QVERIFY(second.event.cacheHit);
        QCOMPARE(second.cubin, first.cubin);
        QCOMPARE(second.ptx, first.ptx);
        QCOMPARE(second.key.hex, first.key.hex);

        auto again = request();
        again.alwaysCompile = true;
        const auto forced = cache.compile(again);
        QVERIFY(forced.ok && !forced.hit);
        QCOMPARE(stageNames(forced.event), (std::vector<std::string>{"lookup", "nvrtc", "store"}));
    }

    void entryReadsLikeTriton()
    {
        REQUIRE_NVRTC();
        QTemporaryDir root;
        const auto r = kl::NvrtcCache(root.path().toStdString()).compile(request());
        QVERIFY(r.ok);
        const kl::Entry e = scanEntry(r.entryPath);
        QVERIFY(e.kind == kl::EntryKind::Kernel);
        QVERIFY(e.status == kl::EntryStatus::Complete);
        QCOMPARE(QString::fromStdString(e.kernel), QStringLiteral("vector_add"));
        QCOMPARE(e.hash, r.key.hex);
        QVERIFY(e.hashOk.value_or(false));
        QCOMPARE(QString::fromStdString(e.target.backend), QStringLiteral("cuda"));
        QCOMPARE(QString::fromStdString(e.target.arch), QStringLiteral("80"));
        QCOMPARE(e.target.warpSize, 32);
        for (const char* ext : {"cu", "ptx", "cubin", "json"}) {
            QVERIFY2(e.stage(ext), ext);
            QVERIFY2(e.stage(ext)->known, ext);
        }
        QVERIFY(e.problems.empty());

        QFile meta(QString::fromStdString(r.entryPath) + "/vector_add.json");
        QVERIFY(meta.open(QIODevice::ReadOnly));
        const kl::Result<kl::NvrtcMetadata> parsed = kl::parseNvrtcMetadata(meta.readAll().toStdString());
        QVERIFY2(parsed, parsed ? "" : parsed.error().english().c_str());
        const kl::NvrtcMetadata& m = *parsed;
        QCOMPARE(m.options.arch, std::string("sm_80"));
        QCOMPARE(m.nvrtcVersion, kl::toolkitInfo().nvrtcVersion);
        QCOMPARE(m.fileSha256.size(), std::size_t(3));
        QCOMPARE(m.compileTimesUs.size(), std::size_t(1));
    }

    void keyFollowsInputs()
    {
        REQUIRE_NVRTC();
        QTemporaryDir dir;
        writeFile(dir.filePath("scale.h"), "#define SCALE 2.0f\n");
        auto req = request("#include \"scale.h\"\n" + std::string(kVectorAdd));
        req.sourcePath = dir.filePath("vector_add.cu").toStdString();
        const kl::NvrtcCache cache(dir.filePath("cache").toStdString());
        const auto a = cache.compile(req);
        QVERIFY2(a.ok, a.error.english().c_str());
        QCOMPARE(a.key.headers.size(), std::size_t(1));
        QVERIFY(cache.compile(req).hit);

        writeFile(dir.filePath("scale.h"), "#define SCALE 3.0f\n"); // the header changed: a miss
        const auto b = cache.compile(req);
        QVERIFY(b.ok && !b.hit);
        QVERIFY(b.key.hex != a.key.hex);

        for (auto change : std::vector<std::function<void(kl::NvrtcRequest&)>>{
                 [](kl::NvrtcRequest& r) { r.options.defines.push_back("X=1"); },
                 [](kl::NvrtcRequest& r) { r.options.arch = "sm_90"; },
                 [](kl::NvrtcRequest& r) { r.options.optLevel = 1; },
                 [](kl::NvrtcRequest& r) { r.options.lineInfo = true; },
                 [](kl::NvrtcRequest& r) { r.options.via = kl::CubinVia::NvJitLink; },
                 [](kl::NvrtcRequest& r) { r.source += "\n// comment\n"; }}) {
            auto other = req;
            change(other);
            QVERIFY(cache.lookup(other).key.hex != b.key.hex);
        }
        // The working folder the same file is named from does not matter without -lineinfo.
        auto moved = req;
        moved.sourcePath = "vector_add.cu";
        QVERIFY(cache.lookup(moved).key.hex != b.key.hex); // header no longer found from "."
        auto same = req;
        same.sourcePath = dir.path().toStdString() + "/./vector_add.cu";
        QCOMPARE(cache.lookup(same).key.hex, b.key.hex);
    }

    void syntaxErrorWritesNothing()
    {
        REQUIRE_NVRTC();
        QTemporaryDir root;
        const kl::NvrtcCache cache(root.path().toStdString());
        auto req = request(kSyntaxError);
        const auto r = cache.compile(req);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find(":4: error:") != std::string::npos, r.error.english().c_str());
        QVERIFY(r.compile.log.find("expected a \";\"") != std::string::npos);
        QVERIFY(filesUnder(root.path()).isEmpty());
        req.source = kVectorAdd;
        req.options.arch = "sm_52";
        const auto arch = cache.compile(req);
        QVERIFY(!arch.ok);
        QVERIFY(arch.error.english().find("supports") != std::string::npos);
        QVERIFY(filesUnder(root.path()).isEmpty());
    }

    void corruptEntryIsRecompiled_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("why");
        QTest::newRow("garbled cubin") << "vector_add.cubin"
                                       << QByteArray("\x7f"
                                                     "ELFgarbage")
                                       << "sha256";
        QTest::newRow("empty cubin") << "vector_add.cubin" << QByteArray() << "sha256";
        QTest::newRow("edited ptx") << "vector_add.ptx" << QByteArray(".version 1.0\n") << "sha256";
        QTest::newRow("truncated json")
            << "vector_add.json" << QByteArray("{\"hash\": ") << "vector_add.json";
        QTest::newRow("foreign json") << "vector_add.json" << QByteArray("{\"hash\": \"x\"}") << "producer";
    }
    void corruptEntryIsRecompiled()
    {
        REQUIRE_NVRTC();
        QFETCH(QString, file);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, why);
        QTemporaryDir root;
        const kl::NvrtcCache cache(root.path().toStdString());
        const auto first = cache.compile(request());
        QVERIFY(first.ok);
        writeFile(QString::fromStdString(first.entryPath) + "/" + file, bytes);
        const auto second = cache.compile(request());
        QVERIFY(second.ok);
        QVERIFY(!second.hit);
        QVERIFY2(second.repaired.english().find(why.toStdString()) != std::string::npos,
                 second.repaired.english().c_str());
        QCOMPARE(second.cubin, first.cubin);
        const auto third = cache.compile(request());
        QVERIFY(third.hit); // the recompile replaced the damaged file
        QVERIFY(third.repaired.empty());
    }

    void recompileOwnEntry()
    {
        REQUIRE_NVRTC();
        QTemporaryDir dir;
        writeFile(dir.filePath("scale.h"), "#define SCALE 2.0f\n");
        auto req = request("#include \"scale.h\"\n" + std::string(kVectorAdd));
        req.sourcePath = dir.filePath("vector_add.cu").toStdString();
        const auto r = kl::NvrtcCache(dir.filePath("cache").toStdString()).compile(req);
        QVERIFY(r.ok);
        auto report = kl::recompileEntry(scanEntry(r.entryPath));
        QVERIFY2(report.ok, report.error.english().c_str());
        QCOMPARE(QString::fromStdString(report.kind), QStringLiteral("kernellens"));
        QVERIFY2(report.fresh, report.reason.english().c_str());
        QCOMPARE(kl::recompileVerdict(report).english(), std::string("fresh"));
        QCOMPARE(report.artefacts.size(), std::size_t(2));
        QVERIFY(report.artefacts[0].identical && report.artefacts[1].identical);
        QVERIFY(!report.event.cacheHit);
        QCOMPARE(report.event.key, r.key.hex);

        writeFile(dir.filePath("scale.h"), "#define SCALE 3.0f\n");
        report = kl::recompileEntry(scanEntry(r.entryPath));
        QVERIFY(report.ok);
        QVERIFY(!report.fresh);
        QVERIFY2(kl::recompileVerdict(report).english().starts_with("stale: its key changed"),
                 report.reason.english().c_str());
        QVERIFY(!report.artefacts[0].identical); // 3.0f reached the PTX
        QVERIFY(report.artefacts[0].difference.english().find("first difference at byte") !=
                std::string::npos);

        // The cached entry itself is untouched by recompile.
        QVERIFY(kl::NvrtcCache(dir.filePath("cache").toStdString()).lookup(req).hit == false);
        writeFile(dir.filePath("scale.h"), "#define SCALE 2.0f\n");
        QVERIFY(kl::NvrtcCache(dir.filePath("cache").toStdString()).lookup(req).hit);
    }

    // Triton entries are rebuilt by the Triton that wrote them (its ptxas and flags), run through
    // $KL_PYTHON: the fixture is a cache real Triton 3.9 wrote, with sm_80 (ptxas 12.9), sm_90a
    // and sm_100a (ptxas-blackwell 13.x, PTX 9.4, which nvJitLink 13.0 cannot read) entries.
    void recompileTritonEntriesWithTheirOwnTriton()
    {
        if (!QFileInfo(QStringLiteral(KL_TRITON_VENV_PYTHON)).isExecutable())
            QSKIP("no Triton 3.9 venv at " KL_TRITON_VENV_PYTHON " (run scripts/triton-venv.sh)");
        const QByteArray before = qgetenv("KL_PYTHON");
        auto restore =
            qScopeGuard([&] { before.isNull() ? qunsetenv("KL_PYTHON") : qputenv("KL_PYTHON", before); });
        qputenv("KL_PYTHON", KL_TRITON_VENV_PYTHON);
        QDirIterator it(QStringLiteral(KL_DEMO_TRITON_DIR "/cache"), QDir::Dirs | QDir::NoDotAndDotDot);
        QSet<QString> archs;
        std::vector<kl::Entry> sources;
        while (it.hasNext()) {
            const kl::Entry e = scanEntry(it.next().toStdString());
            if (e.kind != kl::EntryKind::Kernel || e.target.backend != "cuda" || !e.stage("ptx") ||
                !e.stage("cubin"))
                continue;
            const auto report = kl::recompileEntry(e);
            QVERIFY2(report.ok, report.error.english().c_str());
            QCOMPARE(QString::fromStdString(report.kind), QStringLiteral("triton"));
            QVERIFY2(report.fresh && report.judged, kl::recompileVerdict(report).english().c_str());
            QVERIFY2(report.assembler.starts_with("Triton 3.9.0 /") &&
                         report.assembler.find("ptxas") != std::string::npos,
                     report.assembler.c_str());
            QCOMPARE(report.artefacts.size(), std::size_t(1));
            QVERIFY(report.artefacts[0].identical);
            QCOMPARE(report.artefacts[0].rebuilt.size(), std::size_t(e.stage("cubin")->size));
            archs.insert(QString::fromStdString(report.arch));
            sources.push_back(e);
        }
        // Every arch the fixture has, the Blackwell ptxas's ones included.
        QVERIFY2(archs.contains("sm_80") && archs.contains("sm_90a"),
                 qPrintable(QStringList(archs.values()).join(' ')));

        // A changed instruction in the cached PTX: the cached cubin no longer comes from it.
        QTemporaryDir copy;
        int tampered = 0;
        for (const kl::Entry& e : sources) {
            if (tampered == 2 || (e.target.arch != "80" && e.target.arch != "90"))
                continue;
            const QString dst = copy.filePath(QString::fromStdString(e.folderName));
            QDir().mkpath(dst);
            for (const auto& s : e.stages)
                QFile::copy(QString::fromStdString(e.path + "/" + s.fileName),
                            dst + "/" + QString::fromStdString(s.fileName));
            const QString ptxPath = dst + "/" + QString::fromStdString(e.stage("ptx")->fileName);
            QFile ptxFile(ptxPath);
            QVERIFY(ptxFile.open(QIODevice::ReadOnly));
            QByteArray ptx = ptxFile.readAll();
            ptxFile.close();
            const int at = ptx.indexOf("add.f32");
            if (at < 0)
                continue;
            ptx.replace(at, 7, "sub.f32");
            QFile::remove(ptxPath);
            writeFile(ptxPath, ptx);
            const auto report = kl::recompileEntry(scanEntry(dst.toStdString()));
            QVERIFY2(report.ok && report.judged && !report.fresh,
                     kl::recompileVerdict(report).english().c_str());
            QVERIFY2(report.reason.english().find("differs from Triton 3.9.0's rebuild") != std::string::npos,
                     report.reason.english().c_str());
            ++tampered;
        }
        QCOMPARE(tampered, 2);

        // Without the entry's Triton at hand: not judged, never "stale".
        const kl::Entry& some = sources.front();
        QVector<QByteArray> others = {QByteArrayLiteral("/nonexistent/python3")};
        if (QFileInfo(QStringLiteral(KL_TRITON33_VENV_PYTHON)).isExecutable())
            others << QByteArrayLiteral(KL_TRITON33_VENV_PYTHON);
        for (const QByteArray& python : others) {
            qputenv("KL_PYTHON", python);
            const auto report = kl::recompileEntry(some);
            const std::string verdict = kl::recompileVerdict(report).english();
            QVERIFY2(report.ok && !report.judged && !report.fresh, verdict.c_str());
            QVERIFY2(verdict.starts_with("cannot judge: built by Triton 3.9.0, which is not at hand"),
                     verdict.c_str());
            QVERIFY2(verdict.find(python.toStdString()) != std::string::npos, verdict.c_str());
            if (python.contains("triton33"))
                QVERIFY2(verdict.find("has Triton 3.3") != std::string::npos, verdict.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstNvrtcCache)
#include "tst_nvrtccache.moc"
