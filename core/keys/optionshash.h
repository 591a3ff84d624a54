#pragma once

#include "core/formats/metadata.h"
#include "core/util/result.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// sha256 hex of a file's bytes, as Triton's file_hash() computes it for extern libraries.
/// The error names the path and the cause when it cannot be read.
using ExternLibHasher = std::function<Result<std::string>(const std::string& path)>;

Result<std::string> sha256OfFile(const std::string& path);

/// Triton's options.hash() rebuilt from the options a metadata json records (3.x CUDA and HIP):
/// sha256 of "_".join(f"{name}-{value}" for the options sorted by name), each value as Python's
/// str() writes it. JSON arrays are taken as tuples (as Triton's option objects hold them) and
/// `extern_libs` becomes ((name, file sha256), ...), sorted for CUDA, in recorded order for HIP.
/// The files' hashes are not recorded anywhere: `hasher` is asked for each recorded path (it
/// decides whether reading a path outside the cache is acceptable). Without a hasher, or when
/// it fails, `error` says which file is needed.
struct OptionsHash {
    std::string hash;    ///< sha256 hex; empty when it could not be computed
    std::string keyText; ///< the "_"-joined text that was hashed
    std::vector<std::pair<std::string, std::string>> externLibs; ///< (name, recorded path)
    Text error;

    bool ok() const { return error.empty() && !hash.empty(); }
};

OptionsHash optionsHashFromMetadata(const std::vector<MetadataField>& options, std::string_view backend,
                                    const ExternLibHasher& hasher);

/// str() of a JSON value as Python would write the object it came from: strings as they are at
/// the top level and repr()'d inside containers, true/false/null as True/False/None, arrays
/// as tuples, objects as dicts, floats as Python writes them. Nothing when `json` does not parse.
std::optional<std::string> pythonStrOfJson(std::string_view json);

} // namespace kl
