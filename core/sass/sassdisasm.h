#pragma once

// A cubin's SASS: nvdisasm run once per cubin content, its text kept in KernelLens's own cache
// under the cubin's SHA-256, so reopening an entry costs no nvdisasm run.

#include "core/env/environment.h"
#include "core/util/result.h"
#include "nvdisasmtool.h"
#include "sasslisting.h"

#include <atomic>
#include <string>
#include <vector>

namespace kl {

struct SassOptions {
    int timeoutMs = 120'000; ///< a hung nvdisasm is killed after this
    bool useCache = true;
    const std::atomic<bool>* cancel = nullptr;
};

struct SassResult {
    std::string cubinPath;
    std::string sha256; ///< of the cubin's bytes: the cache key
    unsigned sm = 0;    ///< from the cubin's ELF header
    NvdisasmTool tool;  ///< the nvdisasm that wrote the text (from the cache's record on a hit)
    bool fromCache = false;
    SassListing listing;
    std::vector<Text> notes; ///< what the listing lacks, e.g. line info
};

/// <userCacheHome>/kernellens/sass, or $KERNELLENS_SASS_CACHE when it is an absolute path; empty
/// (no cache) when that is "off".
std::string sassCacheDir(const Environment& env);

/// Disassembles the cubin at `path`. Errors name the file and the cause: not a cubin (read with
/// libelf first, so nvdisasm never sees a non-CUDA ELF), no nvdisasm (what to install), an
/// nvdisasm older than the cubin's arch, one that fails, crashes or runs past the time limit.
Result<SassResult> disassembleCubin(const std::string& path, const Environment& env,
                                    const SassOptions& options = {});

/// The same for a cubin held in memory, named `name` in errors and in cubinPath. It is written to
/// a temporary file only when nvdisasm must run: a cubin the SASS cache knows costs no file.
Result<SassResult> disassembleCubinBytes(const std::string& bytes, const std::string& name,
                                         const Environment& env, const SassOptions& options = {});

} // namespace kl
