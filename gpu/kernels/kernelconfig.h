#pragma once

#include "core/util/result.h"
#include "kernelspec.h"
#include "specexpression.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// One value per tunable parameter, in the spec's parameter order.
struct Configuration {
    std::vector<std::int64_t> values;
    bool operator==(const Configuration&) const = default;
};

/// Every parameter at its default.
Configuration defaultConfiguration(const KernelSpec& spec);

/// Whether every constraint evaluates to a finite non-zero value for `config`. `rejectedBy` gets
/// the first constraint that does not (with the cause when it could not be evaluated).
bool satisfiesConstraints(const KernelSpec& spec, const Configuration& config,
                          std::string* rejectedBy = nullptr);

/// The cartesian product of the parameter values (the last parameter varies fastest, values in
/// spec order) filtered by the constraints. `rejected`, when given, gets the number filtered out.
std::vector<Configuration> enumerateConfigurations(const KernelSpec& spec, std::size_t* rejected = nullptr);

/// How many combinations the parameter values give before the constraints (saturates at SIZE_MAX).
std::size_t combinationCount(const KernelSpec& spec);

/// "NAME=VALUE" per parameter, spec order, for a compiler's defines.
std::vector<std::string> configurationDefines(const KernelSpec& spec, const Configuration& config);

/// The same with the "-D" prefix, as nvcc and NVRTC take options.
std::vector<std::string> configurationDefineOptions(const KernelSpec& spec, const Configuration& config);

/// "BLOCK_SIZE=256 ITEMS_PER_THREAD=4" for tables and messages.
std::string configurationLabel(const KernelSpec& spec, const Configuration& config);

/// `{"BLOCK_SIZE": 256, "ITEMS_PER_THREAD": 4}` (compact JSON), the kwargs of an autotune record.
std::string configurationJson(const KernelSpec& spec, const Configuration& config);

/// Parameter values bound by name, for expressions.
ExpressionVariables configurationVariables(const KernelSpec& spec, const Configuration& config);

/// A size from the command line: "" (the default size), a size name, or assignments
/// "M=512,N=256" that override the default size's values (named "custom"). Values must be
/// whole numbers >= 0 and names problem variables; errors say which.
Result<ProblemSize> resolveProblemSize(const KernelSpec& spec, std::string_view text);

} // namespace kl
