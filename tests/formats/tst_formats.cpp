#include "core/formats/autotune.h"
#include "core/formats/envvars.h"
#include "core/formats/groupfile.h"
#include "core/formats/json.h"
#include "core/formats/metadata.h"

#include <QTest>

using namespace kl;

class TstFormats : public QObject {
    Q_OBJECT
private slots:
    // One metadata body per Triton era: the shape decides target, format and field split.
    void metadataEras_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("warp");
        QTest::addRow("2.x") << QByteArray(
                                    R"({"num_warps": 4, "num_stages": 3, "constants": {}, "debug": false,
            "device_type": "cuda", "clusterDims": [1,1,1], "shared": 512, "name": "add_kernel", "arch": 80})")
                             << "2.x"
                             << "cuda"
                             << "80" << 32;
        QTest::addRow("3.0 allow_fp8e4nv")
            << QByteArray(R"({"hash": "ab", "target": {"backend": "cuda", "arch": 89,
            "warp_size": 32}, "num_warps": 8, "allow_fp8e4nv": true, "shared": 0, "name": "k"})")
            << "3.0-3.3"
            << "cuda"
            << "89" << 32;
        QTest::addRow("3.2 hip") << QByteArray(
                                        R"({"hash": "ab", "target": {"backend": "hip", "arch": "gfx90a",
            "warp_size": 64}, "cluster_dims": [1,1,1], "triton_version": "3.2.0", "name": "k"})")
                                 << "3.0-3.3"
                                 << "hip"
                                 << "gfx90a" << 64;
        QTest::addRow("3.5 by version")
            << QByteArray(R"({"hash": "ab", "target": {"backend": "cuda", "arch": 90,
            "warp_size": 32}, "triton_version": "3.5.1", "tmem_size": 0, "name": "k"})")
            << "3.4-3.6"
            << "cuda"
            << "90" << 32;
        QTest::addRow("3.7")
            << QByteArray(R"({"hash": "ab", "target": {"backend": "cuda", "arch": 75, "warp_size": 32},
            "arch": "sm75", "triton_version": "3.7.1", "profile_scratch_size": 0, "name": "k"})")
            << "3.7+"
            << "cuda"
            << "75" << 32;
    }
    void metadataEras()
    {
        QFETCH(QByteArray, text);
        auto m = parseMetadata(text.toStdString(), MetadataDetail::Full);
        QVERIFY2(m, m ? "" : m.error().english().c_str());
        QTEST(QString::fromStdString(m->format), "format");
        QTEST(QString::fromStdString(m->target.backend), "backend");
        QTEST(QString::fromStdString(m->target.arch), "arch");
        QTEST(m->target.warpSize, "warp");
        // The scanner's in-place summary (no full-precision pass, a thread's scratch buffer) reads
        // the same facts.
        std::string inPlace = text.toStdString();
        auto summary = parseMetadataSummaryInPlace(inPlace);
        QVERIFY2(summary, summary ? "" : summary.error().english().c_str());
        QCOMPARE(summary->format, m->format);
        QCOMPARE(summary->target.arch, m->target.arch);
        QCOMPARE(summary->target.warpSize, m->target.warpSize);
        QCOMPARE(summary->name, m->name);
        QCOMPARE(summary->hash, m->hash);
    }

    // Two scratch documents alive on one thread, and one larger than the thread's buffer: each
    // keeps its own values.
    void scratchDocuments()
    {
        std::string small = R"({"a": "first", "n": 1})";
        std::string big = "{";
        for (int i = 0; i < 3000; ++i)
            big += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": \"value " + std::to_string(i) + "\"";
        big += "}";
        json::ScratchDocument outer;
        QVERIFY(json::parseInPlace(outer.get(), small));
        {
            json::ScratchDocument inner;
            QVERIFY(json::parseInPlace(inner.get(), big));
            QCOMPARE(inner.get().MemberCount(), 3000u);
            QCOMPARE(QString::fromUtf8(inner.get()["k2999"].GetString()), QStringLiteral("value 2999"));
        }
        QCOMPARE(QString::fromUtf8(outer.get()["a"].GetString()), QStringLiteral("first"));
        for (int round = 0; round < 3; ++round) { // the buffer is given back and taken again
            std::string again = R"({"child_paths": ["k.json", "k.ptx"]})";
            auto g = parseGroupFileInPlace(again);
            QVERIFY(g);
            QCOMPARE(g->children.size(), 2u);
        }
    }

    void metadataSplitsOptionsEnvAndDerived()
    {
        const std::string text = R"({"hash": "ab", "target": {"backend": "cuda", "arch": 90, "warp_size": 32},
            "num_warps": 4, "some_future_option": [1, 2], "TRITON_DISABLE_LINE_INFO": "true",
            "DISABLE_FAST_REDUCTION": "false", "triton_version": "3.9.0", "shared": 1024,
            "max_time": Infinity, "bad": NaN, "neg": -Infinity, "name": "k"})";
        auto m = parseMetadata(text, MetadataDetail::Full);
        QVERIFY2(m, m ? "" : m.error().english().c_str());
        auto keys = [](const std::vector<MetadataField>& fs) {
            QStringList out;
            for (const auto& f : fs)
                out << QString::fromStdString(f.key);
            return out;
        };
        QCOMPARE(keys(m->envVars), QStringList({"TRITON_DISABLE_LINE_INFO", "DISABLE_FAST_REDUCTION"}));
        QVERIFY(keys(m->options).contains("some_future_option"));
        QVERIFY(keys(m->options).contains("max_time"));
        QVERIFY(keys(m->derived).contains("shared"));
        QCOMPARE(m->shared.value(), 1024);
        for (const auto& f : m->options)
            if (f.key == "max_time")
                QCOMPARE(QString::fromStdString(f.json), QStringLiteral("Infinity"));
    }

    void metadataErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expect");
        // (no raw string here: moc 6.4 mis-tokenises a raw string holding an odd number of quotes)
        QTest::addRow("truncated") << QByteArray("{\"hash\": \"ab\", \"targ") << "at byte";
        QTest::addRow("array") << QByteArray("[1, 2]") << "not a JSON object";
        QTest::addRow("empty") << QByteArray("") << "at byte 0";
    }
    void metadataErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expect);
        const auto m = parseMetadata(text.toStdString(), MetadataDetail::Summary);
        QVERIFY(!m);
        const std::string error = m.error().english();
        QVERIFY2(QString::fromStdString(error).contains(expect), error.c_str());
    }

    void groupShapes()
    {
        auto dict = parseGroupFile(R"({"child_paths": {"k.ptx": "/c/X/k.ptx", "k.json": "/c/X/k.json"}})");
        QVERIFY(dict);
        QCOMPARE(int(dict->shape), int(GroupShape::PathMap));
        QCOMPARE(dict->children.size(), 2u);
        QCOMPARE(QString::fromStdString(dict->children[0].recordedPath), QStringLiteral("/c/X/k.ptx"));
        auto list = parseGroupFile(R"({"child_paths": ["k.json", "k.ptx"]})");
        QVERIFY(list);
        QCOMPARE(int(list->shape), int(GroupShape::NameList));
        QVERIFY(list->children[0].recordedPath.empty());
        QVERIFY(!parseGroupFile(R"({"other": 1})"));
        QVERIFY(!parseGroupFile(R"({"child_paths": 3})"));
        QVERIFY(!parseGroupFile(R"({"child_paths": [1]})"));
    }

    void plainFileNames()
    {
        QVERIFY(isPlainFileName("add_kernel.ptx"));
        QVERIFY(isPlainFileName("@fn.source"));
        QVERIFY(!isPlainFileName("../../etc/passwd"));
        QVERIFY(!isPlainFileName(".."));
        QVERIFY(!isPlainFileName(""));
        QVERIFY(!isPlainFileName("a/b"));
    }

    void autotuneWithInfinity()
    {
        auto r = parseAutotune(R"({"key": [1024, "torch.float16"], "configs_timings": [
            [{"kwargs": {"BLOCK": 128}, "num_warps": 4}, [0.01, 0.009, 0.011]],
            [{"kwargs": {"BLOCK": 4096}, "num_warps": 1}, [Infinity, Infinity, Infinity]]]})");
        QVERIFY2(r, r ? "" : r.error().english().c_str());
        QCOMPARE(r->configs.size(), 2u);
        QVERIFY(std::isinf(r->configs[1].timings[0]));
        QVERIFY(!parseAutotune(R"({"key": []})"));
    }

    void envVarListIsData()
    {
        QVERIFY(isCacheInvalidatingEnvVar("TRITON_DISABLE_LINE_INFO"));
        QVERIFY(isCacheInvalidatingEnvVar("DISABLE_FAST_REDUCTION")); // older name
        QVERIFY(!isCacheInvalidatingEnvVar("TRITON_REPRODUCER_PATH"));
        QVERIFY(!isCacheInvalidatingEnvVar("TRITON_ENABLE_PYTHON_STACKTRACE"));
        QVERIFY(cacheInvalidatingEnvVars().size() >= 38);
    }
};

QTEST_APPLESS_MAIN(TstFormats)
#include "tst_formats.moc"
