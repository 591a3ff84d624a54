#pragma once

#include "core/model/entry.h"
#include "core/util/text.h"
#include "doctorcontext.h"

#include <string>

namespace kl {

/// Why a kernel entry was written by another Triton than `ctx.tritonVersion` (Triton's key holds
/// its version, so such an entry is never hit again), or empty when it was not or it cannot tell.
Text staleVersionReason(const Entry& entry, const DoctorContext& ctx);

/// Why a kernel entry targets none of `ctx.gpuArchs`, or empty when it does or it cannot tell.
Text staleArchReason(const Entry& entry, const DoctorContext& ctx);

} // namespace kl
