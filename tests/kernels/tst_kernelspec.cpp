#include "gpu/kernels/kernelconfig.h"
#include "gpu/kernels/kernellibrary.h"
#include "gpu/kernels/kernelspec.h"
#include "gpu/kernels/launchplan.h"
#include "gpu/kernels/specexpression.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString libraryPath(const char* file)
{
    return QDir(QString::fromStdString(kl::kernelLibraryDir())).filePath(file);
}

// A Result's error in English, "" when it holds a value.
template <typename R> std::string errorOf(const R& r)
{
    return r ? std::string() : r.error().english();
}

kl::KernelSpec librarySpec(const char* name)
{
    auto spec = kl::loadKernelSpec(libraryPath(name).toStdString() + ".json");
    if (!spec)
        qFatal("%s", errorOf(spec).c_str());
    return *spec;
}

// A small valid spec; each bad-spec row edits one piece of it.
const char* kValidSpec = R"spec({
  "schema": "kernellens.kernel-spec/1",
  "name": "add",
  "source": "add.cu",
  "entry": "add_kernel",
  "parameters": [
    {"name": "BLOCK_SIZE", "values": [64, 128, 256], "default": 128}
  ],
  "constraints": ["BLOCK_SIZE >= 64"],
  "problem": {"variables": ["N"], "sizes": {"small": {"N": 1000}}},
  "launch": {
    "grid": ["ceil_div(N, BLOCK_SIZE)", 1, 1],
    "block": ["BLOCK_SIZE", 1, 1],
    "shared_bytes": 0
  },
  "arguments": [
    {"name": "a", "kind": "buffer", "type": "f32", "role": "in", "count": "N"},
    {"name": "b", "kind": "buffer", "type": "f32", "role": "in", "count": "N"},
    {"name": "c", "kind": "buffer", "type": "f32", "role": "out", "count": "N"},
    {"name": "n", "kind": "scalar", "type": "i32", "value": "N"}
  ],
  "reference": "vector_add",
  "tolerance": {"abs": 0, "rel": 1e-6},
  "metric": {"kind": "bytes", "value": "12 * N"}
})spec";

} // namespace

class TstKernelSpec : public QObject {
    Q_OBJECT

private slots:
    void libraryIsFound()
    {
        const std::string dir = kl::kernelLibraryDir();
        QVERIFY2(!dir.empty(), "kernelLibraryDir() found neither an installed nor the source library");
        QStringList names;
        for (const auto& p : kl::listKernelSpecs(dir))
            names << QFileInfo(QString::fromStdString(p)).fileName();
        QCOMPARE(names, (QStringList{"matmul_f16.json", "matmul_f16_wgmma.json", "matmul_f32.json",
                                     "reduction.json", "softmax.json", "vector_add.json"}));
    }

    void librarySpecLoads_data()
    {
        QTest::addColumn<QString>("path");
        for (const auto& p : kl::listKernelSpecs(kl::kernelLibraryDir()))
            QTest::addRow("%s", QFileInfo(QString::fromStdString(p)).baseName().toUtf8().constData())
                << QString::fromStdString(p);
    }

    void librarySpecLoads()
    {
        QFETCH(QString, path);
        const auto spec = kl::loadKernelSpec(path.toStdString());
        std::string error = errorOf(spec);
        QVERIFY2(spec, error.c_str());
        QCOMPARE(QString::fromStdString(spec->name), QFileInfo(path).baseName());
        QVERIFY(QFileInfo(QString::fromStdString(spec->sourcePath)).isFile());
        QVERIFY(spec->source.find("extern \"C\" __global__") != std::string::npos);
        QVERIFY(spec->findSize("small") && spec->findSize("default") && spec->findSize("large"));
        QCOMPARE(QString::fromStdString(spec->sizes[spec->defaultSize].name), QStringLiteral("default"));
        QVERIFY(spec->reference != "none");
        // Every configuration plans at every size: the autotuner never meets a spec-made failure.
        const auto configs = kl::enumerateConfigurations(*spec);
        QVERIFY(!configs.empty());
        for (const auto& size : spec->sizes) {
            for (const auto& c : configs) {
                const auto plan = kl::planLaunch(*spec, c, size);
                error = errorOf(plan);
                QVERIFY2(plan, (error + " at " + size.name + " " + kl::configurationLabel(*spec, c)).c_str());
            }
        }
    }

