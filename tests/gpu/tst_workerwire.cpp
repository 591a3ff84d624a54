// The GPU worker's messages (no GPU needed): every request and reply survives the trip, a short
// or corrupt message is refused rather than read past its end, and a real klens-gpu-worker
// started where there is no driver says why through its greeting.

#include "gpu/gpuworker.h"
#include "gpu/workerprotocol.h"
#include "gpu/workerwire.h"

#include <QTest>
#include <cstdlib>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {

kl::KernelSpec twoArgumentSpec()
{
    kl::KernelSpec spec;
    spec.arguments.resize(3);
    spec.arguments[0] = {"a", kl::ArgumentKind::Buffer, kl::DataType::F32, kl::ArgumentRole::In, "N", {}, {}};
    spec.arguments[1] = {"c", kl::ArgumentKind::Buffer, kl::DataType::F16, kl::ArgumentRole::Out, "N", {},
                         {}};
    spec.arguments[2] = {"n", kl::ArgumentKind::Scalar, kl::DataType::I32, kl::ArgumentRole::In, {}, {}, "N"};
    return spec;
}

} // namespace

class TstWorkerWire : public QObject {
    Q_OBJECT
private slots:
    void nestedTextKeepsItsTemplatesAndArguments()
    {
        const kl::Text inner = kl::Text::of(KL_TEXT("kl::gpu", "buffer `%1`: %2"), "c", "out of memory");
        const kl::Text outer = kl::Text::of(KL_TEXT("kl::gpu", "%1 (the context was reset)"), inner);
        kl::wire::Writer w;
        w.text(outer);
        kl::wire::Reader r(w.payload());
        kl::Text back;
        QVERIFY(r.text(back));
        QVERIFY(r.atEnd());
        QCOMPARE(back.english(), outer.english());
        QVERIFY(back.source());
        QCOMPARE(std::string(back.source()->english()), std::string("%1 (the context was reset)"));
        QCOMPARE(std::string(back.source()->context), std::string("kl::gpu"));
        QVERIFY(back.args().at(0).source());               // still a sentence, so the GUI translates it
        QVERIFY(!back.args().at(0).args().at(0).source()); // a verbatim name stays verbatim
    }

    void launchRequestCarriesInputsOnlyWhenAsked()
    {
        const kl::KernelSpec spec = twoArgumentSpec();
        kl::LaunchPlan plan;
        plan.grid = {7, 2, 1};
        plan.block = {128, 1, 1};
        plan.sharedBytes = 4096;
        plan.arguments.resize(3);
        plan.arguments[0].count = plan.arguments[1].count = 5;
        plan.arguments[2].scalarBytes = {5, 0, 0, 0, 0, 0, 0, 0};
        std::vector<kl::HostBuffer> inputs{kl::HostBuffer(kl::DataType::F32, 5),
                                           kl::HostBuffer(kl::DataType::F16, 5), kl::HostBuffer()};
        inputs[0].set(4, 2.5);
        for (bool withInputs : {true, false}) {
            kl::wire::Writer w;
            kl::protocol::writeLaunch(w, spec, plan, 1500, withInputs ? &inputs : nullptr);
            kl::wire::Reader r(w.payload());
            std::uint8_t op = 0;
            QVERIFY(r.u8(op) && op == std::uint8_t(kl::wire::Op::Launch));
            kl::protocol::LaunchRequest q;
            std::vector<kl::HostBuffer> held;
            if (!withInputs)
                held = inputs; // what the worker kept from the last request
            QVERIFY(kl::protocol::readLaunch(r, q, held));
            QVERIFY(r.atEnd());
            QCOMPARE(q.plan.grid, plan.grid);
            QCOMPARE(q.plan.sharedBytes, 4096u);
            QCOMPARE(q.plan.arguments[2].scalarBytes, plan.arguments[2].scalarBytes);
            QCOMPARE(q.timeBoundMs, 1500.0);
            QCOMPARE(q.spec.arguments[1].role, kl::ArgumentRole::Out);
            QCOMPARE(held.at(0).get(4), 2.5);
        }
    }

