#include "util/digest.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

namespace kl {

void initCrypto()
{
    static const bool done = OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr) == 1;
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

std::string sha256Hex(std::string_view data)
{
    return digestHex(EVP_sha256(), data);
}

std::string md5Hex(std::string_view data)
{
    return digestHex(EVP_md5(), data);
}

} // namespace kl
