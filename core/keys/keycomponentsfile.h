#pragma once

#include "core/util/result.h"
#include "tritonkey.h"

#include <string>
#include <string_view>

namespace kl {

/// Read the components file `klens key --components` takes (documented in docs/json-schema.md):
///   {"triton_key": "...", "source_hash": "...", "backend_hash": "...", "options_hash": "...",
///    "env_vars": {"NAME": "value", ...}, "env_vars_hex": {"NAME": "<hex of the raw bytes>"},
///    "inspect_stages_key": "..."}
/// The four hashes are required; the rest optional. `env_vars_hex` carries values that are not
/// UTF-8 (Python reads such bytes from os.environ as surrogate escapes). A name repeated keeps
/// its last value, as a Python dict does. Unknown fields are an error (a misspelt name would
/// otherwise silently change the key). The error names the field.
Result<KeyComponents> parseKeyComponents(std::string_view json);

} // namespace kl
