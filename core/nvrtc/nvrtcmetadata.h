#pragma once

#include "core/util/result.h"
#include "nvrtccompiler.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kl {

struct CubinInfo;

/// The `<name>.json` of a KernelLens NVRTC entry (schema: docs/json-schema.md, "NVRTC entry
/// metadata"). Triton's fields (hash, name, target, shared) keep their meaning so the scanner
/// reads these entries like Triton's.
struct NvrtcMetadata {
    std::string hash;      ///< the key (sha256 hex)
    std::string name;      ///< entry name (file stem)
    std::string program;   ///< the program name NVRTC compiled (the source path as given)
    std::string sourceDir; ///< absolute folder quoted includes were resolved in (for recompile)
    NvrtcOptions options;
    std::string nvrtcVersion;
    std::string nvJitLinkVersion; ///< set when nvJitLink assembled the cubin
    std::vector<std::pair<std::string, std::int64_t>> compileTimesUs;
    std::map<std::string, std::string> fileSha256; ///< every other file of the entry
};

/// The JSON text; `cubin` adds the per-kernel resource usage and `shared`.
std::string nvrtcMetadataJson(const NvrtcMetadata& m, const CubinInfo* cubin);

/// Reads what nvrtcMetadataJson wrote, or says why the text is not such metadata.
Result<NvrtcMetadata> parseNvrtcMetadata(std::string_view text);

/// The producer tag in the metadata of KernelLens's entries.
inline constexpr std::string_view kNvrtcProducer = "kernellens-nvrtc";

} // namespace kl
