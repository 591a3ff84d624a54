// `klens override try --run`'s harness: the parameters read from real Triton 3.6 stages (the GPU
// fixture, written on an H100), run specs, the scratch pointers Triton's launcher appends, the
// refusals, and both sides run and compared through a stand-in backend. On a real sm_90 GPU,
// the fixture's add_kernel and an edit of its PTX (add.f32 -> sub.f32) run for real: the outputs
// must differ, and a pristine copy's must not. Without one that case QSKIPs with the reason.

#include "core/env/environment.h"
#include "core/model/entry.h"
#include "core/overridetry/overridetry.h"
#include "core/scan/cachescanner.h"
#include "core/util/posixfile.h"
#include "gpu/cudabackend.h"
#include "gpu/gpustatus.h"
#include "gpu/kernels/kernelspec.h"
#include "gpu/tritonrun/tritonrun.h"
#include "gpu/tritonrun/tritonsignature.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

const std::string kEntry =
    std::string(KL_SOURCE_DIR) +
    "/tests/fixtures/triton-gpu/cache/A7II7PG4W6BL652IKCMCIPIFRVXKQBVVXHM3QC4GNO647JZXOQFA";

std::string stage(const std::string& ext)
{
    auto text = kl::readFile(kEntry + "/add_kernel." + ext, 1 << 24);
    return text ? *text : std::string();
}

// add_kernel(x_ptr, y_ptr, out_ptr, n_elements): fp32, one element per thread of each program.
const char* kSpec = R"json({
  "schema": "kernellens.triton-run/1",
  "kernel": "add_kernel",
  "problem": {"variables": ["N"], "sizes": {"default": {"N": 98432}, "small": {"N": 1000}}},
  "launch": {"grid": ["ceil_div(N, 256)", 1, 1]},
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "f32", "role": "in", "count": "N"},
    {"name": "y", "kind": "buffer", "type": "f32", "role": "in", "count": "N"},
    {"name": "out", "kind": "buffer", "type": "f32", "role": "out", "count": "N"},
    {"name": "n", "kind": "scalar", "type": "i32", "value": "N"}
  ]
})json";

// Runs "add_kernel" on the CPU: out = x + y for the image it was told is the original, x - y
// for any other. It records what the harness handed it.
class StandIn final : public kl::AutotuneBackend {
public:
    explicit StandIn(std::string addImage)
        : m_addImage(std::move(addImage))
    {
    }
    std::string deviceName() const override { return "stand-in"; }
    std::string arch() const override { return "sm_90"; }
    kl::RunOutcome load(std::string_view image, const std::string& entry, kl::LoadedKernelInfo&) override
    {
        if (entry != "add_kernel")
            return {kl::RunStatus::LoadFailed, kl::Text::verbatim("no function " + entry)};
        m_adds = image == m_addImage;
        return {};
    }
    kl::RunOutcome launchOnce(const kl::KernelSpec& spec, const kl::LaunchPlan& plan,
                              const std::vector<kl::HostBuffer>& inputs, std::vector<kl::HostBuffer>& results,
                              double) override
    {
        specs.push_back(spec);
        plans.push_back(plan);
        results = inputs;
        auto x = inputs[0].f32(), y = inputs[1].f32();
        auto out = results[2].f32();
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i] = m_adds ? x[i] + y[i] : x[i] - y[i];
        return {};
    }
    kl::RunOutcome time(const kl::BenchOptions&, std::vector<double>&) override { return {}; }
    void unload() override {}
    kl::Status usable() const override { return {}; }

    std::vector<kl::KernelSpec> specs;
    std::vector<kl::LaunchPlan> plans;

private:
    std::string m_addImage;
    bool m_adds = false;
};

} // namespace

class TstTritonRun : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string writeSpec(const std::string& name, const std::string& text)
    {
        const std::string path = m_dir.path().toStdString() + "/" + name;
        QFile f(QString::fromStdString(path));
        if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
            return {};
        return path;
    }

    kl::TritonRunInput input(const std::string& specPath)
    {
        kl::TritonRunInput in;
        in.specPath = specPath;
        in.kernel = "add_kernel";
        in.ttir = stage("ttir");
        in.ptx = stage("ptx");
        in.metadataJson = stage("json");
        in.original = {stage("cubin"), 128, 0};
        in.edited = {"an edited cubin", 128, 0};
        return in;
    }

