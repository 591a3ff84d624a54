#include "cudasession.h"

#include <string>
#include <utility>

namespace kl {

Result<std::unique_ptr<CudaSession>> CudaSession::open(int ordinal)
{
    const CudaDriver& d = cudaDriver();
    if (!d.ok)
        return fail(d.error);
    std::unique_ptr<CudaSession> s(new CudaSession);
    s->m_api = &d.api;
    s->m_ordinal = ordinal;
    if (CUresult r = d.api.cuDeviceGet(&s->m_device, ordinal); r != CUDA_SUCCESS)
        return fail(s->callError("cuDeviceGet(" + std::to_string(ordinal) + ")", r));
    if (Status started = s->start(); !started)
        return fail(started.error());
    return s;
}

Status CudaSession::start()
{
    const CudaApi& a = *m_api;
    if (CUresult r = a.cuDevicePrimaryCtxRetain(&m_context, m_device); r != CUDA_SUCCESS) {
        m_context = nullptr;
        return fail(callError("cuDevicePrimaryCtxRetain", r));
    }
    if (CUresult r = a.cuCtxSetCurrent(m_context); r != CUDA_SUCCESS)
        return fail(callError("cuCtxSetCurrent", r));
    if (CUresult r = a.cuStreamCreate(&m_stream, CU_STREAM_DEFAULT); r != CUDA_SUCCESS) {
        m_stream = nullptr;
        return fail(callError("cuStreamCreate", r));
    }
    return {};
}

CudaSession::~CudaSession()
{
    if (!m_api)
        return;
    if (m_stream)
        m_api->cuStreamDestroy(m_stream);
    if (m_context)
        m_api->cuDevicePrimaryCtxRelease(m_device);
}

Status CudaSession::reset()
{
    // Whatever the stream and context held is lost with the reset; destroying the stream first
    // may itself report the sticky error, which is expected here.
    if (m_stream)
        m_api->cuStreamDestroy(m_stream);
    m_stream = nullptr;
    if (m_context)
        m_api->cuDevicePrimaryCtxRelease(m_device);
    m_context = nullptr;
    if (CUresult r = m_api->cuDevicePrimaryCtxReset(m_device); r != CUDA_SUCCESS)
        return fail(callError("cuDevicePrimaryCtxReset", r));
    return start();
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& o) noexcept
{
    if (this != &o) {
        release();
        m_session = std::exchange(o.m_session, nullptr);
        m_pointer = std::exchange(o.m_pointer, 0);
        m_bytes = std::exchange(o.m_bytes, 0);
    }
    return *this;
}

DeviceBuffer::~DeviceBuffer()
{
    release();
}

void DeviceBuffer::release()
{
    if (m_session && m_pointer)
        m_session->api().cuMemFree(m_pointer);
    m_pointer = 0;
}

Status DeviceBuffer::allocate(const CudaSession& s, std::uint64_t bytes)
{
    *this = DeviceBuffer();
    m_session = &s;
    if (CUresult r = s.api().cuMemAlloc(&m_pointer, bytes ? bytes : 1); r != CUDA_SUCCESS) {
        m_pointer = 0;
        return fail(s.callError("cuMemAlloc(" + std::to_string(bytes) + " bytes)", r));
    }
    m_bytes = bytes;
    return {};
}

Status DeviceBuffer::upload(const void* host, std::uint64_t bytes) const
{
    if (bytes == 0)
        return {};
    if (CUresult r = m_session->api().cuMemcpyHtoD(m_pointer, host, bytes); r != CUDA_SUCCESS)
        return fail(m_session->callError("cuMemcpyHtoD(" + std::to_string(bytes) + " bytes)", r));
    return {};
}

Status DeviceBuffer::download(void* host, std::uint64_t bytes) const
{
    if (bytes == 0)
        return {};
    if (CUresult r = m_session->api().cuMemcpyDtoH(host, m_pointer, bytes); r != CUDA_SUCCESS)
        return fail(m_session->callError("cuMemcpyDtoH(" + std::to_string(bytes) + " bytes)", r));
    return {};
}

Status DeviceBuffer::fill(std::uint8_t value) const
{
    if (m_bytes == 0)
        return {};
    if (CUresult r = m_session->api().cuMemsetD8(m_pointer, value, m_bytes); r != CUDA_SUCCESS)
        return fail(m_session->callError("cuMemsetD8", r));
    return {};
}

GpuModule& GpuModule::operator=(GpuModule&& o) noexcept
{
    if (this != &o) {
        release();
        m_session = std::exchange(o.m_session, nullptr);
        m_module = std::exchange(o.m_module, nullptr);
    }
    return *this;
}

GpuModule::~GpuModule()
{
    release();
}

void GpuModule::release()
{
    if (m_session && m_module)
        m_session->api().cuModuleUnload(m_module);
    m_module = nullptr;
}

Status GpuModule::load(const CudaSession& s, std::string_view image)
{
    *this = GpuModule();
    m_session = &s;
    // PTX must be NUL-terminated for the driver; a cubin is read by its ELF header.
    const std::string bytes(image);
    char log[8192] = {};
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void* values[] = {log, reinterpret_cast<void*>(static_cast<std::uintptr_t>(sizeof log - 1))};
    if (CUresult r = s.api().cuModuleLoadDataEx(&m_module, bytes.c_str(), 2, options, values);
        r != CUDA_SUCCESS) {
        m_module = nullptr;
        if (log[0])
            return fail(Text::of(KL_TEXT("kl::gpu", "%1: %2"), s.callError("cuModuleLoadDataEx", r),
                                 std::string(log)));
        return fail(s.callError("cuModuleLoadDataEx", r));
    }
    return {};
}

Result<CUfunction> GpuModule::function(const std::string& name) const
{
    CUfunction f = nullptr;
    if (CUresult r = m_session->api().cuModuleGetFunction(&f, m_module, name.c_str()); r != CUDA_SUCCESS)
        return fail(Text::of(KL_TEXT("kl::gpu", "%1 (is the kernel extern \"C\"?)"),
                             m_session->callError("cuModuleGetFunction(\"" + name + "\")", r)));
    return f;
}

FunctionAttributes GpuModule::attributes(CUfunction f) const
{
    FunctionAttributes a;
    auto get = [&](CUfunction_attribute what) {
        int v = 0;
        return m_session->api().cuFuncGetAttribute(&v, what, f) == CUDA_SUCCESS ? v : 0;
    };
    a.registers = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
    a.localBytes = get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
    a.staticSharedBytes = get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    a.constBytes = get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
    a.maxThreadsPerBlock = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    a.ptxVersion = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
    a.binaryVersion = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
    return a;
}

} // namespace kl
