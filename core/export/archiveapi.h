#pragma once

// libarchive opened with dlopen on first use (util/dynlib) instead of linked: it brings libxml2,
// ICU, nettle and every compressor, which cost each klens start 0.9 ms (of 4.7) while only
// `klens export` and the window's Export use it. archive.h gives the types and prototypes; only
// entryarchive.cpp includes this header.

#include "core/util/text.h"

#include <archive.h>
#include <archive_entry.h>
#include <string>

namespace kl {

#define KL_ARCHIVE_FUNCTIONS(X)                                                                              \
    X(archive_write_new)                                                                                     \
    X(archive_write_set_format_pax_restricted)                                                               \
    X(archive_write_add_filter_gzip)                                                                         \
    X(archive_write_open_filename)                                                                           \
    X(archive_write_header)                                                                                  \
    X(archive_write_data)                                                                                    \
    X(archive_write_close)                                                                                   \
    X(archive_write_free)                                                                                    \
    X(archive_error_string)                                                                                  \
    X(archive_errno)                                                                                         \
    X(archive_entry_new)                                                                                     \
    X(archive_entry_set_pathname)                                                                            \
    X(archive_entry_set_size)                                                                                \
    X(archive_entry_set_filetype)                                                                            \
    X(archive_entry_set_perm)                                                                                \
    X(archive_entry_set_mtime)                                                                               \
    X(archive_entry_free)

struct ArchiveApi {
    Text error; ///< why not, naming the library and the loader's cause; empty when loaded
#define KL_ARCHIVE_MEMBER(name) decltype(&::name) name = nullptr;
    KL_ARCHIVE_FUNCTIONS(KL_ARCHIVE_MEMBER)
#undef KL_ARCHIVE_MEMBER
};
const ArchiveApi& archiveApi();

} // namespace kl
