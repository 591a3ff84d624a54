#include "cudabackend.h"

#include "cudasession.h"
#include "cudatimer.h"
#include "gpustatus.h"
#include "gpuworker.h"
#include "kernelargs.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace kl {
namespace {

// Dynamic shared memory above this needs the kernel's opt-in attribute.
constexpr std::uint32_t kDefaultDynamicSharedLimit = 48 * 1024;

class CudaBackend final : public AutotuneBackend {
public:
    CudaBackend(std::unique_ptr<CudaSession> session, GpuDeviceInfo info)
        : m_session(std::move(session))
        , m_info(std::move(info))
    {
    }
    ~CudaBackend() override { unload(); }

    std::string deviceName() const override { return m_info.name; }
    std::string arch() const override { return m_info.arch(); }

    RunOutcome load(std::string_view image, const std::string& entry, LoadedKernelInfo& info) override
    {
        unload();
        if (Status loaded = m_module.load(*m_session, image); !loaded)
            return fail(RunStatus::LoadFailed, loaded.error(), lastResult());
        Result<CUfunction> function = m_module.function(entry);
        if (!function)
            return fail(RunStatus::LoadFailed, function.error(), lastResult());
        m_function = *function;
        const FunctionAttributes a = m_module.attributes(m_function);
        info.registers = a.registers;
        info.localBytes = a.localBytes;
        info.staticSharedBytes = a.staticSharedBytes;
        info.maxThreadsPerBlock = a.maxThreadsPerBlock;
        m_attributes = a;
        return {};
    }

    RunOutcome launchOnce(const KernelSpec& spec, const LaunchPlan& plan,
                          const std::vector<HostBuffer>& inputs, std::vector<HostBuffer>& results,
                          double timeBoundMs) override
    {
        if (!m_function)
            return {RunStatus::LoadFailed, Text::of(KL_TEXT("kl::gpu", "no kernel loaded"))};
        m_buffers.clear();
        m_buffers.resize(spec.arguments.size());
        m_plan = plan;
        for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
            const KernelArgument& arg = spec.arguments[i];
            if (arg.kind != ArgumentKind::Buffer)
                continue;
            const std::uint64_t bytes = plan.arguments[i].bytes;
            Status ready = m_buffers[i].allocate(*m_session, bytes);
            if (ready)
                ready = arg.role == ArgumentRole::Scratch ? m_buffers[i].fill(0)
                                                          : m_buffers[i].upload(inputs[i].data(), bytes);
            if (!ready)
                return fail(RunStatus::LaunchFailed, bufferError(arg.name, ready.error()), lastResult());
        }
        m_args = KernelArgs();
        for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
            if (spec.arguments[i].kind == ArgumentKind::Buffer)
                m_args.addPointer(m_buffers[i].pointer());
            else
                m_args.addScalar(
                    std::span(plan.arguments[i].scalarBytes.data(), dataTypeSize(spec.arguments[i].type)));
        }
        if (auto bad = checkGeometry(plan))
            return {RunStatus::LaunchFailed, *bad};
        if (Status launched = enqueue(); !launched)
            return fail(RunStatus::LaunchFailed, launched.error(), lastResult());
        CUresult failure = CUDA_SUCCESS;
        switch (waitBounded(*m_session, timeBoundMs, failure)) {
        case WaitResult::Done: break;
        case WaitResult::TimedOut: return hung(timeBoundMs);
        case WaitResult::Failed:
            return fail(RunStatus::LaunchFailed,
                        Text::of(KL_TEXT("kl::gpu", "the launch failed on the device: %1"),
                                 m_session->callError("cuEventQuery", failure)),
                        failure);
        }
        results.assign(inputs.size(), HostBuffer());
        for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
            if (spec.arguments[i].kind != ArgumentKind::Buffer || spec.arguments[i].role == ArgumentRole::In)
                continue;
            results[i] = HostBuffer(spec.arguments[i].type, plan.arguments[i].count);
            if (Status copied = m_buffers[i].download(results[i].data(), results[i].byteSize()); !copied)
                return fail(RunStatus::LaunchFailed, bufferError(spec.arguments[i].name, copied.error()),
                            lastResult());
        }
        return {};
    }

    RunOutcome time(const BenchOptions& options, std::vector<double>& samplesMs) override
    {
        if (!m_function)
            return {RunStatus::LoadFailed, Text::of(KL_TEXT("kl::gpu", "no kernel loaded"))};
        const DeviceBuffer* flush = nullptr;
        if (options.flushL2) {
            if (m_flush.bytes() != options.flushBytes) {
                if (Status made = m_flush.allocate(*m_session, options.flushBytes); !made)
                    return fail(RunStatus::LaunchFailed,
                                Text::of(KL_TEXT("kl::gpu", "L2 flush buffer: %1"), made.error()),
                                lastResult());
            }
            flush = &m_flush;
        }
        CUresult failure = CUDA_SUCCESS;
        bool timedOut = false;
        Status timed = timeLaunches(
            *m_session, [&] { return enqueue(); }, flush, options, samplesMs, failure, timedOut);
        if (timed)
            return {};
        if (timedOut)
            return hung(options.timeBoundMs);
        return fail(RunStatus::LaunchFailed, timed.error(), failure);
    }

    void unload() override
    {
        m_buffers.clear();
        m_module = GpuModule();
        m_function = nullptr;
    }

    Status usable() const override
    {
        if (!m_unusable.empty())
            return kl::fail(m_unusable);
        return {};
    }

