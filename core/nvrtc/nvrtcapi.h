#pragma once

// NVRTC and nvJitLink loaded with dlopen on first use (util/dynlib) instead of linked: their static
// initialisers cost every klens command and the GUI about 16 ms at start-up (measured in
// tests/bench/RESULTS.md), and a binary built with the toolkit still starts where its libraries
// are missing. nvrtc.h and nvJitLink.h give the types and prototypes; only nvrtccompiler.cpp
// includes this header. The library the build found is tried first, then its soname; CMake's
// CUDA::nvrtc is never linked, as it drags in the driver stub. Without the toolkit core/nvrtc
// still builds and says why compiling is off.

#include "core/util/text.h"

#include <string>

#if KL_HAVE_NVRTC
#include <nvrtc.h>
#endif
#if KL_HAVE_NVJITLINK
#include <nvJitLink.h>
#endif

namespace kl {

#if KL_HAVE_NVRTC
#define KL_NVRTC_FUNCTIONS(X)                                                                                \
    X(nvrtcVersion)                                                                                          \
    X(nvrtcGetNumSupportedArchs)                                                                             \
    X(nvrtcGetSupportedArchs)                                                                                \
    X(nvrtcGetErrorString)                                                                                   \
    X(nvrtcCreateProgram)                                                                                    \
    X(nvrtcDestroyProgram)                                                                                   \
    X(nvrtcCompileProgram)                                                                                   \
    X(nvrtcGetProgramLogSize)                                                                                \
    X(nvrtcGetProgramLog)                                                                                    \
    X(nvrtcGetPTXSize)                                                                                       \
    X(nvrtcGetPTX)                                                                                           \
    X(nvrtcGetCUBINSize)                                                                                     \
    X(nvrtcGetCUBIN)

struct NvrtcApi {
    bool ok = false;
    Text error;          ///< why not, naming the library and the loader's cause
    std::string library; ///< what was opened
#define KL_NVRTC_MEMBER(name) decltype(&::name) name = nullptr;
    KL_NVRTC_FUNCTIONS(KL_NVRTC_MEMBER)
#undef KL_NVRTC_MEMBER
};
const NvrtcApi& nvrtcApi();
#endif

#if KL_HAVE_NVJITLINK
// nvJitLink.h's functions are inline wrappers over symbols named after the header's version
// (__nvJitLinkCreate_13_0): the table takes each wrapper's type and resolves the versioned name.
#define KL_NVJITLINK_FUNCTIONS(X)                                                                            \
    X(nvJitLinkCreate)                                                                                       \
    X(nvJitLinkDestroy)                                                                                      \
    X(nvJitLinkAddData)                                                                                      \
    X(nvJitLinkComplete)                                                                                     \
    X(nvJitLinkGetLinkedCubinSize)                                                                           \
    X(nvJitLinkGetLinkedCubin)                                                                               \
    X(nvJitLinkGetErrorLogSize)                                                                              \
    X(nvJitLinkGetErrorLog)                                                                                  \
    X(nvJitLinkGetInfoLogSize)                                                                               \
    X(nvJitLinkGetInfoLog)

struct JitLinkApi {
    bool ok = false;
    Text error;
    std::string library;
#define KL_NVJITLINK_MEMBER(name) decltype(&::name) name = nullptr;
    KL_NVJITLINK_FUNCTIONS(KL_NVJITLINK_MEMBER)
#undef KL_NVJITLINK_MEMBER
    decltype(&::nvJitLinkVersion) nvJitLinkVersion = nullptr;
};
const JitLinkApi& jitLinkApi();
#endif

} // namespace kl
