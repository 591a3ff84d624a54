#include "filetype.h"

#include <magic.h>
#include <mutex>

namespace kl {
namespace {

// A libmagic cookie is not thread-safe; one per call keeps this simple and the cost (loading the
// compiled database) only matters for bulk use, which can hold its own cookie later.
template <typename Fn> FileType withMagic(Fn&& fn)
{
    FileType t;
    for (int flags : {MAGIC_MIME_TYPE, MAGIC_NONE}) {
        magic_t cookie = magic_open(flags | MAGIC_SYMLINK | MAGIC_ERROR);
        if (!cookie) {
            t.error = Text(KL_TEXT("kl::util", "libmagic could not start"));
            return t;
        }
        if (magic_load(cookie, nullptr) != 0) {
            t.error = Text::of(KL_TEXT("kl::util", "libmagic could not load its database: %1"),
                               magic_error(cookie));
            magic_close(cookie);
            return t;
        }
        const char* r = fn(cookie);
        std::string value = r ? r : "";
        if (!r && magic_error(cookie))
            t.error = Text::verbatim(magic_error(cookie));
        (flags == MAGIC_MIME_TYPE ? t.mime : t.description) = value;
        magic_close(cookie);
    }
    return t;
}

} // namespace

FileType identifyFile(const std::string& path)
{
    return withMagic([&](magic_t c) { return magic_file(c, path.c_str()); });
}

FileType identifyBuffer(const void* data, std::size_t size)
{
    return withMagic([&](magic_t c) { return magic_buffer(c, data, size); });
}

} // namespace kl
