// CacheStore: Triton's layout byte for byte (checked against the cache real Triton wrote), hits and
// misses, errors that name the path and the cause, and the scanner's verdict on what it writes.
#include "core/env/cacheroots.h"
#include "core/formats/groupfile.h"
#include "core/formats/keyencoding.h"
#include "core/formats/layout.h"
#include "core/scan/cachescanner.h"
#include "core/storage/cachestore.h"
#include "core/storage/groupwriter.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>
#include <thread>
#include <unistd.h>

using namespace kl;

namespace {

std::string sha(const std::string& s)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(s), QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

Snapshot scanDir(const QString& dir)
{
    return CacheScanner().scan({kl::givenRoot(dir.toStdString())});
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string metadataFor(const std::string& key, const std::string& kernel)
{
    return "{\"hash\": \"" + key +
           "\", \"target\": {\"backend\": \"cuda\", \"arch\": 90, \"warp_size\": 32}, "
           "\"num_warps\": 4, \"num_stages\": 3, \"triton_version\": \"3.5.0\", \"shared\": 0, \"name\": \"" +
           kernel + "\"}";
}

/// A full CUDA entry as Triton 3.4+ writes it (every stage plus the metadata).
StoreFiles fullEntry(const std::string& key, const std::string& kernel)
{
    const std::string stem = kl::layout::fileStem(kernel);
    StoreFiles f;
    for (const char* ext : {"cubin", "ptx", "llir", "ttgir", "ttir", "source"}) // map order != write order
        f[stem + "." + ext] = std::string("// ") + ext + " of " + kernel + "\n";
    f[stem + ".cubin"] = std::string("\x7f"
                                     "ELF\x02\x01\x01\0\0",
                                     9) +
                         std::string(300, '\xAB');
    f[stem + ".json"] = metadataFor(key, kernel);
    return f;
}

std::string messageOf(const Entry& e)
{
    return e.problems.empty() ? std::string() : e.problems.front().message.english();
}

// How the store answered a lookup, and what it said: an error is the Result's error side, a miss
// a Lookup with its reason.
enum class Outcome { Hit, Miss, Error };
Outcome outcomeOf(const GetResult& g)
{
    return !g ? Outcome::Error : g->hit ? Outcome::Hit : Outcome::Miss;
}
bool hit(const GetResult& g)
{
    return outcomeOf(g) == Outcome::Hit;
}
std::string messageOf(const GetResult& g)
{
    return !g ? g.error().english() : g->missReason.english();
}
std::string errorOf(const PutResult& p)
{
    return p ? std::string() : p.error().english();
}

} // namespace

class TstCacheStore : public QObject {
    Q_OBJECT
private slots:
    void pythonJsonString_data()
    {
        // Expected values printed by Python 3.11: json.dumps(os.fsdecode(raw)).
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("expected");
        QTest::addRow("plain") << QByteArray("plain") << QByteArray("\"plain\"");
        QTest::addRow("quote, backslash") << QByteArray("q\"b\\\\s") << QByteArray("\"q\\\"b\\\\\\\\s\"");
        QTest::addRow("short escapes")
            << QByteArray("t\tn\nr\rb\bf\f") << QByteArray("\"t\\tn\\nr\\rb\\bf\\f\"");
        QTest::addRow("controls, DEL")
            << QByteArray("\x01\x1f\x7f") << QByteArray("\"\\u0001\\u001f\\u007f\"");
        QTest::addRow("latin") << QByteArray("\xc3\xa9") << QByteArray("\"\\u00e9\"");
        QTest::addRow("cyrillic") << QByteArray("\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe")
                                  << QByteArray("\"\\u044f\\u0434\\u0440\\u043e\"");
        QTest::addRow("astral (surrogate pair)")
            << QByteArray("\xf0\x9f\x98\x80") << QByteArray("\"\\ud83d\\ude00\"");
        QTest::addRow("invalid byte (surrogateescape)")
            << QByteArray("a\xff") + 'b' << QByteArray("\"a\\udcffb\"");
        QTest::addRow("truncated sequence")
            << QByteArray("\xe2\x82") + 'A' << QByteArray("\"\\udce2\\udc82A\"");
        QTest::addRow("slash, tilde, space") << QByteArray("/~ ") << QByteArray("\"/~ \"");
    }
    void pythonJsonString()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, expected);
        QCOMPARE(QByteArray::fromStdString(kl::pythonJsonString(raw.toStdString())), expected);
    }

    void groupTextMatchesTritonFixture()
    {
        // Every group file real Triton 3.9 wrote, rebuilt from its own children: byte-identical.
        QDir fixture(QStringLiteral(KL_DEMO_TRITON_DIR "/cache"));
        const QStringList folders = fixture.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        int checked = 0;
        for (const QString& folder : folders) {
            const QStringList groups =
                QDir(fixture.filePath(folder)).entryList({"__grp__*.json"}, QDir::Files);
            if (groups.isEmpty())
                continue; // the launcher module entry
            QCOMPARE(groups.size(), 1);
            ++checked;
            const QByteArray text = readAll(fixture.filePath(folder + "/" + groups.front()));
            auto g = parseGroupFile(text.toStdString());
            QVERIFY2(g, g ? "" : g.error().english().c_str());
            std::vector<std::pair<std::string, std::string>> children;
            for (const GroupChild& c : g->children)
                children.emplace_back(c.name, c.recordedPath);
            QCOMPARE(QByteArray::fromStdString(tritonGroupFileText(children)), text);
        }
        QVERIFY(checked >= 8);
    }

    void putReproducesTritonFixture()
    {
        // Store each fixture entry's files through put(): same folder name, same file names and bytes,
        // and the group file Triton wrote with only the root prefix changed.
        TempCache c;
        QVERIFY(c.isValid());
        CacheStore store(c.path().toStdString(), StoreOptions{false, 1ull << 30});
        const QString fixtureRoot = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");
        const QString tritonRoot =
            QStringLiteral("/tmp/klens-fixture-gen/triton-cache"); // see fixtures/triton
        const QStringList folders = QDir(fixtureRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        int stored = 0;
        for (const QString& folder : folders) {
            QDir dir(fixtureRoot + "/" + folder);
            const QStringList groups = dir.entryList({"__grp__*.json"}, QDir::Files);
            if (groups.isEmpty())
                continue; // the launcher module entry: not a kernel, CacheStore does not write those
            const QString group = groups.front();
            ++stored;
            const QString stem = group.mid(7, group.size() - 12);
            StoreFiles files;
            for (const QString& f : dir.entryList(QDir::Files))
                if (f != group)
                    files[f.toStdString()] = readAll(dir.filePath(f)).toStdString();
            const auto hash = QRegularExpression(R"re("hash": "([0-9a-f]{64})")re")
                                  .match(QString::fromStdString(files[stem.toStdString() + ".json"]))
                                  .captured(1);
            QVERIFY(!hash.isEmpty());
            PutResult r = store.put(hash.toStdString(), stem.toStdString(), files);
            QVERIFY2(r, errorOf(r).c_str());
            QCOMPARE(QString::fromStdString(r->entryPath), c.path() + "/" + folder);
            QByteArray expected = readAll(dir.filePath(group));
            expected.replace(tritonRoot.toUtf8(), c.path().toUtf8());
            QCOMPARE(readAll(c.filePath(folder + "/" + group)), expected);
            QCOMPARE(QDir(c.filePath(folder)).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                     dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot));
        }
        Snapshot s = scanDir(c.path());
        QVERIFY(stored >= 8);
        QCOMPARE(s.entries.size(), std::size_t(stored));
        for (const Entry& e : s.entries) {
            QCOMPARE(toString(e.status), std::string_view("complete"));
            QVERIFY2(e.problems.empty(), messageOf(e).c_str());
        }
    }

    void layout_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<bool>("fsync");
        QTest::addRow("plain, fsync") << "add_kernel" << true;
        QTest::addRow("plain, no fsync") << "add_kernel" << false;
        QTest::addRow("leading underscore") << "_row_softmax_kernel" << true;
        QTest::addRow("IR-file source (@)") << "@fn" << true;
        QTest::addRow("200 characters, cut to 150") << QString(200, 'k') << true;
        QTest::addRow("non-ASCII") << QString::fromUtf8("\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe_kernel") << true;
    }
    void layout()
    {
        QFETCH(QString, kernel);
        QFETCH(bool, fsync);
        TempCache c;
        CacheStore store(c.path().toStdString(), StoreOptions{fsync, 1ull << 30});
        const std::string name = kernel.toStdString();
        const std::string key = sha(name);
        const std::string stem = kl::layout::fileStem(name);
        QCOMPARE(QString::fromStdString(stem), kernel.left(150));
        const StoreFiles files = fullEntry(key, name);
        PutResult r = store.put(key, name, files);
        QVERIFY2(r, errorOf(r).c_str());

        const QString folder = base32Folder(QString::fromStdString(key));
        const QString entry = c.filePath(folder);
        QCOMPARE(QString::fromStdString(r->entryPath), entry);
        for (const auto& [file, bytes] : files)
            QCOMPARE(readAll(entry + "/" + QString::fromStdString(file)), QByteArray::fromStdString(bytes));
        // Triton's write order (pipeline order, metadata last), absolute paths, json.dumps spacing
        // and escaping (non-ASCII as \uXXXX).
        std::string expected = "{\"child_paths\": {";
        for (const char* ext : {"source", "ttir", "ttgir", "llir", "ptx", "cubin", "json"}) {
            const std::string file = stem + "." + ext;
            expected += std::string(file == stem + ".source" ? "" : ", ") + kl::pythonJsonString(file) +
                        ": " + kl::pythonJsonString(entry.toStdString() + "/" + file);
        }
        expected += "}}";
        QVERIFY(std::all_of(expected.begin(), expected.end(), [](char ch) { return ch > 0; })); // ASCII only
        const QString group = entry + "/__grp__" + QString::fromStdString(stem) + ".json";
        QCOMPARE(readAll(group), QByteArray::fromStdString(expected));
        QCOMPARE(QDir(entry).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size(), 8); // no temp left

        Snapshot s = scanDir(c.path());
        QCOMPARE(s.entries.size(), 1u);
        const Entry& e = s.entries.front();
        QCOMPARE(toString(e.status), std::string_view("complete"));
        QVERIFY2(e.problems.empty(), messageOf(e).c_str());
        QCOMPARE(e.hashOk, std::optional<bool>(true));

        GetResult g = store.get(key);
        QVERIFY2(hit(g), messageOf(g).c_str());
        QVERIFY(g->files == files);
        QVERIFY(g->recordedElsewhere.empty());
        QVERIFY(hit(store.get(key, name)));
    }

    void keyCaseAndShape_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("valid");
        const QString k = QString::fromStdString(sha("k"));
        QTest::addRow("lowercase") << k << true;
        QTest::addRow("uppercase") << k.toUpper() << true;
        QTest::addRow("63 digits") << k.left(63) << false;
        QTest::addRow("not hex") << QString(64, 'g') << false;
        QTest::addRow("md5 length") << k.left(32) << false;
        QTest::addRow("empty") << QString() << false;
    }
    void keyCaseAndShape()
    {
        QFETCH(QString, key);
        QFETCH(bool, valid);
        TempCache c;
        CacheStore store(c.path().toStdString(), StoreOptions{false, 1ull << 30});
        PutResult r = store.put(key.toStdString(), "k", {{"k.json", "{}"}});
        QCOMPARE(r.has_value(), valid);
        if (valid) {
            QCOMPARE(QFileInfo(QString::fromStdString(r->entryPath)).fileName(), base32Folder(key.toLower()));
            QVERIFY(hit(store.get(key.toLower().toStdString())));
        } else {
            QVERIFY2(errorOf(r).find("invalid cache key") != std::string::npos, errorOf(r).c_str());
            QCOMPARE(int(outcomeOf(store.get(key.toStdString()))), int(Outcome::Error));
        }
    }

    void rejectedInput_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QString>("cause");
        QTest::addRow("no metadata") << "k" << QStringList{"k.ptx"} << "no metadata file \"k.json\"";
        QTest::addRow("other stem") << "k" << QStringList{"k.json", "q.ptx"}
                                    << "\"q.ptx\" is not \"k.<ext>\"";
        QTest::addRow("no extension") << "k" << QStringList{"k.json", "k."} << "\"k.\" is not";
        QTest::addRow("path in name") << "k" << QStringList{"k.json", "k./../x"} << "is not \"k.<ext>\"";
        QTest::addRow("empty kernel") << "" << QStringList{".json"} << "empty kernel name";
        QTest::addRow("slash in kernel") << "a/b" << QStringList{"a/b.json"} << "cannot name files";
        QTest::addRow("group-like kernel")
            << "__grp__k" << QStringList{"__grp__k.json"} << "cannot name files";
    }
    void rejectedInput()
    {
        QFETCH(QString, kernel);
        QFETCH(QStringList, names);
        QFETCH(QString, cause);
        TempCache c;
        CacheStore store(c.path().toStdString());
        StoreFiles files;
        for (const QString& n : names)
            files[n.toStdString()] = "{}";
        const std::string key = sha("k");
        PutResult r = store.put(key, kernel.toStdString(), files);
        QVERIFY(!r);
        QVERIFY2(errorOf(r).find(cause.toStdString()) != std::string::npos, errorOf(r).c_str());
        QVERIFY2(errorOf(r).find(store.entryPath(key)) != std::string::npos,
                 errorOf(r).c_str());                                              // names the path
        QVERIFY(!QFileInfo::exists(QString::fromStdString(store.entryPath(key)))); // nothing written
    }

    void ioErrorsNameThePath()
    {
        TempCache c;
        c.write("file", "x");
        // Root below a regular file.
        CacheStore underFile(c.filePath("file/cache").toStdString());
        PutResult r = underFile.put(sha("k"), "k", {{"k.json", "{}"}});
        QVERIFY(!r);
        QVERIFY2(errorOf(r).find(c.filePath("file").toStdString()) != std::string::npos, errorOf(r).c_str());
        QVERIFY2(errorOf(r).find("exists and is not a folder") != std::string::npos ||
                     errorOf(r).find("Not a directory") != std::string::npos,
                 errorOf(r).c_str());
        // A symlink where the entry folder belongs is never followed.
        TempCache target;
        CacheStore store(c.path().toStdString());
        const QString folder = base32Folder(QString::fromStdString(sha("k")));
        QVERIFY(QFile::link(target.path(), c.filePath(folder)));
        r = store.put(sha("k"), "k", {{"k.json", "{}"}});
        QVERIFY(!r);
        QVERIFY2(errorOf(r).find(c.filePath(folder).toStdString()) != std::string::npos, errorOf(r).c_str());
        QVERIFY(QDir(target.path()).isEmpty());
        QCOMPARE(int(outcomeOf(store.get(sha("k")))), int(Outcome::Error));

        // A folder where a child belongs: the put fails half way, names it, and leaves no temp
        // folder and no group file behind.
        TempCache m;
        CacheStore mid(m.path().toStdString());
        const std::string key = sha("mid");
        const QString midFolder = base32Folder(QString::fromStdString(key));
        m.mkdir(midFolder + "/k.ptx");
        r = mid.put(key, "k", fullEntry(key, "k"));
        QVERIFY(!r);
        QVERIFY2(errorOf(r).find(m.filePath(midFolder + "/k.ptx").toStdString() + ": Is a directory") !=
                     std::string::npos,
                 errorOf(r).c_str());
        QCOMPARE(QDir(m.filePath(midFolder)).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{"k.ptx"});
        QVERIFY(!QFile::exists(m.filePath(midFolder + "/__grp__k.json")));
        QCOMPARE(int(outcomeOf(mid.get(key))), int(Outcome::Miss));

        if (::geteuid() == 0)
            QSKIP("running as root: permission bits do not stop writes");
        TempCache ro;
        QVERIFY(QFile::setPermissions(ro.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        CacheStore roStore(ro.path().toStdString());
        r = roStore.put(sha("k"), "k", {{"k.json", "{}"}});
        QFile::setPermissions(ro.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY(!r);
        QVERIFY2(errorOf(r).find(roStore.entryPath(sha("k")) + ": Permission denied") != std::string::npos,
                 errorOf(r).c_str());
    }

    void getMisses()
    {
        TempCache c;
        CacheStore store(c.path().toStdString(), StoreOptions{false, 1ull << 30});
        const std::string key = sha("k");
        QCOMPARE(int(outcomeOf(CacheStore(c.filePath("absent").toStdString()).get(key))), int(Outcome::Miss));
        QCOMPARE(int(outcomeOf(store.get(key))), int(Outcome::Miss));
        QVERIFY(store.put(key, "k", fullEntry(key, "k")).has_value());
        const QString entry = QString::fromStdString(store.entryPath(key));
        const QByteArray group = readAll(entry + "/__grp__k.json");

        QVERIFY(QFile::remove(entry + "/k.ptx")); // a child gone: a miss naming it
        GetResult g = store.get(key);
        QCOMPARE(int(outcomeOf(g)), int(Outcome::Miss));
        QVERIFY2(messageOf(g).find(entry.toStdString() + "/k.ptx") != std::string::npos,
                 messageOf(g).c_str());
        QVERIFY(g->files.empty());

        QVERIFY(store.put(key, "k", fullEntry(key, "k")).has_value()); // a put heals it
        QVERIFY(hit(store.get(key)));

        QVERIFY(QFile::remove(entry + "/__grp__k.json")); // no commit marker: a miss
        g = store.get(key);
        QCOMPARE(int(outcomeOf(g)), int(Outcome::Miss));
        QVERIFY2(messageOf(g).find("no group file") != std::string::npos, messageOf(g).c_str());
        QCOMPARE(int(outcomeOf(store.get(key, "k"))), int(Outcome::Miss));

        c.write(QFileInfo(entry).fileName() + "/__grp__k.json", group.left(group.size() / 2)); // damaged
        g = store.get(key);
        QCOMPARE(int(outcomeOf(g)), int(Outcome::Miss));
        QVERIFY2(messageOf(g).find("corrupt group file") != std::string::npos, messageOf(g).c_str());

        // A child named outside the entry is never read.
        c.write(QFileInfo(entry).fileName() + "/__grp__k.json",
                R"({"child_paths": {"k.json": "/x/k.json", "../k.json": "/x/../k.json"}})");
        g = store.get(key);
        QCOMPARE(int(outcomeOf(g)), int(Outcome::Miss));
        QVERIFY2(messageOf(g).find("not a file of this entry") != std::string::npos, messageOf(g).c_str());

        // Without the metadata json Triton misses too.
        c.write(QFileInfo(entry).fileName() + "/__grp__k.json", R"({"child_paths": {"k.ptx": "/x/k.ptx"}})");
        QCOMPARE(int(outcomeOf(store.get(key))), int(Outcome::Miss));

        // Two kernels' group files in one entry: the caller must say which.
        QVERIFY(store.put(key, "k", fullEntry(key, "k")).has_value());
        c.write(QFileInfo(entry).fileName() + "/__grp__q.json", R"({"child_paths": ["k.json"]})");
        QCOMPARE(int(outcomeOf(store.get(key))), int(Outcome::Error));
        QVERIFY(hit(store.get(key, "k")));
    }

    void childSymlinkIsNotFollowed()
    {
        TempCache c, outside;
        outside.write("secret", "do not read");
        CacheStore store(c.path().toStdString(), StoreOptions{false, 1ull << 30});
        const std::string key = sha("k");
        QVERIFY(store.put(key, "k", fullEntry(key, "k")).has_value());
        const QString entry = QString::fromStdString(store.entryPath(key));
        QVERIFY(QFile::remove(entry + "/k.ptx"));
        QVERIFY(QFile::link(outside.filePath("secret"), entry + "/k.ptx"));
        GetResult g = store.get(key);
        QCOMPARE(int(outcomeOf(g)), int(Outcome::Error)); // an error hands out no files: no Lookup
        QVERIFY2(messageOf(g).find(entry.toStdString() + "/k.ptx") != std::string::npos,
                 messageOf(g).c_str());
    }

    void movedCacheStillHits()
    {
        // Children are found by name; the recorded absolute path is only compared.
        TempCache a, b;
        const std::string key = sha("k");
        CacheStore storeA(a.path().toStdString(), StoreOptions{false, 1ull << 30});
        QVERIFY(storeA.put(key, "k", fullEntry(key, "k")).has_value());
        const QString folder = base32Folder(QString::fromStdString(key));
        QDir().mkpath(b.filePath(folder));
        for (const QString& f : QDir(a.filePath(folder)).entryList(QDir::Files))
            QVERIFY(QFile::copy(a.filePath(folder + "/" + f), b.filePath(folder + "/" + f)));
        CacheStore storeB(b.path().toStdString());
        GetResult g = storeB.get(key);
        QVERIFY2(hit(g), messageOf(g).c_str());
        QCOMPARE(QString::fromStdString(g->recordedElsewhere), a.filePath(folder));
        QVERIFY(storeA.get(key)->recordedElsewhere.empty());
    }

    void overwriteReplacesFiles()
    {
        TempCache c;
        CacheStore store(c.path().toStdString());
        const std::string key = sha("k");
        StoreFiles first = fullEntry(key, "k"), second = first;
        second["k.ptx"] = "// recompiled\n";
        QVERIFY(store.put(key, "k", first).has_value());
        QVERIFY(store.put(key, "k", second).has_value());
        GetResult g = store.get(key);
        QVERIFY(hit(g));
        QVERIFY(g->files == second);
    }

    // Triton's autotuner writes `<fn>.autotune.json` alone, with no group file; so does ours.
    void singleFilePutAndGet()
    {
        TempCache c, outside;
        CacheStore store(c.path().toStdString(), StoreOptions{false, 1ull << 30});
        const std::string key = sha("tune");
        PutResult p = store.putFile(key, "k.autotune.json", "{\"key\": [1]}");
        QVERIFY2(p, errorOf(p).c_str());
        const QString entry = QString::fromStdString(p->entryPath);
        QCOMPARE(QDir(entry).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
                 QStringList{"k.autotune.json"});
        QVERIFY(store.putFile(key, "k.autotune.json", "{\"key\": [2]}").has_value()); // replaced whole
        GetResult g = store.getFile(key, "k.autotune.json");
        QVERIFY2(hit(g), messageOf(g).c_str());
        QCOMPARE(g->files.at("k.autotune.json"), std::string("{\"key\": [2]}"));
        QCOMPARE(QDir(entry).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 1);
        // The scanner reads such a folder as an autotune entry (no group file needed).
        CacheScanner scanner;
        Root root;
        root.path = c.path().toStdString();
        root.reason = kl::Text::verbatim("given");
        root.given = true;
        const Snapshot snap = scanner.scan({root});
        QCOMPARE(snap.entries.size(), std::size_t(1));
        QVERIFY(snap.entries[0].kind == EntryKind::Autotune);

        g = store.getFile(key, "other.json");
        QVERIFY(outcomeOf(g) == Outcome::Miss);
        QVERIFY(messageOf(g).find("no file") != std::string::npos);
        for (const char* bad : {"../escape.json", "__grp__k.json", "tmp.x", "", "a/b"}) {
            p = store.putFile(key, bad, "x");
            QVERIFY2(!p, bad);
            QVERIFY2(errorOf(p).find("not a plain file name") != std::string::npos, errorOf(p).c_str());
        }
        // A symlink where the file belongs is not followed when reading.
        outside.write("secret", "do not read");
        QVERIFY(QFile::link(outside.filePath("secret"), entry + "/s.autotune.json"));
        g = store.getFile(key, "s.autotune.json");
        QVERIFY(outcomeOf(g) == Outcome::Error); // an error hands out no files: there is no Lookup
        QVERIFY(errorOf(store.putFile("nothex", "k.autotune.json", "x")).find("invalid cache key") == 0);
    }

    void threadsOnOneKey()
    {
        // In-process writers of one key (the torture test does processes): never an error, never a
        // miss once the first put returned, every file whole.
        TempCache c;
        CacheStore store(c.path().toStdString(), StoreOptions{false, 1ull << 30});
        const std::string key = sha("k");
        QVERIFY(store.put(key, "k", fullEntry(key, "k")).has_value());
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int i = 0; i < 100; ++i) {
                    StoreFiles f = fullEntry(key, "k");
                    f["k.ptx"] = std::string(100 + 37 * t + i, char('a' + t)); // uniform bytes per writer
                    if (!store.put(key, "k", f).has_value())
                        ++failures;
                    GetResult g = store.get(key);
                    const std::string& ptx = g->files["k.ptx"];
                    if (!hit(g) || ptx.find_first_not_of(ptx.front()) != std::string::npos)
                        ++failures;
                }
            });
        for (auto& t : threads)
            t.join();
        QCOMPARE(failures.load(), 0);
        QCOMPARE(QDir(QString::fromStdString(store.entryPath(key)))
                     .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                     .size(),
                 0);
    }
};

QTEST_APPLESS_MAIN(TstCacheStore)
#include "tst_cachestore.moc"
