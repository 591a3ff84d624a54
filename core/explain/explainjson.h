#pragma once

#include "core/report/entrydetail.h"
#include "currentenvironment.h"
#include "entrycomparison.h"

#include <cstdio>

namespace kl {

/// `klens explain --json`, schema "kernellens.explain/1" (docs/json-schema.md): entry `a` against
/// entry `b` (mode "entries"), or, with `b` null, against the environment `now` (mode
/// "environment"; null when not probed).
void writeExplainJson(const Explanation& ex, const EntryDetail& a, const EntryDetail* b,
                      const CurrentEnvironment* now, std::FILE* out);

} // namespace kl
