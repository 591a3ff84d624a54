#include "nvrtcapi.h"

#include "core/util/dynlib.h"

#include <vector>

namespace kl {

// Each table is filled once, on first use, in a function-local static (thread-safe). Candidates:
// the library the build found (same version as the headers), then its soname through the
// loader's search path (an install on another machine, LD_LIBRARY_PATH). RTLD_LOCAL: NVRTC
// bundles LLVM, whose symbols must not leak into the process.

#if KL_HAVE_NVRTC
const NvrtcApi& nvrtcApi()
{
    static const NvrtcApi api = [] {
        NvrtcApi a;
#define KL_NVRTC_SLOT(name) dynamicSlot(a.name, #name),
        auto lib = openWithFunctions({KL_NVRTC_PATH, KL_NVRTC_SONAME},
                                     KL_TEXT("kl::nvrtc", "NVRTC could not be loaded (%1)"),
                                     {KL_NVRTC_FUNCTIONS(KL_NVRTC_SLOT)});
#undef KL_NVRTC_SLOT
        if (lib)
            a.library = lib->path();
        else
            a.error = lib.error();
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
        // nvJitLink exports its functions under the header's version: __nvJitLinkCreate_13_0.
#define KL_NVJITLINK_SLOT(name) dynamicSlot(a.name, "__" #name "_" KL_NVJITLINK_SUFFIX),
        auto lib = openWithFunctions({KL_NVJITLINK_PATH, KL_NVJITLINK_SONAME},
                                     KL_TEXT("kl::nvrtc", "nvJitLink could not be loaded (%1)"),
                                     {KL_NVJITLINK_FUNCTIONS(KL_NVJITLINK_SLOT)});
#undef KL_NVJITLINK_SLOT
        if (!lib) {
            a.error = lib.error();
            return a;
        }
        a.library = lib->path();
        lib->resolve({dynamicSlot(a.nvJitLinkVersion, "nvJitLinkVersion")});
        a.ok = true;
        return a;
    }();
    return api;
}
#endif

} // namespace kl
