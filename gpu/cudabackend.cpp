#include "cudabackend.h"

#include "cudasession.h"
#include "cudatimer.h"
#include "gpustatus.h"
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
        std::string error;
        if (!m_module.load(*m_session, image, error))
            return fail(RunStatus::LoadFailed, error, lastResult(error));
        m_function = m_module.function(entry, error);
        if (!m_function)
            return fail(RunStatus::LoadFailed, error, lastResult(error));
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
            return {RunStatus::LoadFailed, "no kernel loaded"};
        m_buffers.clear();
        m_buffers.resize(spec.arguments.size());
        m_plan = plan;
        std::string error;
        for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
            const KernelArgument& arg = spec.arguments[i];
            if (arg.kind != ArgumentKind::Buffer)
                continue;
            const std::uint64_t bytes = plan.arguments[i].bytes;
            if (!m_buffers[i].allocate(*m_session, bytes, error))
                return fail(RunStatus::LaunchFailed, "buffer `" + arg.name + "`: " + error,
                            lastResult(error));
            const bool ok = arg.role == ArgumentRole::Scratch
                                ? m_buffers[i].fill(0, error)
                                : m_buffers[i].upload(inputs[i].data(), bytes, error);
            if (!ok)
                return fail(RunStatus::LaunchFailed, "buffer `" + arg.name + "`: " + error,
                            lastResult(error));
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
        if (!enqueue(error))
            return fail(RunStatus::LaunchFailed, error, lastResult(error));
        CUresult failure = CUDA_SUCCESS;
        switch (waitBounded(*m_session, timeBoundMs, failure)) {
        case WaitResult::Done: break;
        case WaitResult::TimedOut: return hung(timeBoundMs);
        case WaitResult::Failed:
            return fail(RunStatus::LaunchFailed,
                        "the launch failed on the device: " + m_session->callError("cuEventQuery", failure),
                        failure);
        }
        results.assign(inputs.size(), HostBuffer());
        for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
            if (spec.arguments[i].kind != ArgumentKind::Buffer)
                continue;
            results[i] = HostBuffer(spec.arguments[i].type, plan.arguments[i].count);
            if (!m_buffers[i].download(results[i].data(), results[i].byteSize(), error))
                return fail(RunStatus::LaunchFailed, "buffer `" + spec.arguments[i].name + "`: " + error,
                            lastResult(error));
        }
        return {};
    }

    RunOutcome time(const BenchOptions& options, std::vector<double>& samplesMs) override
    {
        if (!m_function)
            return {RunStatus::LoadFailed, "no kernel loaded"};
        std::string error;
        const DeviceBuffer* flush = nullptr;
        if (options.flushL2) {
            if (m_flush.bytes() != options.flushBytes &&
                !m_flush.allocate(*m_session, options.flushBytes, error))
                return fail(RunStatus::LaunchFailed, "L2 flush buffer: " + error, lastResult(error));
            flush = &m_flush;
        }
        CUresult failure = CUDA_SUCCESS;
        bool timedOut = false;
        if (timeLaunches(
                *m_session, [&](std::string& e) { return enqueue(e); }, flush, options, samplesMs, error,
                failure, timedOut))
            return {};
        if (timedOut)
            return hung(options.timeBoundMs);
        return fail(RunStatus::LaunchFailed, error, failure);
    }

    void unload() override
    {
        m_buffers.clear();
        m_module = GpuModule();
        m_function = nullptr;
    }

    bool usable(std::string& why) const override
    {
        why = m_unusable;
        return m_unusable.empty();
    }