    void enumeration_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<int>("configs");
        QTest::addColumn<int>("rejected");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("last");
        // vector_add: 4 * 4 * 3, no constraints.
        QTest::addRow("vector_add") << "vector_add" << 48 << 0 << "BLOCK_SIZE=128 ITEMS_PER_THREAD=1 VEC=1"
                                    << "BLOCK_SIZE=1024 ITEMS_PER_THREAD=8 VEC=4";
        // softmax: 6 * 4 = 24; THREADS_PER_ROW * ROWS_PER_BLOCK > 1024 drops 256x8, 512x4, 512x8,
        // 1024x2, 1024x4, 1024x8.
        QTest::addRow("softmax") << "softmax" << 18 << 6 << "THREADS_PER_ROW=32 ROWS_PER_BLOCK=1"
                                 << "THREADS_PER_ROW=1024 ROWS_PER_BLOCK=1";
        // matmul: 3^5 = 243; 64..512 threads and the 48 KiB shared limit leave 183. The first
        // combination (32,32,8,2,2) has 256 threads; the last (128,128,32,8,8) has 256 too.
        QTest::addRow("matmul_f32") << "matmul_f32" << 183 << 60
                                    << "TILE_M=32 TILE_N=32 TILE_K=8 THREAD_M=2 THREAD_N=2"
                                    << "TILE_M=128 TILE_N=128 TILE_K=32 THREAD_M=8 THREAD_N=8";
        // matmul_f16: 3 * 3 * 2 * 2 * 2 * 3 = 216; 4 or 8 warps, no 32x32 warp tiles, blocks of
        // 8192..32768 elements no more than 2:1, and shared memory within sm_80's 163 KiB leave 52.
        QTest::addRow("matmul_f16") << "matmul_f16" << 52 << 164
                                    << "BLOCK_M=64 BLOCK_N=128 BLOCK_K=32 WARP_M=32 WARP_N=64 STAGES=2"
                                    << "BLOCK_M=256 BLOCK_N=128 BLOCK_K=64 WARP_M=64 WARP_N=64 STAGES=3";
        // matmul_f16_wgmma: 2 * 2 * 2 * 4 = 32; at most 2 warpgroups, at most 128 accumulators a
        // thread, no 256x256 tile and the ring within sm_90's 227 KiB leave 12.
        QTest::addRow("matmul_f16_wgmma")
            << "matmul_f16_wgmma" << 12 << 20 << "BLOCK_M=128 BLOCK_N=128 WG_M=64 STAGES=3"
            << "BLOCK_M=256 BLOCK_N=128 WG_M=128 STAGES=4";
        QTest::addRow("reduction") << "reduction" << 60 << 0
                                   << "BLOCK_SIZE=64 ITEMS_PER_THREAD=1 MAX_BLOCKS=512"
                                   << "BLOCK_SIZE=1024 ITEMS_PER_THREAD=8 MAX_BLOCKS=8192";
    }

    void enumeration()
    {
        QFETCH(QString, kernel);
        QFETCH(int, configs);
        QFETCH(int, rejected);
        QFETCH(QString, first);
        QFETCH(QString, last);
        const kl::KernelSpec spec = librarySpec(kernel.toUtf8().constData());
        std::size_t dropped = 99;
        const auto all = kl::enumerateConfigurations(spec, &dropped);
        QCOMPARE(int(all.size()), configs);
        QCOMPARE(int(dropped), rejected);
        QCOMPARE(QString::fromStdString(kl::configurationLabel(spec, all.front())), first);
        QCOMPARE(QString::fromStdString(kl::configurationLabel(spec, all.back())), last);
        for (const auto& c : all)
            QVERIFY(kl::satisfiesConstraints(spec, c));
        QVERIFY(std::find(all.begin(), all.end(), kl::defaultConfiguration(spec)) != all.end());
    }

    void constraintsFilter()
    {
        kl::KernelSpec spec = librarySpec("softmax");
        std::string rejectedBy;
        QVERIFY(!kl::satisfiesConstraints(spec, kl::Configuration{{512, 4}}, &rejectedBy));
        QCOMPARE(rejectedBy, std::string("THREADS_PER_ROW * ROWS_PER_BLOCK <= 1024"));
        QVERIFY(kl::satisfiesConstraints(spec, kl::Configuration{{512, 2}}));
        // A constraint with the % operator: only odd products of two parameters survive.
        spec.parameters = {{"A", {1, 2, 3}, 1}, {"B", {1, 3, 4}, 1}};
        spec.constraints = {"(A * B) % 2 == 1"};
        std::size_t dropped = 0;
        const auto all = kl::enumerateConfigurations(spec, &dropped);
        QCOMPARE(dropped, std::size_t(5));
        QCOMPARE(all.size(), std::size_t(4));
        QCOMPARE(all[0], (kl::Configuration{{1, 1}}));
        QCOMPARE(all[1], (kl::Configuration{{1, 3}}));
        QCOMPARE(all[2], (kl::Configuration{{3, 1}}));
        QCOMPARE(all[3], (kl::Configuration{{3, 3}}));
    }

    void defines()
    {
        const kl::KernelSpec spec = librarySpec("vector_add");
        const kl::Configuration c{{512, 2, 4}};
        QCOMPARE(kl::configurationDefineOptions(spec, c),
                 (std::vector<std::string>{"-DBLOCK_SIZE=512", "-DITEMS_PER_THREAD=2", "-DVEC=4"}));
        QCOMPARE(kl::configurationDefines(spec, c).front(), std::string("BLOCK_SIZE=512"));
        QCOMPARE(kl::configurationJson(spec, c),
                 std::string(R"spec({"BLOCK_SIZE": 512, "ITEMS_PER_THREAD": 2, "VEC": 4})spec"));
        QCOMPARE(kl::defaultConfiguration(spec), (kl::Configuration{{256, 4, 4}}));
    }

    void geometry_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QList<qint64>>("config");
        QTest::addColumn<QString>("size");
        QTest::addColumn<QList<uint>>("grid");
        QTest::addColumn<QList<uint>>("block");
        QTest::addColumn<uint>("shared");
        QTest::addColumn<QList<quint64>>("counts"); // per argument: elements, or 0 for scalars
        QTest::addColumn<double>("metric");

        // 4096 elements per block; ceil(100003 / 4096) = 25.
        QTest::addRow("vector_add small")
            << "vector_add" << QList<qint64>{256, 4, 4} << "small" << QList<uint>{25, 1, 1}
            << QList<uint>{256, 1, 1} << 0u << QList<quint64>{100003, 100003, 100003, 0} << 1200036.0;
        // 128 elements per block: ceil(134217728 / 128) = 1048576 blocks.
        QTest::addRow("vector_add large, smallest block")
            << "vector_add" << QList<qint64>{128, 1, 1} << "large" << QList<uint>{1048576, 1, 1}
            << QList<uint>{128, 1, 1} << 0u << QList<quint64>{134217728, 134217728, 134217728, 0}
            << 1610612736.0;
        // 64x64 tiles: ceil(65 / 64) = 2 columns, ceil(127 / 64) = 2 rows; 16x16 threads.
        QTest::addRow("matmul_f32 small")
            << "matmul_f32" << QList<qint64>{64, 64, 16, 4, 4} << "small" << QList<uint>{2, 2, 1}
            << QList<uint>{16, 16, 1} << 0u << QList<quint64>{127 * 33, 33 * 65, 127 * 65, 0, 0, 0}
            << 2.0 * 127 * 65 * 33;
        // 128 x 256 tiles of 64 x 64 warp tiles: 2 x 4 warps, block (256, 1); grid (4096/256,
        // 4096/128); shared 3 stages of (128 * (32 + 8) + 32 * (256 + 8)) halves.
        QTest::addRow("matmul_f16 large")
            << "matmul_f16" << QList<qint64>{128, 256, 32, 64, 64, 3} << "large" << QList<uint>{16, 32, 1}
            << QList<uint>{256, 1, 1} << 81408u
            << QList<quint64>{4096 * 4096, 4096 * 4096, 4096 * 4096, 0, 0, 0} << 2.0 * 4096 * 4096 * 4096;
        // The small size's odd edges: ceil(65 / 128) = 1 column, ceil(127 / 64) = 2 rows of blocks.
        QTest::addRow("matmul_f16 small")
            << "matmul_f16" << QList<qint64>{64, 128, 32, 32, 64, 2} << "small" << QList<uint>{1, 2, 1}
            << QList<uint>{128, 1, 1} << 27648u << QList<quint64>{127 * 33, 33 * 65, 127 * 65, 0, 0, 0}
            << 2.0 * 127 * 65 * 33;
        // 4 rows per block: ceil(37 / 4) = 10; shared 4 rows * 2 warps * 4 bytes.
        QTest::addRow("softmax small")
            << "softmax" << QList<qint64>{64, 4} << "small" << QList<uint>{10, 1, 1} << QList<uint>{64, 4, 1}
            << 32u << QList<quint64>{37000, 37000, 0, 0} << 8.0 * 37000;
        // ceil(100003 / 1024) = 98 blocks, under the 2048 cap; partials follow the grid.
        QTest::addRow("reduction small")
            << "reduction" << QList<qint64>{256, 4, 2048} << "small" << QList<uint>{98, 1, 1}
            << QList<uint>{256, 1, 1} << 0u << QList<quint64>{100003, 1, 98, 1, 0} << 400012.0;
        // ceil(2^28 / 8192) = 32768 blocks, capped at 512.
        QTest::addRow("reduction large, capped")
            << "reduction" << QList<qint64>{1024, 8, 512} << "large" << QList<uint>{512, 1, 1}
            << QList<uint>{1024, 1, 1} << 0u << QList<quint64>{268435456, 1, 512, 1, 0} << 1073741824.0;
        // N = 0 still launches one block, which writes the empty sum.
        QTest::addRow("reduction empty")
            << "reduction" << QList<qint64>{256, 4, 2048} << "N=0" << QList<uint>{1, 1, 1}
            << QList<uint>{256, 1, 1} << 0u << QList<quint64>{0, 1, 1, 1, 0} << 0.0;
    }

    void geometry()
    {
        QFETCH(QString, kernel);
        QFETCH(QList<qint64>, config);
        QFETCH(QString, size);
        QFETCH(QList<uint>, grid);
        QFETCH(QList<uint>, block);
        QFETCH(uint, shared);
        QFETCH(QList<quint64>, counts);
        QFETCH(double, metric);
        const kl::KernelSpec spec = librarySpec(kernel.toUtf8().constData());
        const auto problem = kl::resolveProblemSize(spec, size.toStdString());
        QVERIFY2(problem, errorOf(problem).c_str());
        const kl::Configuration c{{config.begin(), config.end()}};
        QVERIFY(kl::satisfiesConstraints(spec, c));
        const auto plan = kl::planLaunch(spec, c, *problem);
        QVERIFY2(plan, errorOf(plan).c_str());
        QCOMPARE((QList<uint>{plan->grid[0], plan->grid[1], plan->grid[2]}), grid);
        QCOMPARE((QList<uint>{plan->block[0], plan->block[1], plan->block[2]}), block);
        QCOMPARE(plan->sharedBytes, shared);
        QCOMPARE(int(plan->arguments.size()), int(counts.size()));
        for (int i = 0; i < counts.size(); ++i) {
            QCOMPARE(plan->arguments[std::size_t(i)].count, counts[i]);
            const auto& a = spec.arguments[std::size_t(i)];
            if (a.kind == kl::ArgumentKind::Buffer)
                QCOMPARE(plan->arguments[std::size_t(i)].bytes, counts[i] * kl::dataTypeSize(a.type));
        }
        QCOMPARE(plan->metric, metric);
    }

    void scalarBytes()
    {
        const kl::KernelSpec spec = librarySpec("matmul_f32");
        const auto plan = kl::planLaunch(spec, kl::defaultConfiguration(spec), *spec.findSize("small"));
        QVERIFY2(plan, errorOf(plan).c_str());
        const auto& m = plan->arguments[3]; // M = 127 as a little-endian i32
        QCOMPARE(m.bytes, std::uint64_t(4));
        QCOMPARE(m.value, 127.0);
        QCOMPARE(int(m.scalarBytes[0]), 127);
        QCOMPARE(int(m.scalarBytes[1]) + int(m.scalarBytes[2]) + int(m.scalarBytes[3]), 0);
    }

    void planRejectsBadGeometry()
    {
        kl::KernelSpec spec = librarySpec("vector_add");
        spec.block[0] = "BLOCK_SIZE * 4"; // 1024 * 4 threads
        auto plan = kl::planLaunch(spec, kl::Configuration{{1024, 1, 1}}, *spec.findSize("small"));
        QVERIFY(!plan);
        std::string error = errorOf(plan);
        QCOMPARE(error, std::string("`launch.block[0]` = 4096 is more than 1024"));
        spec.block[0] = "BLOCK_SIZE / 3";
        plan = kl::planLaunch(spec, kl::Configuration{{128, 1, 1}}, *spec.findSize("small"));
        QVERIFY(!plan);
        error = errorOf(plan);
        QVERIFY2(error.find("is not a whole number") != std::string::npos, error.c_str());
        spec = librarySpec("vector_add");
        spec.arguments[3].value = "N * 100000"; // past i32
        plan = kl::planLaunch(spec, kl::defaultConfiguration(spec), *spec.findSize("large"));
        QVERIFY(!plan);
        error = errorOf(plan);
        QVERIFY2(error.starts_with("`arguments[3].value` = "), error.c_str());
    }

    void problemSizes()
    {
        const kl::KernelSpec spec = librarySpec("matmul_f32");
        auto s = kl::resolveProblemSize(spec, "");
        QVERIFY(s);
        QCOMPARE(s->name, std::string("default"));
        s = kl::resolveProblemSize(spec, "small");
        QVERIFY(s);
        QCOMPARE(s->values[0].second, std::int64_t(127));
        s = kl::resolveProblemSize(spec, "M=10, K=3");
        QVERIFY2(s, errorOf(s).c_str());
        QCOMPARE(s->name, std::string("custom"));
        QCOMPARE(s->values,
                 (std::vector<std::pair<std::string, std::int64_t>>{{"M", 10}, {"N", 2048}, {"K", 3}}));
        s = kl::resolveProblemSize(spec, "X=1");
        QVERIFY(!s);
        std::string error = errorOf(s);
        QVERIFY2(error.find("`X` is not a problem variable") != std::string::npos, error.c_str());
        s = kl::resolveProblemSize(spec, "M=-1");
        QVERIFY(!s);
        error = errorOf(s);
        QVERIFY2(error.find("not a whole number >= 0") != std::string::npos, error.c_str());
        s = kl::resolveProblemSize(spec, "huge");
        QVERIFY(!s);
        error = errorOf(s);
        QVERIFY2(error.find("sizes: small, default, large") != std::string::npos, error.c_str());
    }

    void expressions_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value");
        QTest::addRow("ceil_div") << "ceil_div(10, 4)" << 3.0;
        QTest::addRow("ceil_div exact") << "ceil_div(12, 4)" << 3.0;
        QTest::addRow("round_up") << "round_up(10, 4)" << 12.0;
        QTest::addRow("modulo") << "7 % 3" << 1.0;
        QTest::addRow("modulo precedence") << "1 + 2 * 7 % 4" << 3.0;
        QTest::addRow("floor") << "floor(2.5)" << 2.0;
        QTest::addRow("ceil") << "ceil(2.1)" << 3.0;
        QTest::addRow("min max") << "max(1, min(N, 3))" << 3.0;
        QTest::addRow("comparison") << "N >= 4 && N % 2 == 0" << 1.0;
        QTest::addRow("ternary") << "N > 100 ? 1 : 2" << 2.0;
    }

    void expressions()
    {
        QFETCH(QString, text);
        QFETCH(double, value);
        const auto v = kl::evaluateExpression(text.toStdString(), {{"N", 10}});
        QVERIFY2(v, errorOf(v).c_str());
        QCOMPARE(*v, value);
    }

    // muparser is opened on first use through its C interface: names, unbound names and parse
    // errors come back as mu::Parser gives them.
    void expressionNamesAndErrors()
    {
        const auto names = kl::expressionNames("ceil_div(N, BLOCK) * M + N");
        QVERIFY2(names, errorOf(names).c_str());
        QCOMPARE(*names, (std::vector<std::string>{"BLOCK", "M", "N"}));
        const auto unbound = kl::evaluateExpression("N + M", {{"N", 1}});
        QVERIFY(!unbound);
        QVERIFY2(errorOf(unbound).find("\"M\"") != std::string::npos, errorOf(unbound).c_str());
        const auto bad = kl::expressionNames("1 +");
        QVERIFY(!bad);
        QVERIFY2(errorOf(bad).starts_with("Unexpected end of expression"), errorOf(bad).c_str());
        QVERIFY(!errorOf(bad).ends_with("."));
        // One parser's failure does not leak into the next.
        const auto fine = kl::evaluateExpression("N * 2", {{"N", 4}});
        QVERIFY2(fine, errorOf(fine).c_str());
        QCOMPARE(*fine, 8.0);
    }

    void badSpec_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message");
        QTest::addRow("grid missing") << R"spec("grid": ["ceil_div(N, BLOCK_SIZE)", 1, 1],)spec"
                                      << ""
                                      << "bad.json: field `launch.grid` missing";
        QTest::addRow("metric missing") << R"spec(,
  "metric": {"kind": "bytes", "value": "12 * N"})spec"
                                        << ""
                                        << "bad.json: field `metric` missing";
        QTest::addRow("name missing") << R"spec("name": "add",)spec"
                                      << ""
                                      << "bad.json: field `name` missing";
        QTest::addRow("count missing") << R"spec(, "count": "N"},
    {"name": "n")spec"
                                       << R"spec(},
    {"name": "n")spec"
                                       << "bad.json: field `arguments[2].count` missing";
        QTest::addRow("size variable missing") << R"spec({"N": 1000})spec"
                                               << "{}"
                                               << "bad.json: field `problem.sizes.small.N` missing";
        QTest::addRow("bad expression")
            << "ceil_div(N, BLOCK_SIZE)"
            << "ceil_div(N, BLOCK_SIZE"
            << "bad.json: field `launch.grid[0]`: bad expression `ceil_div(N, BLOCK_SIZE`: ";
        QTest::addRow("bad operator")
            << R"spec("value": "12 * N")spec"
            << R"spec("value": "12 * * N")spec"
            << "bad.json: field `metric.value`: bad expression `12 * * N`: Unexpected operator";
        QTest::addRow("unknown type")
            << R"spec("type": "f32", "role": "in", "count": "N"},
    {"name": "b")spec"
            << R"spec("type": "f8", "role": "in", "count": "N"},
    {"name": "b")spec"
            << "bad.json: field `arguments[0].type`: unknown type `f8` (f16, f32, f64, i32, i64)";
        QTest::addRow("undefined parameter") << R"spec("block": ["BLOCK_SIZE", 1, 1])spec"
                                             << R"spec("block": ["BLOCK", 1, 1])spec"
                                             << "bad.json: field `launch.block[0]`: `BLOCK` is not defined "
                                                "(parameters: BLOCK_SIZE; problem variables: N)";
        QTest::addRow("constraint uses a size") << "BLOCK_SIZE >= 64"
                                                << "BLOCK_SIZE >= N"
                                                << "bad.json: field `constraints[0]`: `N` is not defined "
                                                   "(parameters: BLOCK_SIZE)";
        QTest::addRow("grid of two")
            << R"spec("grid": ["ceil_div(N, BLOCK_SIZE)", 1, 1])spec"
            << R"spec("grid": ["ceil_div(N, BLOCK_SIZE)", 1])spec"
            << "bad.json: field `launch.grid`: must list 3 expressions (x, y, z), it has 2";
        QTest::addRow("unknown field") << R"spec("constraints":)spec"
                                       << R"spec("contraints":)spec"
                                       << "bad.json: field `contraints`: unknown field";
        QTest::addRow("default not a value") << R"spec("default": 128)spec"
                                             << R"spec("default": 100)spec"
                                             << "bad.json: field `parameters[0].default`: 100 is not one of";
        QTest::addRow("value not whole")
            << "[64, 128, 256]"
            << "[64, 128.5, 256]"
            << "bad.json: field `parameters[0].values[1]`: must be a whole number";
        QTest::addRow("duplicate name")
            << R"spec("problem": {"variables": ["N"])spec"
            << R"spec("problem": {"variables": ["BLOCK_SIZE"])spec"
            << "bad.json: field `problem.variables[0]`: `BLOCK_SIZE` is already a parameter";
        QTest::addRow("function name")
            << R"spec("variables": ["N"])spec"
            << R"spec("variables": ["min"])spec"
            << "bad.json: field `problem.variables[0]`: `min` is the name of an expression "
               "function";
        QTest::addRow("unknown reference")
            << R"spec("reference": "vector_add")spec"
            << R"spec("reference": "fft")spec"
            << "bad.json: field `reference`: unknown reference `fft` (vector_add, "
               "matmul_f32, matmul_f16, reduce_sum, softmax, none)";
        QTest::addRow("reference layout")
            << R"spec("type": "f32", "role": "in", "count": "N"},
    {"name": "b")spec"
            << R"spec("type": "f16", "role": "in", "count": "N"},
    {"name": "b")spec"
            << "bad.json: field `arguments[0].type` is f16, reference `vector_add` expects f32 here";
        QTest::addRow("unknown role") << R"spec("role": "out")spec"
                                      << R"spec("role": "output")spec"
                                      << "bad.json: field `arguments[2].role`: unknown role `output`";
        QTest::addRow("source missing") << R"spec("source": "add.cu")spec"
                                        << R"spec("source": "gone.cu")spec"
                                        << "bad.json: field `source`: cannot read ";
        QTest::addRow("entry absent") << R"spec("entry": "add_kernel")spec"
                                      << R"spec("entry": "add")spec"
                                      << "bad.json: field `entry`: `add` does not appear in ";
        QTest::addRow("wrong schema") << "kernellens.kernel-spec/1"
                                      << "kernellens.kernel-spec/9"
                                      << "bad.json: field `schema`: `kernellens.kernel-spec/9` is not";
        QTest::addRow("geometry at load")
            << R"spec("block": ["BLOCK_SIZE", 1, 1])spec"
            << R"spec("block": ["BLOCK_SIZE * 16", 1, 1])spec"
            << "bad.json: field `launch.block[0]` = 2048 is more than 1024 (problem size "
               "`small`, default configuration BLOCK_SIZE=128)";
        QTest::addRow("default violates constraint")
            << "BLOCK_SIZE >= 64"
            << "BLOCK_SIZE >= 256"
            << "bad.json: field `constraints`: the default configuration "
               "(BLOCK_SIZE=128) does not satisfy `BLOCK_SIZE >= 256`";
        QTest::addRow("fill on scratch")
            << R"spec("role": "out", "count": "N"})spec"
            << R"spec("role": "scratch", "count": "N", "fill": {"kind": "zero"}})spec"
            << "bad.json: field `arguments[2].fill`: scratch buffers are always zero-filled";
        QTest::addRow("unknown arch variant")
            << R"spec("entry": "add_kernel",)spec"
            << R"spec("entry": "add_kernel", "arch_variant": "f",)spec"
            << "bad.json: field `arch_variant`: `f` is not an arch variant (a)";
        QTest::addRow("arch variant not a string") << R"spec("entry": "add_kernel",)spec"
                                                   << R"spec("entry": "add_kernel", "arch_variant": 1,)spec"
                                                   << "bad.json: field `arch_variant`";
        QTest::addRow("not json") << "{\n  \"schema\""
                                  << "{{"
                                  << "bad.json: not valid JSON: ";
        QTest::addRow("not an object") << kValidSpec << "[1, 2]"
                                       << "bad.json: not a kernel spec: the top level must be a JSON object";
    }

    void badSpec()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile cu(dir.filePath("add.cu"));
        QVERIFY(cu.open(QIODevice::WriteOnly));
        cu.write(
            "extern \"C\" __global__ void add_kernel(const float* a, const float* b, float* c, int n) {}\n");
        cu.close();

        // The template itself is valid.
        const std::string path = dir.filePath("bad.json").toStdString();
        const auto valid = kl::parseKernelSpec(kValidSpec, path);
        QVERIFY2(valid, errorOf(valid).c_str());

        QString text = QString::fromUtf8(kValidSpec);
        QVERIFY2(text.contains(from), qPrintable("the row's text is not in the template: " + from));
        text.replace(from, to);
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
        f.close();
        const auto spec = kl::loadKernelSpec(path);
        QVERIFY(!spec);
        const std::string error = errorOf(spec);
        QVERIFY2(error.starts_with(dir.path().toStdString() + "/"), error.c_str()); // the full path
        QVERIFY2(error.find(message.toStdString()) != std::string::npos,
                 qPrintable(QString::fromStdString(error) + "\n  does not contain\n" + message));
    }

    // `arch_variant` "a": the autotuner compiles for the device's arch-specific target.
    void archVariant()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile cu(dir.filePath("add.cu"));
        QVERIFY(cu.open(QIODevice::WriteOnly));
        cu.write(
            "extern \"C\" __global__ void add_kernel(const float* a, const float* b, float* c, int n) {}\n");
        cu.close();
        const std::string path = dir.filePath("add.json").toStdString();

        const auto plain = kl::parseKernelSpec(kValidSpec, path);
        QVERIFY2(plain, errorOf(plain).c_str());
        QCOMPARE(plain->archVariant, std::string());
        for (const char* arch : {"sm_80", "sm_90", "sm_90a", "sm_100f"})
            QCOMPARE(*kl::targetArch(*plain, arch), std::string(arch));

        QString text = QString::fromUtf8(kValidSpec);
        text.replace(R"spec("entry": "add_kernel",)spec",
                     R"spec("entry": "add_kernel", "arch_variant": "a",)spec");
        const auto specific = kl::parseKernelSpec(text.toStdString(), path);
        QVERIFY2(specific, errorOf(specific).c_str());
        QCOMPARE(specific->archVariant, std::string("a"));
        QCOMPARE(*kl::targetArch(*specific, "sm_90"), std::string("sm_90a"));
        QCOMPARE(*kl::targetArch(*specific, "sm_90a"), std::string("sm_90a"));
        QCOMPARE(*kl::targetArch(*specific, "sm_100"), std::string("sm_100a"));
        QCOMPARE(*kl::targetArch(*specific, "sm_100f"), std::string("sm_100a"));
        for (const char* arch : {"sm_80", "sm_89", "compute_90", "sm_x"}) {
            const auto refused = kl::targetArch(*specific, arch);
            QVERIFY2(!refused, arch);
            QVERIFY2(errorOf(refused).find(path + ": `arch_variant` \"a\" needs an arch-specific target") ==
                         0,
                     errorOf(refused).c_str());
            QVERIFY2(errorOf(refused).find(std::string(arch) + " has none") != std::string::npos,
                     errorOf(refused).c_str());
        }

        // The library's wgmma GEMM asks for it; the mma.sync one runs anywhere from sm_80.
        QCOMPARE(librarySpec("matmul_f16_wgmma").archVariant, std::string("a"));
        QCOMPARE(librarySpec("matmul_f16").archVariant, std::string());
    }

    void missingFile()
    {
        const auto spec = kl::loadKernelSpec("/nonexistent/x.json");
        QVERIFY(!spec);
        QCOMPARE(errorOf(spec), std::string("/nonexistent/x.json: No such file or directory"));
    }
};

QTEST_GUILESS_MAIN(TstKernelSpec)
#include "tst_kernelspec.moc"
