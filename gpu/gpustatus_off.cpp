// gpustatus for builds without the CUDA Toolkit's cuda.h.
#include "gpustatus.h"

namespace kl {

bool gpuSupportBuilt()
{
    return false;
}

GpuStatus gpuStatus()
{
    GpuStatus s;
    s.reason = Text::of(KL_TEXT("kl::gpu",
                                "GPU support is off: KernelLens was built without the CUDA Toolkit "
                                "(cuda.h not found at configure time; set CUDAToolkit_ROOT and rebuild)"));
    return s;
}

} // namespace kl
