// EntryText: the texts of table cells and of the detail pane, for odd entries.
#include "app/gui/entries/entrytext.h"

#include <QtTest>

using kl::gui::EntryText;

class TstEntryText : public QObject {
    Q_OBJECT

private slots:
    void shortTexts();
    void detailKeepsNamesLiteral();
    void folderLinksBothWays();
};

void TstEntryText::shortTexts()
{
    kl::Entry e;
    e.folderName = "ABC";
    QCOMPARE(EntryText::kernel(e), QStringLiteral("(ABC)"));
    e.kernel = "add_kernel";
    QCOMPARE(EntryText::kernel(e), QStringLiteral("add_kernel"));

    QCOMPARE(EntryText::arch({"cuda", "90", 32}), QStringLiteral("sm_90"));
    QCOMPARE(EntryText::arch({"hip", "gfx90a", 64}), QStringLiteral("gfx90a"));
    QCOMPARE(EntryText::arch({}), QString());
    QVERIFY(EntryText::archSortKey({"cuda", "90", 32}) < EntryText::archSortKey({"cuda", "100", 32}));

    e.kind = kl::EntryKind::Kernel;
    e.stages = {{"k.json", 0, 0, 2, true}, {"k.ttir", 0, 0, 2, true}, {"k.sass", 0, 0, 2, false}};
    QCOMPARE(EntryText::stages(e), QStringLiteral("ttir ?sass"));

    QCOMPARE(EntryText::size(0), QStringLiteral("0 B"));
    QCOMPARE(EntryText::size(1023), QStringLiteral("1023 B"));
    QVERIFY(EntryText::size(20000).endsWith(QLatin1String("KiB")));
    QCOMPARE(EntryText::time(0), QString());
    QCOMPARE(EntryText::time(86'400'000'000'000).size(), 19);
}

// Names and messages come from files on disk: "%1" in them must be shown as is, never expanded.
void TstEntryText::detailKeepsNamesLiteral()
{
    kl::EntryDetail d;
    kl::Entry& e = d.entry;
    e.path = "/cache/%1dir";
    e.folderName = "%1dir";
    e.kernel = "k%1";
    e.kind = kl::EntryKind::Kernel;
    e.status = kl::EntryStatus::Incomplete;
    e.target = {"cuda", "%2", 32};
    e.stages = {{"k.%1", 10, 0, 2, false}, {"k%2.ptx", 20, 0, 4, true}};
    e.addProblem(kl::problem::UnknownFile, kl::Text::verbatim("k.%1 is not a Triton file (%2)"));
    kl::AutotuneResult tune;
    tune.keyJson = "[\"%1\"]";
    tune.configs = {{"{\"%2\": 1}", {1.0}}, {"{}", {2.0}}};
    d.autotune = tune;

    const QString text = EntryText::detail(d);
    for (const char* literal : {"/cache/%1dir", "k%1", "k.%1 is not a Triton file (%2)", "k%2.ptx",
                                "[\"%1\"]", "{\"%2\": 1}", "%1 ", "cuda %2"})
        QVERIFY2(text.contains(QLatin1String(literal)), qPrintable(literal + QStringLiteral("\n") + text));
    QVERIFY(text.contains(QLatin1String("unknown-file")));
    QVERIFY(text.contains(QLatin1String("2 configurations")));
}

// The detail pane's section on dump and override folders: a cache entry lists its folders, a
// folder its entries and twin; an override's unedited stage is "shared", an edited one "built from".
void TstEntryText::folderLinksBothWays()
{
    kl::Snapshot snap;
    auto add = [&](const std::string& path, kl::EntryKind kind, const std::string& arch) {
        kl::Entry e;
        e.path = path;
        e.kind = kind;
        e.target = {arch.empty() ? "" : "cuda", arch, arch.empty() ? 0 : 32};
        snap.entries.push_back(e);
    };
    add("/c/E80", kl::EntryKind::Kernel, "80");
    add("/c/E90", kl::EntryKind::Kernel, "90");
    add("/d/S", kl::EntryKind::Dump, "");
    add("/o/S", kl::EntryKind::Override, "");
    kl::FolderLinks dump;
    dump.folder = 2;
    dump.twin = 3;
    dump.entries = {{0, {"ttir"}, false, false}, {1, {"ttir", "ptx"}, true, false}};
    dump.severalWriters = true;
    kl::FolderLinks over;
    over.folder = 3;
    over.twin = 2;
    over.editedStages = {"ptx"};
    over.entries = {{0, {}, false, true}, {1, {"ptx"}, true, false}};

    const QString ofEntry = EntryText::folderLinks(snap, snap.entries[1], {dump, over});
    QVERIFY2(ofEntry.contains("/d/S  (all stages equal: ttir ptx)"), qPrintable(ofEntry));
    QVERIFY2(ofEntry.contains("/o/S  (built from it: ptx)"), qPrintable(ofEntry));
    QVERIFY2(!ofEntry.contains("/c/E80"), qPrintable(ofEntry));

    const QString ofFolder = EntryText::folderLinks(snap, snap.entries[3], {over});
    QVERIFY2(ofFolder.contains("same source: /d/S"), qPrintable(ofFolder));
    QVERIFY2(
        ofFolder.contains("/c/E80  sm_80  (the kernel it overrides, through the dump of the same source)"),
        qPrintable(ofFolder));
    QVERIFY2(ofFolder.contains("/c/E90  sm_90  (built from it: ptx)"), qPrintable(ofFolder));

    // An unedited copy of the dump's stage: equal content, not "built from" the override.
    over.editedStages.clear();
    QVERIFY(EntryText::folderLinks(snap, snap.entries[3], {over}).contains("/c/E90  sm_90  (shares ptx)"));
    // A cache entry without folders gets no section; a folder without entries says so.
    QVERIFY(EntryText::folderLinks(snap, snap.entries[0], {}).isEmpty());
    kl::FolderLinks lone;
    lone.folder = 2;
    QVERIFY(
        EntryText::folderLinks(snap, snap.entries[2], {lone}).contains("no cache entry shares its stages"));
}

QTEST_MAIN(TstEntryText)
#include "tst_entrytext.moc"
