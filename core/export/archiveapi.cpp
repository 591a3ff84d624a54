#include "archiveapi.h"

#include "core/util/dynlib.h"

#include <vector>

namespace kl {

// Filled once, on first use, in a function-local static (thread-safe). libarchive's soname has
// been libarchive.so.13 since 3.0 (Debian's libarchive13).
const ArchiveApi& archiveApi()
{
    static const ArchiveApi api = [] {
        ArchiveApi a;
#define KL_ARCHIVE_SLOT(name) dynamicSlot(a.name, #name),
        auto lib = openWithFunctions(
            {"libarchive.so.13"},
            KL_TEXT("kl::export", "libarchive could not be loaded (%1): install libarchive13 to export"),
            {KL_ARCHIVE_FUNCTIONS(KL_ARCHIVE_SLOT)});
#undef KL_ARCHIVE_SLOT
        if (!lib)
            a.error = lib.error();
        return a;
    }();
    return api;
}

} // namespace kl
