#include "autotunereport.h"

#include "clioutput.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace kl::cli {
namespace {

// Fastest ok configurations first, then the failures in the order they ran.
std::vector<std::size_t> displayOrder(const AutotuneReport& r)
{
    std::vector<std::size_t> order(r.configs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const bool okA = r.configs[a].status == ConfigStatus::Ok,
                   okB = r.configs[b].status == ConfigStatus::Ok;
        if (okA != okB)
            return okA;
        return okA && r.configs[a].timing.median < r.configs[b].timing.median;
    });
    return order;
}

std::string sizeText(const AutotuneReport& r)
{
    std::string s = r.sizeName + " (";
    for (std::size_t i = 0; i < r.sizeValues.size(); ++i)
        s += (i ? ", " : "") + r.sizeValues[i].first + "=" + std::to_string(r.sizeValues[i].second);
    return s + ")";
}

} // namespace

void printAutotuneTable(const KernelSpec& spec, const AutotuneReport& r, const CopyYardstick& copy,
                        std::FILE* out)
{
    const std::string unit(throughputUnit(r.metricKind));
    std::fprintf(out, "%s on %s (%s), size %s: %zu configurations", r.kernel.c_str(), r.device.c_str(),
                 r.arch.c_str(), sizeText(r).c_str(), r.configs.size());
    if (r.rejectedByConstraints)
        std::fprintf(out, " (%zu more excluded by the spec's constraints)", r.rejectedByConstraints);
    std::fprintf(out, ", %zu compiles from the cache\n\n", r.compileHits);
    std::size_t width = 6;
    for (const ConfigOutcome& c : r.configs)
        width = std::max(width, c.label.size());
    std::fprintf(out, "  %-*s  %-14s %10s %10s %10s %10s %5s %7s\n", int(width), "config", "status",
                 "median ms", "p20 ms", "p80 ms", unit.c_str(), "regs", "compile");
    for (std::size_t i : displayOrder(r)) {
        const ConfigOutcome& c = r.configs[i];
        const std::string compile = c.compileHit      ? "hit"
                                    : c.compileMs > 0 ? std::to_string(int(c.compileMs)) + "ms"
                                                      : "-";
        if (c.status == ConfigStatus::Ok) {
            std::fprintf(out, "%s %-*s  %-14s %10.4f %10.4f %10.4f %10.1f %5d %7s\n", r.best == i ? "*" : " ",
                         int(width), c.label.c_str(), "ok", c.timing.median, c.timing.p20, c.timing.p80,
                         c.throughput, c.kernel.registers, compile.c_str());
        } else {
            std::fprintf(out, "  %-*s  %-14s %s\n", int(width), c.label.c_str(),
                         std::string(configStatusName(c.status)).c_str(), c.message.english().c_str());
        }
    }
    std::fputc('\n', out);
    if (r.best) {
        const ConfigOutcome& b = r.configs[*r.best];
        std::fprintf(out, "best: %s  %.4f ms  %.1f %s (repeat spread %.1f%%, %d repeats)\n", b.label.c_str(),
                     b.timing.median, b.throughput, unit.c_str(), 100 * b.timing.spread(), b.timing.count);
        if (copy.gbs > 0)
            std::fprintf(out, "device-to-device copy of %s: %.1f GB/s; the best reaches %.0f%% of it\n",
                         humanSize(copy.bytes).c_str(), copy.gbs, 100 * b.throughput / copy.gbs);
        else if (!copy.error.empty())
            std::fprintf(out, "copy yardstick not measured: %s\n", copy.error.c_str());
    } else {
        std::fprintf(out, "no configuration ran correctly\n");
    }
    if (r.cancelled)
        std::fprintf(out, "cancelled: the configurations not listed as run were not tried\n");
    if (!r.stopped.empty())
        std::fprintf(out, "stopped: %s\n", r.stopped.english().c_str());
    if (!r.resultsPath.empty())
        std::fprintf(out, "saved %s\n", printableName(r.resultsPath).c_str());
    else if (!r.persistError.empty())
        std::fprintf(out, "results %s\n", r.persistError.english().c_str());
    (void)spec;
}

} // namespace kl::cli
