#include "gpu/benchstats.h"
#include "gpu/kernelargs.h"

#include <QTest>
#include <cmath>

class TstBenchStats : public QObject {
    Q_OBJECT
private slots:
    // Values torch.quantile gives for the same inputs (interpolation='linear').
    void quantileMatchesTorch()
    {
        QCOMPARE(kl::quantile({1, 2, 3, 4}, 0.2), 1.6);
        QCOMPARE(kl::quantile({1, 2, 3, 4}, 0.5), 2.5);
        QCOMPARE(kl::quantile({4, 1, 3, 2}, 0.8), 3.4);
        QCOMPARE(kl::quantile({7}, 0.2), 7.0);
        QVERIFY(std::isnan(kl::quantile({}, 0.5)));
        QCOMPARE(kl::quantile({1, 2, 3}, 1.0), 3.0);
        QCOMPARE(kl::quantile({1, 2, 3}, 0.0), 1.0);
    }

    void summary()
    {
        const kl::TimingSummary s = kl::summarizeTimings({0.5, 0.1, 0.3, 0.2, 0.4});
        QCOMPARE(s.count, 5);
        QCOMPARE(s.median, 0.3);
        QVERIFY(std::abs(s.p20 - 0.18) < 1e-12);
        QVERIFY(std::abs(s.p80 - 0.42) < 1e-12);
        QCOMPARE(s.min, 0.1);
        QCOMPARE(s.max, 0.5);
        QVERIFY(std::abs(s.spread() - 0.8) < 1e-12);
    }

    // do_bench: n_warmup = max(1, int(warmup / estimate)), n_repeat = max(1, int(rep / estimate)).
    void countsFollowDoBench()
    {
        kl::BenchOptions o;
        QCOMPARE(kl::benchCounts(o, 0.5), std::make_pair(50, 200));
        QCOMPARE(kl::benchCounts(o, 300), std::make_pair(1, 1));
        QCOMPARE(kl::benchCounts(o, 0.0001).second, o.maxRepeats);
    }

    void argumentsArePackedAsTheKernelReadsThem()
    {
        kl::KernelArgs args;
        args.addPointer(0x7f0000001000ull);
        args.add<std::int32_t>(-5);
        args.add<float>(1.5f);
        args.add<std::uint16_t>(0x3c00); // fp16 1.0
        QCOMPARE(args.size(), std::size_t(4));
        void** p = args.params();
        QCOMPARE(*static_cast<std::uint64_t*>(p[0]), 0x7f0000001000ull);
        QCOMPARE(*static_cast<std::int32_t*>(p[1]), -5);
        QCOMPARE(*static_cast<float*>(p[2]), 1.5f);
        QCOMPARE(*static_cast<std::uint16_t*>(p[3]), std::uint16_t(0x3c00));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(reinterpret_cast<std::uintptr_t>(p[i]) % 8, std::uintptr_t(0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, args.addScalar({}));
    }
};

QTEST_GUILESS_MAIN(TstBenchStats)
#include "tst_benchstats.moc"
