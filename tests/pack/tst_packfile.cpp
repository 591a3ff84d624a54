// core/pack: the pack format read and appended (docs/pack-format.md). A round trip byte for byte;
// damage a reader must walk past with the exact byte offset (a torn tail, a flipped byte, a
// damaged header), an index that is torn or points at garbage, packs of a newer format, a pack
// folder that is a file, an unreadable pack, a full disk, a pack another process holds, and the
// Python cache manager's writer (resources/python/kernellens/pack.py) read by this reader and the
// other way round.
#include "core/formats/layout.h"
#include "core/pack/packfile.h"
#include "core/pack/packfolder.h"
#include "core/pack/packformat.h"
#include "core/pack/packindex.h"
#include "core/pack/packwriter.h"
#include "tests/support/heldpack.h"
#include "tests/support/klensprocess.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <map>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace kl;

namespace {

constexpr std::int64_t kTime = 1795346422123456789;

struct Files {
    std::vector<std::string> names, bytes;
    std::vector<std::int64_t> mtimes;

    std::vector<FileToPack> parts() const
    {
        std::vector<FileToPack> out;
        for (std::size_t i = 0; i < names.size(); ++i)
            out.push_back(FileToPack{names[i], bytes[i], mtimes[i]});
        return out;
    }
};

// An entry as Triton writes it: stages, metadata, and the group file naming them (complete), or
// without its group file (incomplete).
Files entryFiles(const std::string& key, const std::string& kernel, bool complete, std::size_t ptxBytes = 40)
{
    Files f;
    const std::string root = "/cache";
    f.names = {kernel + ".ptx", kernel + ".json"};
    f.bytes = {std::string(ptxBytes, 'p') + key, "{\"name\": \"" + kernel + "\"}"};
    if (complete) {
        f.names.push_back("__grp__" + kernel + ".json");
        f.bytes.push_back("{\"child_paths\": {\"" + kernel + ".ptx\": \"" + root + "/" + key + "/" + kernel +
                          ".ptx\", \"" + kernel + ".json\": \"" + root + "/" + key + "/" + kernel +
                          ".json\"}}");
    }
    for (std::size_t i = 0; i < f.names.size(); ++i)
        f.mtimes.push_back(kTime + static_cast<std::int64_t>(i));
    return f;
}

std::string str(const QString& s)
{
    return s.toStdString();
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

struct Written {
    std::vector<std::uint64_t> offsets;
    std::vector<std::string> keys;
    std::vector<Files> files;
};

// Appends `n` records (key KEY<i>, complete but for every third) to `<folder>/<name>`.
Written writePack(const QString& folder, const std::string& name, int n, std::size_t ptxBytes = 40)
{
    Written w;
    auto t = PackWriter::take(str(folder), name, PackWriterOptions{false});
    if (t.state != PackWriter::State::Taken) {
        qWarning("take: %s", t.why.english().c_str());
        return w;
    }
    for (int i = 0; i < n; ++i) {
        const std::string key = "KEY" + std::to_string(i);
        const Files f = entryFiles(key, "k" + std::to_string(i), i % 3 != 2, ptxBytes);
        auto at = t.writer->append(key, kTime, f.parts());
        if (!at) {
            qWarning("append: %s", at.error().english().c_str());
            return w;
        }
        w.offsets.push_back(*at);
        w.keys.push_back(key);
        w.files.push_back(f);
    }
    return w;
}

struct Opened {
    UniqueFd folder;
    std::optional<PackFile> file;
};

Opened openPack(const QString& folder, const std::string& name)
{
    Opened o;
    o.folder = UniqueFd(::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    auto f = PackFile::open(o.folder.get(), str(folder), name);
    if (f)
        o.file.emplace(std::move(*f));
    else
        qWarning("open: %s", f.error().english().c_str());
    return o;
}

PackWalk walkPack(const QString& folder, const std::string& name, PackRead mode)
{
    Opened o = openPack(folder, name);
    return o.file ? o.file->walk(mode, o.folder.get()) : PackWalk{};
}

std::vector<std::uint64_t> offsetsOf(const PackWalk& w)
{
    std::vector<std::uint64_t> out;
    for (const PackRecord& r : w.records)
        out.push_back(r.offset);
    return out;
}

std::vector<std::string> keysOf(const PackWalk& w)
{
    std::vector<std::string> out;
    for (const PackRecord& r : w.records)
        out.push_back(r.key);
    return out;
}

// Runs `body` in a child that dropped to nobody; returns what it wrote, or "!..." on failure.
template <typename Body> std::string asNobody(Body body)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return "!pipe";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        ::alarm(60);
        std::string out;
        if (::setgroups(0, nullptr) != 0 || ::setresgid(65534, 65534, 65534) != 0 ||
            ::setresuid(65534, 65534, 65534) != 0)
            out = "!cannot drop privileges: " + std::string(std::strerror(errno));
        else
            out = body();
        (void)!::write(fds[1], out.data(), out.size());
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string got;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR);)
        if (n > 0)
            got.append(buf, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return got;
}

} // namespace

