#pragma once

#include "nvrtccompiler.h"

#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// A header the source includes that was found on disk (NVRTC's built-in headers such as
/// cuda_fp16.h are covered by the NVRTC version instead).
struct KeyedHeader {
    std::string path;   ///< where it was found
    std::string sha256; ///< of its bytes
};

struct NvrtcKey {
    std::string hex;      ///< sha256 of `material`: the cache key
    std::string material; ///< the text hashed, one `name value` per line (shown by explain)
    std::vector<KeyedHeader> headers;
};

/// The cache key of compiling `source` (named `fileName`) with `options`: sha256 over the source,
/// the program name, the NVRTC argument list, the arch, the NVRTC version (and nvJitLink's when it
/// assembles the cubin) and the bytes of every header found through `#include` in `sourceDir`
/// (quoted includes) and the include paths, followed recursively. No environment variable is
/// known to change NVRTC's output; the library versions stand for the environment.
NvrtcKey nvrtcKey(std::string_view source, std::string_view fileName, std::string_view sourceDir,
                  const NvrtcOptions& options, const ToolkitInfo& toolkit);

} // namespace kl
