/* WebAuthn's signatures (W3C WebAuthn Level 3 §6.5.6, COSE algorithms of RFC 9053): the
 * credential's public key arrives as COSE numbers, ES256 signatures as DER (not JWS's r||s), and
 * keys are checked when a credential is registered, before any signature is seen. */
#include "COpenSSL.h"
#include "keys.h"

#include <openssl/err.h>

COpenSSL_status COpenSSL_check_p256_key(const uint8_t x[32], const uint8_t y[32])
{
    EVP_PKEY *key = NULL;
    COpenSSL_status status = copenssl_p256_public_key(x, y, &key);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_check_rsa_key(
    const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent, size_t exponent_length)
{
    EVP_PKEY *key = NULL;
    COpenSSL_status status = copenssl_rsa_public_key(modulus, modulus_length, exponent, exponent_length, &key);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_verify_es256_der(
    const uint8_t x[32], const uint8_t y[32], const uint8_t *message, size_t message_length,
    const uint8_t *signature, size_t signature_length)
{
    /* SEQUENCE { INTEGER r, INTEGER s } of 32-byte values is at most 72 bytes; OpenSSL refuses
     * DER that does not re-encode to the same bytes, so one signature has one spelling. */
    if (signature_length < 8 || signature_length > 72) return COpenSSL_signature_mismatch;
    EVP_PKEY *key = NULL;
    COpenSSL_status status = copenssl_p256_public_key(x, y, &key);
    if (status != COpenSSL_ok) return status;
    status = copenssl_verify_sha256(key, message, message_length, signature, signature_length);
    EVP_PKEY_free(key);
    /* A malformed DER signature is an error in OpenSSL's queue but a forgery to the caller. */
    if (status == COpenSSL_failure) {
        ERR_clear_error();
        status = COpenSSL_signature_mismatch;
    }
    return status;
}
