// Statistics over compile events, checked against figures worked out by hand (eventsamples.h).
#include "core/events/eventstats.h"
#include "eventsamples.h"

#include <QTest>

namespace {

constexpr std::int64_t kNow = 1795346422000000000;

const kl::OriginStats* origin(const kl::EventStats& s, const std::string& name)
{
    for (const kl::OriginStats& o : s.byOrigin)
        if (o.origin == name)
            return &o;
    return nullptr;
}

const kl::StageSummary* stage(const kl::OriginStats& o, const std::string& name)
{
    for (const kl::StageSummary& s : o.stages)
        if (s.stage == name)
            return &s;
    return nullptr;
}

} // namespace

class TstEventStats : public QObject {
    Q_OBJECT

private slots:
    void quantile_data()
    {
        QTest::addColumn<QList<qint64>>("values");
        QTest::addColumn<double>("q");
        QTest::addColumn<double>("expected");
        // numpy.percentile(values, 100*q) with its default linear interpolation.
        QTest::addRow("one value") << QList<qint64>{7} << 0.9 << 7.0;
        QTest::addRow("median of even") << QList<qint64>{4, 1, 3, 2} << 0.5 << 2.5;
        QTest::addRow("median of odd") << QList<qint64>{5, 1, 3} << 0.5 << 3.0;
        QTest::addRow("p90 of four") << QList<qint64>{100, 200, 300, 400} << 0.9 << 370.0;
        QTest::addRow("p90 of ten") << QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} << 0.9 << 9.1;
        QTest::addRow("p0") << QList<qint64>{3, 1, 2} << 0.0 << 1.0;
        QTest::addRow("p100") << QList<qint64>{3, 1, 2} << 1.0 << 3.0;
        QTest::addRow("empty") << QList<qint64>{} << 0.5 << 0.0;
    }
    void quantile()
    {
        QFETCH(QList<qint64>, values);
        QFETCH(double, q);
        QFETCH(double, expected);
        const std::vector<std::int64_t> v(values.begin(), values.end());
        QCOMPARE(kl::quantile(v, q), expected);
    }

    void handComputedFigures()
    {
        kl::EventStatsOptions o;
        o.sinceNs = kNow - 3600ll * 1000000000; // the last hour: "old" is left out
        o.slowest = 3;
        const kl::EventStats s = kl::computeEventStats(eventsamples::sample(kNow), o);
        QCOMPARE(s.consideredEvents, std::size_t(10));
        QCOMPARE(s.firstTimeNs, kNow - 10 * 1000000000ll);
        QCOMPARE(s.lastTimeNs, kNow - 1000000000ll);

        // total: 10 events, 3 hits; misses 100 200 300 400 1000 2000 3000.
        QCOMPARE(s.total.events, std::size_t(10));
        QCOMPARE(s.total.hits, std::size_t(3));
        QCOMPARE(s.total.misses, std::size_t(7));
        QCOMPARE(*s.total.hitRate, 0.3);
        QCOMPARE(s.total.missTotal.count, std::size_t(7));
        QCOMPARE(s.total.missTotal.medianUs, 400.0);
        QCOMPARE(s.total.missTotal.p90Us, 2400.0); // rank 5.4: 2000 + 0.4 * 1000
        QCOMPARE(s.total.hitTotal.medianUs, 30.0);
        QCOMPARE(s.total.missBytes, 7000u);
        // Stages in the order they were first seen; hits' "lookup" is not a compile stage.
        QCOMPARE(s.total.stages.size(), std::size_t(4));
        QCOMPARE(s.total.stages[0].stage, std::string("ptx"));
        QCOMPARE(s.total.stages[1].stage, std::string("cubin"));
        QCOMPARE(s.total.stages[2].stage, std::string("ir_initialization"));
        QCOMPARE(s.total.stages[3].stage, std::string("ttir"));

        QCOMPARE(s.byOrigin.size(), std::size_t(2));
        QCOMPARE(s.byOrigin[0].origin, std::string("nvrtc"));
        const kl::OriginStats* nv = origin(s, "nvrtc");
        QVERIFY(nv);
        QCOMPARE(nv->events, std::size_t(6));
        QCOMPARE(nv->hits, std::size_t(2));
        QCOMPARE(nv->misses, std::size_t(4));
        QCOMPARE(*nv->hitRate, 2.0 / 6.0);
        QCOMPARE(nv->missTotal.medianUs, 250.0);
        QCOMPARE(nv->missTotal.p90Us, 370.0);
        QCOMPARE(nv->hitTotal.medianUs, 20.0);
        QCOMPARE(nv->hitTotal.p90Us, 28.0);
        QCOMPARE(stage(*nv, "ptx")->time.medianUs, 100.0);
        QCOMPARE(stage(*nv, "ptx")->time.p90Us, 148.0);
        QCOMPARE(stage(*nv, "cubin")->time.medianUs, 150.0);
        QCOMPARE(stage(*nv, "cubin")->time.p90Us, 222.0);
        QCOMPARE(stage(*nv, "cubin")->time.count, std::size_t(4));

        const kl::OriginStats* tr = origin(s, "triton");
        QVERIFY(tr);
        QCOMPARE(tr->events, std::size_t(4));
        QCOMPARE(*tr->hitRate, 0.25);
        QCOMPARE(tr->missTotal.medianUs, 2000.0);
        QCOMPARE(tr->missTotal.p90Us, 2800.0);
        QCOMPARE(stage(*tr, "ir_initialization")->time.medianUs, 200.0);
        QCOMPARE(stage(*tr, "ttir")->time.p90Us, 2520.0); // 1800 + 0.8 * 900

        // Slowest kernels by their slowest compile; the fourth (mm, 300) is cut by slowest = 3.
        QCOMPARE(s.slowest.size(), std::size_t(3));
        QCOMPARE(s.slowest[0].kernel, std::string("softmax"));
        QCOMPARE(s.slowest[0].compiles, std::size_t(2));
        QCOMPARE(s.slowest[0].maxUs, 3000);
        QCOMPARE(s.slowest[0].medianUs, 2000.0);
        QCOMPARE(s.slowest[0].sumUs, 4000);
        QCOMPARE(s.slowest[0].slowestKey, std::string("softmax-3000"));
        QCOMPARE(s.slowest[0].slowestTimeNs, kNow - 3000000000ll);
        QCOMPARE(s.slowest[1].kernel, std::string("add"));
        QCOMPARE(s.slowest[1].compiles, std::size_t(1));
        QCOMPARE(s.slowest[2].kernel, std::string("vec"));
        QCOMPARE(s.slowest[2].origin, std::string("nvrtc"));
        QCOMPARE(s.slowest[2].slowestArch, std::string("sm_90"));
    }

    void withoutSinceEveryEventCounts()
    {
        const kl::EventStats s = kl::computeEventStats(eventsamples::sample(kNow));
        QCOMPARE(s.consideredEvents, std::size_t(11));
        QCOMPARE(s.slowest.front().kernel, std::string("old"));
        QCOMPARE(origin(s, "triton")->misses, std::size_t(4));
    }

    void noEvents()
    {
        const kl::EventStats s = kl::computeEventStats({});
        QCOMPARE(s.consideredEvents, std::size_t(0));
        QVERIFY(!s.total.hitRate);
        QCOMPARE(s.total.missTotal.count, std::size_t(0));
        QVERIFY(s.byOrigin.empty());
        QVERIFY(s.slowest.empty());
    }

    void humanMicros_data()
    {
        QTest::addColumn<double>("us");
        QTest::addColumn<QString>("text");
        QTest::addRow("us") << 850.0 << QString::fromUtf8("850 µs");
        QTest::addRow("ms") << 1234.0 << QString("1.23 ms");
        QTest::addRow("tens of ms") << 12345.0 << QString("12.3 ms");
        QTest::addRow("s") << 1234567.0 << QString("1.23 s");
        QTest::addRow("min") << 125e6 << QString("2 min 5 s");
    }
    void humanMicros()
    {
        QFETCH(double, us);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(kl::humanMicros(us)), text);
    }
};

QTEST_GUILESS_MAIN(TstEventStats)
#include "tst_eventstats.moc"
