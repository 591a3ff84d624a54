#pragma once

#include "gpustatus.h"

#include <cstdio>

namespace kl {

/// `klens gpu --json`, schema "kernellens.gpu/1" (docs/json-schema.md).
void writeGpuStatusJson(const GpuStatus& s, std::FILE* out);

} // namespace kl
