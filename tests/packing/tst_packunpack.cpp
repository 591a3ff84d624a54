// klens pack and klens unpack (core/packing). The proof: on caches real Triton wrote (the
// committed GPU, lines and demo fixtures, and ../shared/corpus when present), `klens scan --json`
// after pack + unpack is the scan before, whole. Around it: a second pack adds to the packs and
// loses nothing, what is not an entry stays as it is, a damaged pack gives back every intact
// entry and says where the damage is, a newer or held pack is kept, dry runs change nothing,
// many entries roll into at most 64 packs, and a pack folder that is a file stops pack.
#include "core/env/cacheroots.h"
#include "core/pack/packwriter.h"
#include "core/packing/packcache.h"
#include "core/packing/unpackcache.h"
#include "core/scan/cachescanner.h"
#include "tests/clean/cleantestutil.h"
#include "tests/support/heldpack.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

using cleantest::copyTree;
using cleantest::listing;

namespace {

constexpr int kOk = 0, kProblems = 1, kError = 2;

QString fixture(const char* rel)
{
    return QStringLiteral(KL_SOURCE_DIR "/") + QString::fromLatin1(rel);
}

ProcessResult klens(const QStringList& args)
{
    return runKlens(args, withoutMachineTools());
}

QJsonObject scanJson(const QString& dir)
{
    const ProcessResult r = klens({"scan", dir, "--json"});
    if (r.exitCode != kOk && r.exitCode != kProblems)
        qWarning("klens scan: %s", r.err.constData());
    return r.json;
}

// The entries a pack takes: Triton's kernel, autotune and module folders named after a key.
QStringList packablePaths(const QJsonObject& scan)
{
    QStringList out;
    for (const QJsonValue& v : scan.value("entries").toArray()) {
        const QJsonObject e = v.toObject();
        const QString kind = e.value("kind").toString();
        if ((kind == "kernel" || kind == "autotune" || kind == "module") &&
            e.value("key_era").toString() != "none")
            out << e.value("path").toString();
    }
    return out;
}

QStringList entryPaths(const QJsonObject& scan)
{
    QStringList out;
    for (const QJsonValue& v : scan.value("entries").toArray())
        out << v.toObject().value("path").toString();
    return out;
}

QString describeDifference(const QJsonObject& a, const QJsonObject& b)
{
    QString out;
    const QJsonArray ea = a.value("entries").toArray(), eb = b.value("entries").toArray();
    if (ea.size() != eb.size())
        return QString("%1 entries before, %2 after").arg(ea.size()).arg(eb.size());
    for (qsizetype i = 0; i < ea.size(); ++i)
        for (const QString& k : ea[i].toObject().keys())
            if (ea[i].toObject().value(k) != eb[i].toObject().value(k))
                out += ea[i].toObject().value("path").toString() + ": " + k + " differs\n";
    return out.isEmpty() ? QString("roots or summary differ") : out;
}

void flipByte(const QString& path, qint64 at)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.seek(at));
    char c = 0;
    QVERIFY(f.getChar(&c));
    QVERIFY(f.seek(at));
    QVERIFY(f.putChar(char(c ^ 0x20)));
}

kl::Snapshot scanCore(const QString& dir)
{
    return kl::CacheScanner().scan({kl::givenRoot(dir.toStdString())});
}

} // namespace

class TstPackUnpack : public QObject {
    Q_OBJECT

    // A copy of `from` as <temp>/cache.
    QString copyOf(const QTemporaryDir& tmp, const QString& from)
    {
        const QString to = tmp.filePath("cache");
        if (!copyTree(from, to))
            qWarning("cannot copy %s", qPrintable(from));
        return to;
    }

private slots:
    void scanIsTheSameAfterPackAndUnpack_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("GPU fixture (kernels, autotune, modules)")
            << fixture("tests/fixtures/triton-gpu/cache");
        QTest::newRow("lines fixture") << fixture("tests/fixtures/triton-lines/cache");
        QTest::newRow("demo cache") << QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
        const QString corpus = corpusDir();
        if (corpus.isEmpty()) {
            QTest::newRow("corpus (absent)") << QString();
            return;
        }
        for (const QString& name : QDir(corpus).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QTest::newRow(qPrintable("corpus " + name)) << corpus + "/" + name;
    }

