// Redis URLs, Triton's key format both ways, base32 keys and the remote group text: the rules
// `klens remote` and the Triton backend share, checked against what Python and Triton write.
#include "core/formats/keyencoding.h"
#include "core/remote/inductorcache.h"
#include "core/remote/keyformat.h"
#include "core/remote/redisendpoint.h"
#include "core/storage/groupwriter.h"

#include <QTest>
#include <map>

using namespace kl;
using namespace kl::remote;

namespace {

Environment envOf(std::map<std::string, std::string> vars)
{
    Environment env;
    env.get = [vars](const std::string& k) -> std::optional<std::string> {
        auto it = vars.find(k);
        return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    return env;
}

} // namespace

class TstRemoteFormats : public QObject {
    Q_OBJECT
private slots:
    void url_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<int>("transport");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        QTest::addColumn<int>("db");
        QTest::addColumn<QString>("display");
        QTest::newRow("plain") << "redis://cache.example:6380" << 0 << "cache.example" << 6380 << ""
                               << "" << 0 << "redis://cache.example:6380/0";
        QTest::newRow("defaults") << "redis://" << 0 << "localhost" << 6379 << ""
                                  << "" << 0 << "redis://localhost:6379/0";
        QTest::newRow("db") << "redis://h/3" << 0 << "h" << 6379 << ""
                            << "" << 3 << "redis://h:6379/3";
        QTest::newRow("password only") << "redis://:s3cret@h:1" << 0 << "h" << 1 << ""
                                       << "s3cret" << 0 << "redis://h:1/0";
        QTest::newRow("user and password") << "redis://alice:p%40ss%3Aword@h:2/1" << 0 << "h" << 2 << "alice"
                                           << "p@ss:word" << 1 << "redis://alice@h:2/1";
        QTest::newRow("@ in password unescaped") << "redis://:a@b@h:3" << 0 << "h" << 3 << ""
                                                 << "a@b" << 0 << "redis://h:3/0";
        QTest::newRow("ipv6") << "redis://[::1]:7000/2" << 0 << "::1" << 7000 << ""
                              << "" << 2 << "redis://[::1]:7000/2";
        QTest::newRow("tls") << "rediss://h:6390" << 1 << "h" << 6390 << ""
                             << "" << 0 << "rediss://h:6390/0";
        QTest::newRow("unix") << "unix:///run/redis.sock?db=4" << 2 << "" << 0 << ""
                              << "" << 4 << "unix:///run/redis.sock?db=4";
        QTest::newRow("unix with password") << "unix://:pw@/run/r.sock" << 2 << "" << 0 << ""
                                            << "pw" << 0 << "unix:///run/r.sock";
    }
    void url()
    {
        QFETCH(QString, url);
        auto ep = parseRedisUrl(url.toStdString());
        QVERIFY2(ep, ep ? "" : ep.error().english().c_str());
        QFETCH(int, transport);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, user);
        QFETCH(QString, password);
        QFETCH(int, db);
        QFETCH(QString, display);
        QCOMPARE(static_cast<int>(ep->transport), transport);
        if (transport != 2) {
            QCOMPARE(QString::fromStdString(ep->host), host);
            QCOMPARE(ep->port, port);
        }
        QCOMPARE(QString::fromStdString(ep->user), user);
        QCOMPARE(QString::fromStdString(ep->password), password);
        QCOMPARE(ep->db, db);
        QCOMPARE(QString::fromStdString(ep->display()), display);
        QVERIFY(password.isEmpty() || !QString::fromStdString(ep->display()).contains(password));
    }

    void badUrl_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("cause");
        QTest::newRow("http") << "http://h:6379"
                              << "must start with";
        QTest::newRow("bare host") << "localhost:6379"
                                   << "must start with";
        QTest::newRow("port text") << "redis://h:abc"
                                   << "port \"abc\"";
        QTest::newRow("port zero") << "redis://h:0"
                                   << "port \"0\"";
        QTest::newRow("port too big") << "redis://h:65536"
                                      << "port \"65536\"";
        QTest::newRow("db text") << "redis://h/cache"
                                 << "database number";
        QTest::newRow("bad escape") << "redis://:%zz@h"
                                    << "%-escape";
        QTest::newRow("open ipv6") << "redis://[::1:6379"
                                   << "closing ]";
        QTest::newRow("relative socket") << "unix://redis.sock"
                                         << "absolute socket path";
    }
    void badUrl()
    {
        QFETCH(QString, url);
        QFETCH(QString, cause);
        auto ep = parseRedisUrl(url.toStdString());
        QVERIFY(!ep);
        const QString msg = QString::fromStdString(ep.error().english());
        QVERIFY2(msg.contains(url) && msg.contains(cause), qPrintable(msg));
    }

    void environment()
    {
        // Triton's own variables when no URL is given; defaults as Triton's backend.
        auto ep = resolveEndpoint({}, envOf({}));
        QVERIFY(ep);
        QCOMPARE(QString::fromStdString(ep->display()), QStringLiteral("redis://localhost:6379/0"));
        ep = resolveEndpoint({}, envOf({{"TRITON_REDIS_HOST", "10.0.0.5"}, {"TRITON_REDIS_PORT", "7777"}}));
        QVERIFY(ep);
        QCOMPARE(QString::fromStdString(ep->display()), QStringLiteral("redis://10.0.0.5:7777/0"));
        QCOMPARE(QString::fromStdString(ep->source), QStringLiteral("TRITON_REDIS_HOST"));
        // KERNELLENS_REDIS_URL wins over Triton's; the password variable applies to any URL.
        ep = resolveEndpoint({}, envOf({{"TRITON_REDIS_HOST", "x"},
                                        {"KERNELLENS_REDIS_URL", "redis://team:6390/2"},
                                        {"KERNELLENS_REDIS_PASSWORD", "pw"}}));
        QVERIFY(ep);
        QCOMPARE(QString::fromStdString(ep->display()), QStringLiteral("redis://team:6390/2"));
        QCOMPARE(QString::fromStdString(ep->password), QStringLiteral("pw"));
        // A given URL wins over both.
        ep = resolveEndpoint("redis://given:1", envOf({{"KERNELLENS_REDIS_URL", "redis://team:6390/2"}}));
        QVERIFY(ep);
        QCOMPARE(QString::fromStdString(ep->host), QStringLiteral("given"));
        // Bad variables say which variable.
        ep = resolveEndpoint({}, envOf({{"TRITON_REDIS_PORT", "http"}}));
        QVERIFY(!ep);
        QVERIFY(QString::fromStdString(ep.error().english()).contains("TRITON_REDIS_PORT=http"));
        ep = resolveEndpoint({}, envOf({{"KERNELLENS_REDIS_URL", "tcp://x"}}));
        QVERIFY(!ep);
        QVERIFY(QString::fromStdString(ep.error().english()).startsWith("KERNELLENS_REDIS_URL: "));
    }

    void keyFormat_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("redisKey");
        QTest::addColumn<QString>("pattern");
        const QString k = QStringLiteral("ENMNKUMPFJVLQG3MJF6F2SA3TFSJ3FKVSWAG4JJWQTOMZ7ZZU2LA");
        QTest::newRow("triton default") << "triton:{key}:{filename}" << k << "add_kernel.cubin"
                                        << "triton:" + k + ":add_kernel.cubin"
                                        << "triton:*:*";
        QTest::newRow("colon in file name") << "triton:{key}:{filename}" << k << "odd:name.json"
                                            << "triton:" + k + ":odd:name.json"
                                            << "triton:*:*";
        QTest::newRow("filename first") << "{filename}@{key}" << k << "a@b.ptx"
                                        << "a@b.ptx@" + k << "*@*";
        QTest::newRow("braces and globs") << "{{team}}[x]*:{key}/{filename}" << k << "f.json"
                                          << "{team}[x]*:" + k + "/f.json"
                                          << "{team}\\[x\\]\\*:*/*";
        QTest::newRow("no separator") << "t{key}{filename}" << k << "__grp__f.json"
                                      << "t" + k + "__grp__f.json"
                                      << "t**";
    }
    void keyFormat()
    {
        QFETCH(QString, format);
        QFETCH(QString, key);
        QFETCH(QString, file);
        QFETCH(QString, redisKey);
        QFETCH(QString, pattern);
        auto f = KeyFormat::parse(format.toStdString());
        QVERIFY2(f, f ? "" : f.error().english().c_str());
        QCOMPARE(QString::fromStdString(f->make(key.toStdString(), file.toStdString())), redisKey);
        auto parts = f->split(redisKey.toStdString());
        QVERIFY(parts);
        QCOMPARE(QString::fromStdString(parts->key), key);
        QCOMPARE(QString::fromStdString(parts->filename), file);
        QCOMPARE(QString::fromStdString(f->scanPattern()), pattern);
    }

    void keyFormatRefusals_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("cause");
        QTest::newRow("no key") << "triton:{filename}"
                                << "must hold {key} and {filename}";
        QTest::newRow("no filename") << "triton:{key}"
                                     << "must hold {key} and {filename}";
        QTest::newRow("twice") << "{key}:{key}:{filename}"
                               << "each appear once";
        QTest::newRow("other field") << "{key}:{name}"
                                     << "{name} is not one Triton fills in";
        QTest::newRow("format spec") << "{key:>8}:{filename}"
                                     << "{key:>8} is not one";
        QTest::newRow("unclosed") << "{key}:{filename"
                                  << "never closed";
        QTest::newRow("lone close") << "{key}}:{filename}"
                                    << "lone '}'";
    }
    void keyFormatRefusals()
    {
        QFETCH(QString, format);
        QFETCH(QString, cause);
        auto f = KeyFormat::parse(format.toStdString());
        QVERIFY(!f);
        const QString msg = QString::fromStdString(f.error().english());
        QVERIFY2(msg.contains(format) && msg.contains(cause), qPrintable(msg));
    }

    void keysThatDoNotSplit()
    {
        auto f = KeyFormat::parse(KeyFormat::kDefault);
        QVERIFY(f);
        QVERIFY(!f->split("triton:"));
        QVERIFY(!f->split("triton::file"));
        QVERIFY(!f->split("triton:KEY:"));
        QVERIFY(!f->split("other:KEY:file"));
        QVERIFY(!f->split("triton:KE Y:file"));
        QVERIFY(!f->split("triton:KEY:dir/file"));
    }

    void base32Keys()
    {
        const std::string hex = "40ef5a5c8e02a9b8345993315fecb6d21ca659e688a2fb48a54e1b6b7c3ff4a2";
        auto folder = encodeKeyFolder(hex, KeyEra::Base32);
        QVERIFY(folder);
        QCOMPARE(decodeBase32KeyFolder(*folder).value_or(""), hex);
        QVERIFY(!decodeBase32KeyFolder("ABC"));
        QVERIFY(!decodeBase32KeyFolder(std::string(52, '1'))); // '1' is not base32
        // The 4 spare bits of the last character must be zero, as an encoder leaves them.
        std::string odd = *folder;
        odd.back() = odd.back() == 'A' ? 'B' : 'A';
        QVERIFY(!decodeBase32KeyFolder(odd) || decodeBase32KeyFolder(odd) != hex);
    }

    void inductorKeys()
    {
        // torch/_inductor/remote_cache.py: f"pt2:{cache_id}::{{key}}:c{version}".
        const std::string hex(64, 'c');
        auto v = parseInductorKey("pt2:" + hex + "::cxyz.py:c1");
        QVERIFY(v);
        QCOMPARE(v->cacheId, hex);
        QCOMPARE(v->key, std::string("cxyz.py"));
        QCOMPARE(v->version, 1);
        QCOMPARE(toString(v->kind), std::string_view("autotune"));
        auto fx = parseInductorKey("pt2:fx-graph-v1::f:with:colons:c12");
        QVERIFY(fx);
        QCOMPARE(fx->key, std::string("f:with:colons"));
        QCOMPARE(fx->version, 12);
        QCOMPARE(toString(fx->kind), std::string_view("fx-graph"));
        QCOMPARE(toString(parseInductorKey("pt2:bundled-autotune-v1::k:c1")->kind),
                 std::string_view("bundled-autotune"));
        QVERIFY(!parseInductorKey("triton:K:f"));
        QVERIFY(!parseInductorKey("pt2:id:key:c1"));  // one colon is not the separator
        QVERIFY(!parseInductorKey("pt2:id::key:cX")); // the version is a number
        QVERIFY(!parseInductorKey("pt2:::key:c1"));   // no cache id
    }

    void inductorAutotuneValues()
    {
        // What AutotuneCache.save() stores: the winner's kwargs flat beside its settings.
        InductorValue v = *parseInductorKey("pt2:" + std::string(64, 'a') + "::cabc.py:c1");
        decodeInductorValue(v, R"({"XBLOCK": 1024, "R0_BLOCK": 8, "num_warps": 4, "num_stages": 1,
                                  "configs_hash": "9f8e", "found_by_coordesc": true, "time_taken_ms": 37,
                                  "triton_cache_hash": "ENMNKUMP"})");
        QVERIFY(v.problem.empty());
        QCOMPARE(v.configs.size(), std::size_t{1});
        const InductorBestConfig& c = v.configs.front();
        QCOMPARE(c.kwargs,
                 (std::vector<std::pair<std::string, std::string>>{{"XBLOCK", "1024"}, {"R0_BLOCK", "8"}}));
        QCOMPARE(c.numWarps.value_or(0), std::int64_t{4});
        QCOMPARE(c.numStages.value_or(0), std::int64_t{1});
        QCOMPARE(c.timeTakenMs.value_or(0), std::int64_t{37});
        QCOMPARE(c.foundByCoordesc.value_or(false), true);
        QCOMPARE(c.tritonCacheHash, std::string("ENMNKUMP"));
        // A bundle maps kernel files to results.
        InductorValue b = *parseInductorKey("pt2:bundled-autotune-v1::k:c1");
        decodeInductorValue(b,
                            R"({"ca.py": {"XBLOCK": 64, "num_warps": 2, "num_stages": 1, "configs_hash": "1"},
                                  "cb.py": {"YBLOCK": 32, "num_warps": 8, "num_stages": 3, "configs_hash": "2"}})");
        QCOMPARE(b.bundledFiles, (std::vector<std::string>{"ca.py", "cb.py"}));
        QCOMPARE(b.configs.size(), std::size_t{2});
        // Garbage is a problem naming the key, not a crash.
        InductorValue bad = *parseInductorKey("pt2:" + std::string(64, 'b') + "::x:c1");
        decodeInductorValue(bad, std::string("\xff\x00 not json", 12));
        QVERIFY(QString::fromStdString(bad.problem.english()).contains(QString::fromStdString(bad.redisKey)));
        InductorValue noWarps = *parseInductorKey("pt2:" + std::string(64, 'b') + "::x:c1");
        decodeInductorValue(noWarps, "{\"XBLOCK\": 1}");
        QVERIFY(!noWarps.problem.empty());
    }

    void remoteGroupText()
    {
        // json.dumps({"child_paths": sorted(names)}) as Triton's put_group writes it.
        QCOMPARE(QString::fromStdString(tritonRemoteGroupText({"k.ptx", "k.cubin", "k.json"})),
                 QStringLiteral("{\"child_paths\": [\"k.cubin\", \"k.json\", \"k.ptx\"]}"));
        QCOMPARE(QString::fromStdString(tritonRemoteGroupText({"caf\xc3\xa9.json"})),
                 QStringLiteral("{\"child_paths\": [\"caf\\u00e9.json\"]}"));
        QCOMPARE(QString::fromStdString(tritonRemoteGroupText({})), QStringLiteral("{\"child_paths\": []}"));
    }
};

QTEST_GUILESS_MAIN(TstRemoteFormats)
#include "tst_remoteformats.moc"
