#pragma once

// Events whose statistics are worked out by hand in tst_eventstats and tst_eventscli.

#include "core/events/compileevent.h"

#include <vector>

namespace eventsamples {

inline kl::CompileEvent event(std::int64_t timeNs, const char* origin, const char* kernel, bool hit,
                              std::vector<std::pair<std::string, std::int64_t>> stages, std::int64_t total)
{
    kl::CompileEvent e;
    e.timeNs = timeNs;
    e.origin = origin;
    e.kernel = kernel;
    e.key = std::string(kernel) + "-" + std::to_string(total);
    e.cacheHit = hit;
    e.stagesUs = std::move(stages);
    e.totalUs = total;
    e.bytes = hit ? 0 : 1000;
    e.pid = 42;
    e.host = "node1";
    e.arch = std::string(origin) == "nvrtc" ? "sm_90" : "sm_80";
    return e;
}

/// Ten recent events (at `now` minus a few seconds) and one two days older (`old`):
/// - nvrtc misses vec 100 (ptx 40, cubin 60), mm 200 (80, 120), mm 300 (120, 180), vec 400 (160, 240);
///   hits 10 and 30;
/// - triton misses softmax 1000, add 2000, softmax 3000 (ir_initialization a tenth, ttir the rest);
///   a hit of 50;
/// - old: a triton miss "old" of 999999 us.
inline std::vector<kl::CompileEvent> sample(std::int64_t now)
{
    const std::int64_t s = 1000000000, old = now - 2 * 86400 * s;
    return {
        event(old, "triton", "old", false, {{"ir_initialization", 999999}}, 999999),
        event(now - 10 * s, "nvrtc", "vec", false, {{"ptx", 40}, {"cubin", 60}}, 100),
        event(now - 9 * s, "nvrtc", "mm", false, {{"ptx", 80}, {"cubin", 120}}, 200),
        event(now - 8 * s, "triton", "softmax", false, {{"ir_initialization", 100}, {"ttir", 900}}, 1000),
        event(now - 7 * s, "nvrtc", "mm", false, {{"ptx", 120}, {"cubin", 180}}, 300),
        event(now - 6 * s, "nvrtc", "vec", true, {{"lookup", 10}}, 10),
        event(now - 5 * s, "triton", "add", false, {{"ir_initialization", 200}, {"ttir", 1800}}, 2000),
        event(now - 4 * s, "nvrtc", "vec", false, {{"ptx", 160}, {"cubin", 240}}, 400),
        event(now - 3 * s, "triton", "softmax", false, {{"ir_initialization", 300}, {"ttir", 2700}}, 3000),
        event(now - 2 * s, "nvrtc", "mm", true, {{"lookup", 30}}, 30),
        event(now - 1 * s, "triton", "add", true, {{"lookup", 50}}, 50),
    };
}

} // namespace eventsamples
