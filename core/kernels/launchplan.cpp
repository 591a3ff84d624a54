#include "kernels/launchplan.h"

#include "kernels/half.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

namespace kl {
namespace {

std::string number(double v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

bool evaluate(const std::string& field, const std::string& text, const ExpressionVariables& vars, double& out,
              std::string& error)
{
    if (!evaluateExpression(text, vars, out, error)) {
        error = "`" + field + "`: " + error;
        return false;
    }
    return true;
}

// A whole number in [lo, hi]; the error names the field and the value.
bool wholeInRange(const std::string& field, double v, double lo, double hi, std::string& error)
{
    if (!std::isfinite(v) || v != std::floor(v)) {
        error = "`" + field + "` = " + number(v) + " is not a whole number";
        return false;
    }
    if (v < lo) {
        error = "`" + field + "` = " + number(v) + " is less than " + number(lo);
        return false;
    }
    if (v > hi) {
        error = "`" + field + "` = " + number(v) + " is more than " + number(hi);
        return false;
    }
    return true;
}

template <class T> void store(std::array<std::uint8_t, 8>& bytes, T v)
{
    static_assert(sizeof(T) <= 8);
    std::memcpy(bytes.data(), &v, sizeof v);
}

bool packScalar(const std::string& field, DataType type, double v, ResolvedArgument& arg, std::string& error)
{
    // Whole numbers above 2^53 are not exact in a double, so i64 scalars stop there.
    constexpr double kMaxExact = 9007199254740992.0;
    arg.value = v;
    arg.bytes = dataTypeSize(type);
    switch (type) {
    case DataType::I32:
        if (!wholeInRange(field, v, std::numeric_limits<std::int32_t>::min(),
                          std::numeric_limits<std::int32_t>::max(), error))
            return false;
        store(arg.scalarBytes, std::int32_t(v));
        return true;
    case DataType::I64:
        if (!wholeInRange(field, v, -kMaxExact, kMaxExact, error))
            return false;
        store(arg.scalarBytes, std::int64_t(v));
        return true;
    case DataType::F16:
    case DataType::F32:
    case DataType::F64:
        if (!std::isfinite(v)) {
            error = "`" + field + "` = " + number(v) + " is not finite";
            return false;
        }
        if (type == DataType::F16)
            store(arg.scalarBytes, floatToHalf(float(v)));
        else if (type == DataType::F32)
            store(arg.scalarBytes, float(v));
        else
            store(arg.scalarBytes, v);
        return true;
    }
    return false;
}

} // namespace

ExpressionVariables sizeVariables(const ProblemSize& size)
{
    ExpressionVariables vars;
    for (const auto& [name, value] : size.values)
        vars[name] = double(value);
    return vars;
}

std::optional<LaunchPlan> planLaunch(const KernelSpec& spec, const Configuration& config,
                                     const ProblemSize& size, std::string& error)
{
    if (config.values.size() != spec.parameters.size()) {
        error = "the configuration has " + std::to_string(config.values.size()) + " values for " +
                std::to_string(spec.parameters.size()) + " parameters";
        return std::nullopt;
    }
    LaunchPlan plan;
    plan.variables = configurationVariables(spec, config);
    for (const auto& [name, value] : size.values)
        plan.variables[name] = double(value);
    for (const auto& name : spec.problemVariables) {
        if (!plan.variables.count(name)) {
            error = "problem size `" + size.name + "` gives no value for `" + name + "`";
            return std::nullopt;
        }
    }
    for (const auto& d : spec.derived) {
        double v = 0;
        if (!evaluate("derived." + d.name, d.expression, plan.variables, v, error))
            return std::nullopt;
        plan.variables[d.name] = v;
    }

    // CUDA's launch limits, the same on every architecture KernelLens targets.
    static constexpr double kGridMax[3] = {2147483647.0, 65535.0, 65535.0};
    static constexpr double kBlockMax[3] = {1024.0, 1024.0, 64.0};
    double threads = 1;
    for (int i = 0; i < 3; ++i) {
        double g = 0, b = 0;
        const std::string gf = "launch.grid[" + std::to_string(i) + "]";
        const std::string bf = "launch.block[" + std::to_string(i) + "]";
        if (!evaluate(gf, spec.grid[i], plan.variables, g, error) ||
            !wholeInRange(gf, g, 1, kGridMax[i], error))
            return std::nullopt;
        if (!evaluate(bf, spec.block[i], plan.variables, b, error) ||
            !wholeInRange(bf, b, 1, kBlockMax[i], error))
            return std::nullopt;
        plan.grid[i] = std::uint32_t(g);
        plan.block[i] = std::uint32_t(b);
        threads *= b;
    }
    if (threads > 1024) {
        error = "`launch.block` has " + number(threads) + " threads, more than 1024";
        return std::nullopt;
    }
    double shared = 0;
    if (!evaluate("launch.shared_bytes", spec.sharedBytes, plan.variables, shared, error) ||
        !wholeInRange("launch.shared_bytes", shared, 0, 4294967295.0, error))
        return std::nullopt;
    plan.sharedBytes = std::uint32_t(shared);

    for (std::size_t i = 0; i < spec.arguments.size(); ++i) {
        const KernelArgument& a = spec.arguments[i];
        ResolvedArgument r;
        double v = 0;
        if (a.kind == ArgumentKind::Buffer) {
            const std::string field = "arguments[" + std::to_string(i) + "].count";
            // 2^50 elements is far beyond any device; the bound keeps count * size exact.
            if (!evaluate(field, a.count, plan.variables, v, error) ||
                !wholeInRange(field, v, 0, 1125899906842624.0, error))
                return std::nullopt;
            r.count = std::uint64_t(v);
            r.bytes = r.count * dataTypeSize(a.type);
        } else {
            const std::string field = "arguments[" + std::to_string(i) + "].value";
            if (!evaluate(field, a.value, plan.variables, v, error) ||
                !packScalar(field, a.type, v, r, error))
                return std::nullopt;
        }
        plan.arguments.push_back(r);
    }

    if (!evaluate("metric.value", spec.metric, plan.variables, plan.metric, error))
        return std::nullopt;
    if (!std::isfinite(plan.metric) || plan.metric < 0) {
        error = "`metric.value` = " + number(plan.metric) + " is not a finite number >= 0";
        return std::nullopt;
    }
    return plan;
}

} // namespace kl
