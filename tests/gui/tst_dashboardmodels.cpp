// The dashboard's figures and table models over a small hand-made event list whose every value is
// worked out in the comments, and the CSV export's quoting.
#include "app/gui/dashboard/chartexport.h"
#include "app/gui/dashboard/dashboarddata.h"
#include "app/gui/dashboard/dashboardmodels.h"
#include "app/gui/dashboard/diskfigures.h"

#include <QAbstractItemModelTester>
#include <QStandardItemModel>
#include <QtTest>
#include <climits>

using namespace kl::gui;

namespace {

constexpr std::int64_t kT0 = 1772409600LL * 1000000000LL; // 2026-03-02 00:00:00 UTC
constexpr std::int64_t kMinuteNs = 60LL * 1000000000LL;

kl::CompileEvent ev(int minute, const char* origin, const char* kernel, bool hit, const char* arch,
                    std::vector<std::pair<std::string, std::int64_t>> stages, std::uint64_t bytes)
{
    kl::CompileEvent e;
    e.timeNs = kT0 + minute * kMinuteNs;
    e.origin = origin;
    e.kernel = kernel;
    e.key = std::string(origin) + "/" + kernel;
    e.cacheHit = hit;
    e.arch = arch;
    for (const auto& [name, us] : stages)
        e.totalUs += us;
    e.stagesUs = std::move(stages);
    e.bytes = bytes;
    return e;
}

// Spans 180 minutes: 5-minute buckets (180 / 2 + 1 > 60, 180 / 5 + 1 = 37 <= 60).
std::vector<kl::CompileEvent> sample()
{
    return {
        ev(0, "triton", "add_kernel", false, "sm_80",
           {{"ir_initialization", 100000}, {"ttir", 10000}, {"cubin", 40000}},
           1000),                                                               // 150 ms
        ev(5, "triton", "add_kernel", true, "sm_80", {{"lookup", 5000}}, 1000), // bucket 1
        ev(6, "triton", "_row_softmax_kernel", false, "sm_90",
           {{"ir_initialization", 50000}, {"ttgir", 7000}},
           800), // 57 ms
        ev(10, "nvrtc", "vector_add", false, "sm_90", {{"lookup", 500}, {"nvrtc", 60000}, {"store", 2000}},
           500), // 62.5 ms
        ev(20, "triton", "matmul_kernel", false, "sm_90",
           {{"ir_initialization", 200000}, {"ttir", 20000}, {"cubin", 1800000}}, 4000), // 2.02 s
        ev(25, "nvrtc", "vector_add", true, "sm_90", {{"lookup", 400}}, 500),
        ev(40, "triton", "add_kernel", false, "sm_80",
           {{"ir_initialization", 120000}, {"ttir", 15000}, {"cubin", 50000}},
           1200), // 185 ms: add_kernel's slowest
        ev(180, "triton", "matmul_kernel", true, "sm_90", {{"lookup", 8000}}, 4000),
    };
}

QVariant cell(const QAbstractItemModel& m, int row, int column, int role = Qt::EditRole)
{
    return m.index(row, column).data(role);
}

} // namespace