class TstPackFile : public QObject {
    Q_OBJECT

    QString folderIn(const QTemporaryDir& dir) const { return dir.filePath(".kernellens-pack"); }

private slots:
    void recordBytesAreTheFormat()
    {
        pack::RecordMeta meta;
        meta.key = "KEY";
        meta.timeNs = 7;
        meta.files = {{"a.json", 2, 9}};
        const std::string rec = pack::encodeRecord(meta, "{}");
        const std::string json =
            R"({"key":"KEY","time_ns":7,"files":[{"name":"a.json","size":2,"mtime_ns":9}]})";
        QCOMPARE(pack::encodeRecordMeta(meta), json);
        QCOMPARE(rec.substr(0, 4), std::string("KLR1"));
        QCOMPARE(pack::readU32(rec, 4), std::uint32_t(json.size()));
        QCOMPARE(pack::readU32(rec, 8), std::uint32_t(2)); // data_len, low half
        QCOMPARE(pack::readU32(rec, 12), std::uint32_t(0));
        QCOMPARE(pack::readU32(rec, 16), pack::crc32Of(pack::crc32Of(0, json), "{}"));
        QCOMPARE(pack::readU32(rec, 20), pack::kKindEntry);
        QCOMPARE(rec.substr(24), json + "{}");
        QCOMPARE(pack::encodePackHeader(), std::string("KLPACK\r\n\x01\0\0\0\0\0\0\0", 16));
        // What the meta must hold.
        QVERIFY(pack::parseRecordMeta(json, 2));
        QVERIFY(!pack::parseRecordMeta(json, 3)); // sizes do not add up
        QVERIFY(!pack::parseRecordMeta(R"({"key":"../x","files":[]})", 0));
        QVERIFY(!pack::parseRecordMeta(R"({"key":".kernellens-pack","files":[]})", 0));
        QVERIFY(!pack::parseRecordMeta(R"({"key":"K","files":[{"name":"a/b","size":0}]})", 0));
        QVERIFY(!pack::parseRecordMeta(R"({"key":"K","files":[{"name":"a","size":0},{"name":"a","size":0}]})",
                                       0));
        QVERIFY(!pack::parseRecordMeta(R"({"key":"K","files":[{"name":"a","size":-1}]})", 0));
        QVERIFY(!pack::parseRecordMeta("[", 0));
        QVERIFY(pack::parseRecordMeta(R"({"key":"K","files":[{"name":"a","size":0}]})", 0)); // times optional
    }

    void roundTrip()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        const Written w = writePack(folder, "packed-0.klpack", 6);
        QCOMPARE(w.offsets.size(), std::size_t(6));
        QCOMPARE(w.offsets.front(), pack::kHeaderBytes);

