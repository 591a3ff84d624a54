#pragma once

#include "cubin/cubininfo.h"
#include "util/jsonwriter.h"

#include <cstdio>
#include <string>

namespace kl {

/// Writes the `kernellens.cubin/1` document (docs/json-schema.md) for the cubin at `path`.
void writeCubinInfoJson(const std::string& path, const CubinInfo& info, std::FILE* out);

/// One kernel as an object of that document's "kernels" array (also used by klens compile).
void writeCubinKernelJson(json::Writer& w, const CubinKernel& k);

} // namespace kl
