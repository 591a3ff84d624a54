// libFuzzer target for kl::readCubinInfo: any bytes give ok or an error text, never a crash.
// The result also goes through the `klens cubin --json` writer, since kernel names come
// straight from the (hostile) section name table.
#include "core/cubin/cubininfo.h"
#include "core/cubin/cubininfojson.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static std::FILE* devNull = std::fopen("/dev/null", "w");
    const kl::CubinResult r = kl::readCubinInfo(std::span<const std::uint8_t>(data, size));
    if (!r.ok && r.error.empty())
        __builtin_trap(); // a failure without a cause leaves the user nothing to act on
    if (r.ok && devNull)
        kl::writeCubinInfoJson("fuzz.cubin", r.info, {}, devNull);
    return 0;
}
