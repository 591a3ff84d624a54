#include "cudaapi.h"

#include "core/util/dirlist.h"
#include "core/util/dynlib.h"
#include "core/util/posixfile.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kl {
namespace {

#define KL_STRINGIFY2(x) #x
#define KL_STRINGIFY(x) KL_STRINGIFY2(x)

// Older drivers lack some of the versioned symbols this cuda.h names; where an older symbol has
// the same signature it is used instead (cuEventElapsedTime_v2 arrived with 12.8).
const char* olderSymbol(const std::string& name)
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

Text cudaCallError(const CudaApi* api, std::string_view call, CUresult result)
{
    return cudaCallError(api, Text::verbatim(std::string(call)), result);
}

Text cudaCallError(const CudaApi* api, const Text& call, CUresult result)
{
    const char* what = nullptr;
    if (api && api->cuGetErrorString && api->cuGetErrorString(result, &what) == CUDA_SUCCESS && what)
        return Text::of(KL_TEXT("kl::gpu", "%1 failed: %2 (%3)"), call, cudaResultName(api, result), what);
    return Text::of(KL_TEXT("kl::gpu", "%1 failed: %2"), call, cudaResultName(api, result));
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

namespace {

// cuInit says only NO_DEVICE when the device files cannot be opened, when CUDA_VISIBLE_DEVICES
// hides every device, and when there is none; the files and the variable tell them apart.
Text explainNoDevice()
{
    std::vector<std::string> nodes{"/dev/nvidiactl"};
    if (const UniqueFd dev(::open("/dev", O_RDONLY | O_DIRECTORY | O_CLOEXEC)); dev.get() >= 0)
        forEachDirName(dev.get(), [&](std::string_view name, unsigned char, std::uint64_t) {
            if (name.size() > 6 && name.starts_with("nvidia") &&
                std::isdigit(static_cast<unsigned char>(name[6])))
                nodes.push_back("/dev/" + std::string(name));
            return true;
        });
    bool present = false;
    for (const std::string& node : nodes) {
        struct stat st {};
        if (::stat(node.c_str(), &st) != 0)
            continue;
        present = true;
        const int fd = ::open(node.c_str(), O_RDWR | O_CLOEXEC);
        if (fd >= 0) {
            ::close(fd);
            continue;
        }
        if (errno == EACCES || errno == EPERM)
            return Text::of(KL_TEXT("kl::gpu", "no CUDA device: this user may not open %1 (%2); the NVIDIA "
                                               "device files need read and write permission, often given "
                                               "through their group (ls -l %1)"),
                            node, errnoText(errno));
    }
    if (const char* visible = std::getenv("CUDA_VISIBLE_DEVICES"))
        return Text::of(KL_TEXT("kl::gpu", "no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; "
                                           "CUDA_VISIBLE_DEVICES=\"%1\" hides every device)"),
                        visible);
    if (!present)
        return Text::of(KL_TEXT("kl::gpu",
                                "no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; there are no "
                                "/dev/nvidia* device files: is the NVIDIA kernel module loaded?)"));
    return Text::of(KL_TEXT("kl::gpu", "no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE)"));
}

} // namespace

CudaDriver loadCudaDriver(const std::string& library)
{
    CudaDriver d;
    d.library = library;
    // Never closed: the driver keeps threads and handlers that outlive any object of ours.
    auto lib = DynamicLibrary::open({library}, KL_TEXT("kl::gpu", "no CUDA driver (%1)"));
    if (!lib) {
        d.error = lib.error();
        return d;
    }
#define KL_CUDA_SLOT(name) dynamicSlot(d.api.name, KL_STRINGIFY(name)),
    const std::string missing = lib->resolve({KL_CUDA_FUNCTIONS(KL_CUDA_SLOT)}, olderSymbol);
#undef KL_CUDA_SLOT
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
            d.error = explainNoDevice();
        else
            d.error = Text::of(KL_TEXT("kl::gpu", "CUDA driver %1 did not start: %2"), library,
                               cudaCallError(&d.api, "cuInit", r));
        return d;
    }
    if (CUresult r = d.api.cuDriverGetVersion(&d.version); r != CUDA_SUCCESS) {
        d.error = cudaCallError(&d.api, "cuDriverGetVersion", r);
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
