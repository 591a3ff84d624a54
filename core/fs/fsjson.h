#pragma once

#include "envreport.h"
#include "folderhealth.h"

#include <cstdio>
#include <vector>

namespace kl {

/// `klens fs --json`, schema "kernellens.fs/1" (docs/json-schema.md).
void writeFsJson(const std::vector<FolderHealth>& folders, std::FILE* out);

/// `klens env --json`, schema "kernellens.env/1".
void writeEnvJson(const EnvReport& report, std::FILE* out);

} // namespace kl
