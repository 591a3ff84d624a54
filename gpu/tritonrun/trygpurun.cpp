#include "trygpurun.h"

#include "core/pack/entryfiles.h"
#include "core/util/utf8.h"
#include "gpu/cudabackend.h"
#include "gpu/gpustatus.h"

#include <utility>

namespace kl {
namespace {

TryGpuRun notRun(TryGpuRun::Outcome outcome, const Text& why)
{
    TryGpuRun out;
    out.outcome = outcome;
    out.result.reason = Text::of(KL_TEXT("kl::overridetry", "not run: %1"), why);
    return out;
}

} // namespace

TryGpuRun runTryOnGpu(const OverrideTry& r, const Entry& entry, const TryGpuRunOptions& options)
{
    using Outcome = TryGpuRun::Outcome;
    if (!r.ok)
        return notRun(Outcome::NotCompiled, Text::of(KL_TEXT("kl::overridetry", "the edit did not compile")));
    TritonRunInput in;
    in.specPath = options.spec;
    in.sizeName = options.size;
    in.kernel = r.kernel;
    in.ptx = r.original.ptx; // the entry's, as the Try read it
    for (auto [ext, out] : {std::pair{".ttir", &in.ttir}, {".json", &in.metadataJson}}) {
        auto bytes = readEntryFile(entry, r.kernel + ext, 64u << 20);
        if (!bytes)
            return notRun(Outcome::BadInput, Text::of(KL_TEXT("kl::overridetry", "%1%2 of %3: %4"), r.kernel,
                                                      ext, printableName(entry.path), bytes.error()));
        *out = std::move(*bytes);
    }
    if (!r.original.launch.blockSize || !r.edited.launch.blockSize)
        return notRun(Outcome::BadInput, Text::of(KL_TEXT("kl::overridetry", "%1 records no num_warps"),
                                                  printableName(entry.path)));
    in.original = {r.original.cubin, *r.original.launch.blockSize, r.original.launch.dynamicSharedBytes};
    in.edited = {r.edited.cubin, *r.edited.launch.blockSize, r.edited.launch.dynamicSharedBytes};
    // The spec is checked first: its errors show on a machine without a GPU too.
    auto prepared = prepareTritonRun(in);
    if (!prepared)
        return notRun(Outcome::BadInput, prepared.error());
    const GpuStatus gpu = gpuStatus();
    if (!gpu.available)
        return notRun(Outcome::NoGpu, gpu.reason);
    auto backend = makeCudaBackend(options.device);
    if (!backend)
        return notRun(Outcome::NoGpu, backend.error());
    TryGpuRun out;
    out.result = runTritonPair(**backend, *prepared);
    out.outcome = out.result.ran ? Outcome::Ran : Outcome::Failed;
    return out;
}

} // namespace kl
