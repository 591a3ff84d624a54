#pragma once

#include "core/model/snapshot.h"
#include "doctorcontext.h"
#include "finding.h"

#include <atomic>
#include <vector>

namespace kl {

/// What goes wrong with Triton's override folders, judged by linking them to the cache
/// (override/folderlinks): `built-from-override` (a cache entry holding an override's edited
/// stage under its normal key), `override-ignored` (a warm entry older than the override, with
/// TRITON_ALWAYS_COMPILE unset), `override-stage-name` (a file in an override folder Triton never
/// reads). Appends to `out`.
void overrideFindings(const Snapshot& snap, const DoctorContext& ctx, const std::atomic<bool>* cancel,
                      std::vector<Finding>& out);

} // namespace kl
