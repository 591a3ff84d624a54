#include "core/formats/keyencoding.h"

#include <QTest>

using namespace kl;

class TstKeyEncoding : public QObject {
    Q_OBJECT
private slots:
    void classify_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("era");
        QTest::addRow("md5") << "0123456789abcdef0123456789abcdef" << int(KeyEra::Md5Hex);
        QTest::addRow("sha256") << QString(64, 'a') << int(KeyEra::Sha256Hex);
        QTest::addRow("base32") << "5W7KJQDTJCL4UGPMKKCS7TEEPZKSWOY4774SZQ6674FWSXG5MNXQ"
                                << int(KeyEra::Base32);
        QTest::addRow("base64url") << "7b6kwHNIl8oZ7FKFL8yEflUrOxz_-SzD3v8LaVzdY28" << int(KeyEra::Base64Url);
        QTest::addRow("upper hex is not md5") << "0123456789ABCDEF0123456789ABCDEF" << int(KeyEra::None);
        QTest::addRow("temp") << "tmp.pid_12_abc" << int(KeyEra::None);
        QTest::addRow("base32 with 1")
            << "1W7KJQDTJCL4UGPMKKCS7TEEPZKSWOY4774SZQ6674FWSXG5MNXQ" << int(KeyEra::None);
    }
    void classify()
    {
        QFETCH(QString, name);
        QFETCH(int, era);
        QCOMPARE(int(classifyFolderName(name.toStdString())), era);
    }

    // Folder names and hashes from the real corpus: base32 without padding of the hash bytes.
    void encodeMatchesRealTriton_data()
    {
        QTest::addColumn<QString>("hash");
        QTest::addColumn<QString>("folder");
        QTest::addRow("cuda add_kernel") << "edbea4c0734897ca19ec52852fcc847e552b3b1cfff92cc3deff0b695cdd636f"
                                         << "5W7KJQDTJCL4UGPMKKCS7TEEPZKSWOY4774SZQ6674FWSXG5MNXQ";
        QTest::addRow("hip add_kernel") << "6088b9b2e5149e06670bcec5bb3df8c56758f20ec349dd5f77f1507fe7cdf5fa"
                                        << "MCELTMXFCSPAMZYLZ3C3WPPYYVTVR4QOYNE52X3X6FIH7Z6N6X5A";
        QTest::addRow("3.7.1 _bias_kernel")
            << "d700404e0746156b226af95ae2ff2e95f235859be72ce98f54a1892feb9ab4e2"
            << "24AEATQHIYKWWITK7FNOF7ZOSXZDLBM344WOTD2UUGES7242WTRA";
    }
    void encodeMatchesRealTriton()
    {
        QFETCH(QString, hash);
        QFETCH(QString, folder);
        auto enc = encodeKeyFolder(hash.toStdString(), KeyEra::Base32);
        QVERIFY(enc);
        QCOMPARE(QString::fromStdString(*enc), folder);
    }

    // base64url vector computed with Python: base64.urlsafe_b64encode(bytes.fromhex(h)).rstrip(b"=").
    void base64Url()
    {
        auto enc = encodeKeyFolder("edbea4c0734897ca19ec52852fcc847e552b3b1cfff92cc3deff0b695cdd636f",
                                   KeyEra::Base64Url);
        QVERIFY(enc);
        QCOMPARE(QString::fromStdString(*enc), QStringLiteral("7b6kwHNIl8oZ7FKFL8yEflUrOxz_-SzD3v8LaVzdY28"));
        QCOMPARE(int(classifyFolderName(*enc)), int(KeyEra::Base64Url));
    }

    void rejectsBadHex()
    {
        QVERIFY(!encodeKeyFolder("xyz", KeyEra::Base32));
        QVERIFY(!encodeKeyFolder(std::string(64, 'g'), KeyEra::Base32));
        QVERIFY(!encodeKeyFolder(std::string(64, 'a'), KeyEra::Md5Hex));
    }
};

QTEST_APPLESS_MAIN(TstKeyEncoding)
#include "tst_keyencoding.moc"
