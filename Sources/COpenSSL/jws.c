/* JWS signatures (RFC 7515, algorithms of RFC 7518 §3.3 and §3.4) over OpenSSL 3's EVP
 * interface: keys are built from a JWK's numbers or read from PEM, used once, and freed here,
 * so no OpenSSL object outlives a call or crosses into Swift. See COpenSSL.h for the contract. */
#include "COpenSSL.h"
#include "keys.h"

#include <string.h>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

/* An encrypted PEM key must fail, not ask for a passphrase on the terminal. */
static int no_passphrase(char *buffer, int size, int writing, void *context)
{
    (void)buffer; (void)size; (void)writing; (void)context;
    return 0;
}

void COpenSSL_error_message(char *buffer, size_t capacity)
{
    if (capacity == 0) return;
    buffer[0] = 0;
    unsigned long code = ERR_get_error();
    if (code != 0) ERR_error_string_n(code, buffer, capacity);
    ERR_clear_error();
}

COpenSSL_status COpenSSL_sha256(const uint8_t *bytes, size_t length, uint8_t digest[32])
{
    unsigned int written = 0;
    if (EVP_Digest(bytes, length, digest, &written, EVP_sha256(), NULL) != 1 || written != 32) return COpenSSL_failure;
    return COpenSSL_ok;
}

COpenSSL_status COpenSSL_random(uint8_t *bytes, size_t length)
{
    while (length > 0) {
        int chunk = length > 1 << 20 ? 1 << 20 : (int)length;
        if (RAND_bytes(bytes, chunk) != 1) return COpenSSL_failure;
        bytes += chunk;
        length -= (size_t)chunk;
    }
    return COpenSSL_ok;
}

/* ---- Keys ---- */

static EVP_PKEY *private_key_from_pem(const char *pem, size_t pem_length)
{
    if (pem_length > 1 << 16) return NULL;
    BIO *bio = BIO_new_mem_buf(pem, (int)pem_length);
    if (bio == NULL) return NULL;
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, NULL, no_passphrase, NULL);
    BIO_free(bio);
    return key;
}

static int is_p256(EVP_PKEY *key)
{
    char group[64] = {0};
    if (!EVP_PKEY_is_a(key, "EC")) return 0;
    if (EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, NULL) != 1) return 0;
    return strcmp(group, "prime256v1") == 0 || strcmp(group, "P-256") == 0;
}

/* ---- Verification ---- */

COpenSSL_status COpenSSL_verify_rs256(
    const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent, size_t exponent_length,
    const uint8_t *message, size_t message_length, const uint8_t *signature, size_t signature_length)
{
    EVP_PKEY *key = NULL;
    COpenSSL_status status = copenssl_rsa_public_key(modulus, modulus_length, exponent, exponent_length, &key);
    if (status != COpenSSL_ok) return status;
    /* RFC 8017 §8.2.2: a signature is exactly as long as the modulus; anything else is forged. */
    if (signature_length != (size_t)EVP_PKEY_get_size(key)) {
        EVP_PKEY_free(key);
        return COpenSSL_signature_mismatch;
    }
    status = copenssl_verify_sha256(key, message, message_length, signature, signature_length);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_verify_es256(
    const uint8_t x[32], const uint8_t y[32], const uint8_t *message, size_t message_length,
    const uint8_t *signature, size_t signature_length)
{
    /* RFC 7518 §3.4: the JWS signature is r and s as 32 big-endian bytes each. */
    if (signature_length != 64) return COpenSSL_signature_mismatch;
    EVP_PKEY *key = NULL;
    COpenSSL_status status = copenssl_p256_public_key(x, y, &key);
    if (status != COpenSSL_ok) return status;
    ECDSA_SIG *pair = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(signature, 32, NULL), *s = BN_bin2bn(signature + 32, 32, NULL);
    unsigned char *der = NULL;
    int der_length = -1;
    status = COpenSSL_failure;
    if (pair != NULL && r != NULL && s != NULL && ECDSA_SIG_set0(pair, r, s) == 1) {
        r = s = NULL;  /* owned by pair now */
        der_length = i2d_ECDSA_SIG(pair, &der);
    }
    if (der_length > 0) status = copenssl_verify_sha256(key, message, message_length, der, (size_t)der_length);
    OPENSSL_free(der);
    ECDSA_SIG_free(pair);
    BN_free(r);
    BN_free(s);
    EVP_PKEY_free(key);
    return status;
}

/* ---- Signing ---- */

static COpenSSL_status sign_sha256(
    EVP_PKEY *key, const uint8_t *message, size_t message_length, unsigned char **out, size_t *out_length)
{
    EVP_MD_CTX *digest = EVP_MD_CTX_new();
    COpenSSL_status status = COpenSSL_failure;
    size_t length = 0;
    unsigned char *buffer = NULL;
    if (digest != NULL && EVP_DigestSignInit_ex(digest, NULL, "SHA256", NULL, NULL, key, NULL) == 1
        && EVP_DigestSign(digest, NULL, &length, message, message_length) == 1
        && (buffer = OPENSSL_malloc(length)) != NULL
        && EVP_DigestSign(digest, buffer, &length, message, message_length) == 1) {
        *out = buffer;
        *out_length = length;
        buffer = NULL;
        status = COpenSSL_ok;
    }
    OPENSSL_free(buffer);
    EVP_MD_CTX_free(digest);
    return status;
}

static int is_rsa(EVP_PKEY *key)
{
    return EVP_PKEY_is_a(key, "RSA");
}

/* sign_sha256 with the private key in `pem`, which must be of the kind `fits` accepts. */
static COpenSSL_status sign_sha256_with_pem(
    const char *pem, size_t pem_length, int (*fits)(EVP_PKEY *), const uint8_t *message, size_t message_length,
    unsigned char **out, size_t *out_length)
{
    EVP_PKEY *key = private_key_from_pem(pem, pem_length);
    if (key == NULL || !fits(key)) {
        EVP_PKEY_free(key);
        ERR_clear_error();
        return COpenSSL_invalid_key;
    }
    COpenSSL_status status = sign_sha256(key, message, message_length, out, out_length);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_sign_es256(
    const char *pem, size_t pem_length, const uint8_t *message, size_t message_length, uint8_t signature[64])
{
    unsigned char *der = NULL;
    size_t der_length = 0;
    COpenSSL_status status = sign_sha256_with_pem(pem, pem_length, is_p256, message, message_length, &der, &der_length);
    if (status != COpenSSL_ok) return status;
    const unsigned char *cursor = der;
    ECDSA_SIG *pair = d2i_ECDSA_SIG(NULL, &cursor, (long)der_length);
    const BIGNUM *r = NULL, *s = NULL;
    status = COpenSSL_failure;
    if (pair != NULL) {
        ECDSA_SIG_get0(pair, &r, &s);
        if (BN_bn2binpad(r, signature, 32) == 32 && BN_bn2binpad(s, signature + 32, 32) == 32) status = COpenSSL_ok;
    }
    ECDSA_SIG_free(pair);
    OPENSSL_free(der);
    return status;
}

COpenSSL_status COpenSSL_es256_public_key(const char *pem, size_t pem_length, uint8_t x[32], uint8_t y[32])
{
    EVP_PKEY *key = private_key_from_pem(pem, pem_length);
    if (key == NULL || !is_p256(key)) {
        EVP_PKEY_free(key);
        ERR_clear_error();
        return COpenSSL_invalid_key;
    }
    BIGNUM *qx = NULL, *qy = NULL;
    COpenSSL_status status = COpenSSL_failure;
    if (EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_EC_PUB_X, &qx) == 1
        && EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_EC_PUB_Y, &qy) == 1
        && BN_bn2binpad(qx, x, 32) == 32 && BN_bn2binpad(qy, y, 32) == 32) {
        status = COpenSSL_ok;
    }
    BN_free(qx);
    BN_free(qy);
    EVP_PKEY_free(key);
    return status;
}

