#include "core/nvrtc/nvrtccache.h"
#include "core/nvrtc/nvrtcmetadata.h"
#include "core/nvrtc/recompile.h"
#include "core/scan/cachescanner.h"
#include "nvrtctestkernels.h"
#include "tests/support/fakeenvironment.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
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

    void recompileTritonEntries()
    {
        REQUIRE_NVRTC();
        if (!kl::toolkitInfo().nvJitLink)
            QSKIP("nvJitLink was not found at build time");
        // The fixture: a cache real Triton 3.9 wrote. Its sm_80 entries carry PTX 8.8, which
        // nvJitLink 13.0 assembles; its sm_90a/sm_100a ones PTX 9.4, which needs a newer toolkit.
        QDirIterator it(QStringLiteral(KL_DEMO_TRITON_DIR "/cache"), QDir::Dirs | QDir::NoDotAndDotDot);
        int assembled = 0, tooNew = 0;
        while (it.hasNext()) {
            const kl::Entry e = scanEntry(it.next().toStdString());
            if (e.kind != kl::EntryKind::Kernel || e.target.backend != "cuda" || !e.stage("ptx"))
                continue;
            const auto report = kl::recompileEntry(e);
            if (report.ok) {
                ++assembled;
                QCOMPARE(QString::fromStdString(report.kind), QStringLiteral("triton"));
                QCOMPARE(report.artefacts.size(), std::size_t(1));
                QVERIFY(report.fresh || report.reason.english().find("Triton's ptxas") != std::string::npos);
                QCOMPARE(QString::fromStdString(report.arch), "sm_" + QString::fromStdString(e.target.arch));
            } else {
                ++tooNew;
                QVERIFY2(report.error.english().find("Unsupported .version") != std::string::npos &&
                             report.error.english().find("newer toolkit") != std::string::npos,
                         report.error.english().c_str());
            }
        }
        QVERIFY(assembled >= 2);
        QVERIFY(assembled + tooNew >= 5);

        QTemporaryDir copy;
        QDirIterator first(QStringLiteral(KL_DEMO_TRITON_DIR "/cache"), QDir::Dirs | QDir::NoDotAndDotDot);
        // A Triton entry whose cached cubin is damaged is stale, with the reason.
        while (first.hasNext()) {
            const kl::Entry e = scanEntry(first.next().toStdString());
            if (e.target.arch != "80" || !e.stage("ptx") || !e.stage("cubin"))
                continue;
            const QString dst = copy.filePath(QString::fromStdString(e.folderName));
            QDir().mkpath(dst);
            for (const auto& s : e.stages)
                QFile::copy(QString::fromStdString(e.path + "/" + s.fileName),
                            dst + "/" + QString::fromStdString(s.fileName));
            writeFile(dst + "/" + QString::fromStdString(e.stage("cubin")->fileName), "\x7f"
                                                                                      "ELF\x01");
            const auto report = kl::recompileEntry(scanEntry(dst.toStdString()));
            QVERIFY(report.ok);
            QVERIFY(!report.fresh);
            QVERIFY2(report.reason.english().find("unreadable") != std::string::npos,
                     report.reason.english().c_str());
            break;
        }
    }
};

QTEST_GUILESS_MAIN(TstNvrtcCache)
#include "tst_nvrtccache.moc"
