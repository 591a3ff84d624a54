// Triton's cache key rebuilt by KernelLens, compared with what real Triton computes: the env-var
// part, the options hash, the key string, its sha256 and the folder name, on the real fixture
// cache and on odd environment values. The Triton half runs triton_keys.py in the venv that
// scripts/triton-venv.sh makes; without it those tests skip and say why.
#include "core/formats/keyencoding.h"
#include "core/keys/keycomponentsfile.h"
#include "core/keys/optionshash.h"
#include "core/keys/tritonkey.h"
#include "core/report/entrydetail.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <map>

namespace {

const QString fixtureDir = QStringLiteral(KL_DEMO_TRITON_DIR "/cache");

QJsonObject expectedJson()
{
    QFile f(QStringLiteral(KL_DEMO_TRITON_DIR "/expected.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

kl::EntryDetail fixtureEntry(const QString& folder)
{
    bool vanished = false;
    kl::Entry e = kl::CacheScanner().scanOne(fixtureDir.toStdString(), folder.toStdString(), vanished);
    return kl::loadEntryDetail(e);
}

std::string fromHex(const QJsonValue& v)
{
    return QByteArray::fromHex(v.toString().toLatin1()).toStdString();
}

kl::EnvVarList envFromHexPairs(const QJsonArray& pairs)
{
    kl::EnvVarList out;
    for (const auto& p : pairs)
        out.emplace_back(fromHex(p.toArray()[0]), fromHex(p.toArray()[1]));
    return out;
}

kl::KeyComponents componentsFrom(const QJsonObject& o)
{
    kl::KeyComponents c;
    c.tritonKey = o["triton_key"].toString().toStdString();
    c.sourceHash = o["source_hash"].toString().toStdString();
    c.backendHash = o["backend_hash"].toString().toStdString();
    c.optionsHash = o["options_hash"].toString().toStdString();
    return c;
}

// The fixture's metadata records libdevice/ocml/ockl under the venv it was generated in. Hash the
// file there, or the same file of the venv this test runs with when the repo moved.
kl::Result<std::string> hashExternLib(const std::string& path)
{
    auto h = kl::sha256OfFile(path);
    if (h)
        return h;
    const std::string marker = "/site-packages/triton/";
    const auto at = path.find(marker);
    if (at == std::string::npos)
        return h;
    const QString venv = QFileInfo(QStringLiteral(KL_TRITON_VENV_PYTHON)).absolutePath() + "/..";
    for (const QString& lib : QDir(venv + "/lib").entryList({"python3*"}, QDir::Dirs)) {
        const std::string moved =
            (venv + "/lib/" + lib).toStdString() + marker + path.substr(at + marker.size());
        h = kl::sha256OfFile(moved);
        if (h)
            return h;
    }
    return h;
}

std::string sortedText(kl::EnvVarList v)
{
    std::sort(v.begin(), v.end());
    std::string out;
    for (const auto& [k, val] : v)
        out += k + "=" + val + "\n";
    return out;
}

} // namespace

// QSKIP returns from the function it is written in, so this must be a macro, not a helper.
#define REQUIRE_TRITON()                                                                                     \
    do {                                                                                                     \
        if (m_triton.isEmpty())                                                                              \
            QSKIP(qPrintable(m_skipReason));                                                                 \
    } while (false)

class TstTritonKeys : public QObject {
    Q_OBJECT

    QJsonObject m_triton; ///< triton_keys.py's output, empty when it could not run
    QString m_skipReason;
    QTemporaryDir m_compileDir;

private slots:
    void initTestCase()
    {
        const QString python =
            qEnvironmentVariable("KL_TRITON_PYTHON", QStringLiteral(KL_TRITON_VENV_PYTHON));
        if (!QFileInfo::exists(python)) {
            m_skipReason = "no Triton venv at " + python + " (bash scripts/triton-venv.sh makes it)";
            return;
        }
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TRITON_HOME", m_compileDir.filePath("home"));
        p.setProcessEnvironment(env);
        p.start(python,
                {QStringLiteral(KL_TRITON_KEYS_SCRIPT), "--compile-dir", m_compileDir.filePath("cache")});
        if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            m_skipReason = python + " " + KL_TRITON_KEYS_SCRIPT + " failed (" + p.errorString() +
                           "): " + QString::fromUtf8(p.readAllStandardError().right(600));
            return;
        }
        QJsonParseError pe;
        m_triton = QJsonDocument::fromJson(p.readAllStandardOutput(), &pe).object();
        if (pe.error != QJsonParseError::NoError)
            m_skipReason = "triton_keys.py printed no JSON: " + pe.errorString();
        else
            qInfo("comparing with Triton %s on Python %s", qPrintable(m_triton["triton_version"].toString()),
                  qPrintable(m_triton["python_version"].toString()));
    }

    // (a) Without Triton: the fixture through the key API.
    void fixtureFolderIsTheHashEncoded()
    {
        const QJsonObject entries = expectedJson()["entries"].toObject();
        QVERIFY(!entries.isEmpty());
        int kernels = 0;
        for (auto it = entries.begin(); it != entries.end(); ++it) {
            if (it.value().toObject()["kind"].toString() != "kernel")
                continue;
            ++kernels;
            kl::EntryDetail d = fixtureEntry(it.key());
            QVERIFY2(d.metadata, qPrintable(it.key()));
            bool found = false;
            for (const kl::KeyFolder& f : kl::folderNamesForHash(d.metadata->hash))
                if (f.era == kl::KeyEra::Base32) {
                    QCOMPARE(QString::fromStdString(f.name), it.key());
                    found = true;
                }
            QVERIFY(found);
        }
        QCOMPARE(kernels, 8);
    }

    void fixtureEnvPart_data()
    {
        QTest::addColumn<QString>("planId");
        QTest::addColumn<QString>("envPart");
        // What str(sorted(get_cache_invalidating_env_vars().items())) was for each compile.
        QTest::addRow("add_sm90_w4") << "add_sm90_w4"
                                     << "[]";
        QTest::addRow("add_sm90_w8") << "add_sm90_w8"
                                     << "[]";
        QTest::addRow("add_sm90_w4_noline") << "add_sm90_w4_noline"
                                            << "[('TRITON_DISABLE_LINE_INFO', 'true')]";
        QTest::addRow("add_sm80") << "add_sm80"
                                  << "[]";
        QTest::addRow("add_sm100_binary_only") << "add_sm100_binary_only"
                                               << "[]";
        QTest::addRow("add_gfx90a") << "add_gfx90a"
                                    << "[]";
        QTest::addRow("softmax_sm90") << "softmax_sm90"
                                      << "[]";
        QTest::addRow("softmax_sm80_env2")
            << "softmax_sm80_env2"
            << "[('TRITON_DEFAULT_FP_FUSION', 'false'), ('TRITON_F32_DEFAULT', 'ieee')]";
    }

    void fixtureEnvPart()
    {
        QFETCH(QString, planId);
        QFETCH(QString, envPart);
        const QJsonObject entries = expectedJson()["entries"].toObject();
        QString folder;
        for (auto it = entries.begin(); it != entries.end(); ++it)
            if (it.value().toObject()["plan_id"].toString() == planId)
                folder = it.key();
        QVERIFY2(!folder.isEmpty(), qPrintable(planId));
        kl::EntryDetail d = fixtureEntry(folder);
        QVERIFY(d.metadata);
        const kl::EnvVarList env = kl::envVarsFromMetadata(d.metadata->envVars);
        QCOMPARE(QString::fromStdString(kl::tritonEnvVarsPart(env)), envPart);
        // ... and the same variables the generator saw Triton record.
        const QJsonObject recorded = entries[folder].toObject()["env_vars"].toObject();
        QCOMPARE(env.size(), std::size_t(recorded.size()));
        for (const auto& [name, value] : env)
            QCOMPARE(recorded[QString::fromStdString(name)].toString(), QString::fromStdString(value));
    }

    void envPartLiterals()
    {
        QCOMPARE(kl::tritonEnvVarsPart({}), std::string("[]"));
        // Sorted by name, a repeated name keeps its last value (as a dict does).
        QCOMPARE(
            kl::tritonEnvVarsPart(
                {{"TRITON_F32_DEFAULT", "ieee"}, {"DISABLE_LLVM_OPT", "x"}, {"DISABLE_LLVM_OPT", "true"}}),
            std::string("[('DISABLE_LLVM_OPT', 'true'), ('TRITON_F32_DEFAULT', 'ieee')]"));
        QCOMPARE(kl::tritonEnvVarsPart({{"MLIR_DUMP_PATH", "a'b\n"}}),
                 std::string("[('MLIR_DUMP_PATH', \"a'b\\n\")]"));
    }

    void normalisedValues()
    {
        QCOMPARE(kl::tritonEnvValue("1"), std::string("true"));
        QCOMPARE(kl::tritonEnvValue("oN"), std::string("true"));
        QCOMPARE(kl::tritonEnvValue("FALSE"), std::string("false"));
        QCOMPARE(kl::tritonEnvValue("0"), std::string("false"));
        QCOMPARE(kl::tritonEnvValue("yes"), std::string("yes"));
        QCOMPARE(kl::tritonEnvValue(" 1"), std::string(" 1"));
    }

    void keyAndFolders()
    {
        kl::KeyComponents c{"3.9.0abc", "src", "ptxas\n-90", "opts", {{"TRITON_DISABLE_LINE_INFO", "true"}},
                            ""};
        const std::string key = kl::tritonCacheKey(c);
        QCOMPARE(key, std::string("3.9.0abc-src-ptxas\n-90-opts-[('TRITON_DISABLE_LINE_INFO', 'true')]"));
        c.inspectStagesKey = "-hook";
        QCOMPARE(kl::tritonCacheKey(c), key + "-hook");
        const auto folders = kl::keyFolderNames(key);
        QCOMPARE(folders.size(), std::size_t(4));
        QVERIFY(folders[0].era == kl::KeyEra::Md5Hex);
        QCOMPARE(folders[0].name, kl::md5Hex(key));
        QCOMPARE(folders[1].name, kl::sha256Hex(key));
        QCOMPARE(folders[3].name, *kl::encodeKeyFolder(kl::sha256Hex(key), kl::KeyEra::Base32));
        QVERIFY(kl::classifyFolderName(folders[0].name) == kl::KeyEra::Md5Hex);
        QVERIFY(kl::classifyFolderName(folders[2].name) == kl::KeyEra::Base64Url);
        QVERIFY(kl::classifyFolderName(folders[3].name) == kl::KeyEra::Base32);
        // Known digests (hashlib.sha256(b"abc"), hashlib.md5(b"abc")).
        QCOMPARE(kl::sha256Hex("abc"),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(kl::md5Hex("abc"), std::string("900150983cd24fb0d6963f7d28e17f72"));
    }

    void componentsFile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error"); // empty: parses
        const QByteArray base =
            R"("triton_key": "t", "source_hash": "s", "backend_hash": "b", "options_hash": "o")";
        QTest::addRow("minimal") << "{" + base + "}"
                                 << "";
        QTest::addRow("env") << "{" + base + R"(, "env_vars": {"A": "1"}, "env_vars_hex": {"B": "ff00"}})"
                             << "";
        QTest::addRow("missing") << QByteArray(R"({"triton_key": "t"})") << "missing field \"source_hash\"";
        QTest::addRow("typo") << "{" + base + R"(, "env_var": {}})"
                              << "unknown field \"env_var\"";
        QTest::addRow("not string") << "{" + base + R"(, "env_vars": {"A": 1}})"
                                    << "env_vars.A must be a string";
        QTest::addRow("bad hex") << "{" + base + R"(, "env_vars_hex": {"A": "f"}})"
                                 << "env_vars_hex.A is not even-length hex";
        QTest::addRow("not json") << QByteArray("{") << "at byte";
        QTest::addRow("array") << QByteArray("[]") << "must hold a JSON object";
    }

    void componentsFile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const auto parsed = kl::parseKeyComponents(json.toStdString());
        const bool ok = parsed.has_value();
        const kl::KeyComponents c = ok ? *parsed : kl::KeyComponents{};
        const std::string why = ok ? std::string() : parsed.error().english();
        QCOMPARE(ok, error.isEmpty());
        if (!ok)
            QVERIFY2(QString::fromStdString(why).contains(error), why.c_str());
        if (QByteArray(QTest::currentDataTag()) == "env") {
            QCOMPARE(c.envVars.size(), std::size_t(2));
            QCOMPARE(c.envVars[1].second, std::string("\xff\x00", 2));
        }
    }

    void optionsHashNeedsTheExternLibs()
    {
        kl::EntryDetail d = fixtureEntry(expectedJson()["entries"].toObject().keys().first());
        QVERIFY(d.metadata);
        kl::OptionsHash h =
            kl::optionsHashFromMetadata(d.metadata->options, d.metadata->target.backend, nullptr);
        QVERIFY(!h.ok());
        QVERIFY2(QString::fromStdString(h.error.english()).contains("is not recorded in the cache"),
                 h.error.english().c_str());
        QVERIFY(!h.externLibs.empty());
    }

    // (b) With real Triton: every case computed by Triton's own code.
    void envPartAndKeyMatchTriton()
    {
        REQUIRE_TRITON();
        const QJsonObject env = m_triton["env"].toObject();
        kl::KeyComponents base = componentsFrom(env["components"].toObject());
        const QJsonArray cases = env["cases"].toArray();
        QVERIFY(cases.size() >= 15);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            const QByteArray name = c["name"].toString().toUtf8();
            kl::KeyComponents parts = base;
            parts.envVars = envFromHexPairs(c["env_hex"].toArray());
            QCOMPARE(QByteArray::fromStdString(kl::tritonEnvVarsPart(parts.envVars)) + " <" + name + ">",
                     QByteArray::fromStdString(fromHex(c["env_part_hex"])) + " <" + name + ">");
            const std::string key = kl::tritonCacheKey(parts);
            QVERIFY2(key == fromHex(c["key_hex"]), name.constData());
            QCOMPARE(QString::fromStdString(kl::sha256Hex(key)), c["hash"].toString());
        }
    }

