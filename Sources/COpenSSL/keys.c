/* Public keys from their numbers and SHA-256 signature verification, shared by the JWS
 * functions (jws.c) and the WebAuthn ones (cose.c). Declared in keys.h, which is not part of the
 * target's public header: these functions hand OpenSSL types to each other and never to Swift. */
#include "keys.h"

#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/param_build.h>

static EVP_PKEY *key_from_params(const char *type, OSSL_PARAM *params)
{
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, type, NULL);
    if (context == NULL || EVP_PKEY_fromdata_init(context) != 1
        || EVP_PKEY_fromdata(context, &key, EVP_PKEY_PUBLIC_KEY, params) != 1) {
        key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

COpenSSL_status copenssl_rsa_public_key(
    const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent, size_t exponent_length, EVP_PKEY **out)
{
    COpenSSL_status status = COpenSSL_failure;
    BIGNUM *n = BN_bin2bn(modulus, (int)modulus_length, NULL);
    BIGNUM *e = BN_bin2bn(exponent, (int)exponent_length, NULL);
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    if (n == NULL || e == NULL || builder == NULL) goto done;
    /* RFC 7518 §3.3: a key of 2048 bits or more; an even or tiny exponent is no RSA key. Past
     * 8192 bits and a 64-bit exponent a key only makes each verification dearer. */
    if (BN_num_bits(n) < 2048 || BN_num_bits(n) > 8192 || !BN_is_odd(e) || BN_is_one(e) || BN_num_bits(e) > 64) {
        status = COpenSSL_invalid_key;
        goto done;
    }
    if (OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_RSA_N, n) != 1
        || OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_RSA_E, e) != 1
        || (params = OSSL_PARAM_BLD_to_param(builder)) == NULL) {
        goto done;
    }
    *out = key_from_params("RSA", params);
    status = *out != NULL ? COpenSSL_ok : COpenSSL_invalid_key;
done:
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(builder);
    BN_free(n);
    BN_free(e);
    return status;
}

COpenSSL_status copenssl_p256_public_key(const uint8_t x[32], const uint8_t y[32], EVP_PKEY **out)
{
    uint8_t point[65];
    point[0] = 0x04;  /* SEC 1 §2.3.3: uncompressed */
    memcpy(point + 1, x, 32);
    memcpy(point + 33, y, 32);
    char group[] = "prime256v1";
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, point, sizeof point),
        OSSL_PARAM_END,
    };
    EVP_PKEY *key = key_from_params("EC", params);
    if (key == NULL) {
        ERR_clear_error();
        return COpenSSL_invalid_key;
    }
    /* A point off the curve would let a forged signature verify (invalid-curve attacks). */
    EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    int valid = check != NULL && EVP_PKEY_public_check(check) == 1;
    EVP_PKEY_CTX_free(check);
    if (!valid) {
        EVP_PKEY_free(key);
        ERR_clear_error();
        return COpenSSL_invalid_key;
    }
    *out = key;
    return COpenSSL_ok;
}

COpenSSL_status copenssl_verify_sha256(
    EVP_PKEY *key, const uint8_t *message, size_t message_length, const uint8_t *signature, size_t signature_length)
{
    EVP_MD_CTX *digest = EVP_MD_CTX_new();
    COpenSSL_status status = COpenSSL_failure;
    if (digest != NULL && EVP_DigestVerifyInit_ex(digest, NULL, "SHA256", NULL, NULL, key, NULL) == 1) {
        int result = EVP_DigestVerify(digest, signature, signature_length, message, message_length);
        if (result == 1) {
            status = COpenSSL_ok;
        } else if (result == 0) {
            status = COpenSSL_signature_mismatch;
            ERR_clear_error();
        }
    }
    EVP_MD_CTX_free(digest);
    return status;
}