    void scanIsTheSameAfterPackAndUnpack()
    {
        QFETCH(QString, source);
        if (source.isEmpty())
            QSKIP("../shared/corpus/triton-caches is absent");
        QTemporaryDir tmp;
        const QString cache = copyOf(tmp, source);
        const QJsonObject before = scanJson(cache);
        const QStringList packable = packablePaths(before);
        QVERIFY(!packable.isEmpty());

        const ProcessResult pack = klens({"pack", cache, "--json"});
        QVERIFY2(pack.exitCode == kOk, pack.out + pack.err);
        QCOMPARE(pack.json.value("summary").toObject().value("packed").toInt(), packable.size());
        QCOMPARE(pack.json.value("summary").toObject().value("removed").toInt(), packable.size());
        for (const QString& p : packable)
            QVERIFY2(!QFileInfo::exists(p), qPrintable(p + " is still a folder"));

        // Packed: the roots say where the entries are, what is not Triton's entry is listed as
        // before, and each packed entry is listed as its folder was (kind, status, kernel,
        // stages, sizes, times, resources, problems), at `<pack>/<key>`.
        const QJsonObject packed = scanJson(cache);
        int inPacks = 0;
        for (const QJsonValue& r : packed.value("roots").toArray())
            inPacks += r.toObject().value("packed").toObject().value("entries").toInt();
        QCOMPARE(inPacks, packable.size());
        QStringList rest = entryPaths(before);
        for (const QString& p : packable)
            rest.removeAll(p);
        QStringList folders;
        QMap<QString, QJsonObject> asFolder; // folder path -> the packed entry, as its folder's
        for (const QJsonValue& v : packed.value("entries").toArray()) {
            QJsonObject e = v.toObject();
            if (e.value("pack").isNull()) {
                folders << e.value("path").toString();
                continue;
            }
            const QString path = e.value("path").toString();
            const QString packFile = e.value("pack").toObject().value("file").toString();
            QVERIFY2(path == packFile + "/" + e.value("folder").toString() &&
                         packFile.contains("/.kernellens-pack/"),
                     qPrintable(path));
            const QString folder = e.value("root").toString() + "/" + e.value("folder").toString();
            e.remove("pack");
            const QByteArray text = QJsonDocument(e).toJson().replace(path.toUtf8(), folder.toUtf8());
            asFolder.insert(folder, QJsonDocument::fromJson(text).object());
        }
        QCOMPARE(folders, rest);
        QCOMPARE(asFolder.size(), packable.size());
        for (const QJsonValue& v : before.value("entries").toArray()) {
            QJsonObject e = v.toObject();
            const QString path = e.value("path").toString();
            if (!packable.contains(path))
                continue;
            e.remove("pack");
            QVERIFY2(asFolder.contains(path), qPrintable(path + " is not listed from its pack"));
            QVERIFY2(asFolder.value(path) == e,
                     qPrintable(path + ":\n" + QJsonDocument(e).toJson() + "listed from its pack as\n" +
                                QJsonDocument(asFolder.value(path)).toJson()));
        }

        const ProcessResult unpack = klens({"unpack", cache, "--json"});
        QVERIFY2(unpack.exitCode == kOk, unpack.out + unpack.err);
        QCOMPARE(unpack.json.value("summary").toObject().value("restored").toInt(), packable.size());
        QCOMPARE(unpack.json.value("summary").toObject().value("packs_kept").toInt(), 0);
        QDirIterator packFolders(cache, {".kernellens-pack"}, QDir::AllEntries | QDir::Hidden,
                                 QDirIterator::Subdirectories);
        QVERIFY2(!packFolders.hasNext(), qPrintable(packFolders.next() + " is left"));

        const QJsonObject after = scanJson(cache);
        QVERIFY2(after == before, qPrintable(describeDifference(before, after)));
    }

