/* The primitives of the password hashes other systems made (Firebase Authentication's export and
 * the algorithms its Admin SDKs import): digests, HMAC, PBKDF2, scrypt and AES-256-CTR, all
 * through OpenSSL 3's EVP interface. What each algorithm does with them (salt order, rounds,
 * Firebase's AES step) is decided in Swift (`ImportedPasswordHash+OpenSSL.swift`); this file only
 * runs OpenSSL and frees what it made, so no OpenSSL object crosses into Swift. */
#include "COpenSSL.h"

#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

static const EVP_MD *message_digest(COpenSSL_digest digest)
{
    switch (digest) {
    case COpenSSL_digest_md5: return EVP_md5();
    case COpenSSL_digest_sha1: return EVP_sha1();
    case COpenSSL_digest_sha256: return EVP_sha256();
    case COpenSSL_digest_sha512: return EVP_sha512();
    }
    return NULL;
}

size_t COpenSSL_digest_length(COpenSSL_digest digest)
{
    const EVP_MD *md = message_digest(digest);
    return md == NULL ? 0 : (size_t)EVP_MD_get_size(md);
}

COpenSSL_status COpenSSL_digest_repeated(
    COpenSSL_digest digest, const uint8_t *first, size_t first_length, const uint8_t *second, size_t second_length,
    uint32_t rounds, uint8_t *output)
{
    const EVP_MD *md = message_digest(digest);
    if (md == NULL) return COpenSSL_invalid_input;
    unsigned int size = (unsigned int)EVP_MD_get_size(md);
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return COpenSSL_failure;
    unsigned int written = 0;
    int ok = EVP_DigestInit_ex(context, md, NULL) == 1 && EVP_DigestUpdate(context, first, first_length) == 1
        && EVP_DigestUpdate(context, second, second_length) == 1 && EVP_DigestFinal_ex(context, output, &written) == 1
        && written == size;
    for (uint32_t round = 1; ok && round < rounds; round++) {
        ok = EVP_DigestInit_ex(context, md, NULL) == 1 && EVP_DigestUpdate(context, output, size) == 1
            && EVP_DigestFinal_ex(context, output, &written) == 1 && written == size;
    }
    EVP_MD_CTX_free(context);
    return ok ? COpenSSL_ok : COpenSSL_failure;
}

COpenSSL_status COpenSSL_hmac(
    COpenSSL_digest digest, const uint8_t *key, size_t key_length, const uint8_t *first, size_t first_length,
    const uint8_t *second, size_t second_length, uint8_t *output)
{
    const EVP_MD *md = message_digest(digest);
    if (md == NULL) return COpenSSL_invalid_input;
    EVP_MAC *mac = EVP_MAC_fetch(NULL, OSSL_MAC_NAME_HMAC, NULL);
    EVP_MAC_CTX *context = mac == NULL ? NULL : EVP_MAC_CTX_new(mac);
    OSSL_PARAM parameters[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)EVP_MD_get0_name(md), 0),
        OSSL_PARAM_construct_end(),
    };
    /* EVP_MAC_init refuses a NULL key even when it is empty. */
    static const uint8_t no_key[1] = {0};
    size_t size = (size_t)EVP_MD_get_size(md), written = 0;
    int ok = context != NULL && EVP_MAC_init(context, key_length > 0 ? key : no_key, key_length, parameters) == 1
        && EVP_MAC_update(context, first, first_length) == 1 && EVP_MAC_update(context, second, second_length) == 1
        && EVP_MAC_final(context, output, &written, size) == 1 && written == size;
    EVP_MAC_CTX_free(context);
    EVP_MAC_free(mac);
    return ok ? COpenSSL_ok : COpenSSL_failure;
}

COpenSSL_status COpenSSL_pbkdf2(
    COpenSSL_digest digest, const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
    uint32_t iterations, uint8_t *output, size_t output_length)
{
    const EVP_MD *md = message_digest(digest);
    if (md == NULL || iterations == 0 || iterations > INT32_MAX || password_length > INT32_MAX
        || salt_length > INT32_MAX || output_length == 0 || output_length > INT32_MAX)
        return COpenSSL_invalid_input;
    /* PKCS5_PBKDF2_HMAC reads a NULL salt as "no salt" only when its length is 0; keep it a pointer. */
    static const uint8_t nothing[1] = {0};
    int ok = PKCS5_PBKDF2_HMAC(
        password_length > 0 ? (const char *)password : (const char *)nothing, (int)password_length,
        salt_length > 0 ? salt : nothing, (int)salt_length, (int)iterations, md, (int)output_length, output);
    return ok == 1 ? COpenSSL_ok : COpenSSL_failure;
}

COpenSSL_status COpenSSL_scrypt(
    const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length, uint64_t cost,
    uint32_t block_size, uint32_t parallelization, uint64_t maximum_memory, uint8_t *output, size_t output_length)
{
    if (output_length == 0) return COpenSSL_invalid_input;
    static const uint8_t nothing[1] = {0};
    int ok = EVP_PBE_scrypt(
        password_length > 0 ? (const char *)password : (const char *)nothing, password_length,
        salt_length > 0 ? salt : nothing, salt_length, cost, block_size, parallelization, maximum_memory, output,
        output_length);
    return ok == 1 ? COpenSSL_ok : COpenSSL_failure;
}

COpenSSL_status COpenSSL_aes256_ctr(
    const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t length, uint8_t *output)
{
    if (length > INT32_MAX) return COpenSSL_invalid_input;
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return COpenSSL_failure;
    int written = 0, last = 0;
    int ok = EVP_EncryptInit_ex(context, EVP_aes_256_ctr(), NULL, key, iv) == 1
        && EVP_EncryptUpdate(context, output, &written, input, (int)length) == 1
        && EVP_EncryptFinal_ex(context, output + written, &last) == 1 && (size_t)(written + last) == length;
    EVP_CIPHER_CTX_free(context);
    return ok ? COpenSSL_ok : COpenSSL_failure;
}
