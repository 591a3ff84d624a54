#include "kernelreference.h"

#include "half.h"
#include "launchplan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kl {

void referenceVectorAdd(std::span<const float> a, std::span<const float> b, std::span<float> c)
{
    const std::size_t n = std::min({a.size(), b.size(), c.size()});
    for (std::size_t i = 0; i < n; ++i)
        c[i] = float(double(a[i]) + double(b[i]));
}

namespace {

template <class Widen, class T>
void matmulRows(std::span<const T> a, std::span<const T> b, std::span<float> c, std::int64_t m,
                std::int64_t n, std::int64_t k, std::span<const std::int64_t> rows, Widen widen)
{
    std::vector<double> acc(std::size_t(n), 0.0);
    auto one = [&](std::int64_t r) {
        std::fill(acc.begin(), acc.end(), 0.0);
        // i-k-j order: B's rows are read contiguously.
        for (std::int64_t kk = 0; kk < k; ++kk) {
            const double av = widen(a[std::size_t(r * k + kk)]);
            const T* brow = b.data() + kk * n;
            for (std::int64_t j = 0; j < n; ++j)
                acc[std::size_t(j)] += av * widen(brow[j]);
        }
        for (std::int64_t j = 0; j < n; ++j)
            c[std::size_t(r * n + j)] = float(acc[std::size_t(j)]);
    };
    if (rows.empty()) {
        for (std::int64_t r = 0; r < m; ++r)
            one(r);
    } else {
        for (std::int64_t r : rows)
            one(r);
    }
}

} // namespace

void referenceMatmulF32(std::span<const float> a, std::span<const float> b, std::span<float> c,
                        std::int64_t m, std::int64_t n, std::int64_t k, std::span<const std::int64_t> rows)
{
    matmulRows(a, b, c, m, n, k, rows, [](float v) { return double(v); });
}

void referenceMatmulF16(std::span<const std::uint16_t> a, std::span<const std::uint16_t> b,
                        std::span<float> c, std::int64_t m, std::int64_t n, std::int64_t k,
                        std::span<const std::int64_t> rows)
{
    // Widen each half once: the table costs 256 KiB and saves a conversion per multiply-add.
    std::vector<double> table(65536);
    for (std::size_t h = 0; h < table.size(); ++h)
        table[h] = halfToFloat(std::uint16_t(h));
    matmulRows(a, b, c, m, n, k, rows, [&table](std::uint16_t v) { return table[v]; });
}

float referenceReduceSum(std::span<const float> in)
{
    double s = 0;
    for (float v : in)
        s += v;
    return float(s);
}

void referenceSoftmax(std::span<const float> in, std::span<float> out, std::int64_t rows, std::int64_t cols)
{
    for (std::int64_t r = 0; r < rows; ++r) {
        const float* x = in.data() + r * cols;
        float* y = out.data() + r * cols;
        double mx = -std::numeric_limits<double>::infinity();
        for (std::int64_t c = 0; c < cols; ++c)
            mx = std::max(mx, double(x[c]));
        double sum = 0;
        for (std::int64_t c = 0; c < cols; ++c)
            sum += std::exp(double(x[c]) - mx);
        for (std::int64_t c = 0; c < cols; ++c)
            y[c] = float(std::exp(double(x[c]) - mx) / sum);
    }
}

const std::vector<ReferenceInfo>& referenceCatalog()
{
    using enum DataType;
    using enum ArgumentRole;
    static const std::vector<ReferenceInfo> catalog = {
        {"vector_add", "c = a + b", {"N"}, {{F32, In}, {F32, In}, {F32, Out}}},
        {"matmul_f32",
         "C = A * B, row-major, A M x K, B K x N",
         {"M", "N", "K"},
         {{F32, In}, {F32, In}, {F32, Out}}},
        {"matmul_f16",
         "C = A * B, fp16 A and B, fp32 C, row-major",
         {"M", "N", "K"},
         {{F16, In}, {F16, In}, {F32, Out}}},
        {"reduce_sum", "out[0] = sum of in[0 .. N)", {"N"}, {{F32, In}, {F32, Out}}},
        {"softmax", "row-wise softmax of a ROWS x COLS matrix", {"ROWS", "COLS"}, {{F32, In}, {F32, Out}}},
    };
    return catalog;
}

