#pragma once

#include "sassdisasm.h"

#include <cstdio>
#include <string>

namespace kl {

/// Writes schema kernellens.sass/1 (docs/json-schema.md). `kernel`, when not empty, keeps only
/// the kernel of that name.
void writeSassJson(const SassResult& result, const std::string& kernel, std::FILE* out);

} // namespace kl