private:
    static Text bufferError(const std::string& name, const Text& error)
    {
        return Text::of(KL_TEXT("kl::gpu", "buffer `%1`: %2"), name, error);
    }

    std::optional<Text> checkGeometry(const LaunchPlan& p)
    {
        const std::uint64_t threads = std::uint64_t(p.block[0]) * p.block[1] * p.block[2];
        if (m_attributes.maxThreadsPerBlock > 0 && threads > std::uint64_t(m_attributes.maxThreadsPerBlock))
            return Text::of(KL_TEXT("kl::gpu",
                                    "a block of %1 threads is more than this kernel can run (%2 at %3 "
                                    "registers a thread)"),
                            threads, m_attributes.maxThreadsPerBlock, m_attributes.registers);
        const std::uint64_t shared = std::uint64_t(p.sharedBytes) + m_attributes.staticSharedBytes;
        if (m_info.maxSharedPerBlockOptin > 0 && shared > std::uint64_t(m_info.maxSharedPerBlockOptin))
            return Text::of(KL_TEXT("kl::gpu",
                                    "%1 bytes of shared memory a block (%2 dynamic) is more than the "
                                    "device's %3"),
                            shared, p.sharedBytes, m_info.maxSharedPerBlockOptin);
        if (p.sharedBytes > kDefaultDynamicSharedLimit) {
            const CUresult r = m_session->api().cuFuncSetAttribute(
                m_function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(p.sharedBytes));
            if (r != CUDA_SUCCESS)
                return m_session->callError(
                    "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES=" + std::to_string(p.sharedBytes) + ")",
                    r);
        }
        return std::nullopt;
    }

    Status enqueue()
    {
        const CUresult r = m_session->api().cuLaunchKernel(
            m_function, m_plan.grid[0], m_plan.grid[1], m_plan.grid[2], m_plan.block[0], m_plan.block[1],
            m_plan.block[2], m_plan.sharedBytes, m_session->stream(), m_args.params(), nullptr);
        if (r != CUDA_SUCCESS) {
            m_lastResult = r;
            return kl::fail(m_session->callError("cuLaunchKernel(grid " + dims(m_plan.grid) + ", block " +
                                                     dims(m_plan.block) + ", " +
                                                     std::to_string(m_plan.sharedBytes) + " B shared)",
                                                 r));
        }
        return {};
    }

    static std::string dims(const std::array<std::uint32_t, 3>& d)
    {
        return std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" + std::to_string(d[2]);
    }

    // The CUresult behind the last failed call, when a helper reported only its sentence.
    CUresult lastResult()
    {
        const CUresult mine = std::exchange(m_lastResult, CUDA_SUCCESS);
        const CUresult session = m_session->takeLastFailure();
        return mine != CUDA_SUCCESS ? mine : session;
    }

    // A failure; after a sticky one the context is reset so the next configuration can run.
    RunOutcome fail(RunStatus status, Text message, CUresult cause)
    {
        if (isStickyCudaError(cause)) {
            for (DeviceBuffer& b : m_buffers)
                b.abandon();
            m_buffers.clear();
            m_module.abandon();
            m_flush.abandon();
            m_flush = DeviceBuffer();
            m_function = nullptr;
            if (Status reset = m_session->reset(); !reset)
                m_unusable = Text::of(KL_TEXT("kl::gpu", "the device could not be reset after %1: %2"),
                                      cudaResultName(&m_session->api(), cause), reset.error());
            else
                message = Text::of(KL_TEXT("kl::gpu", "%1 (the context was reset)"), message);
        }
        return {status, std::move(message)};
    }

    RunOutcome hung(double boundMs)
    {
        const std::string seconds = std::to_string(boundMs / 1000);
        m_unusable = Text::of(KL_TEXT("kl::gpu", "a kernel is still running past the time bound of %1 s; no "
                                                 "further launch can run until it ends"),
                              seconds);
        return {RunStatus::TimedOut,
                Text::of(KL_TEXT("kl::gpu", "ran past the time bound of %1 s"), seconds)};
    }

    std::unique_ptr<CudaSession> m_session;
    GpuDeviceInfo m_info;
    GpuModule m_module;
    CUfunction m_function = nullptr;
    FunctionAttributes m_attributes;
    std::vector<DeviceBuffer> m_buffers;
    DeviceBuffer m_flush;
    KernelArgs m_args;
    LaunchPlan m_plan;
    CUresult m_lastResult = CUDA_SUCCESS;
    Text m_unusable;
};

} // namespace

