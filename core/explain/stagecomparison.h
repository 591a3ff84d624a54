#pragma once

// Every stage two entries both have, compared: which are the same, which differ and by how many
// lines, and whether two cubins that differ still hold the same code. `klens diff A B` and the
// window's compare start from it, on the first stage that differs.

#include "core/diff/irnormalise.h"
#include "core/model/entry.h"
#include "core/util/text.h"

#include <atomic>
#include <string>
#include <vector>

namespace kl {

enum class StageState {
    Same,
    Differs,
    SameCode, ///< a cubin whose bytes differ while every kernel's instructions are the same
    OnlyA,    ///< only the first entry has the stage
    OnlyB,
    Unreadable, ///< `note` says why
};
std::string_view toString(StageState s); ///< "same", "differs", "same_code", "only_a", "only_b", "unreadable"

struct StageComparison {
    std::string stage; ///< the file suffix: "ttgir", "ptx", "cubin", ...
    StageState state = StageState::Same;
    std::size_t deleted = 0, inserted = 0; ///< text stages: lines
    Text note;
    /// Whether this counts as a difference: a cubin holding the same code does not when locations
    /// are ignored (its other bytes are line info and notes).
    bool differs(const DiffOptions& options) const;
};

/// The stages of either entry in compile order (metadata and group files aside), each compared:
/// text stages line by line under `options`, binaries byte for byte, cubins also by code.
std::vector<StageComparison> compareStages(const Entry& a, const Entry& b, const DiffOptions& options,
                                           const std::atomic<bool>* cancel = nullptr);

} // namespace kl
