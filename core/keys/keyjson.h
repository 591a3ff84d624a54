#pragma once

#include "core/model/entry.h"
#include "optionshash.h"
#include "tritonkey.h"

#include <cstdio>
#include <string>

namespace kl {

/// `klens key --components FILE.json --json`, schema "kernellens.key/1" (docs/json-schema.md):
/// the key string `parts` make, its env part, sha256, md5 and folder names.
void writeKeyJson(const KeyComponents& parts, std::FILE* out);

/// `klens key ENTRY --json`, schema "kernellens.entry-key/1" (docs/json-schema.md): what the
/// entry's metadata lets us rebuild of its key. `envPart` is its env-var part; `optionsError` is
/// written when `options` could not be rebuilt (null otherwise).
void writeEntryKeyJson(const Entry& entry, const std::string& envPart, const OptionsHash& options,
                       const std::string& optionsError, std::FILE* out);

} // namespace kl
