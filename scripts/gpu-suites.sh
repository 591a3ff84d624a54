# The GPU test suites, in one place: scripts/gpu-bundle.sh builds and packs them,
# scripts/gpu-check.sh runs them (sourced by both).
GPU_SUITES=(tst_gpudriver tst_gpulaunch tst_workerwire tst_gpucli tst_autotunejob tst_autotuner tst_benchstats
    tst_nvrtccompiler tst_nvrtccache tst_kernelcompile tst_cubininfo tst_tritonrun)