Result<std::unique_ptr<AutotuneBackend>> makeInProcessCudaBackend(int ordinal)
{
    const GpuStatus status = gpuStatus();
    if (!status.available)
        return fail(status.reason);
    if (ordinal < 0 || ordinal >= static_cast<int>(status.devices.size()))
        return fail(
            Text::of(KL_TEXT("kl::gpu", "no CUDA device %1 (there are %2)"), ordinal, status.devices.size()));
    auto session = CudaSession::open(ordinal);
    if (!session)
        return fail(session.error());
    return std::make_unique<CudaBackend>(std::move(*session), status.devices[ordinal]);
}

Result<double> measureCopyBandwidth(int ordinal, std::uint64_t bytes, const BenchOptions& options)
{
    auto session = CudaSession::open(ordinal);
    if (!session)
        return fail(session.error());
    CudaSession& s = **session;
    DeviceBuffer src, dst, flush;
    Status ready = src.allocate(s, bytes);
    if (ready)
        ready = dst.allocate(s, bytes);
    if (ready)
        ready = src.fill(1);
    if (ready && options.flushL2)
        ready = flush.allocate(s, options.flushBytes);
    if (!ready)
        return fail(ready.error());
    auto copy = [&]() -> Status {
        const CUresult r = s.api().cuMemcpyDtoDAsync(dst.pointer(), src.pointer(), bytes, s.stream());
        if (r != CUDA_SUCCESS)
            return fail(s.callError("cuMemcpyDtoDAsync", r));
        return {};
    };
    std::vector<double> samples;
    CUresult failure = CUDA_SUCCESS;
    bool timedOut = false;
    if (Status timed =
            timeLaunches(s, copy, options.flushL2 ? &flush : nullptr, options, samples, failure, timedOut);
        !timed)
        return fail(timed.error());
    const double ms = summarizeTimings(samples).median;
    return ms > 0 ? 2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9 : 0.0;
}

} // namespace kl
