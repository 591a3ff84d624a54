#include "launchplan.h"

#include "half.h"

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

// File-local steps of planLaunch: each returns false with `error` set, so the plan reads as a
// chain of checks; planLaunch hands the first error back as its Result.
bool evaluate(const std::string& field, const std::string& text, const ExpressionVariables& vars, double& out,
              Text& error)
{
    Result<double> v = evaluateExpression(text, vars);
    if (!v) {
        error = Text::of(KL_TEXT("kl::kernels", "`%1`: %2"), field, v.error());
        return false;
    }
    out = *v;
    return true;
}

// A whole number in [lo, hi]; the error names the field and the value.
bool wholeInRange(const std::string& field, double v, double lo, double hi, Text& error)
{
    if (!std::isfinite(v) || v != std::floor(v)) {
        error = Text::of(KL_TEXT("kl::kernels", "`%1` = %2 is not a whole number"), field, number(v));
        return false;
    }
    if (v < lo) {
        error = Text::of(KL_TEXT("kl::kernels", "`%1` = %2 is less than %3"), field, number(v), number(lo));
        return false;
    }
    if (v > hi) {
        error = Text::of(KL_TEXT("kl::kernels", "`%1` = %2 is more than %3"), field, number(v), number(hi));
        return false;
    }
    return true;
}

template <class T> void store(std::array<std::uint8_t, 8>& bytes, T v)
{
    static_assert(sizeof(T) <= 8);
    std::memcpy(bytes.data(), &v, sizeof v);
}

bool packScalar(const std::string& field, DataType type, double v, ResolvedArgument& arg, Text& error)
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
            error = Text::of(KL_TEXT("kl::kernels", "`%1` = %2 is not finite"), field, number(v));
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

Result<LaunchPlan> planLaunch(const KernelSpec& spec, const Configuration& config, const ProblemSize& size)
{
    if (config.values.size() != spec.parameters.size())
        return fail(Text::of(KL_TEXT("kl::kernels", "the configuration has %1 values for %2 parameters"),
                             config.values.size(), spec.parameters.size()));
    Text error;
    LaunchPlan plan;
    plan.variables = configurationVariables(spec, config);
    for (const auto& [name, value] : size.values)
        plan.variables[name] = double(value);
    for (const auto& name : spec.problemVariables) {
        if (!plan.variables.count(name))
            return fail(Text::of(KL_TEXT("kl::kernels", "problem size `%1` gives no value for `%2`"),
                                 size.name, name));
    }
    for (const auto& d : spec.derived) {
        double v = 0;
        if (!evaluate("derived." + d.name, d.expression, plan.variables, v, error))
            return fail(error);
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
            return fail(error);
        if (!evaluate(bf, spec.block[i], plan.variables, b, error) ||
            !wholeInRange(bf, b, 1, kBlockMax[i], error))
            return fail(error);
        plan.grid[i] = std::uint32_t(g);
        plan.block[i] = std::uint32_t(b);
        threads *= b;
    }
    if (threads > 1024)
        return fail(Text::of(KL_TEXT("kl::kernels", "`launch.block` has %1 threads, more than 1024"),
                             number(threads)));
    double shared = 0;
    if (!evaluate("launch.shared_bytes", spec.sharedBytes, plan.variables, shared, error) ||
        !wholeInRange("launch.shared_bytes", shared, 0, 4294967295.0, error))
        return fail(error);
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
                return fail(error);
            r.count = std::uint64_t(v);
            r.bytes = r.count * dataTypeSize(a.type);
        } else {
            const std::string field = "arguments[" + std::to_string(i) + "].value";
            if (!evaluate(field, a.value, plan.variables, v, error) ||
                !packScalar(field, a.type, v, r, error))
                return fail(error);
        }
        plan.arguments.push_back(r);
    }

    if (!evaluate("metric.value", spec.metric, plan.variables, plan.metric, error))
        return fail(error);
    if (!std::isfinite(plan.metric) || plan.metric < 0)
        return fail(Text::of(KL_TEXT("kl::kernels", "`metric.value` = %1 is not a finite number >= 0"),
                             number(plan.metric)));
    return plan;
}

} // namespace kl
