#include "kernelargs.h"

#include <stdexcept>

namespace kl {

void KernelArgs::addPointer(std::uint64_t devicePointer)
{
    add(devicePointer);
}

void KernelArgs::addScalar(std::span<const std::uint8_t> bytes)
{
    if (bytes.empty() || bytes.size() > 8)
        throw std::invalid_argument("kernel scalar of " + std::to_string(bytes.size()) + " bytes");
    Slot slot{};
    std::memcpy(slot.bytes, bytes.data(), bytes.size());
    m_slots.push_back(slot);
}

void** KernelArgs::params()
{
    // The driver copies sizeof(param) bytes from each pointer, as the kernel's signature says;
    // slots are 8 bytes and 8-aligned, so every smaller scalar's bytes start at the slot.
    m_pointers.clear();
    for (auto& s : m_slots)
        m_pointers.push_back(s.bytes);
    return m_pointers.data();
}

} // namespace kl