const ReferenceInfo* findReference(std::string_view name)
{
    for (const auto& r : referenceCatalog())
        if (r.name == name)
            return &r;
    return nullptr;
}

namespace {

std::vector<std::size_t> checkedBufferArguments(const KernelSpec& spec)
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < spec.arguments.size(); ++i)
        if (spec.arguments[i].kind == ArgumentKind::Buffer && spec.arguments[i].role != ArgumentRole::Scratch)
            out.push_back(i);
    return out;
}

std::string describeLayout(const ReferenceInfo& ref)
{
    std::string s;
    for (const auto& [type, role] : ref.buffers)
        s += (s.empty() ? "" : ", ") + std::string(dataTypeName(type)) + " " +
             std::string(argumentRoleName(role));
    return s;
}

} // namespace

Status checkReferenceLayout(const KernelSpec& spec)
{
    if (spec.reference == "none")
        return {};
    const ReferenceInfo* ref = findReference(spec.reference);
    if (!ref)
        return fail(Text::of(KL_TEXT("kl::kernels", "`reference`: unknown reference `%1`"), spec.reference));
    for (auto v : ref->variables) {
        if (std::find(spec.problemVariables.begin(), spec.problemVariables.end(), v) ==
            spec.problemVariables.end()) {
            return fail(Text::of(
                KL_TEXT("kl::kernels", "`problem.variables`: reference `%1` needs a problem variable `%2`"),
                spec.reference, v));
        }
    }
    const auto args = checkedBufferArguments(spec);
    if (args.size() != ref->buffers.size())
        return fail(
            Text::of(KL_TEXT("kl::kernels", "`arguments`: reference `%1` expects %2 non-scratch buffers "
                                            "(%3), the spec has %4"),
                     spec.reference, ref->buffers.size(), describeLayout(*ref), args.size()));
    for (std::size_t j = 0; j < args.size(); ++j) {
        const KernelArgument& a = spec.arguments[args[j]];
        const auto [type, role] = ref->buffers[j];
        const std::string field = "arguments[" + std::to_string(args[j]) + "]";
        if (a.type != type)
            return fail(Text::of(
                KL_TEXT("kl::kernels", "`%1.type` is %2, reference `%3` expects %4 here (%5)"), field,
                dataTypeName(a.type), spec.reference, dataTypeName(type), describeLayout(*ref)));
        if (a.role != role)
            return fail(Text::of(
                KL_TEXT("kl::kernels", "`%1.role` is %2, reference `%3` expects %4 here (%5)"), field,
                argumentRoleName(a.role), spec.reference, argumentRoleName(role), describeLayout(*ref)));
    }
    return {};
}