    void resultsSendOnlyWhatTheLaunchMayHaveWritten()
    {
        const kl::KernelSpec spec = twoArgumentSpec();
        std::vector<kl::HostBuffer> inputs{kl::HostBuffer(kl::DataType::F32, 1000),
                                           kl::HostBuffer(kl::DataType::F16, 1000), kl::HostBuffer()};
        inputs[0].set(999, 3);
        std::vector<kl::HostBuffer> results = inputs;
        results[1].set(10, 1.5);
        kl::wire::Writer w;
        kl::protocol::writeResults(w, spec, results);
        QVERIFY(w.payload().size() < 2 * 1000 + 64); // the f32 input (4000 bytes) is not sent back
        kl::wire::Reader r(w.payload());
        std::vector<kl::HostBuffer> back;
        QVERIFY(kl::protocol::readResults(r, spec, inputs, back));
        QCOMPARE(back[1].get(10), 1.5);
        QCOMPARE(back[0].count(), std::uint64_t(0)); // an `in` buffer is not sent back
    }

    void truncatedOrCorruptMessagesAreRefused()
    {
        kl::wire::Writer w;
        w.outcome(
            {kl::RunStatus::LaunchFailed, kl::Text::verbatim("cuLaunchKernel: CUDA_ERROR_ILLEGAL_ADDRESS")});
        const std::string whole = w.payload();
        for (std::size_t cut = 0; cut < whole.size(); ++cut) {
            kl::wire::Reader r(whole.substr(0, cut));
            kl::RunOutcome o;
            QVERIFY2(!r.outcome(o), std::to_string(cut).c_str());
        }
        std::string badStatus = whole;
        badStatus[0] = 9;
        kl::wire::Reader r(badStatus);
        kl::RunOutcome o;
        QVERIFY(!r.outcome(o));
        kl::wire::Writer huge;
        huge.u64(~0ull); // a length far past the payload
        kl::wire::Reader hr(huge.payload());
        std::string_view v;
        QVERIFY(!hr.view(v));
    }

    void framesCrossASocketAndAClosedPeerIsAnError()
    {
        int fds[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
        const std::string big(3 << 20, 'x'); // more than a socket buffer: written in pieces
        std::string got;
        std::thread reader([&] { got = kl::wire::receive(fds[1]).value_or("failed"); });
        QVERIFY(kl::wire::send(fds[0], big));
        reader.join();
        QCOMPARE(got.size(), big.size());
        ::close(fds[0]);
        const kl::Result<std::string> after = kl::wire::receive(fds[1]);
        QVERIFY(!after);
        QVERIFY(after.error().english().find("closed") != std::string::npos);
        // A worker that died: sending to it is an error, not a SIGPIPE that ends this process.
        const kl::Status sent = kl::wire::send(fds[1], big);
        QVERIFY(!sent);
        QVERIFY2(sent.error().english().find("Broken pipe") != std::string::npos,
                 sent.error().english().c_str());
        ::close(fds[1]);
    }

    // A real worker process, started where the driver cannot be loaded: the greeting carries the
    // driver's reason, and the worker has gone when the call returns.
    void aWorkerWithoutADriverSaysWhy()
    {
        const std::string worker = kl::gpuWorkerPath();
        QVERIFY2(!worker.empty(), "klens-gpu-worker not found in the build tree");
        qputenv("KERNELLENS_LIBCUDA", "/nonexistent/libcuda.so.1");
        const auto made = kl::makeIsolatedBackend(worker, 0);
        qunsetenv("KERNELLENS_LIBCUDA");
        QVERIFY(!made);
        const std::string why = made.error().english();
        QVERIFY2(why.find("/nonexistent/libcuda.so.1") != std::string::npos, why.c_str());
    }

    void aWorkerThatCannotStartIsNamed()
    {
        const auto made = kl::makeIsolatedBackend("/nonexistent/klens-gpu-worker", 0);
        QVERIFY(!made);
        const std::string why = made.error().english();
        QVERIFY2(why.find("/nonexistent/klens-gpu-worker could not be started") != std::string::npos,
                 why.c_str());
    }
};

QTEST_APPLESS_MAIN(TstWorkerWire)
#include "tst_workerwire.moc"
