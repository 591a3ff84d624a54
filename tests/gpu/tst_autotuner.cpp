// The autotuner's logic on vector_add from the demo library: real NVRTC compiles through the
// real cache, real CPU references and checks, real files; only the device is the CPU stand-in.

#include "core/formats/autotune.h"
#include "core/formats/json.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/util/posixfile.h"
#include "cpubackend.h"
#include "gpu/autotunefile.h"
#include "gpu/autotuner.h"
#include "gpu/kernels/kernelconfig.h"
#include "gpu/kernels/kernellibrary.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>

class TstAutotuner : public QObject {
    Q_OBJECT

    kl::KernelSpec m_spec;

    kl::AutotuneOptions options(const QTemporaryDir& dir, std::size_t limit = 0)
    {
        kl::AutotuneOptions o;
        o.size = "small";
        o.cacheRoot = dir.filePath("cache").toStdString();
        o.limit = limit;
        return o;
    }

    static std::string read(const std::string& path)
    {
        auto text = kl::readFile(path, 1 << 20);
        if (!text)
            qWarning("%s", text.error().english().c_str());
        return text.value_or(std::string());
    }

private slots:
    void initTestCase()
    {
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        auto spec = kl::loadKernelSpec(kl::kernelLibraryDir() + "/vector_add.json");
        QVERIFY2(spec, spec ? "" : spec.error().english().c_str());
        m_spec = *spec;
    }

    void timesEveryConfigurationAndPicksTheFastest()
    {
        QTemporaryDir dir;
        CpuBackend backend;
        const kl::AutotuneReport r = kl::runAutotune(m_spec, backend, options(dir));
        QVERIFY2(r.error.empty(), r.error.english().c_str());
        const std::size_t expected = kl::enumerateConfigurations(m_spec).size();
        QCOMPARE(r.configs.size(), expected);
        QVERIFY(expected >= 12);
        double fastest = 1e9;
        std::size_t fastestIndex = 0;
        for (std::size_t i = 0; i < r.configs.size(); ++i) {
            const kl::ConfigOutcome& c = r.configs[i];
            QVERIFY2(c.status == kl::ConfigStatus::Ok, (c.label + ": " + c.message.english()).c_str());
            QVERIFY2(c.message.english().find("elements match") != std::string::npos,
                     c.message.english().c_str());
            QCOMPARE(c.timing.count, 11);
            QVERIFY(c.timing.p20 < c.timing.median && c.timing.median < c.timing.p80);
            // 3 * 4 * N bytes in the median time.
            QVERIFY(std::abs(c.throughput - 12.0 * 100003 / (c.timing.median * 1e-3) / 1e9) <
                    1e-6 * c.throughput);
            if (c.timing.median < fastest) {
                fastest = c.timing.median;
                fastestIndex = i;
            }
        }
        QVERIFY(r.best);
        QCOMPARE(*r.best, fastestIndex);
        QCOMPARE(r.configs[*r.best].label, std::string("BLOCK_SIZE=1024 ITEMS_PER_THREAD=1 VEC=4"));
        QCOMPARE(r.keyJson, std::string("[100003,\"f32\",\"f32\",\"f32\"]"));
        QCOMPARE(backend.loads, int(expected));
    }

    void secondRunIsAllCacheHits()
    {
        QTemporaryDir dir;
        CpuBackend first, second;
        const auto a = kl::runAutotune(m_spec, first, options(dir, 6));
        const auto b = kl::runAutotune(m_spec, second, options(dir, 6));
        QCOMPARE(a.compileHits, std::size_t(0));
        QCOMPARE(b.compileHits, std::size_t(6));
        QCOMPARE(a.keyHex, b.keyHex);
        QCOMPARE(*a.best, *b.best);
    }

    void wrongResultsAreRejectedAndNamed()
    {
        QTemporaryDir dir;
        CpuBackend backend([](const kl::ExpressionVariables& v) {
            return v.at("VEC") == 4 ? Fault::WrongResult : Fault::None;
        });
        const auto r = kl::runAutotune(m_spec, backend, options(dir));
        int rejected = 0;
        for (const auto& c : r.configs) {
            if (c.label.ends_with("VEC=4")) {
                QVERIFY(c.status == kl::ConfigStatus::WrongResult);
                const std::string message = c.message.english();
                QVERIFY2(message.find("`c`: 1 of 100003 elements differ") != std::string::npos,
                         message.c_str());
                QVERIFY2(message.find("first at index 7") != std::string::npos, message.c_str());
                QCOMPARE(c.timing.count, 0); // never timed
                ++rejected;
            } else {
                QVERIFY(c.status == kl::ConfigStatus::Ok);
            }
        }
        QVERIFY(rejected > 0);
        QVERIFY(r.best);
        QVERIFY(!r.configs[*r.best].label.ends_with("VEC=4")); // the fastest would have been VEC=4
    }

