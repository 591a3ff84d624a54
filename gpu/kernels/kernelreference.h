#pragma once

#include "core/util/result.h"
#include "hostbuffer.h"
#include "kernelspec.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kl {

struct LaunchPlan;

/// The CPU computations a spec's "reference" can name. All accumulate in double and round once
/// to the output type, so they stand for the exact result.
void referenceVectorAdd(std::span<const float> a, std::span<const float> b, std::span<float> c);

/// C (M x N) = A (M x K) * B (K x N), row-major. Only `rows` of C are computed (all when empty).
void referenceMatmulF32(std::span<const float> a, std::span<const float> b, std::span<float> c,
                        std::int64_t m, std::int64_t n, std::int64_t k,
                        std::span<const std::int64_t> rows = {});

/// The same with fp16 inputs (IEEE half bits, widened exactly) and an fp32 result.
void referenceMatmulF16(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                        std::span<float> c, std::int64_t m, std::int64_t n, std::int64_t k,
                        std::span<const std::int64_t> rows = {});

/// The sum, rounded once to float.
float referenceReduceSum(std::span<const float> in);

/// Row-wise softmax of a row-major rows x cols matrix, max-subtracted.
void referenceSoftmax(std::span<const float> in, std::span<float> out, std::int64_t rows, std::int64_t cols);

/// What a reference needs from a spec: the problem variables it reads and, in order, the
/// non-scratch buffer arguments (type and role). Scalars and scratch buffers are ignored.
struct ReferenceInfo {
    std::string_view name;
    std::string_view summary;
    std::vector<std::string_view> variables;
    std::vector<std::pair<DataType, ArgumentRole>> buffers;
};

/// vector_add, matmul_f32, matmul_f16, reduce_sum, softmax. "none" (no check) is not listed.
const std::vector<ReferenceInfo>& referenceCatalog();
const ReferenceInfo* findReference(std::string_view name);

/// Whether `spec`'s arguments and problem variables fit the reference it names ("none" always
/// fits). The error names the field, e.g. "`arguments[1].type` is f32, reference `matmul_f16`
/// expects f16 here".
Status checkReferenceLayout(const KernelSpec& spec);

/// A contiguous run [begin, end) of element indices.
using IndexRange = std::pair<std::uint64_t, std::uint64_t>;

/// The expected contents of one out or inout buffer.
struct ExpectedOutput {
    std::size_t argument = 0;        ///< index into KernelSpec::arguments
    HostBuffer values;               ///< sized like the argument; only `checked` elements are meaningful
    std::vector<IndexRange> checked; ///< the elements the reference computed; empty: all of them
};

/// Work (multiply-adds) a reference may spend before it samples: 2^28, about a quarter second.
constexpr std::uint64_t kReferenceWorkBudget = 1ull << 28;

/// Runs the spec's reference on `buffers` (one per argument, as makeHostBuffers gives them)
/// for the plan's problem variables. Matmuls over `workBudget` compute a deterministic sample of
/// whole rows (the first, the last, and evenly spread ones between), recorded in `checked`.
/// Errors: reference "none", or a buffer smaller than the reference needs ("reference
/// `matmul_f32` needs 6000 elements in `A`, it has 5000").
Result<std::vector<ExpectedOutput>> computeReference(const KernelSpec& spec, const LaunchPlan& plan,
                                                     const std::vector<HostBuffer>& buffers,
                                                     std::uint64_t workBudget = kReferenceWorkBudget);

} // namespace kl