class TstDashboardModels : public QObject {
    Q_OBJECT

private slots:
    void cacheOnDiskFromEntryTimes()
    {
        kl::Snapshot snap;
        auto add = [&](const char* kernel, const char* arch, std::int64_t sec, std::uint64_t size) {
            kl::Entry e;
            e.kernel = kernel;
            e.folderName = std::string("F") + kernel + std::to_string(sec);
            e.target.backend = "cuda";
            e.target.arch = arch;
            e.newestMtimeNs = sec * 1'000'000'000;
            e.totalSize = size;
            snap.entries.push_back(e);
        };
        add("mul", "90", 300, 400);
        add("add", "80", 100, 1000);
        add("add", "90", 200, 500);
        add("old", "80", 0, 7); // no time: in the shares, not on the timeline
        const kl::gui::DiskFigures f = kl::gui::computeDiskFigures(snap);
        QCOMPARE(f.timeline.size(), std::size_t(3));
        QCOMPARE(f.timeline[0].ms, std::int64_t(100'000));
        QCOMPARE(f.timeline[0].cumulativeBytes, std::uint64_t(1000));
        QCOMPARE(f.timeline[1].cumulativeBytes, std::uint64_t(1500));
        QCOMPARE(f.timeline[2].cumulativeBytes, std::uint64_t(1900));
        QCOMPARE(f.timeline[2].entries, std::size_t(3));
        QCOMPARE(f.byKernel.front().name, std::string("add"));
        QCOMPARE(f.byKernel.front().bytes, std::uint64_t(1500));
        QCOMPARE(f.byKernel.front().compiles, 2);
        QCOMPARE(f.byArch.size(), std::size_t(2));
        QCOMPARE(f.byArch.front().name, std::string("sm_80"));
        QCOMPARE(f.byArch.front().bytes, std::uint64_t(1007));

        kl::gui::DiskTimelineModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPoints(f.timeline);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(2, kl::gui::DiskTimelineModel::BytesOnDisk).data(Qt::EditRole).toULongLong(),
                 1900ull);
        QCOMPARE(model.index(0, kl::gui::DiskTimelineModel::Time).data(Qt::EditRole).toString(),
                 QStringLiteral("1970-01-01T00:01:40Z"));
    }

    void cacheOnDiskKeepsAtMost400Points()
    {
        kl::Snapshot snap;
        for (int i = 0; i < 100'001; ++i) {
            kl::Entry e;
            e.kernel = "k";
            e.newestMtimeNs = std::int64_t(i + 1) * 1'000'000'000;
            e.totalSize = 2;
            snap.entries.push_back(std::move(e));
        }
        const auto f = kl::gui::computeDiskFigures(snap);
        QVERIFY(f.timeline.size() <= kl::gui::kMaxDiskPoints);
        QCOMPARE(f.timeline.back().cumulativeBytes, std::uint64_t(200'002)); // the last point is exact
        QCOMPARE(f.timeline.back().entries, std::size_t(100'001));
    }

    void bucketSizes()
    {
        const std::int64_t minute = 60000, hour = 60 * minute, day = 24 * hour;
        QCOMPARE(chooseBucketMs(0), minute);
        QCOMPARE(chooseBucketMs(59 * minute), minute);
        QCOMPARE(chooseBucketMs(60 * minute), 2 * minute);
        QCOMPARE(chooseBucketMs(180 * minute), 5 * minute);
        QCOMPARE(chooseBucketMs(7 * day), 3 * hour);   // 57 buckets
        QCOMPARE(chooseBucketMs(29 * day), 12 * hour); // 59 buckets
        QCOMPARE(chooseBucketMs(30 * day), day);
        QCOMPARE(chooseBucketMs(365 * day), 7 * day);
        for (std::int64_t span : {40 * minute, 5 * hour, 3 * day, 7 * day, 40 * day}) {
            const std::int64_t buckets = span / chooseBucketMs(span) + 1;
            QVERIFY2(buckets >= 20 && buckets <= 60, qPrintable(QString::number(buckets)));
        }
    }

    void timeline()
    {
        TimelineModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setEvents(sample());
        QCOMPARE(m.timeline().bucketMs, 5 * 60000);
        QCOMPARE(m.rowCount(), 37);
        QCOMPARE(m.columnCount(), 6);
        QCOMPARE(cell(m, 0, TimelineModel::Start).toString(), QString("2026-03-02T00:00:00Z"));
        QCOMPARE(cell(m, 36, TimelineModel::Start).toString(), QString("2026-03-02T03:00:00Z"));
        // bucket: hits, misses, hit rate, bytes compiled, cumulative
        const struct {
            int row, hits, misses;
            QVariant rate;
            qulonglong bytes, cumulative;
        } expected[] = {
            {0, 0, 1, 0.0, 1000, 1000},     {1, 1, 1, 50.0, 800, 1800},      {2, 0, 1, 0.0, 500, 2300},
            {3, 0, 0, QVariant(), 0, 2300}, {4, 0, 1, 0.0, 4000, 6300},      {5, 1, 0, 100.0, 0, 6300},
            {8, 0, 1, 0.0, 1200, 7500},     {35, 0, 0, QVariant(), 0, 7500}, {36, 1, 0, 100.0, 0, 7500},
        };
        for (const auto& x : expected) {
            QCOMPARE(cell(m, x.row, TimelineModel::Hits).toInt(), x.hits);
            QCOMPARE(cell(m, x.row, TimelineModel::Misses).toInt(), x.misses);
            QCOMPARE(cell(m, x.row, TimelineModel::HitRate), x.rate);
            QCOMPARE(cell(m, x.row, TimelineModel::Bytes).toULongLong(), x.bytes);
            QCOMPARE(cell(m, x.row, TimelineModel::CumulativeBytes).toULongLong(), x.cumulative);
        }
        int hits = 0, misses = 0;
        for (int r = 0; r < m.rowCount(); ++r) {
            hits += cell(m, r, TimelineModel::Hits).toInt();
            misses += cell(m, r, TimelineModel::Misses).toInt();
        }
        QCOMPARE(hits, 3);
        QCOMPARE(misses, 5);
        QCOMPARE(cell(m, 1, TimelineModel::HitRate, Qt::DisplayRole).toString(), QString("50.0 %"));
        m.setEvents({});
        QCOMPARE(m.rowCount(), 0);
    }

    void stageBreakdown()
    {
        StageBreakdownModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setEvents(sample());
        const std::vector<std::string> stages = {
            "ir_initialization", "ttir", "cubin", "lookup", "nvrtc", "store", "ttgir"};
        QCOMPARE(m.breakdown().stages, stages);
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), 4 + 7);
        QCOMPARE(m.headerData(StageBreakdownModel::FirstStage + 2, Qt::Horizontal).toString(),
                 QString("cubin (µs)"));
        const QStringList kernels = {"matmul_kernel", "add_kernel", "vector_add", "_row_softmax_kernel"};
        const QList<qlonglong> totals = {2020000, 185000, 62500, 57000};
        const QList<QList<qlonglong>> stageUs = {{200000, 20000, 1800000, 0, 0, 0, 0},
                                                 {120000, 15000, 50000, 0, 0, 0, 0}, // the slower add_kernel
                                                 {0, 0, 0, 500, 60000, 2000, 0},
                                                 {50000, 0, 0, 0, 0, 0, 7000}};
        for (int r = 0; r < 4; ++r) {
            QCOMPARE(cell(m, r, StageBreakdownModel::Kernel).toString(), kernels[r]);
            QCOMPARE(cell(m, r, StageBreakdownModel::Total).toLongLong(), totals[r]);
            qlonglong sum = 0;
            for (int s = 0; s < 7; ++s) {
                QCOMPARE(cell(m, r, StageBreakdownModel::FirstStage + s).toLongLong(), stageUs[r][s]);
                sum += stageUs[r][s];
            }
            QCOMPARE(sum, totals[r]); // the stacked bar is as long as the compile
        }
        QCOMPARE(cell(m, 2, StageBreakdownModel::Origin).toString(), QString("nvrtc"));
        QCOMPARE(computeStageBreakdown(sample(), 2).rows.size(), std::size_t(2));
    }

    void histogram()
    {
        CompileHistogramModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setEvents(sample());
        // Misses: 57 ms, 62.5 ms | 150 ms, 185 ms | ... | 2.02 s
        QCOMPARE(m.rowCount(), 6);
        const QList<int> counts = {2, 2, 0, 0, 0, 1};
        const QList<qlonglong> from = {50000, 100000, 200000, 500000, 1000000, 2000000};
        for (int r = 0; r < 6; ++r) {
            QCOMPARE(cell(m, r, CompileHistogramModel::Compiles).toInt(), counts[r]);
            QCOMPARE(cell(m, r, CompileHistogramModel::From).toLongLong(), from[r]);
        }
        QCOMPARE(cell(m, 0, CompileHistogramModel::Range).toString(), QString("50 ms–100 ms"));
        QCOMPARE(cell(m, 5, CompileHistogramModel::To).toLongLong(), 5000000);
        QCOMPARE(CompileHistogramModel::rangeLabel({100000000, INT64_MAX, 1}), QString("≥ 100 s"));
        QCOMPARE(CompileHistogramModel::rangeLabel({0, 1000, 1}), QString("< 1 ms"));
        QVERIFY(computeCompileHistogram({sample()[1]}).empty()); // hits only: nothing compiled
    }

    void slowestKernels()
    {
        SlowestKernelsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setEvents(sample());
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(cell(m, 0, SlowestKernelsModel::Kernel).toString(), QString("matmul_kernel"));
        QCOMPARE(cell(m, 1, SlowestKernelsModel::Kernel).toString(), QString("add_kernel"));
        QCOMPARE(cell(m, 1, SlowestKernelsModel::Compiles).toInt(), 2);
        QCOMPARE(cell(m, 1, SlowestKernelsModel::Slowest).toLongLong(), 185000);
        QCOMPARE(cell(m, 1, SlowestKernelsModel::Median).toDouble(), 167500.0);
        QCOMPARE(cell(m, 1, SlowestKernelsModel::Sum).toLongLong(), 335000);
        QCOMPARE(cell(m, 1, SlowestKernelsModel::Slowest, Qt::DisplayRole).toString(), QString("185.0 ms"));
    }

    void origins()
    {
        OriginModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setEvents(sample());
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(cell(m, 0, OriginModel::Origin).toString(), QString("nvrtc"));
        QCOMPARE(cell(m, 0, OriginModel::Events).toInt(), 2);
        QCOMPARE(cell(m, 0, OriginModel::Hits).toInt(), 1);
        QCOMPARE(cell(m, 0, OriginModel::Misses).toInt(), 1);
        QCOMPARE(cell(m, 0, OriginModel::HitRate).toDouble(), 50.0);
        QCOMPARE(cell(m, 0, OriginModel::Bytes).toULongLong(), 500ull);
        QCOMPARE(cell(m, 1, OriginModel::Origin).toString(), QString("triton"));
        QCOMPARE(cell(m, 1, OriginModel::Events).toInt(), 6);
        QCOMPARE(cell(m, 1, OriginModel::Hits).toInt(), 2);
        QCOMPARE(cell(m, 1, OriginModel::Misses).toInt(), 4);
        QCOMPARE(cell(m, 1, OriginModel::HitRate).toDouble(), 100.0 / 3.0);
        QCOMPARE(cell(m, 1, OriginModel::Bytes).toULongLong(), 7000ull);
    }

    void sizeShares()
    {
        SizeShareModel kernels(SizeKey::Kernel), archs(SizeKey::Arch);
        QAbstractItemModelTester t1(&kernels, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&archs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        kernels.setEvents(sample());
        archs.setEvents(sample());
        const QStringList names = {"matmul_kernel", "add_kernel", "_row_softmax_kernel", "vector_add"};
        const QList<qulonglong> bytes = {4000, 2200, 800, 500};
        QCOMPARE(kernels.rowCount(), 4);
        for (int r = 0; r < 4; ++r) {
            QCOMPARE(cell(kernels, r, SizeShareModel::Name).toString(), names[r]);
            QCOMPARE(cell(kernels, r, SizeShareModel::Bytes).toULongLong(), bytes[r]);
        }
        QCOMPARE(cell(kernels, 1, SizeShareModel::Compiles).toInt(), 2);
        QCOMPARE(archs.rowCount(), 2);
        QCOMPARE(cell(archs, 0, SizeShareModel::Name).toString(), QString("sm_90"));
        QCOMPARE(cell(archs, 0, SizeShareModel::Bytes).toULongLong(), 5300ull);
        QCOMPARE(cell(archs, 0, SizeShareModel::Compiles).toInt(), 3);
        QCOMPARE(cell(archs, 1, SizeShareModel::Bytes).toULongLong(), 2200ull);
        // The cache size over time ends where the shares add up.
        TimelineModel t;
        t.setEvents(sample());
        QCOMPARE(t.timeline().buckets.back().cumulativeBytes, 7500ull);
    }

    void timelineCsv()
    {
        TimelineModel m;
        m.setEvents(sample());
        const QStringList lines = modelToCsv(m).split("\r\n");
        QCOMPARE(lines.size(), 1 + 37 + 1); // header, rows, the empty rest after the last CRLF
        QCOMPARE(lines[0], QString("Start,Hits,Misses,Hit rate (%),Compiled bytes,Cache bytes"));
        QCOMPARE(lines[1], QString("2026-03-02T00:00:00Z,0,1,0,1000,1000"));
        QCOMPARE(lines[2], QString("2026-03-02T00:05:00Z,1,1,50,800,1800"));
        QCOMPARE(lines[4], QString("2026-03-02T00:15:00Z,0,0,,0,2300")); // no events: no rate
        QVERIFY(lines.last().isEmpty());

        OriginModel o;
        o.setEvents(sample());
        QCOMPARE(modelToCsv(o).split("\r\n")[2], QString("triton,6,2,4,33.3333333333333,7000"));
    }

    void csvQuoting()
    {
        QStandardItemModel m(2, 3);
        m.setHorizontalHeaderLabels({"plain", "with, comma", "say \"hi\""});
        m.setItem(0, 0, new QStandardItem("a"));
        m.setItem(0, 1, new QStandardItem("b,c"));
        m.setItem(0, 2, new QStandardItem("x \"y\" z"));
        m.setItem(1, 0, new QStandardItem("two\nlines"));
        m.setItem(1, 1, new QStandardItem(" padded"));
        m.setItem(1, 2, new QStandardItem(""));
        QCOMPARE(modelToCsv(m), QString("plain,\"with, comma\",\"say \"\"hi\"\"\"\r\n"
                                        "a,\"b,c\",\"x \"\"y\"\" z\"\r\n"
                                        "\"two\nlines\",\" padded\",\r\n"));
    }
};

QTEST_MAIN(TstDashboardModels)
#include "tst_dashboardmodels.moc"
