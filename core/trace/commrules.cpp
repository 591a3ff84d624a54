#include "commrules.h"

#include <algorithm>
#include <cctype>

namespace kl::trace {

const std::vector<CommRule>& builtinCommRules()
{
    // The names come from each library's kernels as a profiler records them (demangled C++).
    static const std::vector<CommRule> rules = {
        // DeepEP: deep_ep::intranode::dispatch, deep_ep::internode::combine,
        // deep_ep::internode_ll::dispatch, notify_dispatch, cached_notify, ...
        {"DeepEP", "deep_ep::"},
        // DeepSeek's own build of DeepEP, as their published profiles name it.
        {"DeepEP", "dpsk::ep::"},
        // pplx-kernels' MoE all-to-all (pplx::dispatchKernel, pplx::combineKernel).
        {"pplx-kernels", "pplx::"},
        // AMD MoRI's MoE dispatch and combine (mori::moe::EpDispatchInterNodeKernel, ...).
        {"MoRI", "mori::moe::"},
        {"NVSHMEM", "nvshmem"},
        {"MSCCL++", "mscclpp"},
        {"MSCCL", "msccl"},
        {"RCCL", "rccl"},
        // NCCL's ncclDevKernel_AllReduce_Sum_f32_RING_LL, ncclKernel_*, and RCCL's kernels, which
        // keep NCCL's names.
        {"NCCL", "nccl"},
        // PyTorch's symmetric memory (multimem_all_reduce_kernel, one_shot_all_reduce_kernel,
        // two_shot_all_reduce_kernel, barrier_kernel, all_to_all_vdev ...) and intra-node comm.
        {"PyTorch symmetric memory", "c10d::symmetric_memory::"},
        {"PyTorch symmetric memory", "symm_mem"},
        {"PyTorch c10d", "c10d::intra_node_comm::"},
        {"PyTorch c10d", "c10d::"},
        // Transformer Engine's and Megatron's userbuffers (userbuffers_fp16_sum_inplace_gpu_rw,
        // kuserbuffers_pullsend, ...), which overlap tensor-parallel communication with GEMMs.
        {"Userbuffers", "userbuffers"},
        {"oneCCL", "oneccl"},
        // Collectives named by what they do (TensorRT-LLM's and vLLM's custom all-reduce, MoE
        // all-to-all kernels of other libraries).
        {"collective by name", "alltoall"},
        {"collective by name", "all_to_all"},
        {"collective by name", "allreduce"},
        {"collective by name", "all_reduce"},
        {"collective by name", "allgather"},
        {"collective by name", "all_gather"},
        {"collective by name", "reducescatter"},
        {"collective by name", "reduce_scatter"},
        {"collective by name", "sendrecv"},
    };
    return rules;
}

namespace {

// A user's pattern is searched in at most this much of a name: std::regex backtracks, and a
// templated name can be megabytes long.
constexpr std::size_t kRegexWindow = 64 * 1024;

} // namespace

Result<CommClassifier> CommClassifier::withUserPatterns(const std::vector<std::string>& patterns)
{
    CommClassifier c;
    for (const std::string& p : patterns) {
        if (p.empty())
            return fail(
                Text::of(KL_TEXT("kl::trace", "--comm \"%1\": an empty pattern would name every kernel"), p));
        try {
            c.m_user.push_back(
                {p, std::make_shared<const std::regex>(p, std::regex::ECMAScript | std::regex::icase |
                                                              std::regex::optimize)});
        } catch (const std::regex_error& e) {
            return fail(Text::of(
                KL_TEXT("kl::trace", "--comm \"%1\" is not a valid regular expression (ECMAScript): %2"), p,
                std::string(e.what())));
        }
        c.m_patterns.push_back(p);
    }
    return c;
}

std::string CommClassifier::rule(std::string_view name) const
{
    for (const UserRule& u : m_user)
        if (std::regex_search(name.begin(), name.begin() + std::min(name.size(), kRegexWindow), *u.regex))
            return "--comm " + u.pattern;
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const CommRule& r : builtinCommRules())
        if (lower.find(r.match) != std::string::npos)
            return std::string(r.library);
    return {};
}

} // namespace kl::trace
