// Triton's on-disk naming rules (core/formats/layout), one data row per case: what Triton's
// cache.py and compiler.py write, and the near misses that must not match.
#include "core/formats/layout.h"

#include <QTest>

namespace layout = kl::layout;

Q_DECLARE_METATYPE(std::string)

namespace {

std::string repeat(std::string_view unit, int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += unit;
    return out;
}

} // namespace

class TstLayout : public QObject {
    Q_OBJECT

private slots:
    void fileStem_data()
    {
        QTest::addColumn<std::string>("name");
        QTest::addColumn<std::string>("stem");
        QTest::newRow("short") << std::string("add_kernel") << std::string("add_kernel");
        QTest::newRow("150 ascii kept") << repeat("a", 150) << repeat("a", 150);
        QTest::newRow("151 ascii cut") << repeat("a", 151) << repeat("a", 150);
        // Python slices code points, not bytes: 151 two-byte characters keep 150 (300 bytes).
        QTest::newRow("two-byte chars") << repeat("\xc3\xa9", 151) << repeat("\xc3\xa9", 150);
        QTest::newRow("four-byte chars")
            << repeat("\xf0\x9f\x98\x80", 151) << repeat("\xf0\x9f\x98\x80", 150);
        // Each byte that starts no valid sequence is one character (surrogateescape), so a
        // truncated sequence is two characters here, not one.
        QTest::newRow("malformed bytes count one each")
            << std::string("\xe2\x82") + repeat("x", 149) << std::string("\xe2\x82") + repeat("x", 148);
    }

    void fileStem()
    {
        QFETCH(std::string, name);
        QFETCH(std::string, stem);
        QCOMPARE(layout::fileStem(name), stem);
    }

    void groupFiles_data()
    {
        QTest::addColumn<std::string>("name");
        QTest::addColumn<bool>("isGroup");
        QTest::addColumn<std::string>("stem");
        QTest::newRow("group") << std::string("__grp__add_kernel.json") << true << std::string("add_kernel");
        QTest::newRow("leading underscore kernel")
            << std::string("__grp___row_softmax_kernel.json") << true << std::string("_row_softmax_kernel");
        QTest::newRow("metadata") << std::string("add_kernel.json") << false << std::string();
        QTest::newRow("no suffix") << std::string("__grp__add_kernel") << false << std::string();
        QTest::newRow("prefix only") << std::string("__grp__.json") << true << std::string();
        QTest::newRow("too short") << std::string("__grp_.json") << false << std::string();
    }

    void groupFiles()
    {
        QFETCH(std::string, name);
        QFETCH(bool, isGroup);
        QFETCH(std::string, stem);
        QCOMPARE(layout::isGroupFileName(name), isGroup);
        QCOMPARE(std::string(layout::groupFileStem(name)), stem);
        if (isGroup)
            QCOMPARE(layout::groupFileName(stem), name);
    }

    void namesBuiltFromAStem()
    {
        QCOMPARE(layout::groupFileName("k"), std::string("__grp__k.json"));
        QCOMPARE(layout::metadataFileName("k"), std::string("k.json"));
        QCOMPARE(layout::autotuneFileName("k"), std::string("k.autotune.json"));
        QVERIFY(layout::isAutotuneFileName("k.autotune.json"));
        QVERIFY(!layout::isAutotuneFileName("k.json"));
        QCOMPARE(layout::tempFolderPrefix(4242), std::string("tmp.pid_4242_"));
    }

    void tempNames_data()
    {
        QTest::addColumn<std::string>("name");
        QTest::addColumn<bool>("folder");
        QTest::addColumn<bool>("file");
        QTest::addColumn<long>("pid"); // 0: none recorded
        QTest::newRow("3.x folder") << std::string("tmp.pid_4242_0f0e") << true << false << 4242L;
        QTest::newRow("fork's folder") << std::string("tmp.0123abcd") << true << false << 0L;
        QTest::newRow("fork's folder, upper hex") << std::string("tmp.0123ABCD") << false << false << 0L;
        QTest::newRow("fork's folder, too long") << std::string("tmp.0123abcde") << false << false << 0L;
        QTest::newRow("2.x file") << std::string("k.cubin.tmp.pid_17_x") << false << true << 17L;
        QTest::newRow("pid not a number") << std::string("tmp.pid_x_1") << true << false << 0L;
        QTest::newRow("pid then junk") << std::string("tmp.pid_12ab_c") << true << false << 0L;
        QTest::newRow("pid without uuid") << std::string("tmp.pid_99") << true << false << 99L;
        QTest::newRow("a kernel file") << std::string("add_kernel.ptx") << false << false << 0L;
    }

    void tempNames()
    {
        QFETCH(std::string, name);
        QFETCH(bool, folder);
        QFETCH(bool, file);
        QFETCH(long, pid);
        QCOMPARE(layout::isTempFolderName(name), folder);
        QCOMPARE(layout::isTempFileName(name), file);
        QCOMPARE(layout::isTempName(name), folder || file);
        QCOMPARE(layout::tempWriterPid(name), pid ? std::optional<long>(pid) : std::nullopt);
    }

    void reservedStemsAndForeignFiles()
    {
        QVERIFY(layout::isReservedStem("__grp__x"));
        QVERIFY(layout::isReservedStem("tmp.anything"));
        QVERIFY(!layout::isReservedStem("add_kernel"));
        for (const char* n : {"fx.pickle", "x.lock", "fx.pickle.tmp", "k.best_config"})
            QVERIFY2(layout::isForeignFileName(n), n);
        QVERIFY(!layout::isForeignFileName("k.cubin"));
    }
};

QTEST_GUILESS_MAIN(TstLayout)
#include "tst_layout.moc"
