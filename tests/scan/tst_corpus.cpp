// Reads the real caches in ../shared/corpus/triton-caches in place (never copied into the project).
#include "core/env/cacheroots.h"
#include "core/scan/cachescanner.h"
#include "tests/support/tempcache.h"

#include <QTest>

using namespace kl;

namespace {

const Entry* findEntry(const Snapshot& snap, const QString& folder)
{
    for (const Entry& e : snap.entries)
        if (QString::fromStdString(e.folderName) == folder)
            return &e;
    return nullptr;
}

QStringList stageExts(const Entry& e)
{
    QStringList out;
    for (const Stage& s : e.stages)
        out << QString::fromStdString(std::string(s.ext()));
    return out;
}

} // namespace

class TstCorpus : public QObject {
    Q_OBJECT
    Snapshot m_snap;
    QString m_corpus;

private slots:
    void initTestCase()
    {
        m_corpus = corpusDir();
        if (m_corpus.isEmpty())
            QSKIP("../shared/corpus/triton-caches is absent (a fresh clone has no corpus); nothing to read");
        m_snap = CacheScanner().scan({kl::givenRoot(m_corpus.toStdString())});
    }

    void everyEntry_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("warp");
        QTest::addColumn<QStringList>("stages");
        QTest::addColumn<QStringList>("missing"); // children the group lists but the copy dropped
        QTest::addColumn<QString>("format");
        QTest::addRow("cuda 3.1/3.2 add_kernel")
            << "5W7KJQDTJCL4UGPMKKCS7TEEPZKSWOY4774SZQ6674FWSXG5MNXQ"
            << "add_kernel"
            << "cuda"
            << "75" << 32 << QStringList{"ttir", "ttgir", "llir", "ptx", "json"}
            << QStringList{"add_kernel.cubin"} << "3.0-3.3";
        QTest::addRow("hip 3.2.0 add_kernel")
            << "MCELTMXFCSPAMZYLZ3C3WPPYYVTVR4QOYNE52X3X6FIH7Z6N6X5A"
            << "add_kernel"
            << "hip"
            << "gfx90a" << 64 << QStringList{"ttir", "ttgir", "llir", "amdgcn", "json"}
            << QStringList{"add_kernel.hsaco"} << "3.0-3.3";
        QTest::addRow("3.7.1 json only")
            << "24AEATQHIYKWWITK7FNOF7ZOSXZDLBM344WOTD2UUGES7242WTRA"
            << "_bias_kernel"
            << "cuda"
            << "75" << 32 << QStringList{"json"}
            << QStringList{"_bias_kernel.source", "_bias_kernel.ttir", "_bias_kernel.ttgir",
                           "_bias_kernel.llir",   "_bias_kernel.ptx",  "_bias_kernel.cubin"}
            << "3.7+";
        for (const char* f : {"HR47ZPBPY3VLPZ7QAWGK7AZ766NXCDFVNFN3EVNUKCQXKWGINCCA"})
            QTest::addRow("vllm embedding")
                << f << "triton_poi_fused__to_copy_embedding_0"
                << "hip"
                << "gfx90a" << 64 << QStringList{"ttir", "ttgir", "llir", "amdgcn", "json"}
                << QStringList{"triton_poi_fused__to_copy_embedding_0.hsaco"} << "3.0-3.3";
        for (const char* f : {"LQYWECKW73MX7RAQM6XBQROH6T743RZBH6MGOVISEMPG7NNTO5SQ",
                              "WZA7FZWZVFQMAIMIQ4RLRJOE4YZDITHSDQ4MFXFQW2YT7FBPE3WA"})
            QTest::addRow("vllm cat %s", f)
                << f << "triton_poi_fused_cat_0"
                << "hip"
                << "gfx90a" << 64 << QStringList{"ttir", "ttgir", "llir", "amdgcn", "json"}
                << QStringList{"triton_poi_fused_cat_0.hsaco"} << "3.0-3.3";
    }

    void everyEntry()
    {
        QFETCH(QString, folder);
        const Entry* e = findEntry(m_snap, folder);
        QVERIFY2(e, qPrintable("not found: " + folder));
        QCOMPARE(int(e->kind), int(EntryKind::Kernel));
        QTEST(QString::fromStdString(e->kernel), "kernel");
        QTEST(QString::fromStdString(e->target.backend), "backend");
        QTEST(QString::fromStdString(e->target.arch), "arch");
        QTEST(e->target.warpSize, "warp");
        QTEST(stageExts(*e), "stages");
        QTEST(QString::fromStdString(e->metadataFormat), "format");
        QCOMPARE(int(e->era), int(KeyEra::Base32));
        QVERIFY(e->hashOk.has_value());
        QVERIFY(*e->hashOk);
        // Every corpus cache was written elsewhere and copied: a moved cache, always reported.
        QVERIFY(e->hasProblem(problem::MovedCache));
        QFETCH(QStringList, missing);
        QStringList reported;
        for (const Problem& p : e->problems)
            if (p.code == problem::MissingChild)
                reported << QString::fromStdString(p.message.english());
        QCOMPARE(reported.size(), missing.size());
        for (const QString& m : missing)
            QVERIFY2(reported.join('\n').contains(m), qPrintable(m));
        QCOMPARE(int(e->status), int(EntryStatus::Incomplete));
    }

    void inductorBestConfigIsForeign()
    {
        const Entry* e = findEntry(m_snap, "inductor_cache_best_config");
        QVERIFY(e);
        QCOMPARE(int(e->kind), int(EntryKind::Foreign));
        QCOMPARE(int(e->status), int(EntryStatus::Foreign));
    }

    // vLLM's rank_*/triton_cache layout: caches nested in plain folders are found as roots.
    void nestedRootsFound()
    {
        QStringList nested;
        for (const Root& r : m_snap.roots)
            if (r.parentIndex >= 0)
                nested << QString::fromStdString(r.path).mid(m_corpus.size() + 1);
        QVERIFY(nested.contains("mcu_vllm-torch-compile_rocm/triton_cache"));
        QVERIFY(nested.contains("gkm_vector-add-cache_cuda"));
        QCOMPARE(m_snap.entries.size(), 7u);
    }
};

QTEST_APPLESS_MAIN(TstCorpus)
#include "tst_corpus.moc"
