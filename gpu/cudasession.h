#pragma once

// One device's primary context and a stream, and the device memory and modules made in it.
// Needs cuda.h: the front ends use gpustatus.h and the autotuner instead.

#include "core/util/result.h"
#include "cudaapi.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace kl {

class CudaSession {
public:
    /// Retains device `ordinal`'s primary context (the one the runtime API and PyTorch share)
    /// and creates a stream in it that stays ordered with the synchronous copies and memsets
    /// (a blocking stream: they run on the legacy default stream). Or why not.
    static Result<std::unique_ptr<CudaSession>> open(int ordinal);
    ~CudaSession();
    CudaSession(const CudaSession&) = delete;
    CudaSession& operator=(const CudaSession&) = delete;

    const CudaApi& api() const { return *m_api; }
    CUdevice device() const { return m_device; }
    CUstream stream() const { return m_stream; }
    int ordinal() const { return m_ordinal; }

    /// After a sticky error every call in the context fails: destroy it and start a fresh one.
    /// Every buffer, module and event made before is gone; their owners must be dropped first.
    Status reset();

    /// The sentence for a failed call; the code is kept for takeLastFailure().
    Text callError(std::string_view call, CUresult r) const
    {
        m_lastFailure = r;
        return cudaCallError(m_api, call, r);
    }
    Text callError(const Text& call, CUresult r) const
    {
        m_lastFailure = r;
        return cudaCallError(m_api, call, r);
    }
    /// The CUresult of the last failure reported through callError, then CUDA_SUCCESS: whoever
    /// got only the sentence can still tell a sticky error.
    CUresult takeLastFailure() const { return std::exchange(m_lastFailure, CUDA_SUCCESS); }

private:
    CudaSession() = default;
    Status start();
    const CudaApi* m_api = nullptr;
    CUdevice m_device = 0;
    CUcontext m_context = nullptr;
    CUstream m_stream = nullptr;
    int m_ordinal = 0;
    mutable CUresult m_lastFailure = CUDA_SUCCESS;
};

/// Device memory, freed with its owner.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    DeviceBuffer(DeviceBuffer&& o) noexcept { *this = std::move(o); }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
    ~DeviceBuffer();

    /// `bytes` of device memory (at least 1 byte is allocated so every buffer has an address).
    Status allocate(const CudaSession& s, std::uint64_t bytes);
    Status upload(const void* host, std::uint64_t bytes) const;
    Status download(void* host, std::uint64_t bytes) const;
    /// Every byte set to `value` (asynchronously, on the session's stream).
    Status fill(std::uint8_t value) const;
    CUdeviceptr pointer() const { return m_pointer; }
    std::uint64_t bytes() const { return m_bytes; }
    /// Forget the memory without freeing it (after CudaSession::reset it no longer exists).
    void abandon() { m_pointer = 0; }

private:
    void release();
    const CudaSession* m_session = nullptr;
    CUdeviceptr m_pointer = 0;
    std::uint64_t m_bytes = 0;
};

/// What the driver says of a loaded kernel.
struct FunctionAttributes {
    int registers = 0;
    int localBytes = 0; ///< per thread (spills and stack)
    int staticSharedBytes = 0;
    int constBytes = 0;
    int maxThreadsPerBlock = 0; ///< for this kernel (registers limit it)
    int ptxVersion = 0;         ///< e.g. 90
    int binaryVersion = 0;      ///< e.g. 90
};

/// A module loaded from a cubin or PTX image, unloaded with its owner.
class GpuModule {
public:
    GpuModule() = default;
    GpuModule(GpuModule&& o) noexcept { *this = std::move(o); }
    GpuModule& operator=(GpuModule&& o) noexcept;
    ~GpuModule();

    /// `image`: cubin bytes, or PTX text (JIT-compiled by the driver). The error carries the
    /// driver's JIT log when it wrote one.
    Status load(const CudaSession& s, std::string_view image);
    /// The kernel `name` (it must be extern "C"), or why not.
    Result<CUfunction> function(const std::string& name) const;
    FunctionAttributes attributes(CUfunction f) const;
    void abandon() { m_module = nullptr; }

private:
    void release();
    const CudaSession* m_session = nullptr;
    CUmodule m_module = nullptr;
};

} // namespace kl
