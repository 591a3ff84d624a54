#include "digest.h"

#include <cstdint>
#include <new>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <xxhash.h>

namespace kl {

void initCrypto()
{
    // The hashes here name content (cache keys, SASS-cache files), so the system's openssl.cnf
    // has nothing to choose for them: not loading it saves about 0.4 ms of every klens run that
    // hashes, and a broken config cannot stop a hash.
    static const bool done =
        OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_LOAD_CONFIG, nullptr) == 1;
    (void)done;
}

namespace {

std::string digestHex(const EVP_MD* md, std::string_view data)
{
    initCrypto();
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_Digest(data.data(), data.size(), out, &len, md, nullptr);
    static constexpr char hex[] = "0123456789abcdef";
    std::string text;
    text.reserve(len * 2);
    for (unsigned int i = 0; i < len; ++i) {
        text += hex[out[i] >> 4];
        text += hex[out[i] & 0xF];
    }
    return text;
}

} // namespace

namespace {

std::string hexOf(XXH128_hash_t h)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string text(32, '0');
    for (int i = 0; i < 16; ++i) {
        const std::uint64_t word = i < 8 ? h.high64 : h.low64;
        const unsigned byte = static_cast<unsigned>(word >> (8 * (7 - i % 8))) & 0xff;
        text[2 * i] = hex[byte >> 4];
        text[2 * i + 1] = hex[byte & 15];
    }
    return text;
}

} // namespace

std::string xxh128Hex(std::string_view data)
{
    return hexOf(XXH3_128bits(data.data(), data.size()));
}

Xxh128 xxh128(std::string_view data)
{
    const XXH128_hash_t h = XXH3_128bits(data.data(), data.size());
    return {h.high64, h.low64};
}

Xxh128Stream::Xxh128Stream()
    : m_state(XXH3_createState())
{
    if (!m_state)
        throw std::bad_alloc();
    XXH3_128bits_reset(static_cast<XXH3_state_t*>(m_state));
}

Xxh128Stream::~Xxh128Stream()
{
    XXH3_freeState(static_cast<XXH3_state_t*>(m_state));
}

void Xxh128Stream::update(std::string_view data)
{
    XXH3_128bits_update(static_cast<XXH3_state_t*>(m_state), data.data(), data.size());
}

std::string Xxh128Stream::hex() const
{
    return hexOf(XXH3_128bits_digest(static_cast<XXH3_state_t*>(m_state)));
}

Xxh128 Xxh128Stream::digest() const
{
    const XXH128_hash_t h = XXH3_128bits_digest(static_cast<XXH3_state_t*>(m_state));
    return {h.high64, h.low64};
}

std::string sha256Hex(std::string_view data)
{
    return digestHex(EVP_sha256(), data);
}

std::string md5Hex(std::string_view data)
{
    return digestHex(EVP_md5(), data);
}

} // namespace kl
