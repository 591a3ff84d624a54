#pragma once

// Hex digests through OpenSSL's libcrypto: Triton's keys (keys/) and the scan index's file names
// (scan/) hash the same way.

#include <cstdint>
#include <string>
#include <string_view>

namespace kl {

/// Initialises OpenSSL once, without its exit-time cleanup: that cleanup frees per-thread state
/// which threads still alive at exit (thread pools) free again when they end — a double free
/// AddressSanitizer caught in a GUI test. Called before every digest; cheap after the first.
void initCrypto();

std::string sha256Hex(std::string_view data);
/// XXH3-128 (xxHash) as 32 hex digits: not cryptographic, for telling files apart fast (matching
/// a dump's stages to the cache's), never for keys or integrity.
std::string xxh128Hex(std::string_view data);

/// An XXH3-128 as its two words: what matching keeps per file (no string to build or hash).
struct Xxh128 {
    std::uint64_t high = 0;
    std::uint64_t low = 0;
    bool operator==(const Xxh128&) const = default;
};
Xxh128 xxh128(std::string_view data);

/// The same over data given in pieces (a file read in chunks into one reused buffer).
class Xxh128Stream {
public:
    Xxh128Stream();
    ~Xxh128Stream();
    Xxh128Stream(const Xxh128Stream&) = delete;
    Xxh128Stream& operator=(const Xxh128Stream&) = delete;
    void update(std::string_view data);
    std::string hex() const;
    Xxh128 digest() const;

private:
    void* m_state; ///< XXH3_state_t, kept out of this header
};
std::string md5Hex(std::string_view data);

} // namespace kl
