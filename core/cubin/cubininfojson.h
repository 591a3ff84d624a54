#pragma once

#include "core/util/jsonwriter.h"
#include "cubininfo.h"
#include "occupancy.h"

#include <cstdio>
#include <string>

namespace kl {

/// Writes the `kernellens.cubin/1` document (docs/json-schema.md) for the cubin at `path`.
/// Each kernel's `occupancy` is computed at `launch` (null, with `occupancy_note`, when it cannot be).
void writeCubinInfoJson(const std::string& path, const CubinInfo& info, const LaunchShape& launch,
                        std::FILE* out);

/// One kernel as an object of that document's "kernels" array (also used by klens compile, which
/// knows no launch and passes no occupancy).
void writeCubinKernelJson(json::Writer& w, const CubinKernel& k, const OccupancyResult* occupancy = nullptr);

} // namespace kl
