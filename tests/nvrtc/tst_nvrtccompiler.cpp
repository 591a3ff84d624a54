#include "core/cubin/cubininfo.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "nvrtctestkernels.h"

#include <QTemporaryDir>
#include <QTest>

namespace {

kl::CubinResult cubinOf(const std::string& b)
{
    return kl::readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(b.data()), b.size()));
}

#define REQUIRE_NVRTC()                                                                                      \
    if (!kl::toolkitInfo().nvrtc)                                                                            \
    QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str())

} // namespace

class TstNvrtcCompiler : public QObject {
    Q_OBJECT
private slots:
    void versionsAndArchs()
    {
        REQUIRE_NVRTC();
        const kl::ToolkitInfo& tk = kl::toolkitInfo();
        QVERIFY(!tk.nvrtcVersion.empty());
        QVERIFY(std::find(tk.archs.begin(), tk.archs.end(), 80) != tk.archs.end());
        QVERIFY(std::find(tk.archs.begin(), tk.archs.end(), 90) != tk.archs.end());
        QVERIFY(kl::validateArch("sm_90").empty());
        QVERIFY(kl::validateArch("sm_90a").empty());
    }

    void compiles_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<bool>("viaJitLink");
        QTest::newRow("sm_80 nvrtc") << "sm_80" << false;
        QTest::newRow("sm_90 nvrtc") << "sm_90" << false;
        QTest::newRow("sm_80 nvjitlink") << "sm_80" << true;
        QTest::newRow("sm_100 nvjitlink") << "sm_100" << true;
    }
    void compiles()
    {
        REQUIRE_NVRTC();
        QFETCH(QString, arch);
        QFETCH(bool, viaJitLink);
        if (viaJitLink && !kl::toolkitInfo().nvJitLink)
            QSKIP("nvJitLink was not found at build time");
        kl::NvrtcOptions o;
        o.arch = arch.toStdString();
        o.via = viaJitLink ? kl::CubinVia::NvJitLink : kl::CubinVia::Nvrtc;
        const kl::NvrtcOutput out = kl::compileCuda(kVectorAdd, "vector_add.cu", o);
        QVERIFY2(out.ok, out.error.english().c_str());
        QVERIFY(out.ptx.find(".entry vector_add") != std::string::npos);
        QVERIFY(out.ptx.find(".target " + o.arch) != std::string::npos);
        QVERIFY(out.cubin.starts_with("\x7f"
                                      "ELF"));
        const kl::CubinResult info = cubinOf(out.cubin);
        QVERIFY2(info.ok, info.error.english().c_str());
        QCOMPARE(info.info.sm, unsigned(std::stoi(o.arch.substr(3))));
        QCOMPARE(info.info.kernels.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(info.info.kernels[0].name), QStringLiteral("vector_add"));
        QVERIFY(info.info.kernels[0].registers.value_or(0) > 0);
        // Per-stage timings: one NVRTC stage, plus nvJitLink's when it assembled the cubin.
        QCOMPARE(out.stagesUs.size(), std::size_t(viaJitLink ? 2 : 1));
        QCOMPARE(QString::fromStdString(out.stagesUs[0].first), QStringLiteral("nvrtc"));
        QVERIFY(out.stagesUs[0].second > 0);
    }

    void optionsReachTheOutput()
    {
        REQUIRE_NVRTC();
        kl::NvrtcOptions o;
        o.arch = "sm_80";
        const auto plain = kl::compileCuda(kVectorAdd, "v.cu", o);
        o.defines = {"SCALE=2.5f"};
        const auto scaled = kl::compileCuda(kVectorAdd, "v.cu", o);
        QVERIFY(plain.ok && scaled.ok);
        QVERIFY(plain.ptx != scaled.ptx);
        QVERIFY(scaled.ptx.find("0f40200000") != std::string::npos); // 2.5f in PTX hex
        o.defines.clear();
        o.lineInfo = true;
        const auto lined = kl::compileCuda(kVectorAdd, "v.cu", o);
        QVERIFY(lined.ok);
        QVERIFY(lined.ptx.find(".loc") != std::string::npos);
        QVERIFY(plain.ptx.find(".loc") == std::string::npos);
        o.lineInfo = false;
        o.standard = "c++20";
        QVERIFY(kl::compileCuda("template <class T> concept C = true;\n" + std::string(kVectorAdd), "v.cu", o)
                    .ok);
        o.standard = "c++14";
        QVERIFY(
            !kl::compileCuda("template <class T> concept C = true;\n" + std::string(kVectorAdd), "v.cu", o)
                 .ok);
    }

    void includePaths()
    {
        REQUIRE_NVRTC();
        QTemporaryDir dir;
        QDir(dir.path()).mkpath("inc");
        QFile h(dir.filePath("inc/scale.h"));
        QVERIFY(h.open(QIODevice::WriteOnly));
        h.write("#define SCALE 4.0f\n");
        h.close();
        const std::string src = "#include \"scale.h\"\n" + std::string(kVectorAdd);
        kl::NvrtcOptions o;
        o.arch = "sm_80";
        const auto missing = kl::compileCuda(src, "v.cu", o);
        QVERIFY(!missing.ok);
        QVERIFY(missing.error.english().find("scale.h") != std::string::npos);
        o.includePaths = {dir.filePath("inc").toStdString()};
        const auto found = kl::compileCuda(src, "v.cu", o);
        QVERIFY2(found.ok, found.error.english().c_str());
        QVERIFY(found.ptx.find("0f40800000") != std::string::npos); // 4.0f
    }

    void syntaxErrorMapsToLine()
    {
        REQUIRE_NVRTC();
        kl::NvrtcOptions o;
        o.arch = "sm_80";
        const auto out = kl::compileCuda(kSyntaxError, "broken.cu", o);
        QVERIFY(!out.ok);
        QVERIFY(out.cubin.empty());
        QVERIFY(kl::hasErrors(out.diagnostics));
        QCOMPARE(QString::fromStdString(out.diagnostics[0].file), QStringLiteral("broken.cu"));
        QCOMPARE(out.diagnostics[0].line, 4); // EDG reports the statement after the missing ';'
        QVERIFY2(out.error.english().starts_with("broken.cu:4: error:"), out.error.english().c_str());
        QVERIFY(out.log.find("1 error detected") != std::string::npos);
    }

    void badOptions()
    {
        REQUIRE_NVRTC();
        kl::NvrtcOptions o;
        o.arch = "sm_61";
        auto out = kl::compileCuda(kVectorAdd, "v.cu", o);
        QVERIFY(!out.ok);
        QVERIFY2(out.error.english().find("unsupported arch \"sm_61\"") != std::string::npos,
                 out.error.english().c_str());
        QVERIFY(out.error.english().find("sm_80") != std::string::npos &&
                out.error.english().find("sm_90") != std::string::npos);
        for (const char* bad : {"90", "sm_", "sm_9x", "compute_90", ""}) {
            o.arch = bad;
            QVERIFY2(!kl::compileCuda(kVectorAdd, "v.cu", o).ok, bad);
        }
        o.arch = "sm_80";
        o.optLevel = 7;
        out = kl::compileCuda(kVectorAdd, "v.cu", o);
        QVERIFY(!out.ok);
        QVERIFY(out.error.english().find("0..3") != std::string::npos);
    }

    void assemblesPtx()
    {
        REQUIRE_NVRTC();
        if (!kl::toolkitInfo().nvJitLink)
            QSKIP("nvJitLink was not found at build time");
        kl::NvrtcOptions o;
        o.arch = "sm_80";
        const auto compiled = kl::compileCuda(kVectorAdd, "v.cu", o);
        QVERIFY(compiled.ok);
        const auto linked = kl::assemblePtx(compiled.ptx, "sm_80", 3);
        QVERIFY2(linked.ok, linked.error.english().c_str());
        QCOMPARE(cubinOf(linked.cubin).info.kernels[0].registers,
                 cubinOf(compiled.cubin).info.kernels[0].registers);
        const auto garbage = kl::assemblePtx("this is not PTX", "sm_80", 3);
        QVERIFY(!garbage.ok);
        QVERIFY2(garbage.error.english().find("NVJITLINK_ERROR") != std::string::npos,
                 garbage.error.english().c_str());
        QVERIFY(!kl::assemblePtx(compiled.ptx, "gfx90a", 3).ok);
    }
};

QTEST_GUILESS_MAIN(TstNvrtcCompiler)
#include "tst_nvrtccompiler.moc"
