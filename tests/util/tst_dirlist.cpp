// The one directory-listing helper (core/util/dirlist): every name but "." and "..", the same
// names when a descriptor is listed again, an early stop, and the errno when it cannot list.
#include "core/util/dirlist.h"
#include "core/util/posixfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <fcntl.h>

class TstDirlist : public QObject {
    Q_OBJECT

private slots:
    void listsEveryNameWithItsType()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        for (int i = 0; i < 2000; ++i) { // more than one getdents64 buffer holds
            QFile f(dir.filePath(QStringLiteral("file-%1-with-a-longer-name").arg(i)));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        kl::UniqueFd fd(
            ::open(QFile::encodeName(dir.path()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        QVERIFY(fd.valid());
        std::vector<kl::DirName> names;
        int err = -1;
        QVERIFY(kl::listDirectory(fd.get(), names, err));
        QCOMPARE(err, 0);
        QCOMPARE(names.size(), std::size_t(2001));
        auto sub =
            std::find_if(names.begin(), names.end(), [](const kl::DirName& n) { return n.name == "sub"; });
        QVERIFY(sub != names.end());
        QVERIFY(sub->type == DT_DIR || sub->type == DT_UNKNOWN);
        QVERIFY(sub->ino != 0);
        QVERIFY(std::none_of(names.begin(), names.end(),
                             [](const kl::DirName& n) { return n.name == "." || n.name == ".."; }));

        // Listed again through the same descriptor: the same names, not an empty list.
        std::vector<kl::DirName> again;
        QVERIFY(kl::listDirectory(fd.get(), again, err));
        QCOMPARE(again.size(), names.size());

        int seen = 0;
        QCOMPARE(kl::forEachDirName(
                     fd.get(), [&](std::string_view, unsigned char, std::uint64_t) { return ++seen < 3; }),
                 0);
        QCOMPARE(seen, 3);
    }

    void notAFolderIsAnError()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("plain"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        kl::UniqueFd fd(::open(QFile::encodeName(f.fileName()).constData(), O_RDONLY | O_CLOEXEC));
        QVERIFY(fd.valid());
        std::vector<kl::DirName> names;
        int err = 0;
        QVERIFY(!kl::listDirectory(fd.get(), names, err));
        QCOMPARE(err, ENOTDIR);
        QVERIFY(names.empty());
    }
};

QTEST_GUILESS_MAIN(TstDirlist)
#include "tst_dirlist.moc"
