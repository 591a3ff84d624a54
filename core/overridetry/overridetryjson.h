#pragma once

#include "overridetry.h"

#include <cstdio>

namespace kl {

/// What a GPU run of both sides gave, or why there was none (`klens override try --run`).
struct TryRun {
    bool ran = false;
    Text reason; ///< why not, or what the run showed
};

/// `klens override try --json`, schema "kernellens.override-try/1" (docs/json-schema.md).
void writeOverrideTryJson(const OverrideTry& r, const TryRun& run, std::FILE* out);

} // namespace kl
