// The one strict UTF-8 decoder (core/util/utf8) and what is built on it: validity, Python-style
// prefixes, byte-bounded cuts and printable names.
#include "core/util/utf8.h"

#include <QTest>

Q_DECLARE_METATYPE(std::string)

class TstUtf8 : public QObject {
    Q_OBJECT

private slots:
    void decode_data()
    {
        QTest::addColumn<std::string>("bytes");
        QTest::addColumn<int>("length"); // 0: not a well-formed sequence
        QTest::addColumn<uint>("codePoint");
        QTest::newRow("ascii") << std::string("A") << 1 << 0x41u;
        QTest::newRow("two bytes") << std::string("\xc3\xa9") << 2 << 0xE9u;
        QTest::newRow("three bytes") << std::string("\xe2\x82\xac") << 3 << 0x20ACu;
        QTest::newRow("four bytes") << std::string("\xf0\x9f\x98\x80") << 4 << 0x1F600u;
        QTest::newRow("overlong two") << std::string("\xc0\xaf") << 0 << 0u;
        QTest::newRow("overlong three") << std::string("\xe0\x80\xaf") << 0 << 0u;
        QTest::newRow("surrogate") << std::string("\xed\xa0\x80") << 0 << 0u;
        QTest::newRow("above U+10FFFF") << std::string("\xf4\x90\x80\x80") << 0 << 0u;
        QTest::newRow("truncated") << std::string("\xe2\x82") << 0 << 0u;
        QTest::newRow("lone continuation") << std::string("\x80") << 0 << 0u;
        QTest::newRow("bad continuation") << std::string("\xc3\x28") << 0 << 0u;
    }

    void decode()
    {
        QFETCH(std::string, bytes);
        QFETCH(int, length);
        QFETCH(uint, codePoint);
        char32_t cp = 0;
        QCOMPARE(int(kl::decodeUtf8(bytes, 0, cp)), length);
        if (length)
            QCOMPARE(uint(cp), codePoint);
        QCOMPARE(kl::isValidUtf8(bytes), length == int(bytes.size()));
        if (length) {
            std::string again;
            kl::appendUtf8(again, cp);
            QCOMPARE(again, bytes);
        }
    }

    void validityPastTheAsciiFastPath()
    {
        // The first 8-byte words are skipped as ASCII; the bad byte sits after them.
        QVERIFY(kl::isValidUtf8("0123456789abcdef\xc3\xa9"));
        QVERIFY(!kl::isValidUtf8("0123456789abcdef\xc3"));
    }

    void prefixesAndLengths()
    {
        QCOMPARE(kl::utf8Prefix("h\xc3\xa9llo", 2), std::string("h\xc3\xa9"));
        QCOMPARE(kl::utf8Prefix("\xff\xfe"
                                "ab",
                                3),
                 std::string("\xff\xfe"
                             "a"));
        QCOMPARE(kl::utf8Length("h\xc3\xa9llo"), std::size_t(5));
        QCOMPARE(kl::utf8Length("\xff"
                                "a"),
                 std::size_t(2));
        // A byte bound never splits a sequence.
        QCOMPARE(std::string(kl::utf8PrefixBytes("ab\xe2\x82\xac", 4)), std::string("ab"));
        QCOMPARE(std::string(kl::utf8PrefixBytes("ab\xe2\x82\xac", 5)), std::string("ab\xe2\x82\xac"));
        QCOMPARE(std::string(kl::utf8PrefixBytes("abc", 10)), std::string("abc"));
    }

    void printableNames()
    {
        QCOMPARE(kl::printableName("k\xc3\xa9.ptx"), std::string("k\xc3\xa9.ptx"));
        QCOMPARE(kl::printableName("a\xff"
                                   "b"),
                 std::string("a\\xffb"));
        QCOMPARE(kl::printableName("tab\there"), std::string("tab\\x09here"));
    }
};

QTEST_GUILESS_MAIN(TstUtf8)
#include "tst_utf8.moc"
