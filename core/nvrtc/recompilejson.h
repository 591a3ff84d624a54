#pragma once

#include "core/model/entry.h"
#include "recompile.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace kl {

/// `klens recompile --json`, schema "kernellens.recompile/1" (docs/json-schema.md): each entry
/// with its rebuild's report.
void writeRecompileJson(const std::vector<std::pair<Entry, RecompileReport>>& results, std::FILE* out);

} // namespace kl
