#include "gpu/kernels/half.h"
#include "gpu/kernels/hostbuffer.h"
#include "gpu/kernels/kernelconfig.h"
#include "gpu/kernels/kernellibrary.h"
#include "gpu/kernels/kernelreference.h"
#include "gpu/kernels/kernelspec.h"
#include "gpu/kernels/launchplan.h"
#include "gpu/kernels/resultcheck.h"

#include <QTest>
#include <cmath>
#include <cstring>
#include <limits>

namespace {

// A Result's error in English, "" when it holds a value.
template <typename R> std::string errorOf(const R& r)
{
    return r ? std::string() : r.error().english();
}

kl::KernelSpec librarySpec(const std::string& name)
{
    auto spec = kl::loadKernelSpec(kl::kernelLibraryDir() + "/" + name + ".json");
    if (!spec)
        qFatal("%s", errorOf(spec).c_str());
    return *spec;
}

kl::LaunchPlan plan(const kl::KernelSpec& spec, const std::string& size)
{
    const auto s = kl::resolveProblemSize(spec, size);
    if (!s)
        qFatal("%s", errorOf(s).c_str());
    auto p = kl::planLaunch(spec, kl::defaultConfiguration(spec), *s);
    if (!p)
        qFatal("%s", errorOf(p).c_str());
    return *p;
}

std::uint32_t bitsOf(float f)
{
    std::uint32_t x = 0;
    std::memcpy(&x, &f, 4);
    return x;
}

float floatOf(std::uint32_t x)
{
    float f = 0;
    std::memcpy(&f, &x, 4);
    return f;
}

bool isHalfNan(std::uint16_t h)
{
    return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0;
}

} // namespace

