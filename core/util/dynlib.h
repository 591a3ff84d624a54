#pragma once

// Shared libraries opened at run time instead of linked: NVRTC and nvJitLink (core/nvrtc), the
// CUDA driver (gpu/cudaapi), libarchive (core/export) and libmagic (util/filetype). Their headers
// give types and prototypes; a binary that never links them starts where they are missing (and
// sooner: each linked library is loaded and relocated at every start), and says why a feature is
// off when they cannot be opened.

#include "result.h"
#include "text.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace kl {

/// A library opened with dlopen(RTLD_NOW | RTLD_LOCAL) and never closed: the libraries we load
/// (the driver, NVRTC's LLVM) keep threads and handlers that outlive any object of ours, and
/// RTLD_LOCAL keeps their symbols out of the process's namespace. Open it once, on first use,
/// in a function-local static (thread-safe initialisation) and share it read-only.
class DynamicLibrary {
public:
    /// Opens the first of `candidates` (paths or sonames, in order; empty ones are skipped) that
    /// loads. On failure: `why` with %1 = every candidate's dlerror(), joined by "; ", e.g.
    /// KL_TEXT("kl::gpu", "no CUDA driver (%1)").
    static Result<DynamicLibrary> open(const std::vector<std::string>& candidates, TextSource why);

    /// The candidate that was opened, as written.
    const std::string& path() const { return m_path; }

    /// dlsym(`name`), else the first of `alternatives` found; null when none is exported.
    void* symbol(const std::string& name, std::initializer_list<const char*> alternatives = {}) const;

    /// One entry of a function table: where to store the address and the name to look up.
    struct Slot {
        void* address; ///< of a function pointer, which receives the symbol
        std::string name;
    };
    /// Fills every slot (missing ones with null) and returns the first name not found, or an
    /// empty string when all were. `older` names a same-signature fallback for a symbol, if any.
    std::string resolve(const std::vector<Slot>& slots,
                        const char* (*older)(const std::string&) = nullptr) const;

private:
    void* m_handle = nullptr;
    std::string m_path;
};

/// Opens the first of `candidates` that loads (DynamicLibrary::open) and fills every slot from it.
/// The error says why not: `why` when none opened, "LIBRARY lacks FUNCTION" for the first
/// function it does not export.
Result<DynamicLibrary> openWithFunctions(const std::vector<std::string>& candidates, TextSource why,
                                         const std::vector<DynamicLibrary::Slot>& slots);

/// Stores `symbol` as a function pointer of `Fn`'s type in `out`.
template <typename Fn> DynamicLibrary::Slot dynamicSlot(Fn*& out, std::string name)
{
    static_assert(sizeof(Fn*) == sizeof(void*));
    return {static_cast<void*>(&out), std::move(name)};
}

} // namespace kl
