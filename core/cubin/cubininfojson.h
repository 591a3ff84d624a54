#pragma once

#include "cubin/cubininfo.h"

#include <cstdio>
#include <string>

namespace kl {

/// Writes the `kernellens.cubin/1` document (docs/json-schema.md) for the cubin at `path`.
void writeCubinInfoJson(const std::string& path, const CubinInfo& info, std::FILE* out);

} // namespace kl
