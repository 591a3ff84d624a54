#pragma once

#include "core/model/snapshot.h"
#include "packcache.h"
#include "unpackcache.h"

#include <cstdio>

namespace kl {

/// `klens pack --json`, schema "kernellens.pack/1" (documented in docs/json-schema.md).
void writePackJson(const std::vector<Root>& roots, const PackResult& result, std::FILE* out);

/// `klens unpack --json`, schema "kernellens.unpack/1".
void writeUnpackJson(const std::vector<Root>& roots, const UnpackResult& result, std::FILE* out);

} // namespace kl