    void launchAndLoadFailuresAreReportedAndTheRunGoesOn()
    {
        QTemporaryDir dir;
        CpuBackend backend([](const kl::ExpressionVariables& v) {
            if (v.at("BLOCK_SIZE") == 1024)
                return Fault::LaunchFails;
            if (v.at("BLOCK_SIZE") == 512 && v.at("VEC") == 1)
                return Fault::LoadFails;
            return Fault::None;
        });
        const auto r = kl::runAutotune(m_spec, backend, options(dir));
        int launchFailed = 0, loadFailed = 0, ok = 0;
        for (const auto& c : r.configs) {
            launchFailed += c.status == kl::ConfigStatus::LaunchFailed;
            loadFailed += c.status == kl::ConfigStatus::LoadFailed;
            ok += c.status == kl::ConfigStatus::Ok;
            if (c.status == kl::ConfigStatus::LaunchFailed)
                QVERIFY(c.message.english().find("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES") != std::string::npos);
        }
        QCOMPARE(launchFailed, 12);
        QCOMPARE(loadFailed, 4);
        QCOMPARE(ok, int(r.configs.size()) - 16);
        QVERIFY(r.configs[*r.best].label.starts_with("BLOCK_SIZE=512"));
        QVERIFY2(!r.resultsPath.empty(), r.persistError.english().c_str());
    }

    void resultsAreSavedInTritonsShape()
    {
        QTemporaryDir dir;
        CpuBackend backend([](const kl::ExpressionVariables& v) {
            return v.at("ITEMS_PER_THREAD") == 8 ? Fault::LaunchFails : Fault::None;
        });
        const auto r = kl::runAutotune(m_spec, backend, options(dir));
        QVERIFY2(!r.resultsPath.empty(), r.persistError.english().c_str());
        QVERIFY(r.resultsPath.starts_with(dir.filePath("cache").toStdString() + "/"));
        QVERIFY(r.resultsPath.ends_with("/vector_add.autotune.json"));
        const std::string text = read(r.resultsPath);
        const auto parsed = kl::parseAutotune(text);
        QVERIFY2(parsed, parsed ? "" : parsed.error().english().c_str());
        QCOMPARE(parsed->keyJson, std::string("[100003,\"f32\",\"f32\",\"f32\"]"));
        QCOMPARE(parsed->configs.size(), r.configs.size());
        for (std::size_t i = 0; i < r.configs.size(); ++i) {
            const auto& t = parsed->configs[i];
            QCOMPARE(t.timings.size(), std::size_t(3));
            if (r.configs[i].status == kl::ConfigStatus::Ok) {
                QCOMPARE(t.timings[0], r.configs[i].timing.median);
                QCOMPARE(t.timings[1], r.configs[i].timing.p20);
                QCOMPARE(t.timings[2], r.configs[i].timing.p80);
            } else {
                QVERIFY(std::isinf(t.timings[0])); // as Triton records a failed config
            }
            QVERIFY2(t.configJson.find("\"kwargs\":{\"BLOCK_SIZE\":") == 0 ||
                         t.configJson.find("\"kwargs\"") != std::string::npos,
                     t.configJson.c_str());
        }
        QVERIFY(text.find("Infinity") != std::string::npos);
        rapidjson::Document doc;
        QVERIFY(kl::json::parse(doc, text));
        QVERIFY(doc.HasMember("kernellens"));
        QCOMPARE(std::string(doc["kernellens"]["schema"].GetString()), std::string("kernellens.autotune/1"));
        QCOMPARE(std::string(doc["kernellens"]["device"].GetString()), std::string("CPU stand-in"));
        QCOMPARE(doc["kernellens"]["best"]["kwargs"]["BLOCK_SIZE"].GetInt(), 1024);
        QCOMPARE(doc["kernellens"]["best"]["num_warps"].GetInt(), 32);
        // Saving again replaces the file in place: still one file in the entry folder.
        CpuBackend again;
        const auto r2 = kl::runAutotune(m_spec, again, options(dir));
        QCOMPARE(r2.resultsPath, r.resultsPath);
        QCOMPARE(QDir(QString::fromStdString(r.resultsPath).section('/', 0, -2))
                     .entryList(QDir::NoDotAndDotDot | QDir::AllEntries)
                     .size(),
                 1);
    }

