// libFuzzer target for Triton group files (`__grp__<name>.json`), both parse paths.
#include "core/formats/groupfile.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto g = kl::parseGroupFile(text)) {
        for (const kl::GroupChild& c : g->children)
            (void)kl::isPlainFileName(c.name);
    } else if (g.error().english().empty()) {
        __builtin_trap(); // a failed parse must say why
    }
    std::string copy(text);
    if (auto g = kl::parseGroupFileInPlace(copy); !g && g.error().english().empty())
        __builtin_trap();
    return 0;
}
