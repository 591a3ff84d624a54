// Dump and override folders linked to cache entries by the content of the stages they share
// (core/override/folderlinks), and `klens override ls --json` (kernellens.override/1). The
// folders are laid out as Triton writes them; tests/override/test_dump_override_clean.py does
// the same against what real Triton writes.
#include "core/override/digestcache.h"
#include "core/override/folderlinks.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <chrono>
#include <sys/stat.h>

using namespace kl;

namespace {

const QStringList kCompiled = {"ttir", "ttgir", "llir", "ptx", "cubin"};

// Stage text of one compile: `target` changes what a compile makes from TTIR on.
QByteArray stageText(const QString& ext, const QString& target)
{
    return ext == "ttir" ? QByteArray("module { tt.func @k() }\n")
                         : ("// " + ext + " for " + target + "\n").toUtf8();
}

// A whole cache entry compiled for `target`, as TempCache writes one, with stage contents set.
QString addEntry(const QString& root, const QString& seed, const QString& target, const QString& kernel = "k")
{
    const QString folder = root + "/" + TempCache::addKernelAt(root, kernel, sha256Of(seed));
    for (const QString& ext : kCompiled)
        writeFileAt(folder + "/" + kernel + "." + ext, stageText(ext, target));
    return folder;
}

// A dump folder as the last of `target`'s compiles left it (3.9: with .sass), named by the source.
QString addDump(const QString& dumpRoot, const QString& source, const QString& target)
{
    const QString folder = dumpRoot + "/" + base32Folder(sha256Of(source));
    for (const QString& ext : kCompiled)
        writeFileAt(folder + "/k." + ext, stageText(ext, target));
    writeFileAt(folder + "/k.sass", "// sass\n");
    return folder;
}

Snapshot scanRoots(const QStringList& dumps, const QStringList& overrides, const QStringList& caches)
{
    std::vector<Root> roots;
    auto add = [&](const QString& path, RootKind kind) {
        Root r;
        r.path = path.toStdString();
        r.kind = kind;
        roots.push_back(r);
    };
    for (const QString& p : caches)
        add(p, RootKind::Cache);
    for (const QString& p : dumps)
        add(p, RootKind::Dump);
    for (const QString& p : overrides)
        add(p, RootKind::Override);
    return CacheScanner().scan(std::move(roots));
}

const FolderLinks* linksOf(const Snapshot& snap, const std::vector<FolderLinks>& links, const QString& path)
{
    for (const FolderLinks& l : links)
        if (snap.entries[l.folder].path == path.toStdString())
            return &l;
    return nullptr;
}

QString pathOf(const Snapshot& snap, std::size_t i)
{
    return QString::fromStdString(snap.entries[i].path);
}

QStringList sharedOf(const LinkedEntry& e)
{
    QStringList out;
    for (const std::string& s : e.sharedStages)
        out << QString::fromStdString(s);
    return out;
}

} // namespace

class TstFolderLinks : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return m_dir.path() + "/" + rel; }

    struct Aged {
        QString entry, dump;
        FolderLinkOptions options; ///< with a digest cache
    };
    // An sm_90 entry and its dump, aged past the two seconds in which a changed file is not kept
    // (a coarse clock could give a rewrite the same times).
    Aged agedEntryAndDump() const
    {
        Aged a{addEntry(at("cache"), "e90", "sm_90"), addDump(at("dump"), "src", "sm_90"), {}};
        a.options.digestCache = at("digests").toStdString();
        QTest::qWait(2100);
        return a;
    }

