#include "linediff.h"

#include <algorithm>
#include <functional>
#include <string>

namespace kl {
namespace {

// Lines that occur more often than this in a region are never anchors (git uses 64 too).
constexpr std::uint32_t kMaxChain = 64;
// Myers is used for anchorless regions up to this many lines in all; beyond, they are replaced
// whole (every line there repeats more than kMaxChain times: no meaningful alignment exists).
constexpr std::size_t kMyersLimit = 3000;
constexpr std::uint32_t kNone = UINT32_MAX;

struct Match {
    std::uint32_t a;
    std::uint32_t b;
};

// Distinct lines numbered 0, 1, 2... in an open-addressing table (one allocation, not one per
// line as std::unordered_map makes): the diff of two 200,000-line files spends its time here.
class LineNumbering {
public:
    explicit LineNumbering(std::size_t expected)
    {
        std::size_t cap = 16;
        while (cap < expected * 2)
            cap <<= 1;
        m_slots.assign(cap, Slot{});
        m_mask = cap - 1;
    }
    std::uint32_t idOf(std::string_view line)
    {
        const std::size_t h = std::hash<std::string_view>{}(line);
        for (std::size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            Slot& s = m_slots[i];
            if (s.id == kNone) {
                s = {h, m_count, line};
                return m_count++;
            }
            if (s.hash == h && s.line == line)
                return s.id;
        }
    }
    std::uint32_t size() const { return m_count; }

private:
    struct Slot {
        std::size_t hash = 0;
        std::uint32_t id = kNone;
        std::string_view line;
    };
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::uint32_t m_count = 0;
};

class Histogram {
public:
    Histogram(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b, std::uint32_t ids,
              const std::atomic<bool>* cancel)
        : m_a(a)
        , m_b(b)
        , m_count(ids, 0)
        , m_head(ids, kNone)
        , m_stamp(ids, 0)
        , m_next(a.size(), kNone)
        , m_cancel(cancel)
    {
    }

    // Regions are worked through with an explicit stack: recursion depth would follow the
    // number of anchors, which adversarial input can make as large as the file.
    void run(std::vector<Match>& matches)
    {
        struct Region {
            std::uint32_t a0, a1, b0, b1;
        };
        std::vector<Region> stack{{0, std::uint32_t(m_a.size()), 0, std::uint32_t(m_b.size())}};
        while (!stack.empty()) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed)) {
                cancelled = true;
                return;
            }
            auto [a0, a1, b0, b1] = stack.back();
            stack.pop_back();
            while (a0 < a1 && b0 < b1 && m_a[a0] == m_b[b0])
                matches.push_back({a0++, b0++});
            while (a0 < a1 && b0 < b1 && m_a[a1 - 1] == m_b[b1 - 1])
                matches.push_back({--a1, --b1});
            if (a0 == a1 || b0 == b1)
                continue;
            std::uint32_t as = 0, ae = 0, bs = 0, be = 0;
            if (!findAnchor(a0, a1, b0, b1, as, ae, bs, be)) {
                myers(a0, a1, b0, b1, matches);
                continue;
            }
            for (std::uint32_t i = 0; i < ae - as; ++i)
                matches.push_back({as + i, bs + i});
            stack.push_back({a0, as, b0, bs});
            stack.push_back({ae, a1, be, b1});
        }
    }

    bool cancelled = false;

