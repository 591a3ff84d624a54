#include "envvars.h"

#include <algorithm>
#include <array>

namespace kl {
namespace {

// From triton-lang/triton knobs.py / GetEnv.h(pp) across 2.x-3.9. Order: the newest list as Triton
// keeps it, then names that older versions (or forks we met) also treated as invalidating.
constexpr std::array kVars = {
    CacheEnvVar{"AMDGCN_ENABLE_DUMP", true},
    CacheEnvVar{"AMDGCN_USE_BUFFER_ATOMICS", true},
    CacheEnvVar{"AMDGCN_USE_BUFFER_OPS", true},
    CacheEnvVar{"DISABLE_LLVM_OPT", true},
    CacheEnvVar{"DISABLE_MMA_V3", true},
    CacheEnvVar{"DISABLE_MMA_V5", true},
    CacheEnvVar{"DISABLE_PTXAS_OPT", true},
    CacheEnvVar{"LLVM_IR_ENABLE_DUMP", true},
    CacheEnvVar{"LLVM_ENABLE_TIMING", true},
    CacheEnvVar{"LLVM_PASS_PLUGIN_PATH", true},
    CacheEnvVar{"LLVM_EXTRACT_DI_LOCAL_VARIABLES", true},
    CacheEnvVar{"MLIR_ENABLE_DIAGNOSTICS", true},
    CacheEnvVar{"MLIR_ENABLE_DUMP", true},
    CacheEnvVar{"MLIR_DUMP_PATH", true},
    CacheEnvVar{"MLIR_ENABLE_TIMING", true},
    CacheEnvVar{"MLIR_DISABLE_MULTITHREADING", true},
    CacheEnvVar{"TRITON_DEFAULT_FP_FUSION", true},
    CacheEnvVar{"TRITON_DISABLE_LINE_INFO", true},
    CacheEnvVar{"TRITON_DUMP_MIR", true},
    CacheEnvVar{"TRITON_ENABLE_LLVM_DEBUG", true},
    CacheEnvVar{"TRITON_HIP_USE_ASYNC_COPY", true},
    CacheEnvVar{"TRITON_HIP_USE_BLOCK_PINGPONG", true},
    CacheEnvVar{"TRITON_HIP_USE_IN_THREAD_TRANSPOSE", true},
    CacheEnvVar{"TRITON_LLVM_DEBUG_ONLY", true},
    CacheEnvVar{"TRITON_ENABLE_ASAN", true},
    CacheEnvVar{"TRITON_OVERRIDE_ARCH", true},
    CacheEnvVar{"USE_IR_LOC", true},
    CacheEnvVar{"NVPTX_ENABLE_DUMP", true},
    CacheEnvVar{"ALLOW_LHS_TMEM_LAYOUT_CONVERSION", true},
    CacheEnvVar{"TRITON_F32_DEFAULT", true},
    CacheEnvVar{"TRITON_PREFER_TMEM_16x256_LAYOUT", true},
    CacheEnvVar{"TRITON_ENABLE_EXPERIMENTAL_CONSAN", true},
    CacheEnvVar{"TRITON_CONSAN_INIT_ALLOCATIONS", true},
    CacheEnvVar{"TRITON_PLUGIN_PATHS", true},
    CacheEnvVar{"TRITON_PLUGIN_VERSION_CHECK", true},
    CacheEnvVar{"TRITON_PARTITION_SCHEDULING_ENABLE_DUMP_DOT", true},
    CacheEnvVar{"TRITON_PARTITION_SCHEDULING_DUMP_DATA_ONLY", true},
    CacheEnvVar{"TRITON_PARTITION_SCHEDULING_DUMP_LOOP_ONLY", true},
    // Added by 3.9 (read from its GetEnv.h when the fixture was generated).
    CacheEnvVar{"TRITON_FORCE_DISABLE_FP_FUSION", true},
    CacheEnvVar{"TRITON_HIP_USE_COEXEC_SCHEDULER", true},
    CacheEnvVar{"TRITON_HIP_USE_EXPERT_SCHEDULING", true},
    CacheEnvVar{"TRITON_PASS_PLUGIN_PATH", false},
    CacheEnvVar{"DISABLE_FAST_REDUCTION", false},
    CacheEnvVar{"TRITON_DISABLE_RESHAPE_ENCODING_INFERENCE", false},
    CacheEnvVar{"TRITON_HIP_GLOBAL_PREFETCH", false},
    CacheEnvVar{"TRITON_HIP_LOCAL_PREFETCH", false},
    CacheEnvVar{"STORE_TMEM_TO_GLOBAL_BYPASS_SMEM", false},
    CacheEnvVar{"ENABLE_MMA_V5_ATT_PIPELINE", false},
};

} // namespace

std::span<const CacheEnvVar> cacheInvalidatingEnvVars()
{
    return kVars;
}

bool isCacheInvalidatingEnvVar(std::string_view name)
{
    return std::any_of(kVars.begin(), kVars.end(), [&](const CacheEnvVar& v) { return v.name == name; });
}

} // namespace kl
