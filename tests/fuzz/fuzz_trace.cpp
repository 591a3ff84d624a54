// libFuzzer target for profiler traces: the streaming reader (plain and gzip by magic bytes,
// SAX state machine, exact time parsing) and the analysis over whatever it kept, with a small
// token limit so long strings reach the limit's path too.
#include "core/trace/traceanalysis.h"
#include "core/trace/tracereader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    kl::trace::TraceReadOptions options;
    options.maxToken = 4096;
    auto trace = kl::trace::readTraceBytes(bytes, "fuzz.json", options);
    if (!trace) {
        if (trace.error().english().empty())
            __builtin_trap(); // a refusal must say why
        return 0;
    }
    if (trace->truncated && trace->truncated->message.english().empty())
        __builtin_trap();
    const kl::trace::TraceReport report = kl::trace::analyse({&*trace});
    std::int64_t total = 0;
    for (const kl::trace::KernelStats& k : report.kernels)
        total += k.totalNs;
    if (total != report.gpuTotalNs)
        __builtin_trap(); // every GPU activity belongs to exactly one kernel name
    return 0;
}
