#include "filetype.h"

#include "dynlib.h"

#include <magic.h>

namespace kl {
namespace {

// libmagic is opened with dlopen on first use (util/dynlib), not linked: only the rare file that
// is not what its name says is identified, and linking it cost every klens start 0.3 ms.
#define KL_MAGIC_FUNCTIONS(X)                                                                                \
    X(magic_open) X(magic_load) X(magic_error) X(magic_close) X(magic_file) X(magic_buffer)

struct MagicApi {
    Text error;
#define KL_MAGIC_MEMBER(name) decltype(&::name) name = nullptr;
    KL_MAGIC_FUNCTIONS(KL_MAGIC_MEMBER)
#undef KL_MAGIC_MEMBER
};

const MagicApi& magicApi()
{
    // libmagic1's soname, libmagic.so.1, has not changed since file 4.
    static const MagicApi api = [] {
        MagicApi a;
#define KL_MAGIC_SLOT(name) dynamicSlot(a.name, #name),
        auto lib =
            openWithFunctions({"libmagic.so.1"}, KL_TEXT("kl::util", "libmagic could not be loaded (%1)"),
                              {KL_MAGIC_FUNCTIONS(KL_MAGIC_SLOT)});
#undef KL_MAGIC_SLOT
        if (!lib)
            a.error = lib.error();
        return a;
    }();
    return api;
}

// A libmagic cookie is not thread-safe; one per call keeps this simple and the cost (loading the
// compiled database) only matters for bulk use, which can hold its own cookie later.
template <typename Fn> FileType withMagic(Fn&& fn)
{
    FileType t;
    const MagicApi& m = magicApi();
    if (!m.error.empty()) {
        t.error = m.error;
        return t;
    }
    for (int flags : {MAGIC_MIME_TYPE, MAGIC_NONE}) {
        magic_t cookie = m.magic_open(flags | MAGIC_SYMLINK | MAGIC_ERROR);
        if (!cookie) {
            t.error = Text(KL_TEXT("kl::util", "libmagic could not start"));
            return t;
        }
        if (m.magic_load(cookie, nullptr) != 0) {
            t.error = Text::of(KL_TEXT("kl::util", "libmagic could not load its database: %1"),
                               m.magic_error(cookie));
            m.magic_close(cookie);
            return t;
        }
        const char* r = fn(m, cookie);
        std::string value = r ? r : "";
        if (!r && m.magic_error(cookie))
            t.error = Text::verbatim(m.magic_error(cookie));
        (flags == MAGIC_MIME_TYPE ? t.mime : t.description) = value;
        m.magic_close(cookie);
    }
    return t;
}

} // namespace

FileType identifyFile(const std::string& path)
{
    return withMagic([&](const MagicApi& m, magic_t c) { return m.magic_file(c, path.c_str()); });
}

FileType identifyBuffer(const void* data, std::size_t size)
{
    return withMagic([&](const MagicApi& m, magic_t c) { return m.magic_buffer(c, data, size); });
}

} // namespace kl