    void secondPackAddsToThePacks()
    {
        QTemporaryDir tmp;
        const QString source = fixture("tests/fixtures/triton-gpu/cache");
        const QString cache = copyOf(tmp, source);
        const QJsonObject whole = scanJson(cache);
        const QStringList all = packablePaths(whole);
        // Half the entries packed first, then the rest, then one of the first again (a Triton
        // that missed the packed entry wrote it once more).
        QStringList second;
        for (qsizetype i = 0; i < all.size(); i += 2) {
            second << all[i];
            QVERIFY(QDir().rename(all[i], tmp.filePath(QFileInfo(all[i]).fileName())));
        }
        QCOMPARE(klens({"pack", cache}).exitCode, kOk);
        for (const QString& p : second)
            QVERIFY(QDir().rename(tmp.filePath(QFileInfo(p).fileName()), p));
        const QString again = all[1];
        QVERIFY(copyTree(source + "/" + QFileInfo(again).fileName(), again));
        const ProcessResult pack = klens({"pack", cache, "--json"});
        QVERIFY2(pack.exitCode == kOk, pack.out + pack.err);
        const QJsonObject s = pack.json.value("summary").toObject();
        QCOMPARE(s.value("packed").toInt(), second.size());
        QCOMPARE(s.value("already_packed").toInt(), 1);
        const QJsonArray packs =
            pack.json.value("packed").toArray().at(0).toObject().value("packs").toArray();
        QCOMPARE(packs.size(), 1); // appended to the pack of the first run
        QVERIFY(packs.at(0).toString().endsWith("/.kernellens-pack/packed-0.klpack"));
        QCOMPARE(QDir(cache).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{".kernellens-pack"});

        const ProcessResult unpack = klens({"unpack", cache, "--json"});
        QVERIFY2(unpack.exitCode == kOk, unpack.out + unpack.err);
        QCOMPARE(unpack.json.value("summary").toObject().value("restored").toInt(), all.size());
        const QJsonObject after = scanJson(cache);
        QVERIFY2(after.value("entries") == whole.value("entries"),
                 qPrintable(describeDifference(whole, after)));
    }

    void whatIsNotAnEntryStays()
    {
        QTemporaryDir tmp;
        const QString cache = copyOf(tmp, fixture("tests/fixtures/triton-gpu/cache"));
        // A dump folder, an override-shaped one, a foreign file, a dead writer's temp folder, an
        // unknown folder, a symlink, and an entry with a temp folder inside (a write under way).
        const QString dump = cache + "/" + base32Folder(sha256Of("dump"));
        for (const char* ext : {"ttir", "ttgir", "llir", "ptx", "cubin", "sass"})
            writeFileAt(dump + "/add_kernel." + ext, "dumped\n");
        const QString over = cache + "/" + base32Folder(sha256Of("over"));
        writeFileAt(over + "/add_kernel.ptx", "// edited by hand\n");
        writeFileAt(cache + "/cache.lock", "");
        writeFileAt(cache + "/tmp.pid_999999_0a1b2c3d/add_kernel.ptx", "half\n");
        writeFileAt(cache + "/notes/readme.txt", "mine\n");
        QVERIFY(QFile::link(cache + "/notes", cache + "/link"));
        const QString writing = cache + "/" + TempCache::addKernelAt(cache, "busy_kernel", sha256Of("busy"));
        writeFileAt(writing + "/tmp.pid_1_0123456789abcdef/busy_kernel.cubin", "partial");
        const QStringList stays{dump,
                                over,
                                cache + "/cache.lock",
                                cache + "/tmp.pid_999999_0a1b2c3d",
                                cache + "/notes",
                                cache + "/link",
                                writing};
        QMap<QString, QString> before;
        for (const QString& p : stays) {
            before.insert(p, QFileInfo(p).isSymLink() ? QFileInfo(p).symLinkTarget() : QString());
            const auto l = listing(p);
            for (auto it = l.begin(); it != l.end(); ++it)
                before.insert(p + "/" + it.key(), it.value());
        }

        const ProcessResult pack = klens({"pack", cache, "--json"});
        QCOMPARE(pack.exitCode, kProblems); // the entry being written stays a folder
        bool leftWriting = false;
        for (const QJsonValue& v :
             pack.json.value("packed").toArray().at(0).toObject().value("entries").toArray()) {
            const QJsonObject e = v.toObject();
            if (e.value("path").toString() == writing) {
                leftWriting = e.value("result").toString() == "left" &&
                              e.value("detail").toString().contains("not a plain file");
            } else {
                QCOMPARE(e.value("result").toString(), QStringLiteral("packed"));
            }
        }
        QVERIFY2(leftWriting, pack.out.constData());
        QMap<QString, QString> after;
        for (const QString& p : stays) {
            after.insert(p, QFileInfo(p).isSymLink() ? QFileInfo(p).symLinkTarget() : QString());
            const auto l = listing(p);
            for (auto it = l.begin(); it != l.end(); ++it)
                after.insert(p + "/" + it.key(), it.value());
        }
        QCOMPARE(after, before);
    }