        Opened o = openPack(folder, "packed-0.klpack");
        QVERIFY(o.file);
        const PackWalk full = o.file->walk(PackRead::Full);
        QCOMPARE(full.header.state, PackHeaderState::Current);
        QVERIFY(full.damage.empty());
        QCOMPARE(offsetsOf(full), w.offsets);
        QCOMPARE(keysOf(full), w.keys);
        QCOMPARE(full.validEnd, o.file->size());
        for (std::size_t i = 0; i < full.records.size(); ++i) {
            const PackRecord& r = full.records[i];
            QCOMPARE(r.check, RecordCheck::Full);
            QCOMPARE(r.completeGroup, i % 3 != 2);
            QCOMPARE(r.timeNs, kTime);
            QCOMPARE(r.files.size(), w.files[i].names.size());
            for (std::size_t f = 0; f < r.files.size(); ++f) {
                QCOMPARE(r.files[f].name, w.files[i].names[f]);
                QCOMPARE(r.files[f].size, w.files[i].bytes[f].size());
                QCOMPARE(r.files[f].mtimeNs, w.files[i].mtimes[f]);
                QCOMPARE(o.file->readFile(r.files[f], 1 << 20).value(), w.files[i].bytes[f]);
            }
            std::string all;
            for (const std::string& b : w.files[i].bytes)
                all += b;
            QCOMPARE(o.file->readData(r, 1 << 20).value(), all);
            QVERIFY(!o.file->readFile(r.files[0], 3)); // bounded
        }
        // The index: KLIDX 1, one line per record; the indexed walk finds the same records.
        std::string index = "KLIDX 1\n";
        for (const PackRecord& r : full.records)
            index += std::to_string(r.offset) + " " + std::to_string(r.length) + " " + r.key + "\n";
        QCOMPARE(fileBytes(folder + "/packed-0.klidx").toStdString(), index);
        const PackWalk indexed = o.file->walk(PackRead::Indexed, o.folder.get());
        QCOMPARE(offsetsOf(indexed), w.offsets);
        QCOMPARE(keysOf(indexed), w.keys);
        QCOMPARE(indexed.indexedRecords, std::size_t(6));
        QVERIFY(indexed.damage.empty());

