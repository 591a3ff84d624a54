// The demo copy (kernellens --demo): Triton's entries healthy where the copy lies except the one
// left moved, KernelLens's NVRTC entries beside them, the planted problems found by the doctor and
// chosen by the cleaner's default policies, entries dated inside the events history.

#include "app/gui/demo/democache.h"
#include "core/clean/cleanplan.h"
#include "core/doctor/doctor.h"
#include "core/events/eventlogreader.h"
#include "core/scan/cachescanner.h"

#include <QTest>
#include <map>
#include <set>

namespace {

kl::Snapshot scan(const QStringList& folders)
{
    std::vector<kl::Root> roots;
    for (const QString& f : folders) {
        kl::Root r;
        r.path = f.toStdString();
        r.reason = kl::Text::verbatim("given");
        r.given = true;
        roots.push_back(r);
    }
    return kl::CacheScanner().scan(roots);
}

} // namespace

class TstDemo : public QObject {
    Q_OBJECT

private slots:
    void plantedProblemsAndHealthyRest()
    {
        kl::gui::DemoCache demo;
        QString error;
        QVERIFY2(demo.materialize(&error), qPrintable(error));
        QVERIFY(!demo.nvrtcPath().isEmpty());
        QCOMPARE(demo.plantedProblems().size(), 3);
        const kl::Snapshot snap = scan({demo.path(), demo.nvrtcPath()});

        kl::DoctorContext ctx;
        ctx.processAlive = [](long) { return false; };
        const kl::DoctorReport report = kl::Doctor(ctx).examine(snap);
        std::map<std::string, int> codes;
        for (const kl::Finding& f : report.findings)
            ++codes[f.code];
        QString all;
        for (const auto& [code, n] : codes)
            all += QString("%1=%2 ").arg(QString::fromStdString(code)).arg(n);
        QVERIFY2(codes["moved-cache"] == 1, qPrintable(all));
        QVERIFY2(codes["missing-child"] >= 1, qPrintable(all));
        QVERIFY2(codes["corrupt-json"] >= 1, qPrintable(all));
        QVERIFY2(codes["orphan-temp"] == 1, qPrintable(all));

        // NVRTC entries are there, and healthy.
        int nvrtc = 0;
        for (const kl::Entry& e : snap.entries)
            if (e.path.starts_with(demo.nvrtcPath().toStdString())) {
                ++nvrtc;
                QVERIFY2(e.problems.empty(), e.path.c_str());
            }
        QVERIFY(nvrtc >= 4);

        // Several eras: folder names as Triton 3.0 (sha256 hex), 3.2 (base64) and 3.9 (base32) wrote them.
        std::set<std::size_t> nameLengths; // 64: sha256 hex, 43: url-safe base64, 52: base32
        for (const kl::Entry& e : snap.entries)
            if (e.path.starts_with(demo.path().toStdString()) && e.kind == kl::EntryKind::Kernel)
                nameLengths.insert(e.folderName.size());
        QVERIFY(nameLengths.count(64) && nameLengths.count(43) && nameLengths.count(52));

        // The cleaner's defaults (incomplete, orphans) pick exactly the planted ones.
        kl::CleanPolicy policy;
        policy.incomplete = true;
        policy.orphans = true;
        policy.graceNs = 0;
        const kl::CleanPlan plan = kl::makeCleanPlan(snap, policy, ctx);
        QVERIFY2(plan.removals.size() == 3, qPrintable(QString::number(plan.removals.size())));

        // Every entry is dated inside the events history.
        const auto log = kl::readEventLog(demo.eventsPath().toStdString());
        QVERIFY(!log.events.empty());
        std::int64_t first = log.events.front().timeNs, last = first;
        for (const auto& e : log.events) {
            first = std::min(first, e.timeNs);
            last = std::max(last, e.timeNs);
        }
        for (const kl::Entry& e : snap.entries)
            QVERIFY2(e.newestMtimeNs >= first - 1'000'000'000 && e.newestMtimeNs <= last + 1'000'000'000,
                     e.path.c_str());
    }
};

QTEST_MAIN(TstDemo)
#include "tst_demo.moc"
