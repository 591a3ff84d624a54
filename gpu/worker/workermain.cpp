// klens-gpu-worker: where KernelLens's kernel launches run (gpu/gpuworker.h says why). Started
// by the autotuner's backend as `klens-gpu-worker --fd N --device D`, never by people.
#include "gpu/gpuworker.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv)
{
    int fd = -1, device = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--fd"))
            fd = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--device"))
            device = std::atoi(argv[i + 1]);
    }
    if (fd < 0) {
        std::fprintf(stderr, "klens-gpu-worker: started by KernelLens's autotuner, not by hand "
                             "(usage: klens-gpu-worker --fd N --device D)\n");
        return 2;
    }
    return kl::runGpuWorker(fd, device);
}