private:
    std::optional<std::string> checkGeometry(const LaunchPlan& p)
    {
        const std::uint64_t threads = std::uint64_t(p.block[0]) * p.block[1] * p.block[2];
        if (m_attributes.maxThreadsPerBlock > 0 && threads > std::uint64_t(m_attributes.maxThreadsPerBlock))
            return "a block of " + std::to_string(threads) + " threads is more than this kernel can run (" +
                   std::to_string(m_attributes.maxThreadsPerBlock) + " at " +
                   std::to_string(m_attributes.registers) + " registers a thread)";
        const std::uint64_t shared = std::uint64_t(p.sharedBytes) + m_attributes.staticSharedBytes;
        if (m_info.maxSharedPerBlockOptin > 0 && shared > std::uint64_t(m_info.maxSharedPerBlockOptin))
            return std::to_string(shared) + " bytes of shared memory a block (" +
                   std::to_string(p.sharedBytes) + " dynamic) is more than the device's " +
                   std::to_string(m_info.maxSharedPerBlockOptin);
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

    bool enqueue(std::string& error)
    {
        const CUresult r = m_session->api().cuLaunchKernel(
            m_function, m_plan.grid[0], m_plan.grid[1], m_plan.grid[2], m_plan.block[0], m_plan.block[1],
            m_plan.block[2], m_plan.sharedBytes, m_session->stream(), m_args.params(), nullptr);
        if (r != CUDA_SUCCESS) {
            m_lastResult = r;
            error = m_session->callError("cuLaunchKernel(grid " + dims(m_plan.grid) + ", block " +
                                             dims(m_plan.block) + ", " + std::to_string(m_plan.sharedBytes) +
                                             " B shared)",
                                         r);
            return false;
        }
        return true;
    }

    static std::string dims(const std::array<std::uint32_t, 3>& d)
    {
        return std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" + std::to_string(d[2]);
    }

    // The CUresult behind the last failed call, when a helper reported it in text only.
    CUresult lastResult(const std::string&)
    {
        const CUresult mine = std::exchange(m_lastResult, CUDA_SUCCESS);
        const CUresult session = m_session->takeLastFailure();
        return mine != CUDA_SUCCESS ? mine : session;
    }

    // A failure; after a sticky one the context is reset so the next configuration can run.
    RunOutcome fail(RunStatus status, std::string message, CUresult cause)
    {
        if (isStickyCudaError(cause)) {
            for (DeviceBuffer& b : m_buffers)
                b.abandon();
            m_buffers.clear();
            m_module.abandon();
            m_flush.abandon();
            m_flush = DeviceBuffer();
            m_function = nullptr;
            std::string error;
            if (!m_session->reset(error))
                m_unusable = "the device could not be reset after " +
                             cudaResultName(&m_session->api(), cause) + ": " + error;
            else
                message += " (the context was reset)";
        }
        return {status, std::move(message)};
    }

    RunOutcome hung(double boundMs)
    {
        m_unusable = "a kernel is still running past the time bound of " + std::to_string(boundMs / 1000) +
                     " s; no further launch can run until it ends";
        return {RunStatus::TimedOut, "ran past the time bound of " + std::to_string(boundMs / 1000) + " s"};
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
    std::string m_unusable;
};

} // namespace

std::unique_ptr<AutotuneBackend> makeCudaBackend(int ordinal, std::string& error)
{
    const GpuStatus status = gpuStatus();
    if (!status.available) {
        error = status.reason.english();
        return nullptr;
    }
    if (ordinal < 0 || ordinal >= static_cast<int>(status.devices.size())) {
        error = "no CUDA device " + std::to_string(ordinal) + " (there are " +
                std::to_string(status.devices.size()) + ")";
        return nullptr;
    }
    auto session = CudaSession::open(ordinal, error);
    if (!session)
        return nullptr;
    return std::make_unique<CudaBackend>(std::move(session), status.devices[ordinal]);
}

double measureCopyBandwidth(int ordinal, std::uint64_t bytes, const BenchOptions& options, std::string& error)
{
    auto session = CudaSession::open(ordinal, error);
    if (!session)
        return 0;
    DeviceBuffer src, dst, flush;
    if (!src.allocate(*session, bytes, error) || !dst.allocate(*session, bytes, error) || !src.fill(1, error))
        return 0;
    if (options.flushL2 && !flush.allocate(*session, options.flushBytes, error))
        return 0;
    auto copy = [&](std::string& e) {
        const CUresult r =
            session->api().cuMemcpyDtoDAsync(dst.pointer(), src.pointer(), bytes, session->stream());
        if (r != CUDA_SUCCESS)
            e = session->callError("cuMemcpyDtoDAsync", r);
        return r == CUDA_SUCCESS;
    };
    std::vector<double> samples;
    CUresult failure = CUDA_SUCCESS;
    bool timedOut = false;
    if (!timeLaunches(*session, copy, options.flushL2 ? &flush : nullptr, options, samples, error, failure,
                      timedOut))
        return 0;
    const double ms = summarizeTimings(samples).median;
    return ms > 0 ? 2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9 : 0;
}

} // namespace kl
