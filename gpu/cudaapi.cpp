#include "cudaapi.h"

#include <cstdlib>
#include <dlfcn.h>

namespace kl {
namespace {

#define KL_STRINGIFY2(x) #x
#define KL_STRINGIFY(x) KL_STRINGIFY2(x)

// Older drivers lack some of the versioned symbols this cuda.h names; where an older symbol has
// the same signature it is used instead (cuEventElapsedTime_v2 arrived with 12.8).
const char* olderSymbol(std::string_view name)
{
    if (name == "cuEventElapsedTime_v2")
        return "cuEventElapsedTime";
    return nullptr;
}

// For when the driver cannot name a code itself (it failed to load, or it is the stub).
const char* knownResultName(CUresult r)
{
    switch (r) {
    case CUDA_SUCCESS: return "CUDA_SUCCESS";
    case CUDA_ERROR_INVALID_VALUE: return "CUDA_ERROR_INVALID_VALUE";
    case CUDA_ERROR_OUT_OF_MEMORY: return "CUDA_ERROR_OUT_OF_MEMORY";
    case CUDA_ERROR_NOT_INITIALIZED: return "CUDA_ERROR_NOT_INITIALIZED";
    case CUDA_ERROR_DEINITIALIZED: return "CUDA_ERROR_DEINITIALIZED";
    case CUDA_ERROR_STUB_LIBRARY: return "CUDA_ERROR_STUB_LIBRARY";
    case CUDA_ERROR_NO_DEVICE: return "CUDA_ERROR_NO_DEVICE";
    case CUDA_ERROR_INVALID_DEVICE: return "CUDA_ERROR_INVALID_DEVICE";
    case CUDA_ERROR_INVALID_IMAGE: return "CUDA_ERROR_INVALID_IMAGE";
    case CUDA_ERROR_INVALID_CONTEXT: return "CUDA_ERROR_INVALID_CONTEXT";
    case CUDA_ERROR_NO_BINARY_FOR_GPU: return "CUDA_ERROR_NO_BINARY_FOR_GPU";
    case CUDA_ERROR_INVALID_PTX: return "CUDA_ERROR_INVALID_PTX";
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION: return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
    case CUDA_ERROR_NOT_FOUND: return "CUDA_ERROR_NOT_FOUND";
    case CUDA_ERROR_NOT_READY: return "CUDA_ERROR_NOT_READY";
    case CUDA_ERROR_ILLEGAL_ADDRESS: return "CUDA_ERROR_ILLEGAL_ADDRESS";
    case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
    case CUDA_ERROR_LAUNCH_TIMEOUT: return "CUDA_ERROR_LAUNCH_TIMEOUT";
    case CUDA_ERROR_LAUNCH_FAILED: return "CUDA_ERROR_LAUNCH_FAILED";
    case CUDA_ERROR_MISALIGNED_ADDRESS: return "CUDA_ERROR_MISALIGNED_ADDRESS";
    case CUDA_ERROR_ILLEGAL_INSTRUCTION: return "CUDA_ERROR_ILLEGAL_INSTRUCTION";
    case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
    default: return nullptr;
    }
}

} // namespace

std::string cudaResultName(const CudaApi* api, CUresult result)
{
    const char* name = nullptr;
    if (api && api->cuGetErrorName && api->cuGetErrorName(result, &name) == CUDA_SUCCESS && name)
        return name;
    if (const char* known = knownResultName(result))
        return known;
    return "CUresult " + std::to_string(static_cast<int>(result));
}

std::string cudaCallError(const CudaApi* api, std::string_view call, CUresult result)
{
    std::string text = std::string(call) + " failed: " + cudaResultName(api, result);
    const char* what = nullptr;
    if (api && api->cuGetErrorString && api->cuGetErrorString(result, &what) == CUDA_SUCCESS && what)
        text += std::string(" (") + what + ")";
    return text;
}

bool isStickyCudaError(CUresult r)
{
    switch (r) {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_CONTAINED:
    case CUDA_ERROR_TENSOR_MEMORY_LEAK: return true;
    default: return false;
    }
}

CudaDriver loadCudaDriver(const std::string& library)
{
    CudaDriver d;
    d.library = library;
    // RTLD_LOCAL: the driver's symbols stay out of the global namespace. Never closed: the
    // driver keeps threads and handlers that outlive any object of ours.
    void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = ::dlerror();
        d.error = why ? Text::of(KL_TEXT("kl::gpu", "no CUDA driver (%1)"), why)
                      : Text::of(KL_TEXT("kl::gpu", "no CUDA driver (%1: cannot be opened)"), library);
        return d;
    }
    std::string missing;
    auto resolve = [&](const char* symbol) -> void* {
        void* p = ::dlsym(handle, symbol);
        if (!p)
            if (const char* older = olderSymbol(symbol))
                p = ::dlsym(handle, older);
        if (!p && missing.empty())
            missing = symbol;
        return p;
    };
#define KL_CUDA_RESOLVE(name)                                                                                \
    d.api.name = reinterpret_cast<decltype(d.api.name)>(resolve(KL_STRINGIFY(name)));
    KL_CUDA_FUNCTIONS(KL_CUDA_RESOLVE)
#undef KL_CUDA_RESOLVE
    if (!missing.empty()) {
        d.error =
            Text::of(KL_TEXT("kl::gpu", "CUDA driver %1 lacks %2: it is older than this build's CUDA %3 "
                                        "headers expect; update the NVIDIA driver"),
                     library, missing,
                     std::to_string(CUDA_VERSION / 1000) + "." + std::to_string(CUDA_VERSION % 1000 / 10));
        return d;
    }
    if (CUresult r = d.api.cuInit(0); r != CUDA_SUCCESS) {
        if (r == CUDA_ERROR_STUB_LIBRARY)
            d.error = Text::of(
                KL_TEXT("kl::gpu", "no CUDA driver (%1 is the CUDA Toolkit's stub library, not a driver)"),
                library);
        else if (r == CUDA_ERROR_NO_DEVICE)
            d.error = Text::of(KL_TEXT(
                "kl::gpu", "no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; is CUDA_VISIBLE_DEVICES empty?)"));
        else
            d.error = Text::of(KL_TEXT("kl::gpu", "CUDA driver %1 did not start: %2"), library,
                               cudaCallError(&d.api, "cuInit", r));
        return d;
    }
    if (CUresult r = d.api.cuDriverGetVersion(&d.version); r != CUDA_SUCCESS) {
        d.error = Text::verbatim(cudaCallError(&d.api, "cuDriverGetVersion", r));
        return d;
    }
    d.ok = true;
    return d;
}

const CudaDriver& cudaDriver()
{
    static const CudaDriver driver = [] {
        const char* overridePath = std::getenv("KERNELLENS_LIBCUDA");
        return loadCudaDriver(overridePath && *overridePath ? overridePath : "libcuda.so.1");
    }();
    return driver;
}

} // namespace kl