    void cancelStopsBetweenConfigurationsAndSavesNothing()
    {
        QTemporaryDir dir;
        CpuBackend backend;
        std::atomic<bool> cancel{false};
        std::vector<std::string> phases;
        const auto r = kl::runAutotune(
            m_spec, backend, options(dir),
            [&](const kl::AutotuneProgress& p) {
                phases.push_back(std::to_string(p.index) + ":" + p.phase);
                if (p.index == 2 && p.phase == "time")
                    cancel = true;
            },
            &cancel);
        QVERIFY(r.cancelled);
        QVERIFY(r.configs[0].status == kl::ConfigStatus::Ok);
        QVERIFY(r.configs[2].status == kl::ConfigStatus::Ok); // the one running finishes
        QVERIFY(r.configs[3].status == kl::ConfigStatus::NotRun);
        QVERIFY(r.resultsPath.empty());
        QVERIFY(r.persistError.english().find("cancelled") != std::string::npos);
        const std::vector<std::string> expected = {"0:compile", "0:check", "0:time",
                                                   "1:compile", "1:check", "1:time",
                                                   "2:compile", "2:check", "2:time"};
        QVERIFY(std::equal(expected.begin(), expected.end(), phases.begin()));
        QCOMPARE(phases.back(), std::to_string(r.configs.size()) + ":done");
    }

    void aHungKernelStopsTheRunAndSavesNothing()
    {
        QTemporaryDir dir;
        CpuBackend backend([](const kl::ExpressionVariables& v) {
            return v.at("BLOCK_SIZE") == 128 && v.at("ITEMS_PER_THREAD") == 2 && v.at("VEC") == 1
                       ? Fault::Hangs
                       : Fault::None;
        });
        const auto r = kl::runAutotune(m_spec, backend, options(dir));
        std::size_t hung = r.configs.size();
        for (std::size_t i = 0; i < r.configs.size(); ++i)
            if (r.configs[i].status == kl::ConfigStatus::TimedOut)
                hung = i;
        QVERIFY(hung < r.configs.size());
        QVERIFY(r.configs[hung + 1].status == kl::ConfigStatus::NotRun);
        QVERIFY(r.best && *r.best < hung);
        QVERIFY(!r.stopped.empty());
        QVERIFY(r.resultsPath.empty());
    }

    void badSizeAndArchAreErrorsBeforeAnyWork()
    {
        QTemporaryDir dir;
        CpuBackend backend;
        auto o = options(dir);
        o.size = "M=4";
        auto r = kl::runAutotune(m_spec, backend, o);
        QVERIFY2(r.error.english().find("M") != std::string::npos, r.error.english().c_str());
        o = options(dir);
        o.arch = "sm_1";
        r = kl::runAutotune(m_spec, backend, o);
        QVERIFY2(!r.error.empty(), "sm_1 accepted");
        QCOMPARE(backend.loads, 0);
    }

    // `arch_variant` "a": compiled for the arch-specific target, refused where there is none.
    void archVariantPicksTheSpecificTarget()
    {
        QTemporaryDir dir;
        CpuBackend backend; // an sm_80 device
        auto wgmma = kl::loadKernelSpec(kl::kernelLibraryDir() + "/matmul_f16_wgmma.json");
        QVERIFY2(wgmma, wgmma ? "" : wgmma.error().english().c_str());
        auto r = kl::runAutotune(*wgmma, backend, options(dir));
        QVERIFY2(r.error.english().find("`arch_variant` \"a\" needs an arch-specific target") !=
                     std::string::npos,
                 r.error.english().c_str());
        QVERIFY2(r.error.english().find("sm_80 has none") != std::string::npos, r.error.english().c_str());
        QVERIFY(r.configs.empty());
        QCOMPARE(backend.loads, 0);

        kl::KernelSpec specific = m_spec;
        specific.archVariant = "a";
        auto o = options(dir, 1);
        o.arch = "sm_90";
        o.persist = false;
        r = kl::runAutotune(specific, backend, o);
        QVERIFY2(r.error.empty(), r.error.english().c_str());
        QCOMPARE(r.arch, std::string("sm_90a"));
        QCOMPARE(r.configs.size(), std::size_t(1));
        QVERIFY2(r.configs[0].status != kl::ConfigStatus::CompileFailed,
                 r.configs[0].message.english().c_str());
    }
};

QTEST_GUILESS_MAIN(TstAutotuner)
#include "tst_autotuner.moc"
