#include "resultcheck.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace kl {
namespace {

bool close(double e, double a, const Tolerance& t)
{
    if (std::isnan(e) || std::isnan(a))
        return std::isnan(e) && std::isnan(a);
    if (std::isinf(e) || std::isinf(a))
        return e == a;
    return std::fabs(a - e) <= t.abs + t.rel * std::fabs(e);
}

std::string number(double v)
{
    std::ostringstream s;
    s.precision(9);
    s << v;
    return s.str();
}

} // namespace

BufferComparison compareBuffers(const HostBuffer& expected, const HostBuffer& actual,
                                const Tolerance& tolerance, std::span<const IndexRange> ranges)
{
    BufferComparison r;
    if (expected.count() != actual.count() || expected.type() != actual.type()) {
        r.ok = false;
        return r;
    }
    const IndexRange all{0, expected.count()};
    const std::span<const IndexRange> todo = ranges.empty() ? std::span<const IndexRange>(&all, 1) : ranges;
    for (const auto& [begin, endRaw] : todo) {
        const std::uint64_t end = std::min(endRaw, expected.count());
        for (std::uint64_t i = begin; i < end; ++i) {
            const double e = expected.get(i);
            const double a = actual.get(i);
            ++r.checked;
            if (std::isfinite(e) && std::isfinite(a))
                r.maxAbsError = std::max(r.maxAbsError, std::fabs(a - e));
            if (close(e, a, tolerance))
                continue;
            ++r.mismatches;
            if (!r.first || i < r.first->index)
                r.first = Mismatch{i, e, a};
        }
    }
    r.ok = r.mismatches == 0;
    return r;
}

Text describeComparison(const BufferComparison& result, std::string_view argument, const Tolerance& tolerance)
{
    if (result.ok)
        return Text::of(KL_TEXT("kl::kernels", "`%1`: %2 elements match, max abs error %3"), argument,
                        result.checked, number(result.maxAbsError));
    if (!result.first)
        return Text::of(
            KL_TEXT("kl::kernels", "`%1`: the result buffer differs in size or type from the expected one"),
            argument);
    return Text::of(KL_TEXT("kl::kernels",
                            "`%1`: %2 of %3 elements differ (tolerance abs %4, rel %5); first at "
                            "index %6: expected %7, got %8; max abs error %9"),
                    argument, result.mismatches, result.checked, number(tolerance.abs), number(tolerance.rel),
                    result.first->index, number(result.first->expected), number(result.first->actual),
                    number(result.maxAbsError));
}

ResultCheck checkResults(const KernelSpec& spec, const std::vector<ExpectedOutput>& expected,
                         const std::vector<HostBuffer>& actual)
{
    ResultCheck check;
    Text summary;
    for (const auto& out : expected) {
        const std::string& name =
            out.argument < spec.arguments.size() ? spec.arguments[out.argument].name : std::string("?");
        if (out.argument >= actual.size()) {
            check.buffers.push_back({false, 0, 0, std::nullopt, 0});
            if (check.ok)
                check.message = Text::of(KL_TEXT("kl::kernels", "`%1`: no result buffer"), name);
            check.ok = false;
            continue;
        }
        check.buffers.push_back(
            compareBuffers(out.values, actual[out.argument], spec.tolerance, out.checked));
        Text text = describeComparison(check.buffers.back(), name, spec.tolerance);
        if (!check.buffers.back().ok && check.ok) {
            check.ok = false;
            check.message = text;
        }
        summary =
            summary.empty() ? std::move(text) : Text::of(KL_TEXT("kl::kernels", "%1; %2"), summary, text);
    }
    if (check.ok)
        check.message = summary;
    return check;
}

} // namespace kl
