#pragma once

#include "autotuner.h"
#include "gpu/kernels/kernelspec.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace kl {

/// A device-to-device copy of as many bytes as the best launch moves: what a bandwidth-bound
/// kernel is measured against.
struct CopyYardstick {
    std::uint64_t bytes = 0; ///< copied (read and written: twice this moved)
    double gbs = 0;          ///< 0 when not measured
    std::string error;
};

/// `klens autotune --json`, schema "kernellens.autotune-run/1" (docs/json-schema.md).
void writeAutotuneJson(const KernelSpec& spec, const AutotuneReport& r, const CopyYardstick& copy,
                       std::FILE* out);

} // namespace kl
