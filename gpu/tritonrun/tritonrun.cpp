#include "tritonrun.h"

#include "core/formats/metadata.h"
#include "gpu/kernels/hostbuffer.h"
#include "gpu/kernels/kernelconfig.h"
#include "gpu/kernels/launchplan.h"
#include "tritonsignature.h"

#include <charconv>
#include <unistd.h>

namespace kl {
namespace {

// What the entry's metadata says of its launch beyond the block and shared memory.
struct LaunchFlags {
    std::int64_t numCtas = 1;
    bool cooperative = false;
    bool pdl = false;
    std::uint64_t globalScratch = 0; ///< bytes a program
    std::uint64_t profileScratch = 0;
};

// Read with core's metadata reader, which knows every era's layout.
Result<LaunchFlags> launchFlags(const std::string& json, const std::string& kernel)
{
    auto meta = parseMetadata(json, MetadataDetail::Full);
    if (!meta)
        return fail(Text::of(KL_TEXT("kl::tritonrun", "the metadata of %1 is not a JSON object"), kernel));
    auto field = [&](std::string_view key) -> std::string_view {
        for (const auto* fields : {&meta->options, &meta->derived})
            for (const MetadataField& f : *fields)
                if (f.key == key)
                    return f.json;
        return {};
    };
    LaunchFlags f;
    // Whole numbers only: anything else (absent, null, huge) keeps the default.
    auto number = [&](std::string_view key, auto& out) {
        const std::string_view text = field(key);
        std::remove_reference_t<decltype(out)> v{};
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
            out = v;
    };
    number("num_ctas", f.numCtas);
    number("global_scratch_size", f.globalScratch);
    number("profile_scratch_size", f.profileScratch);
    f.cooperative = field("launch_cooperative_grid") == "true";
    f.pdl = field("launch_pdl") == "true";
    return f;
}

std::string describeParameter(const TritonParameter& p)
{
    return "`" + p.name + "` (" + p.type + ")";
}

std::string describeArgument(const KernelArgument& a)
{
    return "`" + a.name + "` (" + (a.kind == ArgumentKind::Buffer ? "buffer " : "scalar ") +
           std::string(dataTypeName(a.type)) + ")";
}

// The spec's arguments against the kernel's own parameters: same count, a buffer for each
// pointer of its element type, a scalar of each scalar's type.
Status matchArguments(const KernelSpec& spec, const std::vector<TritonParameter>& params)
{
    if (spec.arguments.size() != params.size()) {
        std::string names;
        for (const TritonParameter& p : params)
            names += (names.empty() ? "" : ", ") + describeParameter(p);
        return fail(Text::of(KL_TEXT("kl::tritonrun", "%1: %2 arguments, the kernel takes %3: %4"), spec.path,
                             spec.arguments.size(), params.size(), names));
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        const TritonParameter& p = params[i];
        const KernelArgument& a = spec.arguments[i];
        if (p.type.starts_with("!tt.tensordesc"))
            return fail(
                Text::of(KL_TEXT("kl::tritonrun",
                                 "the kernel's %1 is a tensor descriptor: KernelLens cannot make one"),
                         describeParameter(p)));
        const auto type = dataTypeFromName(p.element);
        if (!type)
            return fail(Text::of(
                KL_TEXT("kl::tritonrun", "the kernel's %1: KernelLens fills f16, f32, f64, i32 and i64 only"),
                describeParameter(p)));
        const bool buffer = a.kind == ArgumentKind::Buffer;
        if (buffer != p.pointer || a.type != *type)
            return fail(Text::of(KL_TEXT("kl::tritonrun", "%1: argument %2 is %3, the kernel's is %4"),
                                 spec.path, i + 1, describeArgument(a), describeParameter(p)));
    }
    return {};
}

// Triton's launcher appends its scratch pointers: a zeroed buffer of the metadata's size for
// every program of the grid, or a null pointer when the kernel needs none.
void appendScratch(KernelSpec& spec, std::size_t hidden, const LaunchFlags& flags)
{
    const std::string programs = "(" + spec.grid[0] + ") * (" + spec.grid[1] + ") * (" + spec.grid[2] + ")";
    for (std::size_t k = 0; k < hidden; ++k) {
        const std::uint64_t bytes = k == 0 ? flags.globalScratch : flags.profileScratch;
        KernelArgument a;
        a.name = k == 0 ? "global_scratch" : "profile_scratch";
        if (bytes == 0) {
            a.kind = ArgumentKind::Scalar;
            a.type = DataType::I64;
            a.value = "0";
        } else {
            a.kind = ArgumentKind::Buffer;
            a.type = DataType::I32;
            a.role = ArgumentRole::Scratch;
            a.fill = {FillKind::Zero, 0, 0};
            a.count = "ceil_div(" + std::to_string(bytes) + " * " + programs + ", 4)";
        }
        spec.arguments.push_back(std::move(a));
    }
}

} // namespace

Result<PreparedTritonRun> prepareTritonRun(const TritonRunInput& in)
{
    auto flags = launchFlags(in.metadataJson, in.kernel);
    if (!flags)
        return fail(flags.error());
    if (flags->numCtas > 1)
        return fail(Text::of(KL_TEXT("kl::tritonrun", "%1 launches as clusters of %2 CTAs: KernelLens "
                                                      "launches one CTA a block"),
                             in.kernel, flags->numCtas));
    if (flags->cooperative || flags->pdl)
        return fail(Text::of(KL_TEXT("kl::tritonrun", "%1 needs a cooperative or programmatic-dependent "
                                                      "launch, which KernelLens does not make"),
                             in.kernel));
    auto params = ttirParameters(in.ttir, in.kernel);
    if (!params)
        return fail(params.error());
    auto ptxCount = ptxParameterCount(in.ptx, in.kernel);
    if (!ptxCount)
        return fail(ptxCount.error());
    if (*ptxCount < params->size() || *ptxCount > params->size() + 2)
        return fail(Text::of(KL_TEXT("kl::tritonrun", "the PTX of %1 takes %2 parameters and its TTIR %3: "
                                                      "not a launch KernelLens knows"),
                             in.kernel, *ptxCount, params->size()));
    auto spec = loadTritonRunSpec(in.specPath, {in.kernel, in.original.threads, in.original.sharedBytes});
    if (!spec)
        return fail(spec.error());
    if (Status matched = matchArguments(*spec, *params); !matched)
        return fail(matched.error());
    appendScratch(*spec, *ptxCount - params->size(), *flags);

    const ProblemSize* size =
        in.sizeName.empty() ? &spec->sizes[spec->defaultSize] : spec->findSize(in.sizeName);
    if (!size) {
        std::string names;
        for (const ProblemSize& s : spec->sizes)
            names += (names.empty() ? "" : ", ") + s.name;
        return fail(Text::of(KL_TEXT("kl::tritonrun", "%1: no problem size `%2` (%3)"), spec->path,
                             in.sizeName, names));
    }
    // The edit may change the block or the shared memory (a TTGIR edit): each side launches as
    // its own compile says.
    KernelSpec editedSpec = *spec;
    editedSpec.block[0] = std::to_string(in.edited.threads);
    editedSpec.sharedBytes = std::to_string(in.edited.sharedBytes);
    const Configuration config = defaultConfiguration(*spec);
    auto plan = planLaunch(*spec, config, *size);
    auto editedPlan = planLaunch(editedSpec, config, *size);
    if (!plan || !editedPlan)
        return fail(Text::of(KL_TEXT("kl::tritonrun", "%1: %2"), spec->path,
                             !plan ? plan.error() : editedPlan.error()));
    // The inputs and each side's results are host copies: three of every buffer.
    std::uint64_t bytes = 0;
    for (std::size_t i = 0; i < plan->arguments.size(); ++i)
        if (spec->arguments[i].kind == ArgumentKind::Buffer)
            bytes += plan->arguments[i].bytes;
    const std::uint64_t memory =
        std::uint64_t(::sysconf(_SC_PHYS_PAGES)) * std::uint64_t(::sysconf(_SC_PAGESIZE));
    if (memory > 0 && bytes > memory / 4)
        return fail(
            Text::of(KL_TEXT("kl::tritonrun", "%1: the buffers of problem size `%2` take %3 bytes, more "
                                              "than a quarter of this machine's memory (%4 bytes)"),
                     spec->path, size->name, bytes, memory));
    PreparedTritonRun p;
    p.input = in;
    p.size = size->name;
    p.inputs = makeHostBuffers(*spec, *plan, in.seed);
    p.spec = std::move(*spec);
    p.editedSpec = std::move(editedSpec);
    p.plan = std::move(*plan);
    p.editedPlan = std::move(*editedPlan);
    return p;
}

TritonRunResult runTritonPair(AutotuneBackend& backend, const PreparedTritonRun& p)
{
    const TritonRunInput& in = p.input;

    TritonRunResult r;
    r.device = backend.deviceName() + " (" + backend.arch() + ")";
    r.size = p.size;
    std::vector<HostBuffer> results[2];
    const TritonRunSide* sides[2] = {&in.original, &in.edited};
    const KernelSpec* specs[2] = {&p.spec, &p.editedSpec};
    const LaunchPlan* plans[2] = {&p.plan, &p.editedPlan};
    for (int s = 0; s < 2; ++s) {
        const Text side = s == 0 ? Text::of(KL_TEXT("kl::tritonrun", "the original kernel"))
                                 : Text::of(KL_TEXT("kl::tritonrun", "the edited kernel"));
        LoadedKernelInfo info;
        RunOutcome loaded = backend.load(sides[s]->cubin, in.kernel, info);
        if (!loaded.ok()) {
            r.reason = Text::of(KL_TEXT("kl::tritonrun", "cannot load %1 on %2: %3"), side, r.device,
                                loaded.message);
            return r;
        }
        RunOutcome ran = backend.launchOnce(*specs[s], *plans[s], p.inputs, results[s], in.timeBoundMs);
        backend.unload();
        if (!ran.ok()) {
            r.reason = Text::of(KL_TEXT("kl::tritonrun", "%1 failed on %2: %3"), side, r.device, ran.message);
            return r;
        }
    }
    r.ran = true;
    std::size_t elements = 0;
    for (std::size_t i = 0; i < p.spec.arguments.size(); ++i) {
        const KernelArgument& a = p.spec.arguments[i];
        if (a.kind != ArgumentKind::Buffer || (a.role != ArgumentRole::Out && a.role != ArgumentRole::InOut))
            continue;
        TritonRunOutput o{a.name, compareBuffers(results[0][i], results[1][i], p.spec.tolerance), {}};
        o.description = describeComparison(o.comparison, a.name, p.spec.tolerance);
        elements += o.comparison.checked;
        if (!o.comparison.ok && !r.outputsDiffer) {
            r.outputsDiffer = true;
            r.reason = Text::of(KL_TEXT("kl::tritonrun", "the edit changes the output: %1"), o.description);
        }
        r.outputs.push_back(std::move(o));
    }
    if (r.outputs.empty())
        r.reason = Text::of(
            KL_TEXT("kl::tritonrun", "%1 names no `out` or `inout` buffer: nothing to compare"), p.spec.path);
    else if (!r.outputsDiffer)
        r.reason = Text::of(
            KL_TEXT("kl::tritonrun", "both kernels wrote the same outputs (%1 elements in %2 buffers)"),
            elements, r.outputs.size());
    return r;
}

TritonRunResult runTritonPair(AutotuneBackend& backend, const TritonRunInput& input)
{
    auto prepared = prepareTritonRun(input);
    if (!prepared) {
        TritonRunResult r;
        r.reason = std::move(prepared.error());
        return r;
    }
    return runTritonPair(backend, *prepared);
}

} // namespace kl
