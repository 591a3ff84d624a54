#pragma once

// Triton's cache key rebuilt byte for byte from what an entry records, so `klens key` and explain
// need no Triton; tests/keys compares every part with what real Triton computes.

#include "core/env/environment.h"
#include "core/formats/metadata.h"
#include "core/model/entry.h"
#include "core/util/digest.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kl {

using EnvVarList = std::vector<std::pair<std::string, std::string>>;

/// The parts Triton joins into its cache key (runtime/cache.py get_cache_key, 3.x):
///   f"{triton_key()}-{src.hash()}-{backend.hash()}-{options.hash()}-{str(sorted(env_vars.items()))}"
/// followed by the stage-inspection hook's key when knobs.runtime.add_stages_inspection_hook is set.
struct KeyComponents {
    std::string tritonKey;   ///< Triton's version + sha256 of its own sources and libtriton
    std::string sourceHash;  ///< src.hash(): the kernel's source, signature, constants, attrs
    std::string backendHash; ///< backend.hash(): CUDA "<ptxas --version output>-<arch>"
    std::string optionsHash; ///< options.hash() (see optionshash.h)
    EnvVarList envVars;      ///< as Triton's dict holds them; a repeated name keeps its last value
    std::string inspectStagesKey;
};

/// `str(sorted(env_vars.items()))` byte for byte, e.g. "[('TRITON_DISABLE_LINE_INFO', 'true')]".
std::string tritonEnvVarsPart(const EnvVarList& envVars);

/// The key string Triton hashes.
std::string tritonCacheKey(const KeyComponents& parts);

/// A folder name for `key` in one era's encoding.
struct KeyFolder {
    KeyEra era;
    std::string name;
};

/// The folder names a sha256 hex digest (the metadata "hash") gets: sha256 hex, url-safe base64,
/// base32. Empty when `sha256Hex` is not 64 hex characters.
std::vector<KeyFolder> folderNamesForHash(std::string_view sha256Hex);

/// The folder `key` gets in every era: md5 hex of the key (2.0-2.1, which also built its key
/// string differently), sha256 hex (to 3.1), url-safe base64 (2024 nightlies), base32 (3.2+).
std::vector<KeyFolder> keyFolderNames(std::string_view key);

/// The env vars a metadata json records, as Triton's dict held them (recorded values are JSON
/// strings; any other JSON value is taken as its text).
EnvVarList envVarsFromMetadata(const std::vector<MetadataField>& envVars);

/// The value Triton records for a set variable: on/true/1 -> "true", off/false/0 -> "false"
/// (any case), anything else verbatim (GetEnv.h isEnvValueBool).
std::string tritonEnvValue(std::string_view raw);

/// The cache-invalidating variables set (and not empty) in `env`, with the values Triton would
/// record, in the order of formats/envvars.h. `olderNames` also reads names only older Triton
/// versions keyed on.
EnvVarList tritonCacheEnvVars(const Environment& env, bool olderNames);

} // namespace kl
