#pragma once

#include "core/model/snapshot.h"
#include "folderlinks.h"
#include "overridemake.h"

#include <cstdio>
#include <vector>

namespace kl {

/// `klens override ls --json`: the documented schema kernellens.override/1 (docs/json-schema.md).
void writeOverrideListJson(const Snapshot& snap, const std::vector<FolderLinks>& links, std::FILE* out);

/// `klens override make --json`: schema kernellens.override-make/1.
void writeOverrideMakeJson(const OverrideMakeResult& result, std::FILE* out);

} // namespace kl
