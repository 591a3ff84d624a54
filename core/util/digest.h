#pragma once

// Hex digests through OpenSSL's libcrypto: Triton's keys (keys/) and the scan index's file names
// (scan/) hash the same way.

#include <string>
#include <string_view>

namespace kl {

/// Initialises OpenSSL once, without its exit-time cleanup: that cleanup frees per-thread state
/// which threads still alive at exit (thread pools) free again when they end — a double free
/// AddressSanitizer caught in a GUI test. Called before every digest; cheap after the first.
void initCrypto();

std::string sha256Hex(std::string_view data);
std::string md5Hex(std::string_view data);

} // namespace kl
