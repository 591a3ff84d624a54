#pragma once

#include "core/util/result.h"
#include "kernelconfig.h"
#include "kernelspec.h"
#include "specexpression.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace kl {

/// One argument resolved for a configuration and a problem size.
struct ResolvedArgument {
    std::uint64_t count = 0; ///< buffers: elements
    std::uint64_t bytes = 0; ///< buffers: count * element size; scalars: the size of the value
    double value = 0;        ///< scalars: the evaluated value
    /// Scalars: the value in its type, little-endian (the bytes a launch passes for the parameter;
    /// f16 as its IEEE half bits).
    std::array<std::uint8_t, 8> scalarBytes{};
};

/// Everything a launch of one configuration at one problem size needs besides device memory.
struct LaunchPlan {
    std::array<std::uint32_t, 3> grid{};
    std::array<std::uint32_t, 3> block{};
    std::uint32_t sharedBytes = 0;           ///< dynamic shared memory per block
    std::vector<ResolvedArgument> arguments; ///< parallel to KernelSpec::arguments
    double metric = 0;                       ///< bytes or flops of one launch (KernelSpec::metricKind)
    ExpressionVariables variables;           ///< parameters, problem variables and derived values used
};

/// Evaluates derived names, geometry, shared memory, argument counts and scalar values, and the
/// metric. Geometry must be whole numbers within CUDA's limits (grid x up to 2^31-1, y and z up
/// to 65535; block x and y up to 1024, z up to 64, at most 1024 threads); counts whole numbers
/// >= 0; integer scalars whole and in range. Errors name the field and the value, e.g.
/// "`launch.block[0]` = 2048 is more than 1024".
Result<LaunchPlan> planLaunch(const KernelSpec& spec, const Configuration& config, const ProblemSize& size);

/// The problem variables of `size` bound by name.
ExpressionVariables sizeVariables(const ProblemSize& size);

} // namespace kl
