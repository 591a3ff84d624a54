// Planted faults for the GPU tests and scripts/gpu-check.sh (see planted_faults.json).
extern "C" __global__ void planted(int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
#if MODE == 1
    // Far past any allocation: the launch ends with a sticky error that poisons the process.
    out[static_cast<long long>(i) * 1000000000LL + 4000000000LL] = i;
#elif MODE == 2
    // Never ends: clock64() never goes negative, and the compiler cannot know that.
    while (clock64() >= 0) {
    }
    out[i] = i;
#else
    if (i < n)
        out[i] = i;
#endif
}