    void envNormalisationMatchesLibtriton()
    {
        REQUIRE_TRITON();
        for (const auto& v : m_triton["normalise"].toArray()) {
            const QJsonObject c = v.toObject();
            std::map<std::string, std::string> set;
            for (const auto& [k, val] : envFromHexPairs(c["set_hex"].toArray()))
                set[k] = val;
            kl::Environment env;
            env.get = [&](const std::string& name) -> std::optional<std::string> {
                auto it = set.find(name);
                return it == set.end() ? std::nullopt : std::optional<std::string>(it->second);
            };
            QCOMPARE(QString::fromStdString(sortedText(kl::tritonCacheEnvVars(env, false))),
                     QString::fromStdString(sortedText(envFromHexPairs(c["triton_hex"].toArray()))));
        }
    }

    void optionsHashMatchesTriton()
    {
        REQUIRE_TRITON();
        const QJsonArray cases = m_triton["options"].toArray();
        QVERIFY(cases.size() >= 5);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            auto meta =
                kl::parseMetadata(c["metadata_options"].toString().toStdString(), kl::MetadataDetail::Full);
            QVERIFY2(meta, meta ? "" : meta.error().english().c_str());
            QVERIFY(meta->envVars.empty() && meta->derived.empty());
            kl::OptionsHash h = kl::optionsHashFromMetadata(
                meta->options, c["backend"].toString().toStdString(), hashExternLib);
            QVERIFY2(h.ok(), h.error.english().c_str());
            QVERIFY2(QString::fromStdString(h.hash) == c["hash"].toString(),
                     qPrintable(c["name"].toString() + ": " + QString::fromStdString(h.keyText)));
        }
    }

    // The whole key of every fixture entry: Triton supplies what the cache does not record
    // (triton_key, source hash, backend hash); KernelLens reads the rest from the metadata.
    void fixtureKeysRebuilt()
    {
        REQUIRE_TRITON();
        const QJsonArray cases = m_triton["fixture"].toArray();
        QCOMPARE(cases.size(), 8);
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            const QString folder = c["folder"].toString();
            const QByteArray id = c["plan_id"].toString().toUtf8();
            kl::EntryDetail d = fixtureEntry(folder);
            QVERIFY2(d.metadata, id.constData());
            kl::KeyComponents parts = componentsFrom(c["components"].toObject());
            kl::OptionsHash opts =
                kl::optionsHashFromMetadata(d.metadata->options, d.metadata->target.backend, hashExternLib);
            QVERIFY2(opts.ok(), opts.error.english().c_str());
            QVERIFY2(opts.hash == parts.optionsHash, id.constData());
            parts.envVars = kl::envVarsFromMetadata(d.metadata->envVars);
            QVERIFY2(kl::tritonEnvVarsPart(parts.envVars) == fromHex(c["env_part_hex"]), id.constData());
            const std::string key = kl::tritonCacheKey(parts);
            QVERIFY2(key == fromHex(c["key_hex"]), id.constData());
            QCOMPARE(QString::fromStdString(kl::sha256Hex(key)), QString::fromStdString(d.metadata->hash));
            QCOMPARE(QString::fromStdString(kl::keyFolderNames(key).back().name), folder);
        }
    }

    // A real compile with odd env values: the folder Triton named is the one KernelLens computes
    // from the metadata Triton wrote (read by the scanner) plus the components Triton printed.
    void compiledFolderMatches()
    {
        REQUIRE_TRITON();
        const QJsonArray cases = m_triton["compiled"].toArray();
        QCOMPARE(cases.size(), 1);
        const QJsonObject c = cases[0].toObject();
        kl::Root root;
        root.path = m_compileDir.filePath("cache").toStdString();
        root.reason = kl::Text::verbatim("given");
        root.given = true;
        const kl::Snapshot snap = kl::CacheScanner().scan({root});
        const kl::Entry* entry = nullptr;
        for (const kl::Entry& e : snap.entries)
            if (QString::fromStdString(e.folderName) == c["folder"].toString())
                entry = &e;
        QVERIFY2(entry,
                 qPrintable("Triton's folder " + c["folder"].toString() + " not found by the scanner"));
        QCOMPARE(entry->hashOk, std::optional<bool>(true));
        kl::EntryDetail d = kl::loadEntryDetail(*entry);
        QVERIFY(d.metadata);
        const kl::EnvVarList recorded = kl::envVarsFromMetadata(d.metadata->envVars);
        QCOMPARE(QString::fromStdString(sortedText(recorded)),
                 QString::fromStdString(sortedText(envFromHexPairs(c["env_hex"].toArray()))));
        kl::KeyComponents parts = componentsFrom(c["components"].toObject());
        kl::OptionsHash opts =
            kl::optionsHashFromMetadata(d.metadata->options, d.metadata->target.backend, hashExternLib);
        QVERIFY2(opts.ok(), opts.error.english().c_str());
        QCOMPARE(QString::fromStdString(opts.hash), QString::fromStdString(parts.optionsHash));
        parts.envVars = recorded;
        const std::string sha = kl::sha256Hex(kl::tritonCacheKey(parts));
        QCOMPARE(QString::fromStdString(sha), c["hash"].toString());
        QCOMPARE(QString::fromStdString(kl::keyFolderNames(kl::tritonCacheKey(parts)).back().name),
                 c["folder"].toString());
    }

    // `klens key ENTRY`: the parts of the key an entry records, the options hash only on request
    // (it reads files outside the cache).
    void cliEntry()
    {
        const QJsonObject entries = expectedJson()["entries"].toObject();
        QString folder;
        for (auto it = entries.begin(); it != entries.end(); ++it)
            if (it.value().toObject()["plan_id"].toString() == "softmax_sm80_env2")
                folder = it.key();
        const auto run = [](const QStringList& args) {
            const ProcessResult r = runKlens(args);
            return std::make_pair(r.exitCode, r.json);
        };
        auto [rc, o] = run({"key", folder.left(8), "--root", fixtureDir, "--json"});
        QCOMPARE(rc, 0);
        QCOMPARE(o["schema"].toString(), QStringLiteral("kernellens.entry-key/1"));
        QCOMPARE(o["hash_ok"].toBool(), true);
        QCOMPARE(o["env_part"].toString(),
                 QStringLiteral("[('TRITON_DEFAULT_FP_FUSION', 'false'), ('TRITON_F32_DEFAULT', 'ieee')]"));
        QVERIFY(o["options_hash"].isNull());
        QVERIFY(o["options_hash_error"].toString().contains("--read-extern-libs"));

        const QString libdevice = o["extern_libs"].toArray()[0].toObject()["path"].toString();
        if (!QFileInfo::exists(libdevice) || m_triton.isEmpty())
            QSKIP(qPrintable("the recorded " + libdevice + " is not here, or no Triton to compare with"));
        auto [rc2, o2] = run({"key", fixtureDir + "/" + folder, "--read-extern-libs", "--json"});
        QCOMPARE(rc2, 0);
        for (const auto& v : m_triton["fixture"].toArray())
            if (v.toObject()["folder"].toString() == folder)
                QCOMPARE(o2["options_hash"].toString(),
                         v.toObject()["components"].toObject()["options_hash"].toString());
    }

    // `klens key --components` prints the same key Triton computed.
    void cliComponents()
    {
        REQUIRE_TRITON();
        const QJsonObject env = m_triton["env"].toObject();
        QJsonObject c;
        for (const auto& v : env["cases"].toArray())
            if (v.toObject()["name"].toString() == "surrogate escapes")
                c = v.toObject();
        QVERIFY(!c.isEmpty());
        QJsonObject file = env["components"].toObject();
        QJsonObject hexVars;
        for (const auto& p : c["env_hex"].toArray())
            hexVars[QString::fromStdString(fromHex(p.toArray()[0]))] = p.toArray()[1].toString();
        file["env_vars_hex"] = hexVars;
        QTemporaryDir dir;
        QFile f(dir.filePath("components.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(file).toJson());
        f.close();
        const ProcessResult r = runKlens({"key", "--components", f.fileName(), "--json"});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json;
        QCOMPARE(o["schema"].toString(), QStringLiteral("kernellens.key/1"));
        QCOMPARE(o["sha256"].toString(), c["hash"].toString());
        QCOMPARE(o["key"].toString().toUtf8(), QByteArray::fromStdString(fromHex(c["key_hex"])));
        QCOMPARE(o["folders"].toObject()["base32"].toString(),
                 QString::fromStdString(
                     *kl::encodeKeyFolder(c["hash"].toString().toStdString(), kl::KeyEra::Base32)));
    }
};

QTEST_GUILESS_MAIN(TstTritonKeys)
#include "tst_tritonkeys.moc"
