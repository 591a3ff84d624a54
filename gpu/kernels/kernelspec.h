#pragma once

// The demo kernel library's specs (resources/kernels): grid, block, shared memory and sizes as
// muparser expressions over a configuration. It lives in gpu/ rather than core/ because only the
// autotuner, its front ends and their tests use it, and is no library of its own because the
// autotuner is its one consumer. Pure data and arithmetic, no CUDA header: the rest of gpu/
// launches what it plans. Errors are Results whose Text the GUI shows in its language.

#include "core/util/result.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kl {

/// Element type of a buffer or type of a scalar kernel argument, as written in a spec.
enum class DataType { F16, F32, F64, I32, I64 };

enum class ArgumentKind { Buffer, Scalar };

/// What the kernel does with a buffer. Scratch buffers are device workspace: zero-filled before
/// the first launch, never compared, and the kernel must leave them reusable for the next launch.
enum class ArgumentRole { In, Out, InOut, Scratch };

/// How a buffer's host copy is filled before a run (see makeHostBuffers).
enum class FillKind {
    Uniform,    ///< reals in [low, high), rounded to the element type
    UniformInt, ///< whole numbers in [low, high]
    Zero,
    Poison, ///< NaN for floating types, the lowest value for integers: unwritten outputs show up
};

enum class MetricKind { Bytes, Flops };

std::string_view dataTypeName(DataType t); ///< "f16", "f32", "f64", "i32", "i64"
std::optional<DataType> dataTypeFromName(std::string_view s);
std::size_t dataTypeSize(DataType t);              ///< bytes per element
std::string_view argumentRoleName(ArgumentRole r); ///< "in", "out", "inout", "scratch"
std::string_view fillKindName(FillKind f);         ///< "uniform", "uniform_int", "zero", "poison"
std::string_view metricKindName(MetricKind m);     ///< "bytes", "flops"

/// A tunable parameter: compiled into the source as `-DNAME=VALUE` and usable in expressions.
struct TunableParameter {
    std::string name;
    std::vector<std::int64_t> values; ///< candidates, in the order the spec lists them
    std::int64_t defaultValue = 0;    ///< "default", else the first value
};

/// A named problem size: a value for every problem variable (spec order).
struct ProblemSize {
    std::string name;
    std::vector<std::pair<std::string, std::int64_t>> values;
};

/// A name defined by an expression over parameters, problem variables and earlier derived names.
struct DerivedVariable {
    std::string name;
    std::string expression;
};

struct BufferFill {
    FillKind kind = FillKind::Uniform;
    double low = -1;
    double high = 1;
};

/// One kernel argument, in the kernel's parameter order.
struct KernelArgument {
    std::string name;
    ArgumentKind kind = ArgumentKind::Buffer;
    DataType type = DataType::F32;
    ArgumentRole role = ArgumentRole::In; ///< buffers only
    std::string count;                    ///< buffers: element count expression
    BufferFill fill;                      ///< buffers: how the host copy starts out
    std::string value;                    ///< scalars: value expression
};

struct Tolerance {
    double abs = 0; ///< |actual - expected| <= abs + rel * |expected| passes (numpy's allclose)
    double rel = 0;
};

/// A kernel of the demo library (or a user's): its source, tunable parameters, launch geometry,
/// arguments, problem sizes, CPU reference and metric. Expressions are muparser text over the
/// parameter, problem-variable and derived names (see docs/json-schema.md, "Kernel specs").
struct KernelSpec {
    std::string path;        ///< the spec file as given to loadKernelSpec
    std::string name;        ///< [A-Za-z0-9_.-]+, names the autotune results
    std::string description; ///< may be empty
    std::string sourcePath;  ///< the .cu file (resolved against the spec's folder)
    std::string source;      ///< its text
    std::string entry;       ///< the extern "C" __global__ function to launch
    /// "" (any arch) or "a": the kernel uses arch-specific instructions (wgmma, setmaxnreg, ...)
    /// and is compiled for the device's sm_XXa (see targetArch).
    std::string archVariant;
    std::vector<TunableParameter> parameters;
    std::vector<std::string> constraints; ///< over parameters only; a configuration needs every one non-zero
    std::vector<std::string> problemVariables;
    std::vector<ProblemSize> sizes;
    std::size_t defaultSize = 0; ///< index into sizes
    std::vector<DerivedVariable> derived;
    std::array<std::string, 3> grid;
    std::array<std::string, 3> block;
    std::string sharedBytes = "0"; ///< dynamic shared memory per block
    std::vector<KernelArgument> arguments;
    std::string reference; ///< a name from referenceCatalog(), or "none"
    Tolerance tolerance;
    MetricKind metricKind = MetricKind::Bytes;
    std::string metric; ///< bytes moved or floating-point operations of one launch

    const ProblemSize* findSize(std::string_view sizeName) const;
};

/// The arch to compile `spec` for on a device (or a --arch) `arch`, e.g. "sm_90": `arch` itself
/// for a spec without `arch_variant`; for `arch_variant` "a" the arch-specific sm_XXa (sm_90 ->
/// sm_90a; an arch already ending in `a` stays), and an error for an arch that has no
/// arch-specific variant (below sm_90).
Result<std::string> targetArch(const KernelSpec& spec, std::string_view arch);

/// The schema name of a run spec for a Triton kernel (parseTritonRunSpec).
inline constexpr std::string_view kTritonRunSpecSchema = "kernellens.triton-run/1";

/// Reads and checks a spec file and the source it names (resolved against the spec's folder).
/// Errors name the path and the field, e.g. "/x/vector_add.json: field `launch.grid` missing",
/// "... field `launch.block[0]`: `BLOCK` is not defined (...)". Beyond the shape, every expression
/// is checked for syntax and names, the reference's buffer layout against the arguments, and the
/// default configuration is planned at every problem size.
Result<KernelSpec> loadKernelSpec(const std::string& path);

/// The same from text; `path` names the spec in errors and the source is resolved against its
/// folder (the source file must exist there).
Result<KernelSpec> parseKernelSpec(std::string_view text, const std::string& path);

/// What a compiled Triton kernel fixes of its launch: its name, num_warps x warp size threads
/// and its metadata's `shared` bytes of dynamic shared memory.
struct FixedLaunch {
    std::string entry;
    std::uint32_t threads = 0;
    std::uint64_t sharedBytes = 0;
};

/// A run spec ("kernellens.triton-run/1", docs/json-schema.md): how to run a kernel Triton
/// compiled, for `klens override try --run`. It has a kernel spec's problem, derived names, grid,
/// arguments (the kernel's own, in order, without Triton's scratch pointers) and tolerance (exact
/// when absent); no source, parameters, block or shared memory: `fixed` gives those. The result
/// is a KernelSpec with no parameters, reference "none" and a zero metric.
Result<KernelSpec> parseTritonRunSpec(std::string_view text, const std::string& path,
                                      const FixedLaunch& fixed);
Result<KernelSpec> loadTritonRunSpec(const std::string& path, const FixedLaunch& fixed);

} // namespace kl
