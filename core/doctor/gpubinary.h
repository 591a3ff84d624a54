#pragma once

#include "core/cubin/cudaelf.h"
#include "core/model/entry.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace kl {

/// What a cubin or hsaco turned out to be.
struct GpuBinaryCheck {
    bool ok = false;
    std::string arch;    ///< as the ELF says: "90" (CUDA sm), "gfx90a" (AMD); empty when unknown
    std::string problem; ///< why it is not a usable code object for the entry's target
};

/// Checks an open cubin (`ext` "cubin", EM_CUDA) or hsaco ("hsaco", EM_AMDGPU) of `fileSize`
/// bytes with libelf: ELF magic and class, e_machine, the arch in e_flags against `expected`
/// (when it has an arch), and that the program and section header tables and every section
/// lie inside the file (a truncated copy does not). Reads only the first page and the section
/// header table, never the code.
GpuBinaryCheck checkGpuBinary(int fd, std::uint64_t fileSize, std::string_view ext, const Target& expected);
/// The same over bytes already read (a packed entry's file).
GpuBinaryCheck checkGpuBinary(std::string_view bytes, std::string_view ext, const Target& expected);

/// "gfx90a" for an AMDGPU e_flags mach value (EF_AMDGPU_MACH); empty when unknown.
std::string_view amdgpuMachName(unsigned mach);

/// An arch as text normalised for comparison: "sm_90" and "90" -> "90"; "gfx90a:xnack-" -> "gfx90a".
std::string normalizeArch(std::string_view arch);

} // namespace kl
