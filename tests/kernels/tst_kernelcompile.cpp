#include "core/cubin/cubininfo.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/util/posixfile.h"
#include "gpu/kernels/kernelconfig.h"
#include "gpu/kernels/kernellibrary.h"
#include "gpu/kernels/kernelspec.h"

#include <QFile>
#include <QFileInfo>
#include <QTest>

namespace {

struct CompileOutcome {
    bool ok = false;
    QString log;                  ///< NVRTC's log, or why nothing was compiled
    std::uint32_t frameBytes = 0; ///< the largest per-thread local frame: non-zero when ptxas spilled
};

// The one place this suite compiles a kernel: KernelLens's NVRTC compiler, as the autotuner
// does. Warnings count as failures. `arch` is e.g. 80 for sm_80; a spec with `arch_variant` "a"
// is compiled for sm_XXa, as the autotuner does.
CompileOutcome compileKernel(const kl::KernelSpec& spec, const kl::Configuration& config, int arch)
{
    auto read = kl::readFile(spec.sourcePath, 1 << 20);
    if (!read)
        return {false, QString::fromStdString(spec.sourcePath + ": " + read.error().english())};
    const std::string& source = *read;
    kl::NvrtcOptions o;
    const auto target = kl::targetArch(spec, "sm_" + std::to_string(arch));
    if (!target)
        return {false, QString::fromStdString(target.error().english())};
    o.arch = *target;
    o.defines = kl::configurationDefines(spec, config);
    const kl::NvrtcOutput out = kl::compileCuda(source, spec.sourcePath, o);
    CompileOutcome r{out.ok && out.diagnostics.empty(),
                     QString::fromStdString(out.error.english() + "\n" + out.log)};
    if (!out.ok)
        return r;
    const kl::CubinResult info = kl::readCubinInfo(
        std::span(reinterpret_cast<const std::uint8_t*>(out.cubin.data()), out.cubin.size()));
    if (!info.ok || info.info.kernels.empty()) {
        r.ok = false;
        r.log += QString::fromStdString("\nno readable cubin: " + info.error.english());
        return r;
    }
    for (const auto& k : info.info.kernels) {
        r.frameBytes = std::max(r.frameBytes, k.frameSize.value_or(0));
        r.log += QString::fromStdString("\n" + k.name + ": " + std::to_string(k.registers.value_or(0)) +
                                        " registers, frame " + std::to_string(k.frameSize.value_or(0)));
    }
    return r;
}

// Every configuration when there are few; else the default, the first and last enumerated,
// and for each parameter its smallest and largest value in the valid configuration closest
// to the default (fewest other parameters changed).
std::vector<kl::Configuration> representativeConfigurations(const kl::KernelSpec& spec)
{
    const auto all = kl::enumerateConfigurations(spec);
    if (all.size() <= 12)
        return all;
    const kl::Configuration def = kl::defaultConfiguration(spec);
    std::vector<kl::Configuration> out{def, all.front(), all.back()};
    auto distance = [&def](const kl::Configuration& c) {
        int d = 0;
        for (std::size_t i = 0; i < c.values.size(); ++i)
            d += c.values[i] != def.values[i];
        return d;
    };
    for (std::size_t p = 0; p < spec.parameters.size(); ++p) {
        const auto& values = spec.parameters[p].values;
        for (auto v : {*std::min_element(values.begin(), values.end()),
                       *std::max_element(values.begin(), values.end())}) {
            const kl::Configuration* best = nullptr;
            for (const auto& c : all)
                if (c.values[p] == v && (!best || distance(c) < distance(*best)))
                    best = &c;
            if (best)
                out.push_back(*best);
        }
    }
    std::vector<kl::Configuration> unique;
    for (auto& c : out)
        if (std::find(unique.begin(), unique.end(), c) == unique.end())
            unique.push_back(c);
    return unique;
}

} // namespace

class TstKernelCompile : public QObject {
    Q_OBJECT

private slots:
    void compiles_data()
    {
        QTest::addColumn<QString>("specPath");
        QTest::addColumn<QList<qint64>>("config");
        QTest::addColumn<int>("arch");
        for (const auto& path : kl::listKernelSpecs(kl::kernelLibraryDir())) {
            const auto spec = kl::loadKernelSpec(path);
            if (!spec)
                qFatal("%s", spec.error().english().c_str());
            // An arch-specific kernel (wgmma: sm_90a) only on the arch it is written for.
            const std::vector<int> archs =
                spec->archVariant.empty() ? std::vector<int>{80, 90} : std::vector<int>{90};
            for (const auto& c : representativeConfigurations(*spec)) {
                for (int arch : archs) {
                    QTest::addRow("%s %s sm_%d%s", spec->name.c_str(),
                                  kl::configurationLabel(*spec, c).c_str(), arch, spec->archVariant.c_str())
                        << QString::fromStdString(path) << QList<qint64>(c.values.begin(), c.values.end())
                        << arch;
                }
            }
        }
    }

    void compiles()
    {
        QFETCH(QString, specPath);
        QFETCH(QList<qint64>, config);
        QFETCH(int, arch);
        if (!kl::toolkitInfo().nvrtc)
            QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str());
        const auto spec = kl::loadKernelSpec(specPath.toStdString());
        QVERIFY2(spec, spec ? "" : spec.error().english().c_str());
        const CompileOutcome out =
            compileKernel(*spec, kl::Configuration{{config.begin(), config.end()}}, arch);
        QVERIFY2(out.ok, qPrintable(out.log));
        // A kernel that spills in one of these configurations would time its local memory, not
        // the idea the parameters stand for.
        QVERIFY2(out.frameBytes == 0, qPrintable(out.log));
    }
};

QTEST_GUILESS_MAIN(TstKernelCompile)
#include "tst_kernelcompile.moc"