    void damagedPackGivesBackEveryIntactEntry()
    {
        QTemporaryDir tmp;
        const QString cache = copyOf(tmp, fixture("tests/fixtures/triton-gpu/cache"));
        const QJsonObject whole = scanJson(cache);
        const ProcessResult pack = klens({"pack", cache, "--json"});
        QCOMPARE(pack.exitCode, kOk);
        const QJsonArray packed =
            pack.json.value("packed").toArray().at(0).toObject().value("entries").toArray();
        QVERIFY(packed.size() > 4);
        const QJsonObject victim = packed.at(3).toObject();
        const QString packPath = victim.value("pack").toString();
        const qint64 offset = victim.value("offset").toInteger();
        const qint64 next = packed.at(4).toObject().value("offset").toInteger();
        QVERIFY(next > offset);
        flipByte(packPath, offset + (next - offset) / 2); // in its data

        const ProcessResult doctor = klens({"doctor", cache, "--json", "--no-binaries"});
        QCOMPARE(doctor.exitCode, kProblems);
        bool found = false;
        for (const QJsonValue& v : doctor.json.value("findings").toArray()) {
            const QJsonObject f = v.toObject();
            if (f.value("code").toString() != "damaged-pack")
                continue;
            found = true;
            QCOMPARE(f.value("path").toString(), packPath);
            QCOMPARE(f.value("offset").toInteger(), offset);
            QCOMPARE(f.value("length").toInteger(), next - offset);
            QVERIFY2(f.value("message").toString().contains("CRC-32 mismatch"),
                     qPrintable(f.value("message").toString()));
            QVERIFY(f.value("fix").toString().contains("klens unpack DIR"));
        }
        QVERIFY2(found, doctor.out.constData());

        const ProcessResult unpack = klens({"unpack", cache, "--json"});
        QCOMPARE(unpack.exitCode, kProblems);
        const QJsonObject root = unpack.json.value("unpacked").toArray().at(0).toObject();
        const QJsonObject p = root.value("packs").toArray().at(0).toObject();
        QCOMPARE(p.value("result").toString(), QStringLiteral("kept"));
        QCOMPARE(p.value("damage").toArray().size(), 1);
        QCOMPARE(p.value("damage").toArray().at(0).toObject().value("offset").toInteger(), offset);
        QVERIFY(p.value("reason").toString().contains("damaged at byte " + QString::number(offset)));
        QCOMPARE(unpack.json.value("summary").toObject().value("restored").toInt(), packed.size() - 1);
        QVERIFY(QFileInfo::exists(packPath)); // kept: nothing in it is lost
        QVERIFY(!QFileInfo::exists(victim.value("path").toString()));
        for (qsizetype i = 0; i < packed.size(); ++i)
            if (i != 3)
                QVERIFY(QFileInfo::exists(packed.at(i).toObject().value("path").toString()));
        // The intact entries are as they were; the kept pack's records are listed beside them
        // (both copies are there), the damaged one not at all.
        // (A key listed twice has no short handle: handles are left out of the comparison.)
        auto withoutHandle = [](const QJsonValue& v) {
            QJsonObject o = v.toObject();
            o.remove("handle");
            return o;
        };
        QJsonArray expected;
        for (const QJsonValue& v : whole.value("entries").toArray())
            if (v.toObject().value("path").toString() != victim.value("path").toString())
                expected.append(withoutHandle(v));
        QJsonArray folders;
        int fromPack = 0;
        const QString victimKey = QFileInfo(victim.value("path").toString()).fileName();
        QString victimStage;
        for (const QJsonValue& v : scanJson(cache).value("entries").toArray()) {
            if (v.toObject().value("pack").isNull()) {
                folders.append(withoutHandle(v));
                continue;
            }
            if (v.toObject().value("folder").toString() == victimKey)
                victimStage = v.toObject().value("stages").toObject().keys().value(0);
            ++fromPack;
            QVERIFY(v.toObject().value("pack").toObject().value("file").toString() == packPath);
        }
        QCOMPARE(folders, expected);
        // The scan lists records as the index vouches for them (it reads no stage); the damaged
        // one is listed too, and a read of any of its files checks its CRC and fails, naming
        // the pack, the offset and the cause.
        QCOMPARE(fromPack, packed.size());
        QVERIFY(!victimStage.isEmpty());
        const ProcessResult show = klens({"show", packPath + "/" + victimKey, "--stage", victimStage});
        QVERIFY2(show.exitCode != kOk && show.err.contains("CRC-32 mismatch") &&
                     show.err.contains(QByteArray::number(offset)) && show.err.contains(packPath.toUtf8()),
                 show.err.constData());
        const QString intactKey = QFileInfo(packed.at(4).toObject().value("path").toString()).fileName();
        const ProcessResult intact =
            klens({"export", packPath + "/" + intactKey, "-o", tmp.filePath("x.tar.gz")});
        QVERIFY2(intact.exitCode == kOk && intact.out.contains("1 entry"), intact.out + intact.err);
        // A second unpack finds them there, and still keeps the damaged pack.
        const ProcessResult again = klens({"unpack", cache, "--json"});
        QCOMPARE(again.exitCode, kProblems);
        QCOMPARE(again.json.value("summary").toObject().value("already_there").toInt(), packed.size() - 1);
    }

