#include "gpuworker.h"

#include "workerprotocol.h"
#include "workerwire.h"

namespace kl {

int runGpuWorker(int fd, int ordinal)
{
    Result<std::unique_ptr<AutotuneBackend>> made = makeInProcessCudaBackend(ordinal);
    wire::Writer hello;
    hello.status(made ? Status() : Status(kl::fail(made.error())));
    if (made) {
        hello.bytes((*made)->deviceName());
        hello.bytes((*made)->arch());
    }
    if (!wire::send(fd, hello.payload()) || !made)
        return 3;
    AutotuneBackend& backend = **made;
    // The inputs stay here between launches: the parent sends them only when they change (an
    // autotune run launches every configuration on the same ones).
    std::vector<HostBuffer> inputs;
    for (;;) {
        Result<std::string> message = wire::receive(fd);
        if (!message)
            return 0; // the parent closed the socket: done
        wire::Reader in(std::move(*message));
        wire::Writer out;
        std::uint8_t op = 0;
        if (!in.u8(op))
            return 2;
        switch (static_cast<wire::Op>(op)) {
        case wire::Op::Load: {
            std::string_view image;
            std::string entry;
            if (!in.view(image) || !in.bytes(entry))
                return 2;
            LoadedKernelInfo info;
            out.outcome(backend.load(image, entry, info));
            protocol::writeInfo(out, info);
            break;
        }
        case wire::Op::Launch: {
            protocol::LaunchRequest request;
            if (!protocol::readLaunch(in, request, inputs))
                return 2;
            std::vector<HostBuffer> results;
            const RunOutcome run =
                backend.launchOnce(request.spec, request.plan, inputs, results, request.timeBoundMs);
            out.outcome(run);
            if (run.ok())
                protocol::writeResults(out, request.spec, results);
            break;
        }
        case wire::Op::Time: {
            BenchOptions options;
            if (!protocol::readBench(in, options))
                return 2;
            std::vector<double> samples;
            out.outcome(backend.time(options, samples));
            out.u64(samples.size());
            for (double s : samples)
                out.f64(s);
            break;
        }
        case wire::Op::Unload:
            backend.unload();
            out.u8(1); // an empty reply would read as a closed socket
            break;
        case wire::Op::Usable: out.status(backend.usable()); break;
        default: return 2;
        }
        if (!wire::send(fd, out.payload()))
            return 0;
    }
}

} // namespace kl
