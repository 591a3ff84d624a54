#pragma once

#include "overridetry.h"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace kl {

/// What a GPU run of both sides gave, or why there was none (`klens override try --run`).
struct TryRun {
    bool ran = false;
    Text reason;        ///< why not, or what the run showed
    std::string device; ///< "NVIDIA H200 (sm_90)" when it ran
    std::string size;   ///< the run spec's problem size
    bool outputsDiffer = false;
    /// Per `out`/`inout` buffer: the edit's values against the original's.
    struct Output {
        std::string argument;
        std::uint64_t checked = 0;
        std::uint64_t mismatches = 0;
        double maxAbsError = 0;
        std::optional<std::uint64_t> firstIndex;
        double firstOriginal = 0, firstEdited = 0;
        Text description;
    };
    std::vector<Output> outputs;
};

/// `klens override try --json`, schema "kernellens.override-try/1" (docs/json-schema.md).
void writeOverrideTryJson(const OverrideTry& r, const TryRun& run, std::FILE* out);

} // namespace kl
