#pragma once

namespace kl::cli {

/// `klens gpu`: the CUDA driver and its devices. Exit 0 with at least one device, 3 when there is
/// no usable GPU (no driver, a driver that does not start, no device, or a build without CUDA).
int runGpu(bool json);

} // namespace kl::cli
