#pragma once

#include "cleanexecutor.h"
#include "cleanplan.h"

#include <cstdio>

namespace kl {

/// `klens clean --json`, schema "kernellens.clean/1" (documented in docs/json-schema.md).
/// `result` is null for --dry-run: every removal is then "would-remove".
void writeCleanJson(const CleanPlan& plan, const CleanPolicy& policy, const CleanResult* result,
                    std::FILE* out);

} // namespace kl
