#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace kl {

struct NvrtcCacheResult;

/// `klens compile --json` (schema kernellens.compile/1, docs/json-schema.md).
/// `tier`: where the cubin came from ("local", "remote", "compiled"); empty: from `r.hit`.
void writeCompileJson(const std::string& sourcePath, const NvrtcCacheResult& r, std::FILE* out,
                      std::string_view tier = {});

} // namespace kl
