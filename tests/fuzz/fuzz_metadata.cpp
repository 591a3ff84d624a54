// libFuzzer target for Triton metadata parsing (`<name>.json`): the full reader (recursive
// parser with a depth limit, every field re-serialised) and the scanner's in-place fast path.
#include "core/formats/metadata.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto m = kl::parseMetadata(text, kl::MetadataDetail::Full); !m && m.error().english().empty())
        __builtin_trap(); // a failed parse must say why
    std::string copy(text);
    if (auto m = kl::parseMetadataSummaryInPlace(copy); !m && m.error().english().empty())
        __builtin_trap();
    return 0;
}
