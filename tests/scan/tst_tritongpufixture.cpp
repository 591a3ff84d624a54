// tests/fixtures/triton-gpu holds a Triton cache written on an NVIDIA H100 by real launches
// (two kernels autotuned with cache_results=True) and PyTorch's profiler trace of those kernels;
// expected.json was generated from the same files, with cuobjdump's registers for every cubin
// (see its README). No GPU is needed here. A missing fixture is a failure, not a skip.
#include "core/cubin/cubininfo.h"
#include "core/env/cacheroots.h"
#include "core/report/entrydetail.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <utility>

using namespace kl;

namespace {

// KL_TRITON_GPU_FIXTURE_DIR in the environment points the test at another copy (a regenerated one).
QString fixtureDir()
{
    const QString env = qEnvironmentVariable("KL_TRITON_GPU_FIXTURE_DIR");
    return env.isEmpty() ? QStringLiteral(KL_TRITON_GPU_FIXTURE_DIR) : env;
}

QStringList strings(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue& s : v.toArray())
        out << s.toString();
    return out;
}

QString folderOf(const QString& path)
{
    return QFileInfo(path).fileName();
}

} // namespace

class TstTritonGpuFixture : public QObject {
    Q_OBJECT
    QString m_dir;
    QJsonObject m_expected;
    QJsonObject m_entries; // expected.json "entries"
    Snapshot m_snap;

    const Entry* scanned(const QString& folder) const
    {
        for (const Entry& e : m_snap.entries)
            if (QString::fromStdString(e.folderName) == folder)
                return &e;
        return nullptr;
    }

    /// The expected kernel entries of one kernel name.
    QStringList kernelFolders(const QString& name) const
    {
        QStringList out;
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (it.value().toObject()["kind"].toString() == "kernel" &&
                it.value().toObject()["kernel_name"].toString() == name)
                out << it.key();
        return out;
    }

    QStringList launchedFolders(const QString& name) const
    {
        QStringList out;
        for (const QJsonValue& v : std::as_const(m_expected)["launched"][name].toArray())
            out << v["folder"].toString();
        return out;
    }

    QString cachePath() const { return m_dir + "/cache"; }
    QString tracePath() const { return m_dir + "/" + std::as_const(m_expected)["trace"]["file"].toString(); }

