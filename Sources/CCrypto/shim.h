#ifndef SCN_CCRYPTO_SHIM_H
#define SCN_CCRYPTO_SHIM_H
/* libcrypto's own AES, GCM mode and SHA-256, called directly (no EVP provider to load and
   fetch from: see Sources/NotificationCore/Crypto/Libcrypto.swift). The AES and SHA-256
   functions are marked deprecated since OpenSSL 3.0 in favour of EVP, and remain in its
   default builds (Debian's libssl3, Homebrew's openssl@3). */
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/aes.h>
#include <openssl/crypto.h>
#include <openssl/modes.h>
#include <openssl/sha.h>

/* GCM over AES-256: `AES_encrypt` as the mode's block function (the cast the C API expects). */
static inline GCM128_CONTEXT *scn_gcm128_new_aes(const AES_KEY *key) {
    return CRYPTO_gcm128_new((void *)key, (block128_f)AES_encrypt);
}
#endif
