// core/model: the value types every front end reads. The counts `klens scan` prints come from
// Snapshot::summary, the JSON's vocabulary from the toString functions, and the SPILLS column from
// KernelResources::spills, so each is held to what it promises here.

#include "core/model/snapshot.h"

#include <QTest>
#include <set>

using namespace kl;

namespace {

Entry entry(EntryKind kind, EntryStatus status, std::uint64_t size)
{
    Entry e;
    e.kind = kind;
    e.status = status;
    e.totalSize = size;
    return e;
}

Stage stage(const std::string& fileName)
{
    Stage s;
    s.fileName = fileName;
    s.extPos = std::uint16_t(fileName.rfind('.'));
    return s;
}

} // namespace

class TstSnapshot : public QObject {
    Q_OBJECT

private slots:
    // Every kind and status is listed, with zero for those no entry has, so the printed summary
    // and the JSON always carry the same keys.
    void summaryCountsEveryKindAndStatus()
    {
        Snapshot snap;
        snap.entries.push_back(entry(EntryKind::Kernel, EntryStatus::Complete, 100));
        snap.entries.push_back(entry(EntryKind::Kernel, EntryStatus::Incomplete, 20));
        snap.entries.push_back(entry(EntryKind::Temp, EntryStatus::Orphan, 3));
        snap.entries[1].addProblem(problem::MissingChild, Text::verbatim("a child is missing"));
        snap.entries[2].addProblem(problem::OrphanTemp, Text::verbatim("orphan"));
        snap.entries[2].addProblem(problem::EmptyFile, Text::verbatim("empty"));
        snap.vanished = 4;

        const Summary s = snap.summary();
        QCOMPARE(s.entries, std::size_t(3));
        QCOMPARE(s.totalSize, std::uint64_t(123));
        QCOMPARE(s.problems, std::size_t(3));
        QCOMPARE(s.vanished, std::size_t(4));
        QCOMPARE(s.byKind.size(), std::size_t(8));
        QCOMPARE(s.byKind.at("kernel"), std::size_t(2));
        QCOMPARE(s.byKind.at("temp"), std::size_t(1));
        QCOMPARE(s.byKind.at("override"), std::size_t(0));
        QCOMPARE(s.byStatus.size(), std::size_t(5));
        QCOMPARE(s.byStatus.at("complete"), std::size_t(1));
        QCOMPARE(s.byStatus.at("incomplete"), std::size_t(1));
        QCOMPARE(s.byStatus.at("orphan"), std::size_t(1));
        QCOMPARE(s.byStatus.at("corrupt"), std::size_t(0));
    }

    void anEmptySnapshotSumsToZero()
    {
        const Summary s = Snapshot{}.summary();
        QCOMPARE(s.entries, std::size_t(0));
        QCOMPARE(s.totalSize, std::uint64_t(0));
        QVERIFY(!Snapshot{}.hasProblems());
    }

    // A snapshot has problems when an entry has one or a root could not be read.
    void hasProblemsSeesEntriesAndRoots()
    {
        Snapshot snap;
        snap.roots.push_back(Root{});
        snap.entries.push_back(entry(EntryKind::Kernel, EntryStatus::Complete, 1));
        QVERIFY(!snap.hasProblems());
        snap.roots[0].error = Text::verbatim("/x: Permission denied");
        QVERIFY(snap.hasProblems());
        snap.roots[0].error = Text();
        snap.entries[0].addProblem(problem::CorruptJson, Text::verbatim("bad json"));
        QVERIFY(snap.hasProblems());
        QVERIFY(snap.entries[0].hasProblem(problem::CorruptJson));
        QVERIFY(!snap.entries[0].hasProblem(problem::EmptyFile));
    }

    // Stages are found by their extension, not by a name that merely ends like one.
    void stageIsFoundByExtension()
    {
        Entry e;
        e.stages = {stage("add_kernel.ttir"), stage("add_kernel.ptx"), stage("add_kernel.json")};
        QVERIFY(e.stage(".ptx"));
        QCOMPARE(e.stage(".ptx")->fileName, std::string("add_kernel.ptx"));
        QVERIFY(!e.stage(".cubin"));
        QVERIFY(!e.stage("ptx"));
    }

    // The names are the JSON's vocabulary (docs/json-schema.md): one per value, none shared.
    void namesAreDistinct()
    {
        std::set<std::string_view> kinds;
        for (auto k : {EntryKind::Kernel, EntryKind::Autotune, EntryKind::Module, EntryKind::Temp,
                       EntryKind::Foreign, EntryKind::Unknown, EntryKind::Dump, EntryKind::Override})
            kinds.insert(toString(k));
        QCOMPARE(kinds.size(), std::size_t(8));
        std::set<std::string_view> statuses;
        for (auto s : {EntryStatus::Complete, EntryStatus::Incomplete, EntryStatus::Orphan,
                       EntryStatus::Corrupt, EntryStatus::Foreign})
            statuses.insert(toString(s));
        QCOMPARE(statuses.size(), std::size_t(5));
        QCOMPARE(toString(KeyEra::Base32), std::string_view("base32"));
        QCOMPARE(toString(RootKind::Override), std::string_view("override"));
    }

    // Triton's n_spills is the driver's local size over 4 (its launcher's arithmetic), rounded down.
    void spillsAreLocalBytesOverFour()
    {
        KernelResources r;
        r.localBytes = 1024;
        QCOMPARE(r.spills(), std::uint32_t(256));
        r.localBytes = 7;
        QCOMPARE(r.spills(), std::uint32_t(1));
        r.localBytes = 0;
        QCOMPARE(r.spills(), std::uint32_t(0));
        // The scan holds 100,000 of these: the record stays small.
        QVERIFY(sizeof(KernelResources) <= 16);
    }
};

QTEST_GUILESS_MAIN(TstSnapshot)
#include "tst_snapshot.moc"
