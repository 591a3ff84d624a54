#pragma once

#include <cstdio>
#include <string>

namespace kl {

struct NvrtcCacheResult;

/// `klens compile --json` (schema kernellens.compile/1, docs/json-schema.md).
void writeCompileJson(const std::string& sourcePath, const NvrtcCacheResult& r, std::FILE* out);

} // namespace kl
