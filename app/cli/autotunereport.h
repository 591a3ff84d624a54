#pragma once

#include "autotuner.h"

#include <cstdio>
#include <string>

namespace kl::cli {

/// A device-to-device copy of as many bytes as the best launch moves: what a bandwidth-bound
/// kernel is measured against.
struct CopyYardstick {
    std::uint64_t bytes = 0; ///< copied (read and written: twice this moved)
    double gbs = 0;          ///< 0 when not measured
    std::string error;
};

/// The results table: one row per configuration, fastest first, failures last with the cause.
void printAutotuneTable(const KernelSpec& spec, const AutotuneReport& r, const CopyYardstick& copy,
                        std::FILE* out);

/// schema kernellens.autotune-run/1 (docs/json-schema.md).
void writeAutotuneJson(const KernelSpec& spec, const AutotuneReport& r, const CopyYardstick& copy,
                       std::FILE* out);

} // namespace kl::cli
