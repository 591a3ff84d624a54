// cudabackend for builds without the CUDA Toolkit's cuda.h.
#include "cudabackend.h"
#include "gpustatus.h"

namespace kl {

std::unique_ptr<AutotuneBackend> makeCudaBackend(int, std::string& error)
{
    error = gpuStatus().reason.english();
    return nullptr;
}

double measureCopyBandwidth(int, std::uint64_t, const BenchOptions&, std::string& error)
{
    error = gpuStatus().reason.english();
    return 0;
}

} // namespace kl