    void newerOrHeldPacksAreKept()
    {
        QTemporaryDir tmp;
        const QString cache = copyOf(tmp, fixture("tests/fixtures/triton-lines/cache"));
        QCOMPARE(klens({"pack", cache}).exitCode, kOk);
        const QString folder = cache + "/.kernellens-pack";
        // A pack of format 2 beside it.
        writeFileAt(folder + "/future-0.klpack", QByteArray("KLPACK\r\n\x02\0\0\0\0\0\0\0", 16) + "whatever");
        const ProcessResult doctor = klens({"doctor", cache, "--json", "--no-binaries"});
        QStringList codes;
        for (const QJsonValue& v : doctor.json.value("findings").toArray())
            if (v.toObject().value("path").toString() == folder + "/future-0.klpack")
                codes << v.toObject().value("code").toString();
        QCOMPARE(codes, QStringList{"newer-pack"});
        const ProcessResult scan = klens({"scan", cache});
        QVERIFY2(scan.out.contains("packed: 2 entries in 1 pack in " + folder.toUtf8() +
                                   "; 1 pack not read (klens doctor says why)"),
                 scan.out.constData());

        // packed-0 held by a writer in another process.
        HeldPack writer(folder, "packed-0.klpack");
        QVERIFY(writer.held());
        const ProcessResult held = klens({"unpack", cache, "--json"});
        writer.release();
        QCOMPARE(held.exitCode, kProblems);
        QCOMPARE(held.json.value("summary").toObject().value("packs_kept").toInt(), 2);
        QVERIFY2(held.out.contains("is held by a writer"), held.out.constData());
        QVERIFY(QFileInfo::exists(folder + "/packed-0.klpack"));

        // Free again: packed-0 goes, the newer pack stays, so does the folder.
        const ProcessResult unpack = klens({"unpack", cache, "--json"});
        QCOMPARE(unpack.exitCode, kProblems);
        QVERIFY(!QFileInfo::exists(folder + "/packed-0.klpack"));
        QVERIFY(!QFileInfo::exists(folder + "/packed-0.klidx"));
        QVERIFY(QFileInfo::exists(folder + "/future-0.klpack"));
        QCOMPARE(unpack.json.value("summary").toObject().value("restored").toInt(), 2);
    }

