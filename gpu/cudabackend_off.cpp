// cudabackend for builds without the CUDA Toolkit's cuda.h.
#include "cudabackend.h"
#include "gpustatus.h"

namespace kl {

Result<std::unique_ptr<AutotuneBackend>> makeCudaBackend(int)
{
    return fail(gpuStatus().reason);
}

Result<double> measureCopyBandwidth(int, std::uint64_t, const BenchOptions&)
{
    return fail(gpuStatus().reason);
}

} // namespace kl
