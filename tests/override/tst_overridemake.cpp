// `makeOverride` (core/override/overridemake): the override folder Triton reads, made from a dump
// or from a cache entry through its linked dump; never over a user's file without force, nothing
// written when it refuses. tests/override/test_real_triton.py proves real Triton reads what it makes.
#include "core/override/overridemake.h"
#include "tests/support/dumpsnapshot.h"
#include "tests/support/tempcache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kl;

class TstOverrideMake : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString at(const QString& rel) const { return m_dir.path() + "/" + rel; }
    QString m_entry, m_dump, m_lone;

    Snapshot scan() const { return scanCacheAndDump(at("cache"), at("dump")); }

    OverrideMakeResult make(const QString& path, const QString& stage, bool force = false) const
    {
        const Snapshot snap = scan();
        return makeOverride(
            snap, entryIndexOf(snap, path),
            {stage.toStdString(), at("override").toStdString(), force, at("override").toStdString()});
    }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        // An entry, the dump its compile wrote (same TTIR and PTX), and an entry with no dump.
        m_entry = at("cache/") + TempCache::addKernelAt(at("cache"), "k", sha256Of("e90"));
        m_dump = at("dump/") + base32Folder(sha256Of("src"));
        for (const QString ext : {"ttir", "ttgir", "llir", "ptx", "cubin"})
            writeFileAt(m_dump + "/k." + ext, readFileBytes(m_entry + "/k." + ext));
        writeFileAt(m_entry + "/k.ptx", "// the entry's own ptx\n");
        writeFileAt(m_dump + "/k.ptx", "// the dump's ptx\n");
        m_lone = at("cache/") + TempCache::addKernelAt(at("cache"), "lone", sha256Of("lone"));
    }

    void fromADump()
    {
        const OverrideMakeResult r = make(m_dump, "ptx");
        QVERIFY2(r.ok, r.error.english().c_str());
        const QString folder = at("override/") + QFileInfo(m_dump).fileName();
        QCOMPARE(QString::fromStdString(r.file), folder + "/k.ptx");
        QCOMPARE(readFileBytes(folder + "/k.ptx"), QByteArray("// the dump's ptx\n"));
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{"k.ptx"}); // the stage alone, no temp left
        QVERIFY(!r.replaced);
    }

    void fromACacheEntryThroughItsDump()
    {
        const OverrideMakeResult r = make(m_entry, "ptx");
        QVERIFY2(r.ok, r.error.english().c_str());
        QCOMPARE(QString::fromStdString(r.dumpFolder), m_dump);
        QCOMPARE(QString::fromStdString(r.copiedFrom), m_entry + "/k.ptx");
        // Named as the dump, holding what this entry's compile made.
        QCOMPARE(readFileBytes(at("override/") + QFileInfo(m_dump).fileName() + "/k.ptx"),
                 QByteArray("// the entry's own ptx\n"));
    }

    void withoutADumpItSaysHowToGetOne()
    {
        const OverrideMakeResult r = make(m_lone, "ttgir");
        QVERIFY(!r.ok);
        const std::string why = r.error.english();
        QVERIFY2(why.find("TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1") != std::string::npos, why.c_str());
        QVERIFY2(why.find("ir_override") != std::string::npos, why.c_str());
        QVERIFY(!QFileInfo::exists(at("override"))); // nothing written
    }

    void neverOverAUsersEditWithoutForce()
    {
        QVERIFY(make(m_dump, "ptx").ok);
        const QString file = at("override/") + QFileInfo(m_dump).fileName() + "/k.ptx";
        writeFileAt(file, "// my edit\n");
        OverrideMakeResult r = make(m_dump, "ptx");
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("--force") != std::string::npos, r.error.english().c_str());
        QCOMPARE(readFileBytes(file), QByteArray("// my edit\n"));
        r = make(m_dump, "ptx", true);
        QVERIFY(r.ok);
        QVERIFY(r.replaced);
        QCOMPARE(readFileBytes(file), QByteArray("// the dump's ptx\n"));
    }

    void refusals()
    {
        OverrideMakeResult r = make(m_dump, "sass");
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("does not read .sass") != std::string::npos,
                 r.error.english().c_str());
        r = make(m_dump, "source");
        QVERIFY(!r.ok);
        // Where the override root should be, a file: named with the cause.
        writeFileAt(at("override"), "not a folder");
        r = make(m_dump, "ptx");
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find(at("override").toStdString()) != std::string::npos,
                 r.error.english().c_str());
        QCOMPARE(readFileBytes(at("override")), QByteArray("not a folder"));
    }
};

QTEST_GUILESS_MAIN(TstOverrideMake)
#include "tst_overridemake.moc"