private slots:
    void init() { QDir(m_dir.path()).removeRecursively(); }

    void aDumpLinksToTheEntryItsCompileStored()
    {
        const QString entry = addEntry(at("cache"), "e90", "sm_90");
        const QString other = addEntry(at("cache"), "other", "sm_90", "other_kernel");
        const QString dump = addDump(at("dump"), "src", "sm_90");
        const Snapshot snap = scanRoots({at("dump")}, {}, {at("cache")});
        const auto links = linkUserFolders(snap);
        QCOMPARE(links.size(), std::size_t(1));
        const FolderLinks* l = linksOf(snap, links, dump);
        QVERIFY(l);
        QCOMPARE(l->entries.size(), std::size_t(1));
        QCOMPARE(pathOf(snap, l->entries[0].entry), entry);
        QCOMPARE(sharedOf(l->entries[0]), kCompiled);
        QVERIFY(l->entries[0].whole);
        QVERIFY(!l->severalWriters);
        QVERIFY(l->note.empty());
        Q_UNUSED(other);
    }

    void aDumpSharedByTwoTargetsSaysSo()
    {
        // One source compiled for sm_80, then sm_90, with TRITON_KERNEL_DUMP: one folder, the last
        // writer's files. Both entries share its TTIR; only sm_90's shares the rest.
        const QString e80 = addEntry(at("cache"), "e80", "sm_80");
        const QString e90 = addEntry(at("cache"), "e90", "sm_90");
        const QString dump = addDump(at("dump"), "src", "sm_90");
        const Snapshot snap = scanRoots({at("dump")}, {}, {at("cache")});
        const auto links = linkUserFolders(snap);
        const FolderLinks* l = linksOf(snap, links, dump);
        QVERIFY(l);
        QCOMPARE(l->entries.size(), std::size_t(2));
        for (const LinkedEntry& e : l->entries) {
            const bool is90 = pathOf(snap, e.entry) == e90;
            QVERIFY(is90 || pathOf(snap, e.entry) == e80);
            QCOMPARE(e.whole, is90);
            QCOMPARE(sharedOf(e), is90 ? kCompiled : QStringList{"ttir"});
        }
        QVERIFY(l->severalWriters);
        const QString note = QString::fromStdString(l->note.english());
        QVERIFY2(note.contains("2 compiles") && note.contains(e90), qPrintable(note));
    }

    void anOverrideLinksThroughItsDumpAndToWhatWasBuiltFromIt()
    {
        const QString e90 = addEntry(at("cache"), "e90", "sm_90");
        const QString dump = addDump(at("dump"), "src", "sm_90");
        // The user's edit of the dump's PTX, under the dump folder's name (the same source).
        const QString over = at("override/") + QFileInfo(dump).fileName();
        const QByteArray edited = stageText("ptx", "sm_90") + "// edited\n";
        writeFileAt(over + "/k.ptx", edited);

        Snapshot snap = scanRoots({at("dump")}, {at("override")}, {at("cache")});
        auto links = linkUserFolders(snap);
        const FolderLinks* l = linksOf(snap, links, over);
        QVERIFY(l);
        QVERIFY(l->twin >= 0);
        QCOMPARE(pathOf(snap, std::size_t(l->twin)), dump);
        QCOMPARE(linksOf(snap, links, dump)->twin, std::ptrdiff_t(l->folder));
        QCOMPARE(l->entries.size(), std::size_t(1));
        QCOMPARE(pathOf(snap, l->entries[0].entry), e90);
        QVERIFY(l->entries[0].viaTwin);
        QVERIFY(l->entries[0].sharedStages.empty());

        // Triton compiles from it and stores the result under the entry's normal key.
        writeFileAt(e90 + "/k.ptx", edited);
        snap = scanRoots({at("dump")}, {at("override")}, {at("cache")});
        links = linkUserFolders(snap);
        l = linksOf(snap, links, over);
        QCOMPARE(l->entries.size(), std::size_t(1));
        QVERIFY(!l->entries[0].viaTwin);
        QVERIFY(l->entries[0].whole);
        QCOMPARE(sharedOf(l->entries[0]), QStringList{"ptx"});
        // The dump no longer matches the entry whole: its PTX is the one before the edit.
        const FolderLinks* d = linksOf(snap, links, dump);
        QCOMPARE(d->entries.size(), std::size_t(1));
        QVERIFY(!d->entries[0].whole);
        QVERIFY(!sharedOf(d->entries[0]).contains("ptx"));
    }

    void oneEntrysLinks()
    {
        // What the detail pane asks for: only what concerns the selected entry or folder.
        const QString e80 = addEntry(at("cache"), "e80", "sm_80");
        const QString e90 = addEntry(at("cache"), "e90", "sm_90");
        addEntry(at("cache"), "other", "sm_90", "other_kernel");
        const QString dump = addDump(at("dump"), "src", "sm_90");
        const QString over = at("override/") + QFileInfo(dump).fileName();
        writeFileAt(over + "/k.ptx", "// edited\n");
        const Snapshot snap = scanRoots({at("dump")}, {at("override")}, {at("cache")});
        auto indexOf = [&](const QString& path) {
            for (std::size_t i = 0; i < snap.entries.size(); ++i)
                if (pathOf(snap, i) == path)
                    return i;
            return snap.entries.size();
        };
        // A cache entry: the dump (all of it for sm_90) and the override through its twin.
        auto links = linkUserFoldersOf(snap, indexOf(e90));
        QCOMPARE(links.size(), std::size_t(2));
        QCOMPARE(pathOf(snap, links[0].folder), dump);
        QCOMPARE(links[0].entries.size(), std::size_t(1));
        QVERIFY(links[0].entries[0].whole);
        QCOMPARE(pathOf(snap, links[1].folder), over);
        QVERIFY(links[1].entries[0].viaTwin);
        // The sm_80 entry shares the TTIR alone.
        links = linkUserFoldersOf(snap, indexOf(e80));
        QCOMPARE(links.size(), std::size_t(2));
        QCOMPARE(sharedOf(links[0].entries[0]), QStringList{"ttir"});
        // A folder: its own links only, with every entry of its kernel.
        links = linkUserFoldersOf(snap, indexOf(dump));
        QCOMPARE(links.size(), std::size_t(1));
        QCOMPARE(links[0].entries.size(), std::size_t(2));
        QVERIFY(links[0].severalWriters);
        QCOMPARE(pathOf(snap, std::size_t(links[0].twin)), over);
        // Another kernel's entry has none.
        QVERIFY(linkUserFoldersOf(snap, indexOf(at("cache/") + base32Folder(sha256Of("other")))).empty());
    }

    void aSymlinkedStageIsNeverRead()
    {
        const QString e90 = addEntry(at("cache"), "e90", "sm_90");
        const QString over = at("override/") + base32Folder(sha256Of("src"));
        QDir().mkpath(over);
        // Pointing at the entry's own PTX: followed, it would link by content.
        QVERIFY(QFile::link(e90 + "/k.ptx", over + "/k.ptx"));
        const Snapshot snap = scanRoots({}, {at("override")}, {at("cache")});
        const auto links = linkUserFolders(snap);
        const FolderLinks* l = linksOf(snap, links, over);
        QVERIFY(l);
        QVERIFY(l->entries.empty());
    }

    void aStageThatCannotBeReadIsNamed()
    {
        addEntry(at("cache"), "e90", "sm_90");
        const QString over = at("override/") + base32Folder(sha256Of("src"));
        QDir().mkpath(over);
        writeFileAt(over + "/k.ptx", "// edited\n");
        const Snapshot snap = scanRoots({}, {at("override")}, {at("cache")});
        // Removed after the scan listed it, replaced by a FIFO (opened without blocking, never read).
        QVERIFY(QFile::remove(over + "/k.ptx"));
        QCOMPARE(::mkfifo(QFile::encodeName(over + "/k.ptx").constData(), 0600), 0);
        const auto links = linkUserFolders(snap);
        const FolderLinks* l = linksOf(snap, links, over);
        QVERIFY(l);
        QVERIFY(l->entries.empty());
        QVERIFY2(l->note.english().find("could not read k.ptx") != std::string::npos,
                 l->note.english().c_str());
    }

    void aStageRewrittenAfterTheScanIsNotShared()
    {
        for (const bool kept : {false, true}) {
            QDir(m_dir.path()).removeRecursively();
            addEntry(at("cache"), "e90", "sm_90");
            const QString dump = addDump(at("dump"), "src", "sm_90");
            FolderLinkOptions o;
            if (kept)
                o.digestCache = at("digests").toStdString();
            const Snapshot snap = scanRoots({at("dump")}, {}, {at("cache")});
            // After the scan: the PTX grows (an appended line), the LLIR shrinks. Neither is read as
            // what the scan saw, so neither is shared; the other stages still link.
            const QByteArray ptx = readFileBytes(dump + "/k.ptx");
            writeFileAt(dump + "/k.ptx", ptx + "// more\n");
            const QByteArray llir = readFileBytes(dump + "/k.llir");
            writeFileAt(dump + "/k.llir", llir.left(llir.size() / 2));
            const auto links = linkUserFolders(snap, o);
            const FolderLinks* l = linksOf(snap, links, dump);
            QVERIFY(l && l->entries.size() == 1);
            const QStringList shared = sharedOf(l->entries[0]);
            QVERIFY2(!shared.contains("ptx") && !shared.contains("llir"), qPrintable(shared.join(',')));
            QVERIFY2(shared.contains("ttir") && shared.contains("cubin"), qPrintable(shared.join(',')));
        }
    }

    void digestsAreKeptButNeverStale()
    {
        const auto [entry, dump, o] = agedEntryAndDump();
        Snapshot snap = scanRoots({at("dump")}, {}, {at("cache")});
        auto links = linkUserFolders(snap, o);
        QVERIFY(linksOf(snap, links, dump) && linksOf(snap, links, dump)->entries.size() == 1);
        QVERIFY(linksOf(snap, links, dump)->entries[0].whole);
        // The dump's five stages and the entry's five.
        QCOMPARE(DigestCache(o.digestCache).size(), std::size_t(10));
        const QDateTime written = QFileInfo(at("digests")).lastModified();

        // Again: every digest from the cache, nothing added, the cache not rewritten.
        links = linkUserFolders(snap, o);
        QVERIFY(linksOf(snap, links, dump)->entries[0].whole);
        QCOMPARE(QFileInfo(at("digests")).lastModified(), written);

        // The dump's PTX rewritten in the same size with other bytes: its times changed, so it is
        // read again, and the link says what is true now.
        writeFileAt(dump + "/k.ptx", stageText("ptx", "sm_80"));
        QCOMPARE(stageText("ptx", "sm_80").size(), stageText("ptx", "sm_90").size());
        snap = scanRoots({at("dump")}, {}, {at("cache")});
        links = linkUserFolders(snap, o);
        const FolderLinks* l = linksOf(snap, links, dump);
        QVERIFY(l && l->entries.size() == 1);
        QCOMPARE(pathOf(snap, l->entries[0].entry), entry);
        QVERIFY(!l->entries[0].whole);
        QVERIFY(!sharedOf(l->entries[0]).contains("ptx"));

        // A damaged cache is an empty one, not an error.
        writeFileAt(at("digests"), "KLDIGESTS v2\ngarbage");
        QCOMPARE(DigestCache(o.digestCache).size(), std::size_t(0));
        links = linkUserFolders(snap, o);
        QVERIFY(!linksOf(snap, links, dump)->entries[0].whole);
    }

    void keptDigestsAnswerForTheSnapshotAndARewriteIsNeverKeptAsCurrent()
    {
        const auto [entry, dump, o] = agedEntryAndDump();
        Snapshot snap = scanRoots({at("dump")}, {}, {at("cache")});
        QVERIFY(snap.stampedFromNs > 0);
        for (const Entry& e : snap.entries)
            for (const Stage& st : e.stages)
                QVERIFY2(e.dev != 0 && st.ino != 0 && st.ctimeNs != 0, st.fileName.c_str());

        // The dump's PTX rewritten in the same size after the scan: read as it is now (so not
        // shared), and kept under the scan's stamp, which no stat will give again.
        writeFileAt(dump + "/k.ptx", stageText("ptx", "sm_80"));
        auto links = linkUserFolders(snap, o);
        const FolderLinks* l = linksOf(snap, links, dump);
        QVERIFY(l && l->entries.size() == 1);
        QVERIFY2(!sharedOf(l->entries[0]).contains("ptx"), qPrintable(sharedOf(l->entries[0]).join(',')));
        QCOMPARE(DigestCache(o.digestCache).size(), std::size_t(10));

        // The entry's TTIR replaced by a FIFO, the snapshot kept: its kept digest answers (the file
        // is neither stat'ed nor opened), as the snapshot saw it.
        QVERIFY(QFile::remove(entry + "/k.ttir"));
        QCOMPARE(::mkfifo(QFile::encodeName(entry + "/k.ttir").constData(), 0600), 0);
        links = linkUserFolders(snap, o);
        l = linksOf(snap, links, dump);
        QVERIFY(l && l->entries.size() == 1 && sharedOf(l->entries[0]).contains("ttir"));

        // A new scan sees both changes: the FIFO is shared with nothing, and the rewritten PTX is
        // read again (its kept digest was under the old stamp) and still not shared.
        snap = scanRoots({at("dump")}, {}, {at("cache")});
        links = linkUserFolders(snap, o);
        l = linksOf(snap, links, dump);
        QVERIFY(l && l->entries.size() == 1);
        const QStringList shared = sharedOf(l->entries[0]);
        QVERIFY2(!shared.contains("ttir") && !shared.contains("ptx") && shared.contains("cubin"),
                 qPrintable(shared.join(',')));
    }

    void aFreshFileIsNotKept()
    {
        DigestCache cache(at("fresh").toStdString());
        const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
        const Xxh128 a{1, 2}, b{3, 4}, c{5, 6};
        cache.add(FileStamp{1, 2, 3, now, now}, a, now);
        cache.add(FileStamp{1, 3, 3, now - 10'000'000'000, now - 10'000'000'000}, b, now);
        // Stamped (by a scan) a second after the file changed: a rewrite after the scan could keep
        // its times, so it is not kept either, though the file is old by now.
        cache.add(FileStamp{1, 4, 3, now - 10'000'000'000, now - 10'000'000'000}, c, now - 9'000'000'000);
        cache.save();
        DigestCache again(at("fresh").toStdString());
        QCOMPARE(again.size(), std::size_t(1));
        QVERIFY(!again.find(FileStamp{1, 2, 3, now, now}));
        QVERIFY(!again.find(FileStamp{1, 4, 3, now - 10'000'000'000, now - 10'000'000'000}));
        QVERIFY(again.find(FileStamp{1, 3, 3, now - 10'000'000'000, now - 10'000'000'000}) == b);
    }

    void noFoldersNoWork()
    {
        addEntry(at("cache"), "e90", "sm_90");
        const Snapshot snap = scanRoots({}, {}, {at("cache")});
        QVERIFY(linkUserFolders(snap).empty());
    }

    void cliJson()
    {
        const QString e90 = addEntry(at("cache"), "e90", "sm_90");
        const QString dump = addDump(at("dump"), "src", "sm_90");
        const QString over = at("override/") + QFileInfo(dump).fileName();
        writeFileAt(over + "/k.ptx", "// edited\n");
        ProcessResult r = runKlens({"override", "ls", "--json"},
                                   {.unset = {"TRITON_HOME", "TRITON_DUMP_DIR", "TRITON_OVERRIDE_DIR"},
                                    .set = {{"HOME", at("home")},
                                            {"TRITON_CACHE_DIR", at("cache")},
                                            {"TRITON_DUMP_DIR", at("dump")},
                                            {"TRITON_OVERRIDE_DIR", at("override")}}});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json.value("schema").toString(), QStringLiteral("kernellens.override/1"));
        const QJsonArray folders = r.json.value("folders").toArray();
        QCOMPARE(folders.size(), 2);
        for (const QJsonValue& v : folders) {
            const QJsonObject f = v.toObject();
            const bool isDump = f.value("path").toString() == dump;
            QCOMPARE(f.value("kind").toString(),
                     isDump ? QStringLiteral("dump") : QStringLiteral("override"));
            QCOMPARE(f.value("path").toString(), isDump ? dump : over);
            QCOMPARE(f.value("kernels").toArray(), QJsonArray{"k"});
            QCOMPARE(f.value("key_era").toString(), QStringLiteral("base32"));
            QCOMPARE(f.value("source_hash").toString(), sha256Of("src"));
            QCOMPARE(f.value("twin").toString(), isDump ? over : dump);
            QCOMPARE(f.value("several_writers").toBool(), false);
            const QJsonArray stages = f.value("stages").toArray();
            QCOMPARE(stages.size(), isDump ? 6 : 1);
            const QJsonArray entries = f.value("entries").toArray();
            QCOMPARE(entries.size(), 1);
            const QJsonObject e = entries.at(0).toObject();
            QCOMPARE(e.value("path").toString(), e90);
            QCOMPARE(e.value("kernel").toString(), QStringLiteral("k"));
            QCOMPARE(e.value("arch").toString(), QStringLiteral("90"));
            QCOMPARE(e.value("via").toString(), isDump ? QStringLiteral("content") : QStringLiteral("twin"));
            QCOMPARE(e.value("whole").toBool(), isDump);
        }
        // The text form names both and the link.
        ProcessResult text = runKlens({"override", "ls", at("cache"), at("dump"), at("override")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("whole: ttir ttgir llir ptx cubin"), text.out.constData());
        QVERIFY2(text.out.contains("through the dump of the same source"), text.out.constData());
        // A folder that cannot be read is named, with the cause.
        ProcessResult missing = runKlens({"override", "ls", at("nowhere")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains(at("nowhere").toUtf8()) && missing.err.contains("No such file"),
                 missing.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstFolderLinks)
#include "tst_folderlinks.moc"