    qint64 declaredStaticShared(const QString& folder, const QString& name) const
    {
        const CubinResult c =
            readCubinInfo((cachePath() + "/" + folder + "/" + name + ".cubin").toStdString());
        return c.ok && c.info.kernels.size() == 1 ? qint64(c.info.kernels.front().staticSharedBytes) : -1;
    }

private slots:
    void initTestCase()
    {
        m_dir = fixtureDir();
        const QString how = " (the fixture is committed; regenerate it on a GPU machine with "
                            "tests/fixtures/triton-gpu/generate.sh, see its README)";
        QFile f(m_dir + "/expected.json");
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable("missing " + f.fileName() + how));
        QJsonParseError err;
        m_expected = QJsonDocument::fromJson(f.readAll(), &err).object();
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        m_entries = std::as_const(m_expected)["entries"].toObject();
        QVERIFY(!m_entries.isEmpty());
        QVERIFY2(QDir(cachePath()).exists(), qPrintable("missing " + cachePath() + how));
        QVERIFY2(QFile::exists(tracePath()), qPrintable("missing " + tracePath() + how));
        m_snap = CacheScanner().scan({kl::givenRoot(cachePath().toStdString())});
        QVERIFY(m_snap.roots.front().error.empty());
    }

    // The generator cross-checks the trace, the cubins and the autotune files itself and lists
    // what disagreed; a fixture with problems is not one to commit.
    void generatorFoundNoProblems()
    {
        const QStringList problems = strings(std::as_const(m_expected)["generator"]["problems"]);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join("\n")));
    }

    void writtenOnAnSm90GpuWithAutotune()
    {
        const QJsonObject gen = std::as_const(m_expected)["generator"].toObject();
        QCOMPARE(gen["gpu"]["capability"].toString(), QStringLiteral("9.0"));
        QVERIFY(gen["with_autotune"].toBool());
        QCOMPARE(strings(std::as_const(m_expected)["kernel_names"]),
                 QStringList({"add_kernel", "_row_softmax_kernel", "matmul_kernel"}));
        // Every profiled launch ran a binary that is an entry of this cache.
        for (const QString& name : strings(std::as_const(m_expected)["kernel_names"])) {
            const QStringList launched = launchedFolders(name);
            QVERIFY2(!launched.isEmpty(), qPrintable(name));
            for (const QString& folder : launched) {
                QVERIFY2(kernelFolders(name).contains(folder), qPrintable(name + " " + folder));
                QVERIFY2(scanned(folder), qPrintable(folder));
            }
        }
    }

    void scannerFindsEveryEntry()
    {
        QCOMPARE(m_snap.entries.size(), std::size_t(m_entries.size()));
        QMap<QString, int> kinds;
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
            const Entry* e = scanned(it.key());
            QVERIFY2(e, qPrintable("not scanned: " + it.key()));
            QCOMPARE(QString::fromStdString(std::string(toString(e->kind))),
                     it.value().toObject()["kind"].toString());
            QCOMPARE(int(e->era), int(KeyEra::Base32));
            ++kinds[it.value().toObject()["kind"].toString()];
        }
        // Three add_kernel configs, one softmax, two matmul configs; Triton's own runtime modules.
        QCOMPARE(kinds.value("kernel"), 6);
        QCOMPARE(kinds.value("autotune"), 2);
        QVERIFY(kinds.value("module") >= 1);
        QCOMPARE(kinds.size(), 3);
    }

    void kernelEntry_data()
    {
        QTest::addColumn<QString>("folder");
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
            if (it.value().toObject()["kind"].toString() == "kernel")
                QTest::addRow("%s %s", qPrintable(it.value().toObject()["kernel_name"].toString()),
                              qPrintable(it.key().left(8)))
                    << it.key();
    }

    void kernelEntry()
    {
        QFETCH(QString, folder);
        const QJsonObject exp = std::as_const(m_entries)[folder].toObject();
        const Entry* e = scanned(folder);
        QVERIFY2(e, qPrintable(folder));
        const QString name = exp["kernel_name"].toString();
        QCOMPARE(QString::fromStdString(e->kernel), name);
        QCOMPARE(QString::fromStdString(e->hash), exp["hash"].toString());
        QVERIFY(e->hashOk.value_or(false));
        // Written for the GPU it ran on: sm_90.
        QCOMPARE(exp["target"]["backend"].toString(), QStringLiteral("cuda"));
        QCOMPARE(exp["target"]["arch"].toInt(), 90);
        QCOMPARE(QString::fromStdString(e->target.backend), QStringLiteral("cuda"));
        QCOMPARE(QString::fromStdString(e->target.arch), QStringLiteral("90"));
        QCOMPARE(e->target.warpSize, 32);
        QCOMPARE(e->numWarps.value_or(-1), exp["num_warps"].toInteger());
        QCOMPARE(e->numStages.value_or(-1), exp["num_stages"].toInteger());
        QCOMPARE(e->shared.value_or(-1), exp["shared"].toInteger(-2));
        QCOMPARE(QString::fromStdString(e->tritonVersion),
                 std::as_const(m_expected)["generator"]["triton_version"].toString());
        QStringList stages;
        for (const Stage& s : e->stages)
            if (s.ext() != "json")
                stages << QString::fromStdString(std::string(s.ext()));
        stages.sort();
        QStringList expStages = strings(exp["stage_extensions"]);
        expStages.sort();
        QCOMPARE(stages, expStages);
        for (const char* need : {"ttir", "ttgir", "llir", "ptx", "cubin"})
            QVERIFY2(stages.contains(need), need);
        QCOMPARE(e->totalSize, quint64(exp["size_bytes"].toInteger()));
        // Written under /tmp/klens-gpufix and copied here: complete, but a moved cache.
        QCOMPARE(int(e->status), int(EntryStatus::Complete));
        QVERIFY(e->hasProblem(problem::MovedCache));
        for (const Problem& p : e->problems)
            QVERIFY2(p.code == problem::MovedCache, p.code.c_str());
        EntryDetail d = loadEntryDetail(*e);
        QVERIFY(d.metadata);
        QVERIFY(d.group);
        QCOMPARE(int(d.group->children.size()), exp["group_children"].toArray().size());

        // The cubin reader against cuobjdump -res-usage on the machine that wrote it.
        const QJsonObject cu = exp["cuobjdump"].toObject();
        QVERIFY2(cu["registers"].isDouble() && cu["static_shared"].isDouble(),
                 qPrintable("expected.json has no cuobjdump figures for " + folder));
        QCOMPARE(strings(cu["functions"]), QStringList{name});
        const QString cubinPath = cachePath() + "/" + folder + "/" + name + ".cubin";
        const CubinResult cubin = readCubinInfo(cubinPath.toStdString());
        QVERIFY2(cubin.ok, cubin.error.english().c_str());
        QCOMPARE(cubin.info.sm, 90u);
        QCOMPARE(cubin.info.kernels.size(), std::size_t(1));
        const CubinKernel& k = cubin.info.kernels.front();
        QCOMPARE(QString::fromStdString(k.name), name);
        QVERIFY(k.registers);
        QCOMPARE(qint64(*k.registers), cu["registers"].toInteger());
        // cuobjdump's SHARED counts the driver's reserved 1 KiB with the kernel's own.
        QCOMPARE(qint64(k.staticSharedBytes + k.reservedSharedBytes), cu["static_shared"].toInteger());

        // The same through `klens cubin --json`.
        const ProcessResult r = runKlens({"cubin", "--json", cubinPath});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.cubin/1"));
        QCOMPARE(doc["sm"].toInt(), 90);
        const QJsonArray kernels = doc["kernels"].toArray();
        QCOMPARE(kernels.size(), 1);
        QCOMPARE(kernels[0]["name"].toString(), name);
        QCOMPARE(kernels[0]["registers"].toInteger(-1), cu["registers"].toInteger());
        QCOMPARE(kernels[0]["static_shared_bytes"].toInteger(-1) +
                     kernels[0]["reserved_shared_bytes"].toInteger(-1),
                 cu["static_shared"].toInteger());
    }

    // <fn>.autotune.json: one per autotuned kernel, as many configs as the kernel has entries
    // (each config was compiled once), and the best config is the one the profiled launches ran.
    void autotuneFiles()
    {
        QStringList names;
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
            const QJsonObject exp = it.value().toObject();
            if (exp["kind"].toString() != "autotune")
                continue;
            const QString name = exp["kernel_name"].toString();
            names << name;
            QCOMPARE(strings(exp["files"]), QStringList{name + ".autotune.json"});
            const Entry* e = scanned(it.key());
            QVERIFY2(e, qPrintable(it.key()));
            QCOMPARE(int(e->kind), int(EntryKind::Autotune));
            QCOMPARE(QString::fromStdString(e->kernel), name);
            QCOMPARE(int(e->status), int(EntryStatus::Complete));
            const EntryDetail d = loadEntryDetail(*e);
            QVERIFY2(d.autotune, d.readError.english().c_str());
            const int configs = int(d.autotune->configs.size());
            QCOMPARE(configs, exp["num_configs"].toInt());
            QCOMPARE(configs, int(kernelFolders(name).size()));
            QVERIFY(configs >= 2);
            // The key as Triton wrote it (the tuning arguments' values, then the tensors' dtypes).
            const QJsonArray key =
                QJsonDocument::fromJson(QByteArray::fromStdString(d.autotune->keyJson)).array();
            QCOMPARE(key, exp["key"].toArray());
            QVERIFY(!key.isEmpty());
            // The fastest config (Triton takes the least [median, p20, p80], compared as lists),
            // its num_warps and num_stages, and the launched entry's.
            int best = -1;
            for (int i = 0; i < configs; ++i) {
                const auto& t = d.autotune->configs[std::size_t(i)].timings;
                QVERIFY(!t.empty());
                if (best < 0 || t < d.autotune->configs[std::size_t(best)].timings)
                    best = i;
            }
            const QJsonObject bestConfig =
                QJsonDocument::fromJson(
                    QByteArray::fromStdString(d.autotune->configs[std::size_t(best)].configJson))
                    .object();
            QCOMPARE(bestConfig, exp["best_config"].toObject());
            const QStringList launched = launchedFolders(name);
            QCOMPARE(launched.size(), 1);
            QCOMPARE(std::as_const(m_entries)[launched.front()]["num_warps"].toInt(),
                     bestConfig["num_warps"].toInt(-1));
            QCOMPARE(std::as_const(m_entries)[launched.front()]["num_stages"].toInt(),
                     bestConfig["num_stages"].toInt(-1));
        }
        names.sort();
        QCOMPARE(names, QStringList({"add_kernel", "matmul_kernel"}));
    }

    // `klens trace TRACE --cache CACHE --json`: every Triton kernel of the trace fits the entry it
    // ran from, with the cubin's registers and the metadata's shared memory; the ATen kernel
    // matches nothing.
    void traceJoinsEveryTritonKernel()
    {
        const ProcessResult r = runKlens({"trace", tracePath(), "--cache", cachePath(), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.trace/1"));
        QVERIFY2(doc["findings"].toArray().isEmpty(),
                 QJsonDocument(doc["findings"].toArray()).toJson().constData());
        QMap<QString, QJsonObject> byName;
        for (const QJsonValue& v : doc["kernels"].toArray())
            byName[v["name"].toString()] = v.toObject();
        const QJsonObject traced = std::as_const(m_expected)["trace"]["triton_kernels"].toObject();
        QStringList tracedNames = traced.keys();
        tracedNames.sort();
        QCOMPARE(tracedNames, QStringList({"_row_softmax_kernel", "add_kernel", "matmul_kernel"}));
        int fits = 0;
        for (const QString& name : traced.keys()) {
            const QJsonObject exp = traced[name].toObject();
            QVERIFY2(byName.contains(name), qPrintable("klens trace does not list " + name));
            const QJsonObject k = byName[name];
            QCOMPARE(k["class"].toString(), QStringLiteral("compute"));
            QCOMPARE(k["calls"].toInteger(), exp["calls"].toInteger());
            QCOMPARE(k["calls"].toInteger(),
                     std::as_const(m_expected)["trace"]["profiled_rounds"].toInteger());
            QCOMPARE(k["match"].toString(), QStringLiteral("fits"));
            ++fits;
            const QJsonArray variants = exp["variants"].toArray();
            QCOMPARE(variants.size(), 1); // one binary per name was profiled
            const QJsonObject v = variants[0].toObject();
            QCOMPARE(k["registers"].toInteger(-1), v["registers"].toInteger(-2));
            QCOMPARE(k["shared_memory"].toInteger(-1), v["shared_memory"].toInteger(-2));
            QCOMPARE(k["block_threads"].toInteger(-1), v["block"][0].toInteger(-2));
            // Every entry of that name is a candidate; the one that fits is the one launched.
            const QJsonArray entries = k["entries"].toArray();
            QCOMPARE(entries.size(), kernelFolders(name).size());
            QStringList fitting;
            for (const QJsonValue& ev : entries) {
                const QJsonObject m = ev.toObject();
                const QString folder = folderOf(m["path"].toString());
                QVERIFY2(kernelFolders(name).contains(folder), qPrintable(folder));
                const QJsonObject entry = std::as_const(m_entries)[folder].toObject();
                QVERIFY2(m["cubin_error"].isNull(), qPrintable(m["cubin_error"].toString()));
                QCOMPARE(m["registers"].toInteger(-1), entry["cuobjdump"]["registers"].toInteger(-2));
                QCOMPARE(m["static_shared"].toInteger(-1), declaredStaticShared(folder, name));
                QCOMPARE(m["shared"].toInteger(-1), entry["shared"].toInteger(-2));
                QCOMPARE(m["arch"].toString(), QStringLiteral("90"));
                if (m["fits"].toBool())
                    fitting << folder;
            }
            QCOMPARE(fitting, launchedFolders(name));
            QCOMPARE(fitting, strings(v["fits_entries"]));
            // The launched entry agrees with the trace on registers and shared memory.
            const QJsonObject launched = std::as_const(m_entries)[fitting.front()].toObject();
            QCOMPARE(launched["cuobjdump"]["registers"].toInteger(-1), v["registers"].toInteger(-2));
            // The profiler records the launch's dynamic (Triton's metadata "shared") plus the
            // kernel's own static shared memory, without the driver's reserved 1 KiB.
            const qint64 dyn = launched["shared"].toInteger(-1);
            const qint64 stat = declaredStaticShared(fitting.front(), name);
            const qint64 seen = v["shared_memory"].toInteger(-2);
            QVERIFY2(
                seen == dyn + stat,
                qPrintable(
                    QString("%1: trace %2, metadata %3, static %4").arg(name).arg(seen).arg(dyn).arg(stat)));
            QCOMPARE(launched["num_warps"].toInteger() * 32, v["block"][0].toInteger(-2));
        }
        QCOMPARE(fits, 3);
        // The other kernels (torch's own) match no entry.
        const QJsonObject others = std::as_const(m_expected)["trace"]["other_kernels"].toObject();
        QVERIFY(!others.isEmpty());
        const QStringList unmatched = strings(doc["unmatched"]);
        for (const QString& name : others.keys()) {
            QVERIFY2(byName.contains(name), qPrintable(name));
            QCOMPARE(byName[name]["match"].toString(), byName[name]["class"].toString() == "compute"
                                                           ? QStringLiteral("none")
                                                           : QStringLiteral("not-joined"));
            if (byName[name]["class"].toString() == "compute")
                QVERIFY2(unmatched.contains(name), qPrintable(name));
        }
        QCOMPARE(byName.size(), traced.size() + others.size());
    }
};

QTEST_APPLESS_MAIN(TstTritonGpuFixture)
#include "tst_tritongpufixture.moc"