private:
    // The longest run of equal lines around the rarest line of b[b0,b1) that a[a0,a1) also has.
    bool findAnchor(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1,
                    std::uint32_t& bestAs, std::uint32_t& bestAe, std::uint32_t& bestBs,
                    std::uint32_t& bestBe)
    {
        ++m_region;
        for (std::uint32_t i = a1; i-- > a0;) {
            const std::uint32_t id = m_a[i];
            if (m_stamp[id] != m_region) {
                m_stamp[id] = m_region;
                m_count[id] = 0;
                m_head[id] = kNone;
            }
            m_next[i] = m_head[id];
            m_head[id] = i;
            ++m_count[id];
        }
        std::uint32_t bestCount = kMaxChain + 1, bestLen = 0;
        for (std::uint32_t b = b0; b < b1;) {
            const std::uint32_t id = m_b[b];
            std::uint32_t bNext = b + 1;
            if (m_stamp[id] == m_region && m_count[id] <= bestCount) {
                const std::uint32_t count = m_count[id];
                for (std::uint32_t a = m_head[id]; a != kNone; a = m_next[a]) {
                    std::uint32_t as = a, bs = b, ae = a + 1, be = b + 1;
                    while (as > a0 && bs > b0 && m_a[as - 1] == m_b[bs - 1])
                        --as, --bs;
                    while (ae < a1 && be < b1 && m_a[ae] == m_b[be])
                        ++ae, ++be;
                    const std::uint32_t len = ae - as;
                    if (count < bestCount || len > bestLen) {
                        bestCount = count;
                        bestLen = len;
                        bestAs = as, bestAe = ae, bestBs = bs, bestBe = be;
                    }
                    bNext = std::max(bNext, be);
                }
            }
            b = bNext;
        }
        return bestLen > 0;
    }

    // Myers' greedy O(ND) algorithm. The V vector of every step is kept (only its live diagonals,
    // 2d+1 values at step d) for the walk back: O(D^2) memory, hence the size limit.
    void myers(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1,
               std::vector<Match>& matches)
    {
        const int n = int(a1 - a0), m = int(b1 - b0);
        if (static_cast<std::size_t>(n + m) > kMyersLimit)
            return; // replaced whole: no matches
        const int max = n + m;
        std::vector<int> v(2 * std::size_t(max) + 3, 0);
        const int off = max + 1;
        std::vector<std::vector<int>> trace; // trace[d]: v[-d..d] before step d
        int dFound = 0;
        for (int d = 0; d <= max; ++d) {
            trace.emplace_back(v.begin() + (off - d), v.begin() + (off + d + 1));
            bool done = false;
            for (int k = -d; k <= d && !done; k += 2) {
                int x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1]
                                                                                 : v[off + k - 1] + 1;
                int y = x - k;
                while (x < n && y < m && m_a[a0 + x] == m_b[b0 + y])
                    ++x, ++y;
                v[off + k] = x;
                done = x >= n && y >= m;
            }
            if (done) {
                dFound = d;
                break;
            }
        }
        int x = n, y = m;
        for (int d = dFound; d >= 0; --d) {
            const std::vector<int>& prev = trace[d];
            auto at = [&](int k) { return prev[std::size_t(k + d)]; };
            const int k = x - y;
            int px = 0, py = 0;
            if (d > 0) {
                const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
                const int pk = down ? k + 1 : k - 1;
                px = at(pk);
                py = px - pk;
            }
            while (x > px && y > py) {
                --x, --y;
                matches.push_back({a0 + std::uint32_t(x), b0 + std::uint32_t(y)});
            }
            x = px, y = py;
        }
    }

    const std::vector<std::uint32_t>& m_a;
    const std::vector<std::uint32_t>& m_b;
    std::vector<std::uint32_t> m_count;
    std::vector<std::uint32_t> m_head;
    std::vector<std::uint32_t> m_stamp;
    std::vector<std::uint32_t> m_next;
    std::uint32_t m_region = 0;
    const std::atomic<bool>* m_cancel;
};

} // namespace

