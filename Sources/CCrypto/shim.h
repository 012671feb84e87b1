#ifndef SCN_CCRYPTO_SHIM_H
#define SCN_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/sha.h>
#endif
