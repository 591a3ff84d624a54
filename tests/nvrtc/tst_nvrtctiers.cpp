// NVRTC with two tiers against a real redis-server: a compile on one machine is pushed, another
// machine with an empty cache pulls it instead of compiling (same cubin bytes), a poisoned remote
// entry is never used, and a server that stops answering costs the remote tier, not the compile.
#include "core/nvrtc/tieredcompile.h"
#include "core/remote/redisendpoint.h"
#include "nvrtctestkernels.h"
#include "tests/support/redisserver.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kl;

namespace {

#define REQUIRE_NVRTC()                                                                                      \
    if (!kl::toolkitInfo().nvrtc)                                                                            \
    QSKIP(kl::toolkitInfo().whyUnavailable.english().c_str())

NvrtcRequest request()
{
    NvrtcRequest r;
    r.name = "vector_add";
    r.source = kVectorAdd;
    r.options.arch = "sm_80";
    return r;
}

std::optional<remote::Client> clientOf(const RedisServer& server, int timeoutMs = 5000)
{
    auto ep = remote::parseRedisUrl(server.url().toStdString());
    remote::Timeouts t;
    t.connect = t.command = std::chrono::milliseconds(timeoutMs);
    auto c = remote::Client::connect(*ep, t);
    if (!c)
        return std::nullopt;
    return std::move(*c);
}

std::vector<std::string> stages(const CompileEvent& e)
{
    std::vector<std::string> out;
    for (const auto& s : e.stagesUs)
        out.push_back(s.first);
    return out;
}

} // namespace

class TstNvrtcTiers : public QObject {
    Q_OBJECT
private slots:
    void compiledOnceThenPulledEverywhere()
    {
        REQUIRE_NVRTC();
        RedisServer server;
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        auto client = clientOf(server);
        QVERIFY(client);
        const auto format = *remote::KeyFormat::parse(remote::KeyFormat::kDefault);

        QTemporaryDir a, b;
        const NvrtcCache cacheA(a.path().toStdString()), cacheB(b.path().toStdString());
        TieredCompileResult first = compileTiered(cacheA, request(), &*client, format);
        QVERIFY2(first.result.ok, first.result.error.english().c_str());
        QCOMPARE(toString(first.tier), std::string_view("compiled"));
        QVERIFY2(first.remoteNote.empty(), first.remoteNote.english().c_str());
        QVERIFY(first.remoteEvent && !first.remoteEvent->cacheHit);
        QCOMPARE(first.remoteEvent->origin, std::string("nvrtc-remote"));
        QCOMPARE(stages(*first.remoteEvent), (std::vector<std::string>{"remote_get", "remote_push"}));
        QVERIFY(server.cli({"DBSIZE"}).trimmed().toInt() >= 5); // .cu .ptx .cubin .json and the group

        TieredCompileResult second = compileTiered(cacheB, request(), &*client, format);
        QVERIFY(second.result.ok);
        QCOMPARE(toString(second.tier), std::string_view("remote"));
        QVERIFY(second.result.compile.stagesUs.empty()); // nothing compiled
        QCOMPARE(second.result.cubin, first.result.cubin);
        QVERIFY(!second.result.event.cacheHit);                      // the local tier missed...
        QVERIFY(second.remoteEvent && second.remoteEvent->cacheHit); // ...the remote one hit
        QVERIFY(second.remoteEvent->bytes > first.result.cubin.size());

        TieredCompileResult third = compileTiered(cacheB, request(), &*client, format);
        QCOMPARE(toString(third.tier), std::string_view("local"));
        QVERIFY(!third.remoteEvent);
    }

    void aPoisonedRemoteEntryIsNeverUsed()
    {
        REQUIRE_NVRTC();
        RedisServer server;
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        auto client = clientOf(server);
        QVERIFY(client);
        const auto format = *remote::KeyFormat::parse(remote::KeyFormat::kDefault);
        QTemporaryDir a, c;
        const NvrtcCache cacheA(a.path().toStdString()), cacheC(c.path().toStdString());
        TieredCompileResult first = compileTiered(cacheA, request(), &*client, format);
        QVERIFY(first.result.ok);
        // Another cubin under the same key: the metadata still names the key, but the files'
        // sha256 no longer match what it records.
        const QByteArray cubinKey =
            server.cli({"--scan", "--pattern", "triton:*:vector_add.cubin"}).trimmed();
        QVERIFY(!cubinKey.isEmpty());
        server.cli({"SET", QString::fromUtf8(cubinKey),
                    "\x7f"
                    "ELF not the cubin"});

        TieredCompileResult poisoned = compileTiered(cacheC, request(), &*client, format);
        QVERIFY(poisoned.result.ok);
        QCOMPARE(toString(poisoned.tier), std::string_view("compiled"));
        QCOMPARE(poisoned.result.cubin, first.result.cubin);
        QVERIFY2(QString::fromStdString(poisoned.remoteNote.english()).contains("failed the local checks"),
                 poisoned.remoteNote.english().c_str());
    }

    void aServerThatStopsAnsweringCostsOnlyTheRemoteTier()
    {
        REQUIRE_NVRTC();
        RedisServer server;
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        auto client = clientOf(server, 300);
        QVERIFY(client);
        const auto format = *remote::KeyFormat::parse(remote::KeyFormat::kDefault);
        QTemporaryDir a;
        server.pause();
        TieredCompileResult r =
            compileTiered(NvrtcCache(a.path().toStdString()), request(), &*client, format);
        server.resume();
        QVERIFY2(r.result.ok, r.result.error.english().c_str());
        QCOMPARE(toString(r.tier), std::string_view("compiled"));
        QVERIFY2(QString::fromStdString(r.remoteNote.english()).contains("no answer"),
                 r.remoteNote.english().c_str());
    }
};

QTEST_GUILESS_MAIN(TstNvrtcTiers)
#include "tst_nvrtctiers.moc"
