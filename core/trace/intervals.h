#pragma once

// Half-open time intervals [start, end) in ns, and the set operations the trace figures are made
// of: busy time is a union, overlap an intersection, exposed communication a difference. One
// implementation serves the report (lengths) and the timeline (the intervals themselves), so what
// the Trace page shades is exactly what its figures count.

#include <cstdint>
#include <utility>
#include <vector>

namespace kl::trace {

using Interval = std::pair<std::int64_t, std::int64_t>;

/// Sorts and merges in place (touching intervals join); returns the total covered length.
std::int64_t mergeIntervals(std::vector<Interval>& v);

/// Total length of a merged (sorted, disjoint) list.
std::int64_t lengthOf(const std::vector<Interval>& merged);

/// a ∩ b of two merged lists, merged.
std::vector<Interval> intersectIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b);

/// Length of a ∩ b without building it.
std::int64_t intersectionLength(const std::vector<Interval>& a, const std::vector<Interval>& b);

/// a − b of two merged lists, merged.
std::vector<Interval> subtractIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b);

} // namespace kl::trace
