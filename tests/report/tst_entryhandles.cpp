// The handle `klens scan` prints is what the next command takes: unique, a prefix, and resolved
// back to the same entry by `klens show`.

#include "core/report/entryhandles.h"
#include "tests/support/klensprocess.h"

#include <QJsonArray>
#include <QTest>

namespace {

kl::Snapshot named(std::initializer_list<const char*> names)
{
    kl::Snapshot s;
    for (const char* n : names) {
        kl::Entry e;
        e.folderName = n;
        s.entries.push_back(e);
    }
    return s;
}

} // namespace

class TstEntryHandles : public QObject {
    Q_OBJECT
private slots:
    void shortestUniquePrefixes()
    {
        const kl::Snapshot s = named(
            {"ABCDEFGHIJKL", "ABCDEFGHIXYZ", "QRSTUVWXYZ12", "QRSTUVWXAB00", "ABCDEFGHIJKL", "MNOPQRSTUVWX"});
        const std::vector<std::string> h = kl::entryHandles(s);
        // Two entries share 9 characters: 10 tell them apart; another shares the whole name (the
        // same key in two roots) and keeps it whole; two share 8, so 9; otherwise 8.
        QCOMPARE(QString::fromStdString(h[0]), QStringLiteral("ABCDEFGHIJKL"));
        QCOMPARE(QString::fromStdString(h[1]), QStringLiteral("ABCDEFGHIX"));
        QCOMPARE(QString::fromStdString(h[2]), QStringLiteral("QRSTUVWXY"));
        QCOMPARE(QString::fromStdString(h[3]), QStringLiteral("QRSTUVWXA"));
        QCOMPARE(QString::fromStdString(h[4]), QStringLiteral("ABCDEFGHIJKL"));
        QCOMPARE(QString::fromStdString(h[5]), QStringLiteral("MNOPQRST"));
        // Checked the long way: each handle is a prefix of its own name and of no other (unless
        // the names are equal).
        for (std::size_t i = 0; i < s.entries.size(); ++i) {
            QVERIFY(s.entries[i].folderName.starts_with(h[i]));
            for (std::size_t j = 0; j < s.entries.size(); ++j)
                if (j != i && s.entries[j].folderName != s.entries[i].folderName)
                    QVERIFY2(!s.entries[j].folderName.starts_with(h[i]), h[i].c_str());
        }
    }

    void scanHandlesResolveBack()
    {
        const QString cache = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
        const ProcessResult scan = runKlens({"scan", cache, "--json"}, withoutMachineTools());
        const QJsonArray entries = scan.json.value("entries").toArray();
        QVERIFY(entries.size() > 5);
        int kernels = 0;
        for (const QJsonValue& v : entries) {
            const QJsonObject e = v.toObject();
            const QString handle = e.value("handle").toString();
            QVERIFY(e.value("folder").toString().startsWith(handle));
            if (e.value("kind").toString() != "kernel")
                continue;
            ++kernels;
            const ProcessResult show =
                runKlens({"show", handle, "--root", cache, "--json"}, withoutMachineTools());
            QVERIFY2(show.exitCode == 0 || show.exitCode == 1, show.err.constData()); // 1: it has problems
            QVERIFY2(QJsonDocument(show.json).toJson().contains(e.value("folder").toString().toUtf8()),
                     qPrintable(handle));
        }
        QVERIFY(kernels > 3);
        const ProcessResult text = runKlens({"scan", cache}, withoutMachineTools());
        QVERIFY(text.out.contains("HANDLE"));
    }
};

QTEST_GUILESS_MAIN(TstEntryHandles)
#include "tst_entryhandles.moc"
