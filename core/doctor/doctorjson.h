#pragma once

#include "doctor.h"

#include <cstdio>

namespace kl {

/// `klens doctor --json`, schema "kernellens.doctor/1" (documented in docs/json-schema.md).
void writeDoctorJson(const Snapshot& snapshot, const DoctorReport& report, const DoctorContext& context,
                     std::FILE* out);

} // namespace kl
