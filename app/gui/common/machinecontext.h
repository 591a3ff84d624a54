#pragma once

// What this machine says about the entries for the doctor and the cleaner's --stale policy:
// Triton's version from python3, the GPUs nvidia-smi lists, TRITON_ALWAYS_COMPILE, and the real
// filesystem probe. It asks other programs, so it runs on a worker thread, never the UI's.

#include "core/doctor/doctorcontext.h"

namespace kl::gui {

DoctorContext machineContext();

} // namespace kl::gui
