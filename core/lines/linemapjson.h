#pragma once

#include "linemap.h"

#include <cstdio>
#include <string>

namespace kl {

/// Writes schema kernellens.lines/1 (docs/json-schema.md) for the entry at `entryPath`.
void writeLineMapJson(const std::string& entryPath, const LineMap& map, std::FILE* out);

} // namespace kl
