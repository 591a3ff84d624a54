#include "intervals.h"

#include <algorithm>

namespace kl::trace {

std::int64_t mergeIntervals(std::vector<Interval>& v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    std::size_t out = 0;
    for (std::size_t i = 1; i < v.size(); ++i) {
        if (v[i].first <= v[out].second)
            v[out].second = std::max(v[out].second, v[i].second);
        else
            v[++out] = v[i];
    }
    v.resize(out + 1);
    return lengthOf(v);
}

std::int64_t lengthOf(const std::vector<Interval>& merged)
{
    std::int64_t total = 0;
    for (const Interval& i : merged)
        total += i.second - i.first;
    return total;
}

namespace {

// Walks two merged lists in step, handing each non-empty common piece to `take`.
template <typename Take>
void forEachCommon(const std::vector<Interval>& a, const std::vector<Interval>& b, Take take)
{
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const std::int64_t lo = std::max(a[i].first, b[j].first);
        const std::int64_t hi = std::min(a[i].second, b[j].second);
        if (lo < hi)
            take(lo, hi);
        (a[i].second < b[j].second ? i : j)++;
    }
}

} // namespace

std::vector<Interval> intersectIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    std::vector<Interval> out;
    forEachCommon(a, b, [&](std::int64_t lo, std::int64_t hi) { out.emplace_back(lo, hi); });
    return out;
}

std::int64_t intersectionLength(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    std::int64_t total = 0;
    forEachCommon(a, b, [&](std::int64_t lo, std::int64_t hi) { total += hi - lo; });
    return total;
}

std::vector<Interval> subtractIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    std::vector<Interval> out;
    std::size_t j = 0;
    for (const Interval& x : a) {
        std::int64_t from = x.first;
        while (j < b.size() && b[j].second <= from)
            ++j;
        // b's intervals that cut x; the last may reach into the next x, so j stays on it.
        for (std::size_t k = j; k < b.size() && b[k].first < x.second; ++k) {
            if (b[k].first == b[k].second)
                continue; // a zero-length activity cuts nothing
            if (b[k].first > from)
                out.emplace_back(from, b[k].first);
            from = std::max(from, b[k].second);
        }
        if (from < x.second)
            out.emplace_back(from, x.second);
    }
    return out;
}

} // namespace kl::trace
