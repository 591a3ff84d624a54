// libFuzzer target for the doctor's ELF check (kl::checkGpuBinary) of cubin and hsaco files.
// It reads through a descriptor, so the bytes go into a memfd; each input is checked as a
// cubin and as an hsaco, and once more with a size larger than the file (it shrank after stat).
#include "core/doctor/gpubinary.h"

#include <cstddef>
#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

namespace {

int memFd()
{
    static const int fd = memfd_create("fuzz_gpubinary", 0);
    return fd;
}

void check(int fd, std::uint64_t size, const char* ext, const char* arch)
{
    kl::Target expected;
    expected.arch = arch;
    const kl::GpuBinaryCheck c = kl::checkGpuBinary(fd, size, ext, expected);
    if (!c.ok && c.problem.empty())
        __builtin_trap(); // a failed check must say why
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const int fd = memFd();
    if (fd < 0 || ftruncate(fd, 0) != 0)
        __builtin_trap();
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = pwrite(fd, data + done, size - done, static_cast<off_t>(done));
        if (n <= 0)
            __builtin_trap();
        done += static_cast<std::size_t>(n);
    }
    check(fd, size, "cubin", "90");
    check(fd, size, "cubin", "");
    check(fd, size, "hsaco", "gfx90a");
    check(fd, size + 4096, "cubin", "90");
    return 0;
}