class TstKernelRefs : public QObject {
    Q_OBJECT

private slots:
    void floatToHalf_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<uint>("bits");
        QTest::addRow("one") << 1.0f << 0x3c00u;
        QTest::addRow("minus two") << -2.0f << 0xc000u;
        QTest::addRow("zero") << 0.0f << 0x0000u;
        QTest::addRow("minus zero") << -0.0f << 0x8000u;
        QTest::addRow("largest") << 65504.0f << 0x7bffu;
        QTest::addRow("rounds down to largest") << 65519.0f << 0x7bffu;
        QTest::addRow("rounds up to infinity") << 65520.0f << 0x7c00u;
        QTest::addRow("infinity") << std::numeric_limits<float>::infinity() << 0x7c00u;
        QTest::addRow("third") << 1.0f / 3.0f << 0x3555u;
        QTest::addRow("tenth") << 0.1f << 0x2e66u;
        QTest::addRow("tie to even, down") << 1.0f + 0x1.0p-11f << 0x3c00u;
        QTest::addRow("tie to even, up") << 1.0f + 3 * 0x1.0p-11f << 0x3c02u;
        QTest::addRow("smallest normal") << 0x1.0p-14f << 0x0400u;
        QTest::addRow("smallest subnormal") << 0x1.0p-24f << 0x0001u;
        QTest::addRow("half of smallest subnormal, tie to zero") << 0x1.0p-25f << 0x0000u;
        QTest::addRow("above half of smallest subnormal") << 0x1.8p-25f << 0x0001u;
        QTest::addRow("largest subnormal") << 1023 * 0x1.0p-24f << 0x03ffu;
        QTest::addRow("subnormal rounds up to normal") << 0x1.ffcp-15f << 0x0400u;
        QTest::addRow("tiny") << 1e-10f << 0x0000u;
    }

    void floatToHalf()
    {
        QFETCH(float, value);
        QFETCH(uint, bits);
        QCOMPARE(uint(kl::floatToHalf(value)), bits);
    }

    void halfRoundTrip()
    {
        // Every half widens exactly and narrows back to itself; NaNs stay NaN.
        for (std::uint32_t h = 0; h < 65536; ++h) {
            const float f = kl::halfToFloat(std::uint16_t(h));
            if (isHalfNan(std::uint16_t(h))) {
                QVERIFY(std::isnan(f));
                QVERIFY(isHalfNan(kl::floatToHalf(f)));
                continue;
            }
            QCOMPARE(uint(kl::floatToHalf(f)), uint(h));
        }
        QCOMPARE(kl::halfToFloat(0x3c00), 1.0f);
        QCOMPARE(kl::halfToFloat(0x0001), 0x1.0p-24f);
        QCOMPARE(kl::halfToFloat(0xfc00), -std::numeric_limits<float>::infinity());
        QVERIFY(isHalfNan(kl::floatToHalf(std::numeric_limits<float>::quiet_NaN())));
        QVERIFY(isHalfNan(kl::floatToHalf(floatOf(0x7f800001u)))); // a signalling NaN with a low payload
    }

    void halfMatchesCompiler()
    {
#ifdef __FLT16_MAX__
        for (std::uint32_t h = 0; h < 65536; ++h) {
            if (isHalfNan(std::uint16_t(h)))
                continue;
            _Float16 c;
            const auto bits = std::uint16_t(h);
            std::memcpy(&c, &bits, 2);
            QCOMPARE(bitsOf(kl::halfToFloat(bits)), bitsOf(float(c)));
        }
        // Narrowing: a stride through all float bit patterns that hits every exponent with
        // varied mantissas, plus the neighbours of every half-way point.
        auto check = [](float f) {
            if (std::isnan(f))
                return true;
            const _Float16 c = static_cast<_Float16>(f);
            std::uint16_t expect = 0;
            std::memcpy(&expect, &c, 2);
            if (kl::floatToHalf(f) == expect)
                return true;
            qWarning("floatToHalf(%a) = %#x, the compiler says %#x", double(f), kl::floatToHalf(f), expect);
            return false;
        };
        for (std::uint64_t x = 0; x < (1ull << 32); x += 4093)
            QVERIFY(check(floatOf(std::uint32_t(x))));
        for (std::uint32_t h = 0; h < 0x7c00; ++h) {
            const float mid = (kl::halfToFloat(std::uint16_t(h)) + kl::halfToFloat(std::uint16_t(h + 1))) / 2;
            for (float f : {std::nextafter(mid, 0.0f), mid, std::nextafter(mid, 1e9f)}) {
                QVERIFY(check(f));
                QVERIFY(check(-f));
            }
        }
#else
        QSKIP("this compiler has no _Float16 to compare with");
#endif
    }

    void vectorAdd()
    {
        const float a[] = {1, 2, 3}, b[] = {0.5f, -2, 10};
        float c[3] = {};
        kl::referenceVectorAdd(a, b, c);
        QCOMPARE(c[0], 1.5f);
        QCOMPARE(c[1], 0.0f);
        QCOMPARE(c[2], 13.0f);
    }

    void matmulF32()
    {
        // [[1,2,3],[4,5,6]] * [[7,8],[9,10],[11,12]] = [[58,64],[139,154]]
        const float a[] = {1, 2, 3, 4, 5, 6}, b[] = {7, 8, 9, 10, 11, 12};
        float c[4] = {};
        kl::referenceMatmulF32(a, b, c, 2, 2, 3);
        QCOMPARE(std::vector<float>(c, c + 4), (std::vector<float>{58, 64, 139, 154}));
        // Only the rows asked for.
        float d[4] = {-1, -1, -1, -1};
        const std::int64_t rows[] = {1};
        kl::referenceMatmulF32(a, b, d, 2, 2, 3, rows);
        QCOMPARE(std::vector<float>(d, d + 4), (std::vector<float>{-1, -1, 139, 154}));
    }

    void matmulF16()
    {
        // [[1, 0.5], [-1, 2]] * [[2, 1], [3, -1]] = [[3.5, 0.5], [4, -3]]
        const std::uint16_t a[] = {kl::floatToHalf(1), kl::floatToHalf(0.5f), kl::floatToHalf(-1),
                                   kl::floatToHalf(2)};
        const std::uint16_t b[] = {kl::floatToHalf(2), kl::floatToHalf(1), kl::floatToHalf(3),
                                   kl::floatToHalf(-1)};
        float c[4] = {};
        kl::referenceMatmulF16(a, b, c, 2, 2, 2);
        QCOMPARE(std::vector<float>(c, c + 4), (std::vector<float>{3.5f, 0.5f, 4, -3}));
        // The inputs are what fp16 holds: 0.1 is 0x2e66 = 0.0999755859375, so 0.1 * 10 is not 1.
        const std::uint16_t tenth[] = {kl::floatToHalf(0.1f)}, ten[] = {kl::floatToHalf(10)};
        float one[1] = {};
        kl::referenceMatmulF16(tenth, ten, one, 1, 1, 1);
        QCOMPARE(one[0], 0.999755859375f);
    }

    void reduceSum()
    {
        const float v[] = {1, 2, 3, 4.5f};
        QCOMPARE(kl::referenceReduceSum(v), 10.5f);
        // Accumulated in double: a float running sum would lose the 1.
        const float w[] = {1e8f, 1, -1e8f};
        QCOMPARE(kl::referenceReduceSum(w), 1.0f);
        QCOMPARE(kl::referenceReduceSum({}), 0.0f);
    }

    void softmax()
    {
        const float in[] = {0, std::log(3.0f), 1, 1, 1000, 1000};
        float out[6] = {};
        kl::referenceSoftmax(in, out, 3, 2);
        QVERIFY(std::fabs(out[0] - 0.25f) < 1e-7f);
        QVERIFY(std::fabs(out[1] - 0.75f) < 1e-7f);
        QCOMPARE(out[2], 0.5f);
        QCOMPARE(out[3], 0.5f);
        QCOMPARE(out[4], 0.5f); // exp(1000) overflows; the max is subtracted first
        QCOMPARE(out[5], 0.5f);
    }

    void inputsAreDeterministic()
    {
        const kl::KernelSpec spec = librarySpec("reduction");
        const kl::LaunchPlan p = plan(spec, "small");
        const auto a = kl::makeHostBuffers(spec, p, 42);
        const auto b = kl::makeHostBuffers(spec, p, 42);
        const auto c = kl::makeHostBuffers(spec, p, 43);
        QCOMPARE(a.size(), spec.arguments.size());
        QCOMPARE(a[0].byteSize(), std::uint64_t(100003 * 4));
        QCOMPARE(std::memcmp(a[0].data(), b[0].data(), a[0].byteSize()), 0);
        QVERIFY(std::memcmp(a[0].data(), c[0].data(), a[0].byteSize()) != 0);
        // Fixed values for seed 42 on every machine: a change here changes every recorded check.
        const auto head = a[0].f32().first(12);
        QCOMPARE(std::vector<float>(head.begin(), head.end()),
                 (std::vector<float>{2, 0, 1, -2, 0, 0, -2, -2, -2, 2, 1, 2}));
        // in: whole numbers in [-2, 2], all five of them present.
        int seen[5] = {};
        for (float v : a[0].f32()) {
            QVERIFY(v == std::floor(v) && v >= -2 && v <= 2);
            ++seen[int(v) + 2];
        }
        for (int s : seen)
            QVERIFY(s > 15000);
        QVERIFY(std::isnan(a[1].f32()[0]));               // out: poisoned
        QCOMPARE(a[2].count(), std::uint64_t(p.grid[0])); // partials: one per block
        for (float v : a[2].f32())
            QCOMPARE(v, 0.0f); // scratch: zero
        QCOMPARE(a[3].i32()[0], 0);
        QCOMPARE(a[4].count(), std::uint64_t(0)); // the scalar n
    }

    void inputValues()
    {
        // softmax's input: reals in [-4, 4) spread over the range.
        const kl::KernelSpec spec = librarySpec("softmax");
        const auto bufs = kl::makeHostBuffers(spec, plan(spec, "small"), 7);
        double lo = 1e9, hi = -1e9, sum = 0;
        for (float v : bufs[0].f32()) {
            lo = std::min(lo, double(v));
            hi = std::max(hi, double(v));
            sum += v;
        }
        QVERIFY(lo >= -4 && lo < -3.99);
        QVERIFY(hi < 4 && hi > 3.99);
        QVERIFY(std::fabs(sum / 37000) < 0.05);
        // matmul_f16's inputs are fp16 values: widening and narrowing them changes nothing.
        const kl::KernelSpec mm = librarySpec("matmul_f16");
        const auto h = kl::makeHostBuffers(mm, plan(mm, "small"), 1);
        QCOMPARE(h[0].type(), kl::DataType::F16);
        QCOMPARE(h[0].byteSize(), std::uint64_t(127 * 33 * 2));
        for (std::uint16_t bits : h[0].f16()) {
            const float f = kl::halfToFloat(bits);
            QVERIFY(f >= -1 && f <= 1);
            QCOMPARE(kl::floatToHalf(f), bits);
        }
    }

    void referenceThroughSpec_data()
    {
        QTest::addColumn<QString>("kernel");
        for (const char* k : {"vector_add", "matmul_f32", "matmul_f16", "reduction", "softmax"})
            QTest::addRow("%s", k) << k;
    }

    void referenceThroughSpec()
    {
        // The expected outputs match the typed references on the same inputs, and a copy of
        // them passes the check.
        QFETCH(QString, kernel);
        const kl::KernelSpec spec = librarySpec(kernel.toStdString());
        const kl::LaunchPlan p = plan(spec, "small");
        const auto inputs = kl::makeHostBuffers(spec, p, 1);
        const auto expected = kl::computeReference(spec, p, inputs);
        QVERIFY2(expected, errorOf(expected).c_str());
        QCOMPARE(expected->size(), std::size_t(1));
        const kl::ExpectedOutput& out = expected->front();
        QCOMPARE(spec.arguments[out.argument].role, kl::ArgumentRole::Out);
        QVERIFY(out.checked.empty()); // small sizes are computed whole
        if (kernel == "vector_add") {
            for (std::uint64_t i = 0; i < 100003; i += 997)
                QCOMPARE(out.values.f32()[i], inputs[0].f32()[i] + inputs[1].f32()[i]);
        } else if (kernel == "reduction") {
            double s = 0;
            for (float v : inputs[0].f32())
                s += v;
            QCOMPARE(double(out.values.f32()[0]), s);
        } else if (kernel == "softmax") {
            double rowSum = 0;
            for (int c = 0; c < 1000; ++c)
                rowSum += out.values.f32()[36 * 1000 + c];
            QVERIFY(std::fabs(rowSum - 1) < 1e-5);
        } else {
            // C[126][64] by hand from the inputs.
            double s = 0;
            for (int k = 0; k < 33; ++k)
                s += inputs[0].get(126 * 33 + k) * inputs[1].get(k * 65 + 64);
            QCOMPARE(out.values.f32()[126 * 65 + 64], float(s));
        }
        std::vector<kl::HostBuffer> actual = inputs;
        actual[out.argument] = out.values;
        const kl::ResultCheck check = kl::checkResults(spec, *expected, actual);
        QVERIFY2(check.ok, check.message.english().c_str());
        // The poisoned output as the kernel left it untouched: every element fails.
        const kl::ResultCheck untouched = kl::checkResults(spec, *expected, inputs);
        QVERIFY(!untouched.ok);
        QCOMPARE(untouched.buffers[0].mismatches, out.values.count());
        QCOMPARE(untouched.buffers[0].first->index, std::uint64_t(0));
    }

    void matmulSamplesRows()
    {
        const kl::KernelSpec spec = librarySpec("matmul_f32");
        const kl::LaunchPlan p = plan(spec, "M=300,N=20,K=10");
        const auto inputs = kl::makeHostBuffers(spec, p, 3);
        // 300 * 20 * 10 = 60000 multiply-adds; a budget of 1000 leaves 5 rows of 200.
        const auto expected = kl::computeReference(spec, p, inputs, 1000);
        QVERIFY2(expected, errorOf(expected).c_str());
        const auto& checked = expected->front().checked;
        QCOMPARE(checked.size(), std::size_t(5));
        QCOMPARE(checked.front(), (kl::IndexRange{0, 20}));
        QCOMPARE(checked.back(), (kl::IndexRange{299 * 20, 300 * 20}));
        QCOMPARE(checked[2], (kl::IndexRange{149 * 20, 150 * 20})); // 2 * 299 / 4 = 149
        // The sampled rows agree with a full computation.
        const auto full = kl::computeReference(spec, p, inputs);
        QVERIFY(full->front().checked.empty());
        for (const auto& [b, e] : checked)
            for (auto i = b; i < e; ++i)
                QCOMPARE(expected->front().values.f32()[i], full->front().values.f32()[i]);
    }

    void referenceErrors()
    {
        kl::KernelSpec spec = librarySpec("matmul_f32");
        const kl::LaunchPlan p = plan(spec, "small");
        auto inputs = kl::makeHostBuffers(spec, p, 1);
        inputs[0] = kl::HostBuffer(kl::DataType::F32, 100);
        auto expected = kl::computeReference(spec, p, inputs);
        QVERIFY(!expected);
        std::string error = errorOf(expected);
        QCOMPARE(error, std::string("reference `matmul_f32` needs 4191 elements in `A`, it has 100"));
        spec.reference = "none";
        expected = kl::computeReference(spec, p, inputs);
        QVERIFY(!expected);
        error = errorOf(expected);
        QVERIFY2(error.find("no CPU reference") != std::string::npos, error.c_str());
    }

    void comparisonFindsInjectedError()
    {
        kl::HostBuffer expected(kl::DataType::F32, 1000), actual(kl::DataType::F32, 1000);
        for (std::uint64_t i = 0; i < 1000; ++i) {
            expected.set(i, double(i) / 7);
            actual.set(i, double(i) / 7);
        }
        const kl::Tolerance t{1e-6, 1e-5};
        auto r = kl::compareBuffers(expected, actual, t);
        QVERIFY(r.ok);
        QCOMPARE(r.checked, std::uint64_t(1000));
        QVERIFY(!r.first);

        actual.set(17, 2.5);
        actual.set(900, std::numeric_limits<double>::quiet_NaN());
        r = kl::compareBuffers(expected, actual, t);
        QVERIFY(!r.ok);
        QCOMPARE(r.mismatches, std::uint64_t(2));
        QCOMPARE(r.first->index, std::uint64_t(17));
        QCOMPARE(r.first->expected, double(float(17.0 / 7)));
        QCOMPARE(r.first->actual, 2.5);
        const std::string text = kl::describeComparison(r, "c", t).english();
        QVERIFY2(text.starts_with(
                     "`c`: 2 of 1000 elements differ (tolerance abs 1e-06, rel 1e-05); first at index "
                     "17: expected 2.42857146, got 2.5"),
                 text.c_str());

        // Only the ranges given are compared.
        const kl::IndexRange ranges[] = {{0, 10}, {18, 900}};
        QVERIFY(kl::compareBuffers(expected, actual, t, ranges).ok);

        // Within tolerance: abs near zero, rel for large values.
        actual = expected;
        actual.set(0, 5e-7);                           // expected 0: |d| = 5e-7 <= abs 1e-6
        actual.set(999, expected.get(999) * 1.000009); // expected ~142.7: |d| ~ 1.3e-3 <= 1e-6 + 1.4e-3
        QVERIFY(kl::compareBuffers(expected, actual, t).ok);
        actual.set(999, expected.get(999) * 1.00002);
        r = kl::compareBuffers(expected, actual, t);
        QVERIFY(!r.ok);
        QCOMPARE(r.first->index, std::uint64_t(999));

        // Different sizes never compare equal.
        QVERIFY(!kl::compareBuffers(expected, kl::HostBuffer(kl::DataType::F32, 999), t).ok);
    }

    void checkResultsNamesTheBuffer()
    {
        const kl::KernelSpec spec = librarySpec("vector_add");
        const kl::LaunchPlan p = plan(spec, "small");
        auto buffers = kl::makeHostBuffers(spec, p, 5);
        const auto expected = kl::computeReference(spec, p, buffers);
        QVERIFY(expected);
        buffers[2] = expected->front().values;
        buffers[2].set(12345, buffers[2].get(12345) + 1);
        const kl::ResultCheck check = kl::checkResults(spec, *expected, buffers);
        QVERIFY(!check.ok);
        QVERIFY2(check.message.english().starts_with(
                     "`c`: 1 of 100003 elements differ (tolerance abs 0, rel 1e-07); first at "
                     "index 12345"),
                 check.message.english().c_str());
    }
};

QTEST_GUILESS_MAIN(TstKernelRefs)
#include "tst_kernelrefs.moc"
