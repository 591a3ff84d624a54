# A Debian package of the app: `cpack -G DEB` in a build folder (the release preset for a release:
# cmake --preset release && cmake --build --preset release && (cd build/release && cpack -G DEB)).
# It holds what `cmake --install` puts under /usr: kernellens, klens, the .desktop file and icon,
# the demo data, the kernel library and the Python package (share/kernellens/python); the
# translations are compiled into the app. Library dependencies are computed by dpkg-shlibdeps from
# the binaries (Qt, libelf, OpenSSL, hiredis, ...); the CUDA Toolkit's NVRTC and
# nvJitLink are loaded at run time when present, so they are not dependencies.
# scripts/check-deb.sh installs the package into a clean Debian 12 root and runs it there.
set(CPACK_PACKAGE_NAME kernellens)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "KernelLens")
set(CPACK_PACKAGE_CONTACT "KernelLens developers <kernellens@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "GPU kernel compile cache inspector for Triton and NVRTC")
set(CPACK_PACKAGE_DESCRIPTION
    "KernelLens reads the compile caches of Triton (every version's layout, every stage) and of\n"
    "NVRTC, explains misses and stale entries, shows SASS, registers and occupancy of every cubin,\n"
    "diffs IR between entries, cleans safely while other processes compile, and charts hit rates.\n"
    "kernellens is the desktop app, klens its command-line twin.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Beside what the binaries link: Qt's platform plugins, without which no window opens (libqt6gui6
# only recommends them), and the libraries opened on first use, which dpkg-shlibdeps cannot see:
# libarchive (export), libmagic (what an odd file is) and muparser (kernel specs). The Python
# package and the Chinese font are recommended, not required.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libarchive13, libmagic1, libmuparser2v5")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, fonts-wqy-microhei")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "redis-tools, sshfs")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/kernellens/kernellens")
include(CPack)
