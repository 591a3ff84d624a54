# The CUDA Toolkit is optional. When found (CUDAToolkit_ROOT or /usr/local/cuda) NVRTC and nvJitLink
# get imported targets of our own: CMake 3.25's CUDA::nvrtc drags in the driver stub libcuda.so,
# which with sanitizers becomes a NEEDED entry and stops binaries from starting without a driver.
if(NOT DEFINED CUDAToolkit_ROOT AND EXISTS /usr/local/cuda)
    set(CUDAToolkit_ROOT /usr/local/cuda)
endif()
find_package(CUDAToolkit QUIET)
set(KL_HAVE_NVRTC OFF)
set(KL_HAVE_NVJITLINK OFF)
if(CUDAToolkit_FOUND)
    find_library(KL_NVRTC_LIBRARY nvrtc HINTS ${CUDAToolkit_LIBRARY_DIR} NO_DEFAULT_PATH)
    find_library(KL_NVJITLINK_LIBRARY nvJitLink HINTS ${CUDAToolkit_LIBRARY_DIR} NO_DEFAULT_PATH)
    if(KL_NVRTC_LIBRARY)
        add_library(kl::nvrtc UNKNOWN IMPORTED)
        set_target_properties(kl::nvrtc PROPERTIES IMPORTED_LOCATION ${KL_NVRTC_LIBRARY}
            INTERFACE_INCLUDE_DIRECTORIES ${CUDAToolkit_INCLUDE_DIRS})
        set(KL_HAVE_NVRTC ON)
    endif()
    if(KL_NVJITLINK_LIBRARY)
        add_library(kl::nvjitlink UNKNOWN IMPORTED)
        set_target_properties(kl::nvjitlink PROPERTIES IMPORTED_LOCATION ${KL_NVJITLINK_LIBRARY}
            INTERFACE_INCLUDE_DIRECTORIES ${CUDAToolkit_INCLUDE_DIRS})
        set(KL_HAVE_NVJITLINK ON)
    endif()
    message(STATUS "CUDA Toolkit ${CUDAToolkit_VERSION}: NVRTC ${KL_HAVE_NVRTC}, nvJitLink ${KL_HAVE_NVJITLINK}")
else()
    message(STATUS "CUDA Toolkit not found: NVRTC compilation and nvJitLink will be unavailable")
endif()