        // Entries: first complete record per key, in pack-name then offset order.
        {
            auto t = PackWriter::take(str(folder), "packed-1.klpack", PackWriterOptions{false});
            QCOMPARE(t.state, PackWriter::State::Taken);
            QCOMPARE(t.writer->size(), pack::kHeaderBytes);
            QVERIFY(t.writer->append("KEY0", kTime, entryFiles("KEY0", "k0", true).parts())); // a duplicate
            QVERIFY(
                t.writer->append("KEY2", kTime, entryFiles("KEY2", "k2", true).parts())); // completes KEY2
        }
        UniqueFd rootFd(
            ::open(QFile::encodeName(dir.path()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        auto listing = listPackFolder(rootFd.get(), str(dir.path()));
        QVERIFY(listing && listing->exists);
        QCOMPARE(listing->packs, (std::vector<std::string>{"packed-0.klpack", "packed-1.klpack"}));
        const std::vector<PackContents> packs = readPacks(*listing, PackRead::Full);
        const std::vector<PackEntryRef> entries = pickEntries({&packs[0].walk, &packs[1].walk});
        QCOMPARE(entries.size(), std::size_t(6));
        QCOMPARE(entries[0].pack, std::size_t(0)); // KEY0: the first complete record wins
        QCOMPARE(entries[0].duplicates, std::size_t(1));
        QCOMPARE(entries[2].pack, std::size_t(1)); // KEY2: incomplete in pack 0, complete in pack 1
        QVERIFY(entries[2].complete);
        QCOMPARE(entries[5].pack, std::size_t(0)); // KEY5: no complete record: its first one
        QVERIFY(!entries[5].complete);
        const PackedEntries summary = summarizePackFolder(rootFd.get(), str(dir.path()));
        QVERIFY(summary.present);
        QCOMPARE(summary.packs, std::size_t(2));
        QCOMPARE(summary.records, std::size_t(8));
        QCOMPARE(summary.entries, std::size_t(6));
        QCOMPARE(summary.skipped, std::size_t(0));
    }

    void truncatedTail()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        const Written w = writePack(folder, "p.klpack", 3);
        const QString path = folder + "/p.klpack";
        const qint64 size = QFileInfo(path).size();
        QVERIFY(::truncate(QFile::encodeName(path).constData(), size - 10) == 0);

        const PackWalk walk = walkPack(folder, "p.klpack", PackRead::Full);
        QCOMPARE(keysOf(walk), (std::vector<std::string>{"KEY0", "KEY1"}));
        QCOMPARE(walk.damage.size(), std::size_t(1));
        QCOMPARE(walk.damage[0].offset, w.offsets[2]);
        QCOMPARE(walk.damage[0].length, std::uint64_t(size - 10) - w.offsets[2]);
        QVERIFY2(walk.damage[0].cause.english().find("torn append") != std::string::npos,
                 walk.damage[0].cause.english().c_str());
        QCOMPARE(walk.validEnd, w.offsets[2]);

        // A writer taking the pack cuts the tail off, rewrites the index, and appends after it.
        auto t = PackWriter::take(str(folder), "p.klpack", PackWriterOptions{false});
        QCOMPARE(t.state, PackWriter::State::Taken);
        QCOMPARE(t.writer->truncated(), std::uint64_t(size - 10) - w.offsets[2]);
        QCOMPARE(t.writer->size(), w.offsets[2]);
        QCOMPARE(std::uint64_t(QFileInfo(path).size()), w.offsets[2]);
        QVERIFY(t.writer->append("KEY9", kTime, entryFiles("KEY9", "k9", true).parts()));
        t.writer.reset();
        const PackWalk after = walkPack(folder, "p.klpack", PackRead::Full);
        QVERIFY(after.damage.empty());
        QCOMPARE(keysOf(after), (std::vector<std::string>{"KEY0", "KEY1", "KEY9"}));
        QCOMPARE(pack::parseIndex(fileBytes(folder + "/p.klidx").toStdString()).lines.size(), std::size_t(3));
    }

    void flippedByte_data()
    {
        QTest::addColumn<int>("where"); // bytes into record 2
        QTest::addColumn<QString>("cause");
        QTest::newRow("in its data") << -1 << "CRC-32 mismatch";
        QTest::newRow("in its meta") << 30 << "CRC-32 mismatch";
        QTest::newRow("in its magic") << 1 << "no record starts here";
        QTest::newRow("in its data length") << 13 << "ends past the end";
    }

    void flippedByte()
    {
        QFETCH(int, where);
        QFETCH(QString, cause);
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        const Written w = writePack(folder, "p.klpack", 5, 5000);
        const QString path = folder + "/p.klpack";
        QByteArray bytes = fileBytes(path);
        const std::uint64_t at =
            w.offsets[2] + (where < 0 ? (w.offsets[3] - w.offsets[2]) / 2 : std::uint64_t(where));
        bytes[qsizetype(at)] = char(bytes[qsizetype(at)] ^ 0x40);
        writeBytes(path, bytes);

        const PackWalk walk = walkPack(folder, "p.klpack", PackRead::Full);
        QCOMPARE(keysOf(walk), (std::vector<std::string>{"KEY0", "KEY1", "KEY3", "KEY4"}));
        QCOMPARE(walk.damage.size(), std::size_t(1));
        QCOMPARE(walk.damage[0].offset, w.offsets[2]); // exactly where the damaged record starts
        QCOMPARE(walk.damage[0].length, w.offsets[3] - w.offsets[2]);
        QVERIFY2(QString::fromStdString(walk.damage[0].cause.english()).contains(cause),
                 walk.damage[0].cause.english().c_str());
        QCOMPARE(walk.validEnd, std::uint64_t(bytes.size()));
    }

    // Random damage of every kind (flipped bytes, cut tails, spliced garbage, a garbled index):
    // never a crash, and the valid records and the damaged regions of a full walk tile the pack
    // from byte 16 to its end, so every byte is either in a record or named as damage.
    void randomDamageIsAlwaysAccountedFor()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        writePack(folder, "p.klpack", 8, 300);
        const QByteArray pristine = fileBytes(folder + "/p.klpack");
        const QByteArray index = fileBytes(folder + "/p.klidx");
        std::uint64_t seed = 0x9e3779b97f4a7c15ull;
        auto next = [&](std::uint64_t bound) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            return bound ? seed % bound : 0;
        };
        // KL_PACK_ROUNDS=100000 for a longer search.
        const int rounds = qEnvironmentVariableIntValue("KL_PACK_ROUNDS") > 0
                               ? qEnvironmentVariableIntValue("KL_PACK_ROUNDS")
                               : 300;
        for (int round = 0; round < rounds; ++round) {
            QByteArray bytes = pristine;
            for (std::uint64_t n = 1 + next(4); n > 0; --n) {
                const auto at = qsizetype(16 + next(std::uint64_t(bytes.size() - 16)));
                switch (next(4)) {
                case 0: bytes[at] = char(bytes[at] ^ (1 << next(8))); break;
                case 1: bytes.truncate(std::max<qsizetype>(16, at)); break;
                case 2:
                    bytes.insert(at, QByteArray("KLR1") + QByteArray(qsizetype(next(40)), char(next(256))));
                    break;
                case 3: bytes.remove(at, qsizetype(next(50))); break;
                }
                if (bytes.size() <= 16)
                    break;
            }
            writeBytes(folder + "/p.klpack", bytes);
            QByteArray idx = index;
            if (next(2))
                idx[qsizetype(8 + next(std::uint64_t(idx.size() - 8)))] = char('0' + next(10));
            writeBytes(folder + "/p.klidx", idx);
            const PackWalk full = walkPack(folder, "p.klpack", PackRead::Full);
            std::vector<std::pair<std::uint64_t, std::uint64_t>> pieces;
            for (const PackRecord& r : full.records)
                pieces.emplace_back(r.offset, r.length);
            for (const PackRecord& r : full.otherKinds) // a flipped kind: valid, of a kind to skip
                pieces.emplace_back(r.offset, r.length);
            for (const PackDamage& d : full.damage)
                pieces.emplace_back(d.offset, d.length);
            std::sort(pieces.begin(), pieces.end());
            std::uint64_t pos = pack::kHeaderBytes;
            for (const auto& [offset, length] : pieces) {
                QCOMPARE(offset, pos);
                QVERIFY(length > 0);
                pos += length;
            }
            QCOMPARE(pos, std::max<std::uint64_t>(pack::kHeaderBytes, std::uint64_t(bytes.size())));
            // The indexed walk finds at least the records the full walk proves valid (their keys
            // as the index has them: it trusts the lines that agree with the records' headers).
            const PackWalk indexed = walkPack(folder, "p.klpack", PackRead::Indexed);
            for (const PackRecord& r : full.records)
                QVERIFY(std::any_of(indexed.records.begin(), indexed.records.end(),
                                    [&](const PackRecord& i) { return i.offset == r.offset; }));
            // And a writer taking the pack keeps every valid record.
            auto t = PackWriter::take(str(folder), "p.klpack", PackWriterOptions{false});
            QCOMPARE(t.state, PackWriter::State::Taken);
            t.writer.reset();
            const PackWalk after = walkPack(folder, "p.klpack", PackRead::Full);
            QCOMPARE(offsetsOf(after), offsetsOf(full));
        }
    }

    void tornIndexLine()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        const Written w = writePack(folder, "p.klpack", 4);
        QByteArray index = fileBytes(folder + "/p.klidx");
        index.chop(3); // the last line loses its newline and the end of its key
        writeBytes(folder + "/p.klidx", index);
        const pack::PackIndex parsed = pack::parseIndex(index.toStdString());
        QVERIFY(parsed.present);
        QCOMPARE(parsed.lines.size(), std::size_t(3));
        const PackWalk walk = walkPack(folder, "p.klpack", PackRead::Indexed);
        QCOMPARE(walk.indexedRecords, std::size_t(3));
        QCOMPARE(keysOf(walk), w.keys); // the fourth found by the walk past the index
        QCOMPARE(walk.records[3].check, RecordCheck::Full);
        QVERIFY(walk.damage.empty());

        // A writer taking the pack writes a whole index again.
        auto t = PackWriter::take(str(folder), "p.klpack", PackWriterOptions{false});
        QCOMPARE(t.state, PackWriter::State::Taken);
        QCOMPARE(pack::parseIndex(fileBytes(folder + "/p.klidx").toStdString()).lines.size(), std::size_t(4));
        QVERIFY(fileBytes(folder + "/p.klidx").endsWith("\n"));
    }

    void indexPointsAtGarbage()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        const Written w = writePack(folder, "p.klpack", 4);
        const std::string garbage =
            "KLIDX 1\n" + std::to_string(w.offsets[0]) + " 99 KEY0\n" + // wrong length
            std::to_string(w.offsets[1] + 7) + " 100 KEY1\n" +          // not a record
            "abc def KEY2\n" + "16 18446744073709551615 KEY3\n" + "999999999 5 KEY9\n";
        writeBytes(folder + "/p.klidx", QByteArray::fromStdString(garbage));
        const PackWalk walk = walkPack(folder, "p.klpack", PackRead::Indexed);
        QCOMPARE(offsetsOf(walk), w.offsets);
        QCOMPARE(keysOf(walk), w.keys);
        QVERIFY(walk.damage.empty());
        for (const PackRecord& r : walk.records)
            QCOMPARE(r.check, RecordCheck::Full); // nothing trusted from that index
        // A newer index format is no index at all.
        writeBytes(folder + "/p.klidx", "KLIDX 2\n16 1 KEY0\n");
        QCOMPARE(keysOf(walkPack(folder, "p.klpack", PackRead::Indexed)), w.keys);
    }

    void newerFormats_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<int>("state");
        QTest::newRow("version 2") << QByteArray("KLPACK\r\n\x02\0\0\0\0\0\0\0", 16)
                                   << int(PackHeaderState::Newer);
        QTest::newRow("foreign magic")
            << QByteArray("GIF89a\0\0\x01\0\0\0\0\0\0\0", 16) << int(PackHeaderState::Foreign);
        QTest::newRow("cut header") << QByteArray("KLPAC", 5) << int(PackHeaderState::Short);
    }

    void newerFormats()
    {
        QFETCH(QByteArray, header);
        QFETCH(int, state);
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        writePack(folder, "p.klpack", 2);
        const QString path = folder + "/p.klpack";
        QByteArray bytes = fileBytes(path);
        bytes = header.size() < 16 ? header : header + bytes.mid(16);
        writeBytes(path, bytes);

        const PackWalk walk = walkPack(folder, "p.klpack", PackRead::Full);
        QCOMPARE(int(walk.header.state), state);
        QVERIFY(walk.records.empty());
        QVERIFY2(walk.header.why.english().find(str(path)) != std::string::npos,
                 walk.header.why.english().c_str());
        // Never appended to, never changed.
        auto t = PackWriter::take(str(folder), "p.klpack", PackWriterOptions{false});
        QCOMPARE(t.state, PackWriter::State::NotOurs);
        QCOMPARE(fileBytes(path), bytes);
        UniqueFd root(::open(QFile::encodeName(dir.path()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        const PackedEntries s = summarizePackFolder(root.get(), str(dir.path()));
        QCOMPARE(s.packs, std::size_t(0));
        QCOMPARE(s.skipped, std::size_t(1));
    }

    void packFolderIsAFile()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        writeBytes(folder, "not a folder\n");
        UniqueFd root(::open(QFile::encodeName(dir.path()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        auto listing = listPackFolder(root.get(), str(dir.path()));
        QVERIFY(!listing);
        QVERIFY2(listing.error().english().find(str(folder) + " is not a folder") != std::string::npos,
                 listing.error().english().c_str());
        const PackedEntries s = summarizePackFolder(root.get(), str(dir.path()));
        QVERIFY(s.present);
        QVERIFY(!s.error.empty());
        auto t = PackWriter::take(str(folder), "p.klpack");
        QCOMPARE(t.state, PackWriter::State::Failed);
        QVERIFY2(t.why.english().find(str(folder)) != std::string::npos, t.why.english().c_str());
        QCOMPARE(fileBytes(folder), QByteArray("not a folder\n"));
        // No folder at all is no error.
        QVERIFY(QFile::remove(folder));
        auto none = listPackFolder(root.get(), str(dir.path()));
        QVERIFY(none && !none->exists);
    }

    void unreadablePack()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        writePack(folder, "p.klpack", 2);
        const QString path = folder + "/p.klpack";
        QVERIFY(::chmod(QFile::encodeName(dir.path()).constData(), 0755) == 0);
        QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0755) == 0);
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0) == 0);
        auto restore = qScopeGuard([&] { ::chmod(QFile::encodeName(path).constData(), 0644); });
        auto read = [&] {
            UniqueFd folderFd(
                ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
            auto f = PackFile::open(folderFd.get(), str(folder), "p.klpack");
            return f ? std::string("opened") : f.error().english();
        };
        // Root reads what is unreadable: the read runs as nobody where this test runs as root.
        const std::string why = ::geteuid() == 0 ? asNobody(read) : read();
        if (why.starts_with("!cannot drop privileges"))
            QSKIP(why.c_str());
        QVERIFY2(why.find(str(path)) != std::string::npos &&
                     why.find("Permission denied") != std::string::npos,
                 why.c_str());
    }

    void fullDiskCutsTheAppendBack()
    {
        QTemporaryDir base;
        const QString mnt = base.filePath("mnt");
        QVERIFY(QDir().mkpath(mnt));
        if (::mount("kl-pack-tmpfs", QFile::encodeName(mnt).constData(), "tmpfs", 0, "size=256k") != 0)
            QSKIP(qPrintable(QString("mount -t tmpfs was refused: %1 (needs root / CAP_SYS_ADMIN)")
                                 .arg(QString::fromLocal8Bit(std::strerror(errno)))));
        auto unmount = qScopeGuard([&] { ::umount2(QFile::encodeName(mnt).constData(), MNT_DETACH); });
        const QString folder = mnt + "/.kernellens-pack";
        auto t = PackWriter::take(str(folder), "p.klpack", PackWriterOptions{true});
        QCOMPARE(t.state, PackWriter::State::Taken);
        const std::string big(60000, 'c');
        std::vector<std::string> keys;
        Text error;
        std::uint64_t endBefore = 0;
        for (int i = 0; i < 20; ++i) {
            endBefore = t.writer->size();
            const std::string key = "KEY" + std::to_string(i);
            auto at = t.writer->append(key, kTime, {FileToPack{"k.cubin", big, kTime}});
            if (!at) {
                error = at.error();
                break;
            }
            keys.push_back(key);
        }
        QVERIFY2(!error.empty(), "a 256 KiB tmpfs took 1.2 MB");
        const std::string e = error.english();
        QVERIFY2(e.find(str(folder) + "/p.klpack") != std::string::npos &&
                     e.find("No space left on device") != std::string::npos,
                 e.c_str());
        QVERIFY2(e.find("cut back to " + std::to_string(endBefore)) != std::string::npos, e.c_str());
        QCOMPARE(t.writer->size(), endBefore);
        QCOMPARE(std::uint64_t(QFileInfo(folder + "/p.klpack").size()), endBefore);
        t.writer.reset();
        const PackWalk walk = walkPack(folder, "p.klpack", PackRead::Full);
        QVERIFY(walk.damage.empty());
        QCOMPARE(keysOf(walk), keys);
    }

    void heldPackIsBusy()
    {
        QTemporaryDir dir;
        const QString folder = folderIn(dir);
        writePack(folder, "p.klpack", 1);
        HeldPack writer(folder, "p.klpack");
        QVERIFY(writer.held());
        auto t = PackWriter::take(str(folder), "p.klpack", PackWriterOptions{false});
        QCOMPARE(t.state, PackWriter::State::Busy);
        QVERIFY2(t.why.english().find("pid " + std::to_string(writer.pid())) != std::string::npos,
                 t.why.english().c_str());
        writer.release();
        QCOMPARE(PackWriter::take(str(folder), "p.klpack", PackWriterOptions{false}).state,
                 PackWriter::State::Taken);
    }

    void pythonWriterAndThisReaderAgree()
    {
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("no python3 on PATH");
        QTemporaryDir dir;
        const QString root = dir.path();
        // The cache manager's PackStore writes two entries; this reader must read them.
        const QString script =
            QStringLiteral("import sys\n"
                           "from kernellens.pack import PackStore\n"
                           "s = PackStore(sys.argv[1], fsync=False)\n"
                           "s.append('AAAA', [('k.ptx', b'ptx bytes', 11), ('k.json', b'{}', 12),"
                           " ('__grp__k.json', b'{\"child_paths\": {\"k.ptx\": \"/r/AAAA/k.ptx\", "
                           "\"k.json\": \"/r/AAAA/k.json\"}}', 13)])\n"
                           "s.append('BBBB', [('f.autotune.json', b'[1, 2]', 14)])\n"
                           "s.close()\n");
        ProcessOptions env;
        env.set.insert("PYTHONPATH", QStringLiteral(KL_SOURCE_DIR "/resources/python"));
        const ProcessResult w = runProcess(python, {"-c", script, root}, env);
        QVERIFY2(w.exitCode == 0, w.err.constData());
        UniqueFd rootFd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        auto listing = listPackFolder(rootFd.get(), str(root));
        QVERIFY(listing && listing->packs.size() == 1);
        std::vector<PackContents> packs = readPacks(*listing, PackRead::Full);
        QVERIFY(packs[0].error.empty());
        QVERIFY(packs[0].walk.damage.empty());
        QCOMPARE(keysOf(packs[0].walk), (std::vector<std::string>{"AAAA", "BBBB"}));
        QVERIFY(packs[0].walk.records[0].completeGroup);
        QCOMPARE(packs[0].walk.records[0].files[0].mtimeNs, std::int64_t(11));
        auto file = PackFile::open(listing->fd.get(), listing->path, listing->packs[0]);
        QCOMPARE(file->readFile(packs[0].walk.records[0].files[0], 100).value(), std::string("ptx bytes"));
        QCOMPARE(file->readFile(packs[0].walk.records[1].files[0], 100).value(), std::string("[1, 2]"));
        const PackWalk indexed = file->walk(PackRead::Indexed, listing->fd.get());
        QCOMPARE(indexed.indexedRecords, std::size_t(2));

        // And the other way round: a pack this writer wrote, read by the cache manager.
        QTemporaryDir other;
        writePack(other.filePath(".kernellens-pack"), "packed-0.klpack", 3);
        const QString reader = QStringLiteral(
            "import sys\n"
            "from kernellens.pack import PackStore\n"
            "s = PackStore(sys.argv[1], fsync=False)\n"
            "for key in ('KEY0', 'KEY1', 'KEY2'):\n"
            "    recs = s.records(key)\n"
            "    files = s.read_files(recs[0])\n"
            "    print(key, len(recs), ','.join('%s=%d' % (n, len(b)) for n, b in sorted(files.items())))\n");
        const ProcessResult r = runProcess(python, {"-c", reader, other.path()}, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        std::string expected;
        for (int i = 0; i < 3; ++i) {
            const std::string key = "KEY" + std::to_string(i);
            const Files f = entryFiles(key, "k" + std::to_string(i), i % 3 != 2);
            std::map<std::string, std::size_t> sizes;
            for (std::size_t n = 0; n < f.names.size(); ++n)
                sizes[f.names[n]] = f.bytes[n].size();
            std::string line;
            for (const auto& [name, size] : sizes)
                line += (line.empty() ? "" : ",") + name + "=" + std::to_string(size);
            expected += key + " 1 " + line + "\n";
        }
        QCOMPARE(r.out.toStdString(), expected);
    }
};

QTEST_GUILESS_MAIN(TstPackFile)
#include "tst_packfile.moc"