private slots:
    void initTestCase()
    {
        if (stage("ttir").empty())
            QSKIP("tests/fixtures/triton-gpu is not in this checkout");
        QVERIFY(m_dir.isValid());
    }

    void parametersComeFromTheStages()
    {
        auto params = kl::ttirParameters(stage("ttir"), "add_kernel");
        QVERIFY2(params, params ? "" : params.error().english().c_str());
        QCOMPARE(params->size(), std::size_t(4));
        QCOMPARE((*params)[0].name, std::string("x_ptr"));
        QVERIFY((*params)[0].pointer);
        QCOMPARE((*params)[0].element, std::string("f32"));
        QCOMPARE((*params)[3].name, std::string("n_elements"));
        QVERIFY(!(*params)[3].pointer);
        QCOMPARE((*params)[3].element, std::string("i32"));
        // Triton 3.6 appends its global and profile scratch pointers.
        auto count = kl::ptxParameterCount(stage("ptx"), "add_kernel");
        QVERIFY2(count, count ? "" : count.error().english().c_str());
        QCOMPARE(*count, std::size_t(6));
        // Before 3.6 the names are %argN; a pointer may carry an address space.
        auto old = kl::ttirParameters(
            "module {\n  tt.func public @k(%arg0: !tt.ptr<f16, 1> {tt.divisibility = 16 : i32} "
            "loc(\"a\"(#loc)), "
            "%arg1: i64 loc(#loc1)) attributes {noinline = false} {\n    tt.call @k(%arg0) : () -> ()\n",
            "k");
        QVERIFY2(old, old ? "" : old.error().english().c_str());
        QCOMPARE(old->size(), std::size_t(2));
        QCOMPARE((*old)[0].type, std::string("!tt.ptr<f16, 1>"));
        QCOMPARE((*old)[0].element, std::string("f16"));
        QCOMPARE((*old)[1].element, std::string("i64"));
        auto missing = kl::ttirParameters(stage("ttir"), "other_kernel");
        QVERIFY(!missing);
        QVERIFY(missing.error().english().find("`tt.func @other_kernel`") != std::string::npos);
        QVERIFY(!kl::ptxParameterCount(stage("ptx"), "add"));
    }

    void runSpecsAreChecked()
    {
        const kl::FixedLaunch fixed{"add_kernel", 128, 0};
        auto spec = kl::parseTritonRunSpec(kSpec, "/x/run.json", fixed);
        QVERIFY2(spec, spec ? "" : spec.error().english().c_str());
        QCOMPARE(spec->block[0], std::string("128"));
        QCOMPARE(spec->arguments.size(), std::size_t(4));
        QCOMPARE(spec->tolerance.abs, 0.0);
        std::string other = kSpec;
        other.replace(other.find("\"kernel\": \"add_kernel\""), 22, "\"kernel\": \"mul_kernel\"");
        auto wrong = kl::parseTritonRunSpec(other, "/x/run.json", fixed);
        QVERIFY(!wrong);
        QCOMPARE(wrong.error().english(),
                 std::string(
                     "/x/run.json: field `kernel`: `mul_kernel` is not this entry's kernel (`add_kernel`)"));
        // The block is the compile's: a spec cannot set it.
        std::string block = kSpec;
        block.replace(block.find("\"grid\""), 6, "\"block\": [1, 1, 1], \"grid\"");
        auto blocked = kl::parseTritonRunSpec(block, "/x/run.json", fixed);
        QVERIFY(!blocked);
        QVERIFY2(blocked.error().english().find("launch.block") != std::string::npos,
                 blocked.error().english().c_str());
    }

    void bothSidesRunOnTheSameInputs()
    {
        const std::string specPath = writeSpec("run.json", kSpec);
        kl::TritonRunInput in = input(specPath);
        StandIn backend(in.original.cubin);
        kl::TritonRunResult r = kl::runTritonPair(backend, in);
        QVERIFY2(r.ran, r.reason.english().c_str());
        QVERIFY(r.outputsDiffer);
        QCOMPARE(r.size, std::string("default"));
        QCOMPARE(r.outputs.size(), std::size_t(1));
        QCOMPARE(r.outputs[0].argument, std::string("out"));
        QCOMPARE(r.outputs[0].comparison.checked, std::uint64_t(98432));
        QVERIFY(r.outputs[0].comparison.mismatches > 90000);
        QVERIFY2(r.reason.english().starts_with("the edit changes the output: `out`:"),
                 r.reason.english().c_str());
        // As Triton's launcher: 128 threads, the grid of the spec, and two null scratch pointers.
        QCOMPARE(backend.plans.size(), std::size_t(2));
        QCOMPARE(backend.plans[0].block[0], 128u);
        QCOMPARE(backend.plans[0].grid[0], 385u);
        QCOMPARE(backend.specs[0].arguments.size(), std::size_t(6));
        QCOMPARE(backend.specs[0].arguments[4].name, std::string("global_scratch"));
        QVERIFY(backend.specs[0].arguments[4].kind == kl::ArgumentKind::Scalar);
        QCOMPARE(backend.plans[0].arguments[4].bytes, std::uint64_t(8));

        // The same kernel on both sides writes the same outputs.
        in.edited.cubin = in.original.cubin;
        in.sizeName = "small";
        StandIn same(in.original.cubin);
        r = kl::runTritonPair(same, in);
        QVERIFY2(r.ran && !r.outputsDiffer, r.reason.english().c_str());
        QCOMPARE(r.reason.english(),
                 std::string("both kernels wrote the same outputs (1000 elements in 1 buffers)"));

        // A kernel needing global scratch gets a zeroed buffer for every program.
        std::string meta = in.metadataJson;
        meta.replace(meta.find("\"global_scratch_size\": 0"), 24, "\"global_scratch_size\": 96");
        in.metadataJson = meta;
        StandIn scratch(in.original.cubin);
        r = kl::runTritonPair(scratch, in);
        QVERIFY2(r.ran, r.reason.english().c_str());
        QVERIFY(scratch.specs[0].arguments[4].role == kl::ArgumentRole::Scratch);
        QCOMPARE(scratch.plans[0].arguments[4].bytes, std::uint64_t(96 * 4)); // 4 programs of 1000 / 256
    }

    void whatCannotRunIsRefusedWithTheReason()
    {
        StandIn backend("");
        // A spec that forgets an argument names the kernel's parameters.
        std::string three = kSpec;
        three.erase(three.find(",\n    {\"name\": \"n\""),
                    three.find("\n  ]") - three.find(",\n    {\"name\": \"n\""));
        const std::string threePath = writeSpec("three.json", three);
        kl::TritonRunResult r = kl::runTritonPair(backend, input(threePath));
        QVERIFY(!r.ran);
        QCOMPARE(r.reason.english(),
                 threePath +
                     ": 3 arguments, the kernel takes 4: `x_ptr` (!tt.ptr<f32>), `y_ptr` (!tt.ptr<f32>), "
                     "`out_ptr` (!tt.ptr<f32>), `n_elements` (i32)");
        // A buffer where the kernel takes an integer.
        std::string typed = kSpec;
        typed.replace(typed.find("{\"name\": \"y\", \"kind\": \"buffer\", \"type\": \"f32\""), 45,
                      "{\"name\": \"y\", \"kind\": \"buffer\", \"type\": \"f16\"");
        const std::string typedPath = writeSpec("typed.json", typed);
        r = kl::runTritonPair(backend, input(typedPath));
        QCOMPARE(r.reason.english(),
                 typedPath + ": argument 2 is `y` (buffer f16), the kernel's is `y_ptr` (!tt.ptr<f32>)");
        // Clusters are not launched.
        kl::TritonRunInput clustered = input(writeSpec("run.json", kSpec));
        clustered.metadataJson.replace(clustered.metadataJson.find("\"num_ctas\": 1"), 13, "\"num_ctas\": 2");
        r = kl::runTritonPair(backend, clustered);
        QCOMPARE(
            r.reason.english(),
            std::string("add_kernel launches as clusters of 2 CTAs: KernelLens launches one CTA a block"));
        QVERIFY(backend.plans.empty());
        // An unknown size lists the spec's.
        kl::TritonRunInput sized = input(writeSpec("run.json", kSpec));
        sized.sizeName = "huge";
        r = kl::runTritonPair(backend, sized);
        QVERIFY2(r.reason.english().ends_with(": no problem size `huge` (default, small)"),
                 r.reason.english().c_str());
        // A size no host could hold is refused before anything is allocated.
        std::string huge = kSpec;
        huge.replace(huge.find("\"small\": {\"N\": 1000}"), 20, "\"small\": {\"N\": 1000000000000000}");
        // n and the grid kept within CUDA's and i32's limits: only the buffers are too large.
        huge.replace(huge.find("\"value\": \"N\""), 12, "\"value\": \"min(N, 1000)\"");
        huge.replace(huge.find("\"ceil_div(N, 256)\""), 18, "\"min(ceil_div(N, 256), 65535)\"");
        kl::TritonRunInput tooBig = input(writeSpec("huge.json", huge));
        tooBig.sizeName = "small";
        r = kl::runTritonPair(backend, tooBig);
        QVERIFY2(
            r.reason.english().find(": the buffers of problem size `small` take 12000000000000000 bytes") !=
                std::string::npos,
            r.reason.english().c_str());
        // A spec that is not there names its path.
        r = kl::runTritonPair(backend, input(m_dir.path().toStdString() + "/none.json"));
        QVERIFY2(r.reason.english().starts_with(m_dir.path().toStdString() + "/none.json: "),
                 r.reason.english().c_str());
    }

    // The real thing: the fixture's kernel and its PTX with every add.f32 made sub.f32, assembled
    // by `klens override try`'s route, both launched on the GPU.
    void anEditRunsOnARealGpu()
    {
        const kl::GpuStatus gpu = kl::gpuStatus();
        if (!gpu.available)
            QSKIP(("no GPU: " + gpu.reason.english()).c_str());
        auto backend = kl::makeCudaBackend(0);
        if (!backend)
            QSKIP(("no GPU backend: " + backend.error().english()).c_str());
        if ((*backend)->arch() != "sm_90")
            QSKIP(("the fixture's cubin is sm_90; this GPU is " + (*backend)->arch()).c_str());
        bool vanished = false;
        const std::size_t slash = kEntry.rfind('/');
        const kl::Entry entry =
            kl::CacheScanner().scanOne(kEntry.substr(0, slash), kEntry.substr(slash + 1), vanished);
        QCOMPARE(entry.kernel, std::string("add_kernel"));
        for (const bool edit : {true, false}) {
            std::string ptx = stage("ptx");
            if (edit)
                for (std::size_t at; (at = ptx.find("add.f32")) != std::string::npos;)
                    ptx.replace(at, 7, "sub.f32");
            const std::string folder = "edit_" + std::to_string(edit);
            QVERIFY(QDir(m_dir.path()).mkpath(QString::fromStdString(folder)));
            const std::string file = writeSpec(folder + "/add_kernel.ptx", ptx);
            QVERIFY(!file.empty());
            const kl::OverrideTry t = kl::tryOverride(file, entry, kl::Environment::current());
            if (!t.ok)
                QSKIP(("the edit could not be assembled here: " + t.error.english()).c_str());
            kl::TritonRunInput in = input(writeSpec("run.json", kSpec));
            in.original = {t.original.cubin, 128, 0};
            in.edited = {t.edited.cubin, 128, 0};
            const kl::TritonRunResult r = kl::runTritonPair(**backend, in);
            QVERIFY2(r.ran, r.reason.english().c_str());
            QCOMPARE(r.outputsDiffer, edit);
            qInfo("%s: %s", edit ? "sub.f32 edit" : "pristine", r.reason.english().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstTritonRun)
#include "tst_tritonrun.moc"
