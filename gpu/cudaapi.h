#pragma once

// The CUDA driver API as a table of function pointers filled from libcuda.so.1 at run time.
// Only built with the toolkit's cuda.h, which gives the types and prototypes; nothing links the
// driver or its stub, so every KernelLens binary starts on machines without a driver.

#include "core/util/text.h"

#include <cuda.h>
#include <string>
#include <string_view>

namespace kl {

// Every entry point KernelLens calls. cuda.h maps most names to their current versioned symbol
// (cuMemAlloc -> cuMemAlloc_v2); the table uses the mapped names, so `api.cuMemAlloc(...)` calls
// exactly what a program linked against this cuda.h would.
#define KL_CUDA_FUNCTIONS(X)                                                                                 \
    X(cuInit)                                                                                                \
    X(cuDriverGetVersion)                                                                                    \
    X(cuGetErrorName)                                                                                        \
    X(cuGetErrorString)                                                                                      \
    X(cuDeviceGetCount)                                                                                      \
    X(cuDeviceGet)                                                                                           \
    X(cuDeviceGetName)                                                                                       \
    X(cuDeviceGetAttribute)                                                                                  \
    X(cuDeviceTotalMem)                                                                                      \
    X(cuDevicePrimaryCtxRetain)                                                                              \
    X(cuDevicePrimaryCtxRelease)                                                                             \
    X(cuDevicePrimaryCtxReset)                                                                               \
    X(cuCtxSetCurrent)                                                                                       \
    X(cuCtxSynchronize)                                                                                      \
    X(cuMemGetInfo)                                                                                          \
    X(cuModuleLoadDataEx)                                                                                    \
    X(cuModuleUnload)                                                                                        \
    X(cuModuleGetFunction)                                                                                   \
    X(cuFuncGetAttribute)                                                                                    \
    X(cuFuncSetAttribute)                                                                                    \
    X(cuMemAlloc)                                                                                            \
    X(cuMemFree)                                                                                             \
    X(cuMemcpyHtoD)                                                                                          \
    X(cuMemcpyDtoH)                                                                                          \
    X(cuMemcpyDtoD)                                                                                          \
    X(cuMemsetD8)                                                                                            \
    X(cuMemsetD32)                                                                                           \
    X(cuMemsetD32Async)                                                                                      \
    X(cuMemcpyDtoDAsync)                                                                                     \
    X(cuLaunchKernel)                                                                                        \
    X(cuStreamCreate)                                                                                        \
    X(cuStreamDestroy)                                                                                       \
    X(cuStreamQuery)                                                                                         \
    X(cuStreamSynchronize)                                                                                   \
    X(cuEventCreate)                                                                                         \
    X(cuEventDestroy)                                                                                        \
    X(cuEventRecord)                                                                                         \
    X(cuEventQuery)                                                                                          \
    X(cuEventSynchronize)                                                                                    \
    X(cuEventElapsedTime)

struct CudaApi {
#define KL_CUDA_MEMBER(name) decltype(&::name) name = nullptr;
    KL_CUDA_FUNCTIONS(KL_CUDA_MEMBER)
#undef KL_CUDA_MEMBER
};

/// The outcome of loading the driver: the table and cuInit done, or why not.
struct CudaDriver {
    bool ok = false;
    Text error;          ///< e.g. "no CUDA driver (libcuda.so.1: cannot open shared object file ...)"
    std::string library; ///< what was opened: "libcuda.so.1" or $KERNELLENS_LIBCUDA
    int version = 0;     ///< cuDriverGetVersion, e.g. 13000
    CudaApi api;
};

/// Opens `library` (a soname or path), resolves every entry point and calls cuInit(0). Each call
/// opens the library anew (dlopen counts references); front ends use cudaDriver().
CudaDriver loadCudaDriver(const std::string& library);

/// The process's driver, loaded once on first use from $KERNELLENS_LIBCUDA when set (tests point
/// it at a stub or a missing file), else "libcuda.so.1".
const CudaDriver& cudaDriver();

/// "CUDA_ERROR_OUT_OF_MEMORY": from the driver when it knows the code, else from a table of the
/// codes cuda.h defines, else "CUresult 12345".
std::string cudaResultName(const CudaApi* api, CUresult result);

/// "cuMemAlloc(1073741824 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)": the call, the
/// code's name and the driver's description are verbatim arguments of the sentence.
Text cudaCallError(const CudaApi* api, std::string_view call, CUresult result);
/// The same with the call named by a sentence ("the first launch failed: ...").
Text cudaCallError(const CudaApi* api, const Text& call, CUresult result);

/// Errors after which the context is unusable until it is reset (an illegal address, a trap, a
/// launch that failed on the device): every later call in it fails with the same code.
bool isStickyCudaError(CUresult result);

} // namespace kl