TextLines splitLines(std::string text)
{
    TextLines t;
    t.text = std::move(text);
    const std::string_view s = t.text;
    t.lines.reserve(static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')) + 1);
    std::size_t start = 0;
    while (start < s.size()) {
        const std::size_t nl = s.find('\n', start);
        if (nl == std::string_view::npos) {
            t.lines.push_back(s.substr(start));
            break;
        }
        t.lines.push_back(s.substr(start, nl - start));
        start = nl + 1;
    }
    return t;
}

LineDiff diffLines(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                   const DiffOptions& options, const std::atomic<bool>* cancel)
{
    LineDiff out;
    // Number every distinct compared form; the diff then runs on integers.
    LineNumbering ids(a.size() + b.size());
    std::vector<std::string> storage; // normalised forms, when options change lines
    storage.reserve(options.any() ? a.size() + b.size() : 0);
    auto number = [&](const std::vector<std::string_view>& lines, std::vector<std::uint32_t>& seq,
                      std::vector<std::uint32_t>& kept) {
        seq.reserve(lines.size());
        kept.reserve(lines.size());
        std::string norm;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::string_view key = lines[i];
            if (options.ignoreLocations && isLocationLine(key))
                continue;
            if (options.any()) {
                normaliseLine(key, options, norm);
                storage.push_back(norm);
                key = storage.back();
            }
            seq.push_back(ids.idOf(key));
            kept.push_back(std::uint32_t(i));
        }
    };
    std::vector<std::uint32_t> sa, sb;
    number(a, sa, out.aLines);
    number(b, sb, out.bLines);

    std::vector<Match> matches;
    Histogram h(sa, sb, ids.size(), cancel);
    h.run(matches);
    if (h.cancelled) {
        out.cancelled = true;
        return out;
    }
    std::sort(matches.begin(), matches.end(), [](const Match& x, const Match& y) { return x.a < y.a; });

    // Turn the matched pairs into runs, in the compared (kept) index space, then map back.
    std::uint32_t ia = 0, ib = 0;
    auto emit = [&](DiffOpKind kind, std::uint32_t ka, std::uint32_t kb, std::size_t count) {
        if (count == 0)
            return;
        DiffOp op{kind, ka < out.aLines.size() ? out.aLines[ka] : a.size(),
                  kb < out.bLines.size() ? out.bLines[kb] : b.size(), count};
        if (!out.ops.empty() && out.ops.back().kind == kind && kind == DiffOpKind::Equal &&
            out.ops.back().aStart + out.ops.back().count == op.aStart &&
            out.ops.back().bStart + out.ops.back().count == op.bStart) {
            out.ops.back().count += count;
            return;
        }
        out.ops.push_back(op);
    };
    auto gap = [&](std::uint32_t toA, std::uint32_t toB) {
        emit(DiffOpKind::Delete, ia, ib, toA - ia);
        emit(DiffOpKind::Insert, toA, ib, toB - ib);
        out.deleted += toA - ia;
        out.inserted += toB - ib;
        ia = toA, ib = toB;
    };
    for (const Match& mt : matches) {
        gap(mt.a, mt.b);
        emit(DiffOpKind::Equal, ia, ib, 1);
        ++ia, ++ib;
    }
    gap(std::uint32_t(sa.size()), std::uint32_t(sb.size()));
    return out;
}

std::vector<AlignedRow> alignRows(const LineDiff& diff)
{
    std::vector<AlignedRow> rows;
    for (std::size_t i = 0; i < diff.ops.size(); ++i) {
        const DiffOp& op = diff.ops[i];
        if (op.kind == DiffOpKind::Equal) {
            for (std::size_t k = 0; k < op.count; ++k)
                rows.push_back({AlignedRow::Same, std::int64_t(op.aStart + k), std::int64_t(op.bStart + k)});
            continue;
        }
        // A Delete followed by an Insert replaces lines in one place: pair them.
        const bool replace = op.kind == DiffOpKind::Delete && i + 1 < diff.ops.size() &&
                             diff.ops[i + 1].kind == DiffOpKind::Insert;
        const DiffOp* del = op.kind == DiffOpKind::Delete ? &op : nullptr;
        const DiffOp* ins = op.kind == DiffOpKind::Insert ? &op : replace ? &diff.ops[i + 1] : nullptr;
        const std::size_t nd = del ? del->count : 0, ni = ins ? ins->count : 0;
        for (std::size_t k = 0; k < std::max(nd, ni); ++k) {
            AlignedRow r;
            r.a = k < nd ? std::int64_t(del->aStart + k) : -1;
            r.b = k < ni ? std::int64_t(ins->bStart + k) : -1;
            r.kind = r.a >= 0 && r.b >= 0 ? AlignedRow::Changed
                     : r.a >= 0           ? AlignedRow::Deleted
                                          : AlignedRow::Inserted;
            rows.push_back(r);
        }
        if (replace)
            ++i;
    }
    return rows;
}

IntraLine intraLineChange(std::string_view a, std::string_view b)
{
    std::size_t p = 0;
    while (p < a.size() && p < b.size() && a[p] == b[p])
        ++p;
    std::size_t s = 0;
    while (s < a.size() - p && s < b.size() - p && a[a.size() - 1 - s] == b[b.size() - 1 - s])
        ++s;
    return {{p, a.size() - s}, {p, b.size() - s}};
}

} // namespace kl
