#pragma once

#include "core/util/text.h"
#include "hostbuffer.h"
#include "kernelreference.h"
#include "kernelspec.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kl {

struct Mismatch {
    std::uint64_t index = 0;
    double expected = 0;
    double actual = 0;
};

/// How one buffer compares with its expected values. An element passes when
/// |actual - expected| <= abs + rel * |expected| (numpy's allclose); NaN passes only against NaN,
/// an infinity only against the same infinity.
struct BufferComparison {
    bool ok = true;
    std::uint64_t checked = 0;     ///< elements compared
    std::uint64_t mismatches = 0;  ///< elements that failed
    std::optional<Mismatch> first; ///< the lowest failing index
    double maxAbsError = 0;        ///< over the finite pairs compared
};

/// Compares the elements in `ranges` (all of them when empty). A count or type mismatch between
/// the buffers fails with no `first`.
BufferComparison compareBuffers(const HostBuffer& expected, const HostBuffer& actual,
                                const Tolerance& tolerance, std::span<const IndexRange> ranges = {});

/// "`c`: 3 of 100003 elements differ (tolerance abs 0, rel 1e-07); first at index 17: expected 1.5,
/// got 2.5; max abs error 1" or "`c`: 100003 elements match, max abs error 0".
Text describeComparison(const BufferComparison& result, std::string_view argument,
                        const Tolerance& tolerance);

/// The verdict over every expected output of a run.
struct ResultCheck {
    bool ok = true;
    Text message;                          ///< the first failing buffer's description, else a summary
    std::vector<BufferComparison> buffers; ///< parallel to the expected outputs
};

/// Compares each expected output with `actual[output.argument]` (one buffer per spec argument,
/// as after copying the device buffers back) under the spec's tolerance.
ResultCheck checkResults(const KernelSpec& spec, const std::vector<ExpectedOutput>& expected,
                         const std::vector<HostBuffer>& actual);

} // namespace kl