    void dryRunsChangeNothing()
    {
        QTemporaryDir tmp;
        const QString cache = copyOf(tmp, fixture("tests/fixtures/triton-gpu/cache"));
        const auto before = listing(tmp.path());
        const ProcessResult pack = klens({"pack", cache, "--dry-run", "--json"});
        QCOMPARE(pack.exitCode, kOk);
        QCOMPARE(pack.json.value("summary").toObject().value("would_pack").toInt(), 12);
        QCOMPARE(listing(tmp.path()), before);
        QCOMPARE(klens({"pack", cache}).exitCode, kOk);
        const auto packed = listing(tmp.path());
        const ProcessResult unpack = klens({"unpack", cache, "--dry-run", "--json"});
        QCOMPARE(unpack.exitCode, kOk);
        QCOMPARE(unpack.json.value("summary").toObject().value("would_restore").toInt(), 12);
        QCOMPARE(listing(tmp.path()), packed);
    }

    void manyEntriesRollIntoAtMost64Packs()
    {
        TempCache cache;
        QStringList folders;
        for (int i = 0; i < 70; ++i)
            folders << cache.addKernel("k" + QString::number(i % 7), sha256Of("roll" + QString::number(i)));
        const kl::Snapshot before = scanCore(cache.path());
        QCOMPARE(before.entries.size(), std::size_t(70));
        kl::PackOptions options;
        options.rollBytes = 1; // every record past the first rolls to the next pack, up to 64
        options.fsync = false;
        const kl::PackResult packed = kl::packCache(before, options);
        QCOMPARE(packed.count(kl::PackOutcome::Packed), std::size_t(70));
        QCOMPARE(packed.removed(), std::size_t(70));
        QCOMPARE(packed.roots.at(0).packsUsed.size(), std::size_t(64));
        const QStringList packs = QDir(cache.filePath(".kernellens-pack")).entryList({"*.klpack"});
        QCOMPARE(packs.size(), 64);
        QVERIFY(packs.contains("packed-63.klpack") && !packs.contains("packed-64.klpack"));

        const kl::Snapshot mid = scanCore(cache.path());
        QCOMPARE(mid.entries.size(), std::size_t(70));
        for (const kl::Entry& e : mid.entries)
            QVERIFY2(e.packed() && e.path == e.packPath + "/" + e.folderName, e.path.c_str());
        QCOMPARE(mid.roots.at(0).packed.entries, std::size_t(70));
        QCOMPARE(mid.roots.at(0).packed.packs, std::size_t(64));
        kl::UnpackOptions u;
        u.fsync = false;
        const kl::UnpackResult out = kl::unpackCache(mid, u);
        QCOMPARE(out.count(kl::UnpackOutcome::Restored), std::size_t(70));
        QCOMPARE(out.packsRemoved(), std::size_t(64));
        QVERIFY(!QFileInfo::exists(cache.filePath(".kernellens-pack")));
        const kl::Snapshot after = scanCore(cache.path());
        QCOMPARE(after.entries.size(), std::size_t(70));
        for (std::size_t i = 0; i < after.entries.size(); ++i) {
            QCOMPARE(after.entries[i].path, before.entries[i].path);
            QCOMPARE(after.entries[i].newestMtimeNs, before.entries[i].newestMtimeNs);
            QVERIFY(after.entries[i].status == before.entries[i].status);
            QCOMPARE(after.entries[i].totalSize, before.entries[i].totalSize);
        }
    }

