// EntryText: the texts of table cells and of the detail pane, for odd entries.
#include "entries/entrytext.h"

#include <QtTest>

using kl::gui::EntryText;

class TstEntryText : public QObject {
    Q_OBJECT

private slots:
    void shortTexts();
    void detailKeepsNamesLiteral();
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

QTEST_MAIN(TstEntryText)
#include "tst_entrytext.moc"
