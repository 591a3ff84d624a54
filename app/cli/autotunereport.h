#pragma once

#include "gpu/autotunejson.h"
#include "gpu/autotuner.h"

#include <cstdio>

namespace kl::cli {

/// The results table: one row per configuration, fastest first, failures last with the cause.
void printAutotuneTable(const KernelSpec& spec, const AutotuneReport& r, const CopyYardstick& copy,
                        std::FILE* out);

} // namespace kl::cli