namespace {

// Evenly spread rows, the first and the last included, at most `count` of them.
std::vector<std::int64_t> sampleRows(std::int64_t m, std::int64_t count)
{
    std::vector<std::int64_t> rows;
    if (count <= 1 || m <= 1)
        return {0};
    for (std::int64_t i = 0; i < count; ++i)
        rows.push_back(i * (m - 1) / (count - 1));
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

} // namespace

Result<std::vector<ExpectedOutput>> computeReference(const KernelSpec& spec, const LaunchPlan& plan,
                                                     const std::vector<HostBuffer>& buffers,
                                                     std::uint64_t workBudget)
{
    if (spec.reference == "none")
        return fail(
            Text::of(KL_TEXT("kl::kernels",
                             "%1: no CPU reference (\"reference\": \"none\"), results cannot be checked"),
                     spec.path));
    if (Status layout = checkReferenceLayout(spec); !layout)
        return fail(Text::of(KL_TEXT("kl::kernels", "%1: %2"), spec.path, layout.error()));
    const ReferenceInfo& ref = *findReference(spec.reference);
    if (buffers.size() != spec.arguments.size())
        return fail(Text::of(KL_TEXT("kl::kernels", "reference `%1`: %2 buffers for %3 arguments"),
                             spec.reference, buffers.size(), spec.arguments.size()));
    Text error;
    std::vector<std::int64_t> var;
    for (auto name : ref.variables) {
        const auto it = plan.variables.find(name);
        const double v = it == plan.variables.end() ? -1 : it->second;
        if (!(v >= 0 && v <= 9.0e15 && v == std::floor(v)))
            return fail(Text::of(
                KL_TEXT("kl::kernels", "reference `%1`: problem variable `%2` is not a whole number >= 0"),
                spec.reference, name));
        var.push_back(std::int64_t(v));
    }
    const auto args = checkedBufferArguments(spec);
    auto need = [&](std::size_t j, std::uint64_t elements) {
        const std::size_t i = args[j];
        if (buffers[i].count() >= elements && buffers[i].type() == spec.arguments[i].type)
            return true;
        error = Text::of(KL_TEXT("kl::kernels", "reference `%1` needs %2 elements in `%3`, it has %4"),
                         spec.reference, elements, spec.arguments[i].name, buffers[i].count());
        return false;
    };

    std::vector<ExpectedOutput> out;
    auto expected = [&](std::size_t j) -> ExpectedOutput& {
        const std::size_t i = args[j];
        out.push_back({i, HostBuffer(spec.arguments[i].type, buffers[i].count()), {}});
        return out.back();
    };
    const std::string& name = spec.reference;
    if (name == "vector_add") {
        const auto n = std::uint64_t(var[0]);
        if (!need(0, n) || !need(1, n) || !need(2, n))
            return fail(error);
        ExpectedOutput& c = expected(2);
        referenceVectorAdd(buffers[args[0]].f32().first(n), buffers[args[1]].f32().first(n),
                           c.values.f32().first(n));
        if (n < c.values.count())
            c.checked.push_back({0, n});
    } else if (name == "matmul_f32" || name == "matmul_f16") {
        const std::int64_t m = var[0], n = var[1], k = var[2];
        const auto mu = std::uint64_t(m), nu = std::uint64_t(n), ku = std::uint64_t(k);
        if (!need(0, mu * ku) || !need(1, ku * nu) || !need(2, mu * nu))
            return fail(error);
        ExpectedOutput& c = expected(2);
        std::vector<std::int64_t> rows;
        const std::uint64_t rowWork = std::max<std::uint64_t>(1, nu * ku);
        if (mu * rowWork > workBudget) {
            rows = sampleRows(m, std::int64_t(std::max<std::uint64_t>(2, workBudget / rowWork)));
            for (std::int64_t r : rows)
                c.checked.push_back({std::uint64_t(r) * nu, std::uint64_t(r + 1) * nu});
        } else if (mu * nu < c.values.count()) {
            c.checked.push_back({0, mu * nu});
        }
        if (m > 0 && n > 0) {
            if (name == "matmul_f32")
                referenceMatmulF32(buffers[args[0]].f32(), buffers[args[1]].f32(), c.values.f32(), m, n, k,
                                   rows);
            else
                referenceMatmulF16(buffers[args[0]].f16(), buffers[args[1]].f16(), c.values.f32(), m, n, k,
                                   rows);
        }
    } else if (name == "reduce_sum") {
        const auto n = std::uint64_t(var[0]);
        if (!need(0, n) || !need(1, 1))
            return fail(error);
        ExpectedOutput& s = expected(1);
        s.values.f32()[0] = referenceReduceSum(buffers[args[0]].f32().first(n));
        if (s.values.count() > 1)
            s.checked.push_back({0, 1});
    } else if (name == "softmax") {
        const std::int64_t rows = var[0], cols = var[1];
        const auto total = std::uint64_t(rows) * std::uint64_t(cols);
        if (!need(0, total) || !need(1, total))
            return fail(error);
        ExpectedOutput& y = expected(1);
        referenceSoftmax(buffers[args[0]].f32(), y.values.f32(), rows, cols);
        if (total < y.values.count())
            y.checked.push_back({0, total});
    }
    return out;
}

} // namespace kl
