#pragma once

#include "core/util/result.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace kl {

/// EIATTR attribute codes that klens reads from `.nv.info` sections (NVIDIA's numbering, as
/// cuobjdump -elf prints them).
enum class Eiattr : std::uint8_t {
    MaxThreads = 0x05,     ///< SVAL: uint32 x, y, z (__launch_bounds__ / .maxntid)
    ParamCbank = 0x0a,     ///< SVAL: uint32 symbol, uint16 offset, uint16 size of the parameters
    ReqNtid = 0x10,        ///< SVAL: uint32 x, y, z (.reqntid; Triton: num_warps * 32)
    FrameSize = 0x11,      ///< SVAL: uint32 symbol, uint32 bytes
    MinStackSize = 0x12,   ///< SVAL: uint32 symbol, uint32 bytes
    MaxRegCount = 0x1b,    ///< HVAL: the register cap ptxas was given
    MaxStackSize = 0x23,   ///< SVAL: uint32 symbol, uint32 bytes
    RegCount = 0x2f,       ///< SVAL: uint32 symbol, uint32 registers
    CudaApiVersion = 0x37, ///< SVAL: uint32 (129 = CUDA 12.9)
};

/// EIFMT record formats: every record starts {uint8 format, uint8 attribute}.
enum class Eifmt : std::uint8_t { Nval = 0x01, Bval = 0x02, Hval = 0x03, Sval = 0x04 };

/// One `.nv.info` record. NVAL/BVAL/HVAL carry their value in the two bytes after the attribute
/// (`value`); SVAL has a uint16 size then that many payload bytes.
struct NvInfoRecord {
    std::uint8_t format = 0;
    std::uint8_t attribute = 0;
    std::uint16_t value = 0;
    std::vector<std::uint8_t> payload;

    /// The little-endian uint32 at payload word `i`, or false when the payload is shorter.
    bool word(std::size_t i, std::uint32_t& out) const;
};

/// Splits a `.nv.info` section into records, appended to `out`. Fails (naming the offset) when a
/// record runs past the end or has an unknown format; the records before it are kept in `out`.
Status parseNvInfo(std::span<const std::uint8_t> data, std::vector<NvInfoRecord>& out);

} // namespace kl
