#pragma once

// Kernel parameters packed for cuLaunchKernel: one storage slot per parameter (a device pointer
// or a scalar's little-endian bytes) and the array of pointers to them the driver reads.

#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

namespace kl {

class KernelArgs {
public:
    /// A device pointer (CUdeviceptr), passed as a 64-bit value.
    void addPointer(std::uint64_t devicePointer);
    /// A scalar's bytes as the kernel declares it (size 1, 2, 4 or 8).
    void addScalar(std::span<const std::uint8_t> bytes);
    template <class T> void add(T value)
    {
        static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>);
        std::uint8_t b[sizeof(T)];
        std::memcpy(b, &value, sizeof(T));
        addScalar(b);
    }
    std::size_t size() const { return m_slots.size(); }
    /// The `kernelParams` array: valid until the next add (slots may move).
    void** params();

private:
    struct alignas(8) Slot {
        std::uint8_t bytes[8];
    };
    std::vector<Slot> m_slots;
    std::vector<void*> m_pointers;
};

} // namespace kl
