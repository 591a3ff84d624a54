#include "nvrtc/nvrtcapi.h"

#include <dlfcn.h>
#include <vector>

namespace kl {
namespace {

// The library the build found (same version as the headers), then its soname through the
// loader's search path (an install on another machine, LD_LIBRARY_PATH).
[[maybe_unused]] void* openFirst(const std::vector<std::string>& candidates, std::string& opened,
                                 std::string& error)
{
    for (const std::string& c : candidates) {
        if (c.empty())
            continue;
        // RTLD_LOCAL: NVRTC bundles LLVM, whose symbols must not leak into the process.
        if (void* h = ::dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) {
            opened = c;
            return h;
        }
        const char* why = ::dlerror();
        error += (error.empty() ? "" : "; ") + (why ? std::string(why) : c + ": cannot be opened");
    }
    return nullptr;
}

} // namespace

#if KL_HAVE_NVRTC
const NvrtcApi& nvrtcApi()
{
    static const NvrtcApi api = [] {
        NvrtcApi a;
        std::string error;
        void* h = openFirst({KL_NVRTC_PATH, KL_NVRTC_SONAME}, a.library, error);
        if (!h) {
            a.error = "NVRTC could not be loaded (" + error + ")";
            return a;
        }
#define KL_NVRTC_RESOLVE(name)                                                                               \
    a.name = reinterpret_cast<decltype(a.name)>(::dlsym(h, #name));                                          \
    if (!a.name && a.error.empty())                                                                          \
        a.error = a.library + " lacks " #name;
        KL_NVRTC_FUNCTIONS(KL_NVRTC_RESOLVE)
#undef KL_NVRTC_RESOLVE
        a.ok = a.error.empty();
        return a;
    }();
    return api;
}
#endif

#if KL_HAVE_NVJITLINK
const JitLinkApi& jitLinkApi()
{
    static const JitLinkApi api = [] {
        JitLinkApi a;
        std::string error;
        void* h = openFirst({KL_NVJITLINK_PATH, KL_NVJITLINK_SONAME}, a.library, error);
        if (!h) {
            a.error = "nvJitLink could not be loaded (" + error + ")";
            return a;
        }
#define KL_NVJITLINK_RESOLVE(name)                                                                           \
    a.name = reinterpret_cast<decltype(a.name)>(::dlsym(h, "__" #name "_" KL_NVJITLINK_SUFFIX));             \
    if (!a.name && a.error.empty())                                                                          \
        a.error = a.library + " lacks __" #name "_" KL_NVJITLINK_SUFFIX;
        KL_NVJITLINK_FUNCTIONS(KL_NVJITLINK_RESOLVE)
#undef KL_NVJITLINK_RESOLVE
        a.nvJitLinkVersion = reinterpret_cast<decltype(a.nvJitLinkVersion)>(::dlsym(h, "nvJitLinkVersion"));
        a.ok = a.error.empty();
        return a;
    }();
    return api;
}
#endif

} // namespace kl
