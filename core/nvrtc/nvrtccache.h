#pragma once

#include "core/env/environment.h"
#include "core/events/compileevent.h"
#include "core/storage/cachestore.h"
#include "nvrtccompiler.h"
#include "nvrtckey.h"

#include <string>

namespace kl {

/// KernelLens's own cache root: $KERNELLENS_CACHE_DIR, else $XDG_CACHE_HOME/kernellens/nvrtc,
/// else ~/.cache/kernellens/nvrtc.
std::string defaultNvrtcCacheRoot(const Environment& env);

struct NvrtcRequest {
    std::string name;       ///< entry name (file stem); default: the source file's stem
    std::string source;     ///< CUDA C++ text
    std::string sourcePath; ///< as the user named it: the program name NVRTC reports and resolves
                            ///< quoted includes against
    NvrtcOptions options;
    bool alwaysCompile = false; ///< compile even on a hit (and replace the entry)
};

struct NvrtcCacheResult {
    bool ok = false;
    Text error;       ///< when !ok: the cause (compile errors: the first, as file:line)
    bool hit = false; ///< the cubin came from the cache without compiling
    NvrtcKey key;
    std::string entryPath;
    NvrtcOutput compile; ///< the compile, when one ran (log, diagnostics, PTX, cubin)
    std::string ptx;     ///< hit or miss: the artefacts
    std::string cubin;
    /// Set when a cached entry was found unusable (a file whose sha256 differs from the one
    /// recorded, a cubin that is not an ELF) and was therefore recompiled.
    Text repaired;
    Text storeError;    ///< the compile succeeded but the entry could not be written
    CompileEvent event; ///< what to log: origin "nvrtc", stages lookup/nvrtc/nvjitlink/store
};

/// Compiles CUDA C++ through KernelLens's cache, in Triton's layout (`<name>.cu`, `.ptx`,
/// `.cubin`, `<name>.json`, `__grp__<name>.json` under the base32 folder of the key) so the
/// scanner, doctor, clean and the GUI read it like a Triton cache. Thread-safe.
class NvrtcCache {
public:
    /// fsync is off by default, as in Triton: a hit verifies every file against the sha256 its
    /// metadata records, so an entry a power loss left torn is recompiled, never used.
    explicit NvrtcCache(std::string root, StoreOptions storeOptions = {.fsync = false});
    const std::string& root() const { return m_store.root(); }

    NvrtcCacheResult compile(const NvrtcRequest& request) const;

    /// Only the lookup: the key's entry loaded and verified, or a miss (no compile).
    NvrtcCacheResult lookup(const NvrtcRequest& request) const;

private:
    CacheStore m_store;
};

/// The entry stem for a request: `name`, else the stem of `sourcePath`, else "kernel".
std::string nvrtcEntryName(const NvrtcRequest& request);

} // namespace kl