/* ---- Keys for tests and tooling ---- */

static COpenSSL_status write_pem(EVP_PKEY *key, char *pem, size_t capacity, size_t *length)
{
    BIO *bio = BIO_new(BIO_s_mem());
    COpenSSL_status status = COpenSSL_failure;
    if (bio != NULL && PEM_write_bio_PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL) == 1) {
        char *data = NULL;
        long size = BIO_get_mem_data(bio, &data);
        if (size > 0 && (size_t)size < capacity) {
            memcpy(pem, data, (size_t)size);
            pem[size] = 0;
            *length = (size_t)size;
            status = COpenSSL_ok;
        } else {
            status = COpenSSL_invalid_input;
        }
    }
    BIO_free(bio);
    return status;
}

COpenSSL_status COpenSSL_generate_p256(char *pem, size_t capacity, size_t *length)
{
    EVP_PKEY *key = EVP_EC_gen("P-256");
    if (key == NULL) return COpenSSL_failure;
    COpenSSL_status status = write_pem(key, pem, capacity, length);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_generate_rsa(int bits, char *pem, size_t capacity, size_t *length)
{
    if (bits < 1024 || bits > 8192) return COpenSSL_invalid_input;
    EVP_PKEY *key = EVP_RSA_gen((unsigned int)bits);
    if (key == NULL) return COpenSSL_failure;
    COpenSSL_status status = write_pem(key, pem, capacity, length);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_rsa_public_numbers(
    const char *pem, size_t pem_length, uint8_t *modulus, size_t *modulus_length, uint8_t *exponent,
    size_t *exponent_length)
{
    EVP_PKEY *key = private_key_from_pem(pem, pem_length);
    if (key == NULL || !EVP_PKEY_is_a(key, "RSA")) {
        EVP_PKEY_free(key);
        ERR_clear_error();
        return COpenSSL_invalid_key;
    }
    BIGNUM *n = NULL, *e = NULL;
    COpenSSL_status status = COpenSSL_failure;
    if (EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_N, &n) == 1 && EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_E, &e) == 1) {
        size_t n_size = (size_t)BN_num_bytes(n), e_size = (size_t)BN_num_bytes(e);
        if (n_size > *modulus_length || e_size > *exponent_length) {
            status = COpenSSL_invalid_input;
        } else {
            *modulus_length = (size_t)BN_bn2bin(n, modulus);
            *exponent_length = (size_t)BN_bn2bin(e, exponent);
            status = COpenSSL_ok;
        }
    }
    BN_free(n);
    BN_free(e);
    EVP_PKEY_free(key);
    return status;
}

COpenSSL_status COpenSSL_sign_rs256(
    const char *pem, size_t pem_length, const uint8_t *message, size_t message_length, uint8_t *signature,
    size_t *signature_length)
{
    unsigned char *bytes = NULL;
    size_t length = 0;
    COpenSSL_status status = sign_sha256_with_pem(pem, pem_length, is_rsa, message, message_length, &bytes, &length);
    if (status != COpenSSL_ok) return status;
    if (length > *signature_length) {
        status = COpenSSL_invalid_input;
    } else {
        memcpy(signature, bytes, length);
        *signature_length = length;
    }
    OPENSSL_free(bytes);
    return status;
}