    // Unpacking onto a full disk: each entry comes out whole or not at all, the pack stays, and a
    // second unpack with room again finishes the job.
    void fullDiskLeavesNoHalfEntry()
    {
        QTemporaryDir base;
        const QString mnt = base.filePath("mnt");
        QVERIFY(QDir().mkpath(mnt));
        if (::mount("kl-unpack-tmpfs", QFile::encodeName(mnt).constData(), "tmpfs", 0, "size=2m") != 0)
            QSKIP(qPrintable(QString("mount -t tmpfs was refused: %1 (needs root / CAP_SYS_ADMIN)")
                                 .arg(QString::fromLocal8Bit(std::strerror(errno)))));
        auto unmount = qScopeGuard([&] { ::umount2(QFile::encodeName(mnt).constData(), MNT_DETACH); });
        const QString cache = mnt + "/cache";
        QVERIFY(copyTree(fixture("tests/fixtures/triton-gpu/cache"), cache));
        const QJsonObject whole = scanJson(cache);
        QCOMPARE(klens({"pack", cache}).exitCode, kOk);
        // Fill the disk but for some 100 KB: a few entries fit, the rest do not.
        {
            QFile filler(mnt + "/filler");
            QVERIFY(filler.open(QIODevice::WriteOnly));
            const QByteArray block(4096, 'f');
            while (filler.write(block) == block.size() && filler.flush())
                ;
        }
        QVERIFY(::truncate(QFile::encodeName(mnt + "/filler").constData(),
                           QFileInfo(mnt + "/filler").size() - 100 * 1024) == 0);
        const ProcessResult full = klens({"unpack", cache, "--json"});
        QCOMPARE(full.exitCode, kError);
        const QJsonObject s = full.json.value("summary").toObject();
        QVERIFY2(s.value("failed").toInt() > 0, full.out.constData());
        QCOMPARE(s.value("packs_kept").toInt(), 1);
        QVERIFY(full.out.contains("No space left on device"));
        for (const QJsonValue& v :
             full.json.value("unpacked").toArray().at(0).toObject().value("entries").toArray()) {
            const QJsonObject e = v.toObject();
            const bool there = QFileInfo::exists(e.value("path").toString());
            QCOMPARE(there, e.value("result").toString() == "restored");
        }
        for (const QString& name : QDir(cache).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden))
            QVERIFY2(name == ".kernellens-pack" ||
                         !QDir(cache + "/" + name).entryList({"tmp.*"}, QDir::AllEntries).size(),
                     qPrintable(name + " holds a temp folder"));

        QVERIFY(QFile::remove(mnt + "/filler"));
        const ProcessResult again = klens({"unpack", cache, "--json"});
        QVERIFY2(again.exitCode == kOk, again.out + again.err);
        QVERIFY(!QFileInfo::exists(cache + "/.kernellens-pack"));
        const QJsonObject after = scanJson(cache);
        QVERIFY2(after == whole, qPrintable(describeDifference(whole, after)));
    }

    void packFolderThatIsAFileStopsPack()
    {
        QTemporaryDir tmp;
        const QString cache = copyOf(tmp, fixture("tests/fixtures/triton-lines/cache"));
        writeFileAt(cache + "/.kernellens-pack", "a user's file\n");
        const auto before = listing(cache);
        const ProcessResult pack = klens({"pack", cache});
        QCOMPARE(pack.exitCode, kError);
        QVERIFY2(pack.out.contains(cache.toUtf8() + "/.kernellens-pack is not a folder"),
                 pack.out.constData());
        QCOMPARE(listing(cache), before);
        const ProcessResult scan = klens({"scan", cache, "--json"});
        const QJsonObject root = scan.json.value("roots").toArray().at(0).toObject();
        QVERIFY(root.value("packed").toObject().value("error").toString().contains("is not a folder"));
        QCOMPARE(scan.json.value("entries").toArray().size(), 2);
    }
};

QTEST_GUILESS_MAIN(TstPackUnpack)
#include "tst_packunpack.moc"
