// core/pack/packrewrite: entries taken out of a root's packs (klens clean). Every record of a key
// goes, duplicates in other packs too; every other byte stays where it was relative to its
// neighbours (other records, a damaged region, a record of another kind); the index agrees with
// the new pack; a key written within the grace period stays whole; a pack another process holds
// is left alone; a pack left with nothing goes with its index, the folder stays.
#include "core/pack/packfile.h"
#include "core/pack/packformat.h"
#include "core/pack/packindex.h"
#include "core/pack/packrewrite.h"
#include "core/pack/packwriter.h"
#include "tests/support/heldpack.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace kl;

namespace {

constexpr std::int64_t kTime = 1795346422123456789;

std::string str(const QString& s)
{
    return s.toStdString();
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Appends complete entries `keys` to `<root>/.kernellens-pack/<name>`; their offsets and lengths.
std::vector<std::pair<std::uint64_t, std::uint64_t>> writeKeys(const QString& root, const std::string& name,
                                                               const std::vector<std::string>& keys)
{
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    auto t = PackWriter::take(str(root + "/.kernellens-pack"), name, PackWriterOptions{false});
    if (t.state != PackWriter::State::Taken)
        qFatal("take: %s", t.why.english().c_str());
    for (const std::string& key : keys) {
        const std::string ptx = std::string(100, 'p') + key, meta = "{\"name\": \"k\"}",
                          group = "{\"child_paths\": {\"k.ptx\": \"/r/" + key +
                                  "/k.ptx\", \"k.json\": \"/r/" + key + "/k.json\"}}";
        const std::uint64_t before =
            QFileInfo(root + "/.kernellens-pack/" + QString::fromStdString(name)).size();
        auto at = t.writer->append(key, kTime,
                                   {FileToPack{"k.ptx", ptx, kTime}, FileToPack{"k.json", meta, kTime},
                                    FileToPack{"__grp__k.json", group, kTime}});
        if (!at)
            qFatal("append: %s", at.error().english().c_str());
        const std::uint64_t after =
            QFileInfo(root + "/.kernellens-pack/" + QString::fromStdString(name)).size();
        out.emplace_back(*at, after - std::max<std::uint64_t>(before, pack::kHeaderBytes));
    }
    return out;
}

struct Rooted {
    UniqueFd fd;
    std::vector<PackedKeyRemoval> removed;
};

std::vector<PackedKeyRemoval> removeKeys(const QString& root, const std::vector<std::string>& keys,
                                         PackRewriteOptions options = {})
{
    options.fsync = false;
    UniqueFd fd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return removeFromPacks(fd.get(), str(root), keys, options);
}

PackWalk walkOf(const QString& root, const std::string& name, PackRead mode)
{
    const QString folder = root + "/.kernellens-pack";
    UniqueFd fd(::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    auto f = PackFile::open(fd.get(), str(folder), name);
    return f ? f->walk(mode, fd.get()) : PackWalk{};
}

std::vector<std::string> keysOf(const PackWalk& w)
{
    std::vector<std::string> out;
    for (const PackRecord& r : w.records)
        out.push_back(r.key);
    return out;
}

} // namespace

class TstPackRewrite : public QObject {
    Q_OBJECT

private slots:
    void removesEveryRecordOfTheKeysAndNothingElse()
    {
        QTemporaryDir dir;
        const QString root = dir.path(), pack = root + "/.kernellens-pack/a.klpack";
        const auto at = writeKeys(root, "a.klpack", {"K0", "K1", "K2", "K3", "K4", "K5"});
        writeKeys(root, "b.klpack", {"K1", "K9"}); // a duplicate of K1 in another pack
        // Damage in K3's data: kept as it is, for the doctor to name.
        QByteArray bytes = fileBytes(pack);
        bytes[qsizetype(at[3].first + at[3].second - 10)] ^= 0x5a;
        {
            QFile f(pack);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(bytes);
        }
        const QByteArray packB = fileBytes(root + "/.kernellens-pack/b.klpack");
        struct stat before {};
        QCOMPARE(::stat(QFile::encodeName(pack).constData(), &before), 0);

        const auto removed = removeKeys(root, {"K1", "K4", "NOPE"});
        QCOMPARE(removed.size(), std::size_t(3));
        QCOMPARE(removed[0].result, PackedKeyRemoval::Result::Removed);
        QCOMPARE(removed[1].result, PackedKeyRemoval::Result::Removed);
        QCOMPARE(removed[2].result, PackedKeyRemoval::Result::Vanished);
        QCOMPARE(removed[1].bytesFreed, at[4].second);
        QVERIFY(removed[0].bytesFreed > at[1].second); // both of its records

        // The new pack is the old one without K1's and K4's records, byte for byte.
        QByteArray expected = bytes;
        expected.remove(qsizetype(at[4].first), qsizetype(at[4].second));
        expected.remove(qsizetype(at[1].first), qsizetype(at[1].second));
        QCOMPARE(fileBytes(pack), expected);
        struct stat after {};
        QCOMPARE(::stat(QFile::encodeName(pack).constData(), &after), 0);
        QVERIFY(after.st_ino != before.st_ino); // a new file: writers and readers see the change
        QCOMPARE(after.st_mode, before.st_mode);
        const PackWalk full = walkOf(root, "a.klpack", PackRead::Full);
        QCOMPARE(keysOf(full), (std::vector<std::string>{"K0", "K2", "K5"}));
        QCOMPARE(full.damage.size(), std::size_t(1));
        QCOMPARE(full.damage[0].offset, at[3].first - at[1].second);
        // The index agrees with it: an indexed walk finds the same records and the same damage.
        const PackWalk indexed = walkOf(root, "a.klpack", PackRead::Indexed);
        QCOMPARE(keysOf(indexed), keysOf(full));
        const pack::PackIndex index =
            pack::parseIndex(fileBytes(root + "/.kernellens-pack/a.klidx").toStdString());
        QCOMPARE(index.lines.size(), full.records.size());
        for (std::size_t i = 0; i < index.lines.size(); ++i) {
            QCOMPARE(index.lines[i].offset, full.records[i].offset);
            QCOMPARE(index.lines[i].length, full.records[i].length);
            QCOMPARE(index.lines[i].key, full.records[i].key);
        }
        // The other pack lost its K1 only.
        QCOMPARE(keysOf(walkOf(root, "b.klpack", PackRead::Full)), (std::vector<std::string>{"K9"}));
        QVERIFY(fileBytes(root + "/.kernellens-pack/b.klpack").size() < packB.size());
        // No temp file is left behind.
        QCOMPARE(QDir(root + "/.kernellens-pack").entryList(QDir::Files),
                 (QStringList{"a.klidx", "a.klpack", "b.klidx", "b.klpack"}));
    }

    void aKeyWrittenWithinTheGracePeriodStays()
    {
        QTemporaryDir dir;
        const QString root = dir.path(), pack = root + "/.kernellens-pack/a.klpack";
        writeKeys(root, "a.klpack", {"K0", "K1"});
        const QByteArray bytes = fileBytes(pack);
        PackRewriteOptions o;
        o.youngFromNs = kTime; // records written at kTime: young
        const auto removed = removeKeys(root, {"K1"}, o);
        QCOMPARE(removed[0].result, PackedKeyRemoval::Result::Young);
        QVERIFY(removed[0].detail.english().find("a.klpack") != std::string::npos);
        QCOMPARE(fileBytes(pack), bytes);
    }

    void aPackLeftEmptyGoesAndTheFolderStays()
    {
        QTemporaryDir dir;
        const QString root = dir.path();
        writeKeys(root, "a.klpack", {"K0", "K1"});
        const auto removed = removeKeys(root, {"K0", "K1"});
        QCOMPARE(removed[0].result, PackedKeyRemoval::Result::Removed);
        QCOMPARE(removed[1].result, PackedKeyRemoval::Result::Removed);
        QVERIFY(QFileInfo(root + "/.kernellens-pack").isDir());
        QCOMPARE(QDir(root + "/.kernellens-pack").entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList());
    }

    void aPackAnotherProcessHoldsIsLeftAlone()
    {
        QTemporaryDir dir;
        const QString root = dir.path(), pack = root + "/.kernellens-pack/a.klpack";
        writeKeys(root, "a.klpack", {"K0", "K1"});
        const QByteArray bytes = fileBytes(pack);
        HeldPack writer(root + "/.kernellens-pack", "a.klpack");
        QVERIFY(writer.held());
        PackRewriteOptions o;
        o.lockTries = 2;
        const auto removed = removeKeys(root, {"K1"}, o);
        QCOMPARE(removed[0].result, PackedKeyRemoval::Result::Busy);
        QVERIFY2(removed[0].detail.english().find("held by a writer") != std::string::npos,
                 removed[0].detail.english().c_str());
        QCOMPARE(fileBytes(pack), bytes);
        writer.release();
        QCOMPARE(removeKeys(root, {"K1"})[0].result, PackedKeyRemoval::Result::Removed);
    }
};

QTEST_GUILESS_MAIN(TstPackRewrite)
#include "tst_packrewrite.moc"
