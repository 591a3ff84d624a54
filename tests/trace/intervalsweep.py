"""Busy time computed by hand, for the tests and benchmarks that check klens's trace figures
independently of its C++ (core/trace/intervals): intervals are (start, end) pairs in ns."""


def union(v):
    """The sorted, merged list of `v`; touching intervals join."""
    out = []
    for s, t in sorted(v):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], t)
        else:
            out.append([s, t])
    return out


def length(v):
    return sum(t - s for s, t in v)


def overlap(a, b):
    """Length of the intersection of two merged lists."""
    i = j = n = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if lo < hi:
            n += hi - lo
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return n
