// The cache in resources/demo/triton/cache was written by a real Triton (see its README);
// expected.json was generated from it by the same script. The reader must agree with both.
#include "core/env/cacheroots.h"
#include "core/formats/envvars.h"
#include "core/report/entrydetail.h"
#include "core/scan/cachescanner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace kl;

class TstTritonFixture : public QObject {
    Q_OBJECT
    Snapshot m_snap;
    QJsonObject m_expected;

private slots:
    void initTestCase()
    {
        const QString dir = QStringLiteral(KL_DEMO_TRITON_DIR);
        QFile f(dir + "/expected.json");
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        m_expected = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(!m_expected.isEmpty());
        m_snap = CacheScanner().scan({kl::givenRoot((dir + "/cache").toStdString())});
        QVERIFY(m_snap.roots.front().error.empty());
    }

    void entryCountMatches()
    {
        QCOMPARE(m_snap.entries.size(), std::size_t(m_expected["entries"].toObject().size()));
    }

    void everyEntry_data()
    {
        QTest::addColumn<QString>("folder");
        const QJsonObject entries = m_expected["entries"].toObject();
        for (auto it = entries.begin(); it != entries.end(); ++it)
            QTest::addRow("%s %s",
                          qPrintable(it.value().toObject()["plan_id"].toString(
                              it.value().toObject()["kind"].toString())),
                          qPrintable(it.key().left(8)))
                << it.key();
    }

    void everyEntry()
    {
        QFETCH(QString, folder);
        const QJsonObject exp = m_expected["entries"].toObject()[folder].toObject();
        const Entry* e = nullptr;
        for (const Entry& x : m_snap.entries)
            if (QString::fromStdString(x.folderName) == folder)
                e = &x;
        QVERIFY2(e, qPrintable("not scanned: " + folder));
        QCOMPARE(QString::fromStdString(std::string(toString(e->kind))), exp["kind"].toString());
        QCOMPARE(int(e->era), int(KeyEra::Base32));
        if (exp["kind"].toString() == "module") {
            QCOMPARE(int(e->status), int(EntryStatus::Complete));
            QVERIFY(exp["module_name"].toString().startsWith(QString::fromStdString(e->kernel)));
            return;
        }
        QCOMPARE(QString::fromStdString(e->kernel), exp["kernel_name"].toString());
        QCOMPARE(QString::fromStdString(e->hash), exp["hash"].toString());
        QVERIFY(e->hashOk.value_or(false));
        const QJsonObject t = exp["target"].toObject();
        QCOMPARE(QString::fromStdString(e->target.backend), t["backend"].toString());
        QCOMPARE(QString::fromStdString(e->target.arch), t["arch"].toVariant().toString());
        QCOMPARE(e->target.warpSize, t["warp_size"].toInt());
        QCOMPARE(e->numWarps.value_or(-1), exp["num_warps"].toInteger());
        QCOMPARE(e->numStages.value_or(-1), exp["num_stages"].toInteger());
        QCOMPARE(QString::fromStdString(e->tritonVersion), exp["triton_version"].toString());
        QStringList stages;
        for (const Stage& s : e->stages)
            if (s.ext() != "json")
                stages << QString::fromStdString(std::string(s.ext()));
        stages.sort();
        QStringList expStages;
        for (const auto& v : exp["stage_extensions"].toArray())
            expStages << v.toString();
        expStages.sort();
        QCOMPARE(stages, expStages);
        QCOMPARE(e->totalSize, quint64(exp["size_bytes"].toInteger()) - 0);
        // Written under /tmp/klens-fixture-gen and copied here: complete, but a moved cache.
        QCOMPARE(int(e->status), int(EntryStatus::Complete));
        QVERIFY(e->hasProblem(problem::MovedCache));
        QCOMPARE(e->problems.size(), 1u);

        EntryDetail d = loadEntryDetail(*e);
        QVERIFY(d.metadata);
        QVariantMap env;
        for (const MetadataField& f : d.metadata->envVars)
            env[QString::fromStdString(f.key)] =
                QJsonDocument::fromJson("[" + QByteArray::fromStdString(f.json) + "]")
                    .array()
                    .at(0)
                    .toVariant();
        QCOMPARE(env, exp["env_vars"].toObject().toVariantMap());
        QVERIFY(d.group);
        QCOMPARE(int(d.group->children.size()), exp["group_children"].toArray().size());
    }

    // Our list of cache-invalidating variables is data; it must cover the generating Triton's.
    void envVarListCoversTriton()
    {
        for (const auto& v : m_expected["generator"].toObject()["cache_invalidating_env_vars"].toArray())
            QVERIFY2(isCacheInvalidatingEnvVar(v.toString().toStdString()), qPrintable(v.toString()));
    }
};

QTEST_APPLESS_MAIN(TstTritonFixture)
#include "tst_tritonfixture.moc"
