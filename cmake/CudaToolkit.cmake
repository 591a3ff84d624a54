# The CUDA Toolkit is optional. When found (CUDAToolkit_ROOT or /usr/local/cuda) its headers are
# used and NVRTC / nvJitLink are located for core/nvrtc to dlopen; nothing from the toolkit is
# linked (CMake 3.25's CUDA::nvrtc would also drag in the driver stub libcuda.so, which with
# sanitizers becomes a NEEDED entry and stops binaries from starting without a driver).
# KL_WITH_CUDA=OFF builds as a machine without the toolkit would (scripts/check-no-cuda.sh).
option(KL_WITH_CUDA "Use the CUDA Toolkit (NVRTC, nvJitLink) when found" ON)
set(KL_HAVE_NVRTC OFF)
set(KL_HAVE_NVJITLINK OFF)
set(KL_HAVE_CUDA_H OFF)
if(KL_WITH_CUDA)
    if(NOT DEFINED CUDAToolkit_ROOT AND EXISTS /usr/local/cuda)
        set(CUDAToolkit_ROOT /usr/local/cuda)
    endif()
    find_package(CUDAToolkit QUIET)
endif()
if(KL_WITH_CUDA AND CUDAToolkit_FOUND)
    find_library(KL_NVRTC_LIBRARY nvrtc HINTS ${CUDAToolkit_LIBRARY_DIR} NO_DEFAULT_PATH)
    find_library(KL_NVJITLINK_LIBRARY nvJitLink HINTS ${CUDAToolkit_LIBRARY_DIR} NO_DEFAULT_PATH)
    # Found here, opened at run time (core/nvrtc/nvrtcapi.cpp): never linked.
    if(KL_NVRTC_LIBRARY)
        set(KL_HAVE_NVRTC ON)
    endif()
    if(KL_NVJITLINK_LIBRARY)
        set(KL_HAVE_NVJITLINK ON)
    endif()
    # gpu/ takes only the driver API's types and prototypes from cuda.h and loads libcuda.so.1
    # at run time: nothing links the driver or its stub.
    find_path(KL_CUDA_H_DIR cuda.h HINTS ${CUDAToolkit_INCLUDE_DIRS} NO_DEFAULT_PATH)
    if(KL_CUDA_H_DIR)
        add_library(kl::cuda_headers INTERFACE IMPORTED)
        set_target_properties(kl::cuda_headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${KL_CUDA_H_DIR})
        set(KL_HAVE_CUDA_H ON)
    endif()
    message(STATUS "CUDA Toolkit ${CUDAToolkit_VERSION}: cuda.h ${KL_HAVE_CUDA_H}, NVRTC ${KL_HAVE_NVRTC}, nvJitLink ${KL_HAVE_NVJITLINK}")
else()
    message(STATUS "CUDA Toolkit not found: NVRTC compilation and nvJitLink will be unavailable")
endif()
