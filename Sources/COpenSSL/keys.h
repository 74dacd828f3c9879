/* Internal to COpenSSL (not under include/): helpers that pass OpenSSL types between its files. */
#ifndef GENKAN_COPENSSL_KEYS_H
#define GENKAN_COPENSSL_KEYS_H

#include "COpenSSL.h"

#include <openssl/evp.h>

/// An RSA public key from big-endian modulus and exponent; COpenSSL_invalid_key unless the
/// modulus has 2048 to 8192 bits and the exponent is odd, above 1 and at most 64 bits.
COpenSSL_status copenssl_rsa_public_key(
    const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent, size_t exponent_length, EVP_PKEY **out);

/// A P-256 public key from its point's coordinates; COpenSSL_invalid_key for a point off the curve.
COpenSSL_status copenssl_p256_public_key(const uint8_t x[32], const uint8_t y[32], EVP_PKEY **out);

/// Verifies `signature` (DER for ECDSA, the raw block for RSA) over SHA-256 of `message`.
COpenSSL_status copenssl_verify_sha256(
    EVP_PKEY *key, const uint8_t *message, size_t message_length, const uint8_t *signature, size_t signature_length);

#endif
