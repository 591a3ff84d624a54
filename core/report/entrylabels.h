#pragma once

#include "core/model/entry.h"

#include <cstdint>
#include <string>

namespace kl {

/// Short labels shared by the CLI table and the GUI's columns, so both say the same thing.

/// "sm_90" for CUDA capabilities, the arch as written otherwise ("gfx90a"), the backend alone
/// when no arch is recorded; empty when nothing is.
std::string archLabel(const Target& target);

/// Space-separated stage extensions, unknown ones prefixed with '?'. A kernel's metadata json
/// is left out: every kernel has one, and the column is for what differs.
std::string stageList(const Entry& entry);

/// "19.2 KiB", "1.0 GiB", "512 B": sizes as people read them (powers of 1024).
std::string humanSize(std::uint64_t bytes);

/// The kernel name, or "(folder)" for entries that have none; printable (non-UTF-8 escaped).
std::string displayName(const Entry& entry);

/// The resource columns: registers per thread, Triton's n_spills, theoretical occupancy ("50%").
/// Empty when the entry has no such figure (not read, no cubin, no launch shape); "?" when its
/// cubin could not be read.
struct ResourceLabels {
    std::string registers;
    std::string spills;
    std::string occupancy;
};
ResourceLabels resourceLabels(const KernelResources& r);

/// The folder the entry is in (its cache root, or a nested cache), with the home folder as "~";
/// printable.
std::string folderLabel(const Entry& entry, const std::string& home);

} // namespace kl
