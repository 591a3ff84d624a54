#pragma once

#include "core/report/entrydetail.h"
#include "core/util/text.h"
#include "currentenvironment.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// Which input of Triton's key a difference is in.
enum class DifferenceKind { Kernel, TritonVersion, Target, Option, EnvVar, Stage };
std::string_view toString(DifferenceKind kind); ///< "kernel", "triton_version", "target", ...

/// One line of two texts that differ; a side is empty when that text has fewer lines.
struct LineDifference {
    std::size_t line = 0; ///< 1-based
    std::optional<std::string> a;
    std::optional<std::string> b;
};

/// One recorded input that differs between two sides (two entries, or an entry and now).
struct Difference {
    DifferenceKind kind = DifferenceKind::Option;
    std::string name;             ///< "arch", "num_warps", "TRITON_DISABLE_LINE_INFO", "ttir", ...
    std::optional<std::string> a; ///< the value as JSON text; empty: not set / not recorded
    std::optional<std::string> b;
    Text note;                         ///< what the difference implies, when not obvious
    std::vector<LineDifference> lines; ///< stages: the first differing lines
    std::size_t aLineCount = 0, bLineCount = 0;
};

/// Why two keys differ, as far as the cache records it.
struct Explanation {
    bool ok = false;
    Text error; ///< names the entry and the cause when the sides cannot be compared
    std::vector<Difference> differences;
    bool sameHash = false;
    /// Both cubins hold the same instructions in every kernel (core/cubin sameCode): the keys
    /// differ but the code does not. Unset when either side has no readable cubin.
    std::optional<bool> sameCode;
    std::vector<Text> notes;
    /// Key inputs the cache does not record: the remaining suspects when nothing above differs.
    std::vector<Text> notRecorded;
};

struct CompareOptions {
    std::uint64_t maxStageBytes = 64ull << 20; ///< .source/.ttir larger than this are not compared
    std::size_t maxLineDifferences = 3;
    std::size_t maxLineBytes = 240;
};

/// Compare two kernel entries' recorded key inputs: kernel name, Triton version, target, each
/// option, each cache-invalidating variable, and the .source / .ttir text (read only here).
Explanation compareEntries(const EntryDetail& a, const EntryDetail& b, const CompareOptions& options = {});

/// Compare a kernel entry (side a) with what a compile here and now would use (side b): the
/// cache-invalidating variables as Triton would record them, the Triton version, the GPU arch.
Explanation compareWithEnvironment(const EntryDetail& a, const CurrentEnvironment& now);

} // namespace kl
