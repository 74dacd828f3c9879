/* HMAC-SHA-256 (RFC 2104) with the key's two padded blocks hashed once, when the key is made:
 * a MAC then copies those two states and hashes only the message and the inner digest. OpenSSL's
 * SHA-256 uses the CPU's SHA extensions where there are some (libsodium's is portable C): a
 * page's CSRF token took 1.1 µs with libsodium and takes 0.5 µs here (measured on this machine,
 * CPU time of a million MACs of a 58-byte message). */
#include "COpenSSL.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

enum { block_size = 64, digest_size = 32 };

struct COpenSSL_hmac_key {
    /* Written in COpenSSL_hmac_key_new and only copied afterwards: several threads may copy
     * them at once, since copying reads the source and nothing else. */
    EVP_MD_CTX *inner;
    EVP_MD_CTX *outer;
};

static int keyed(EVP_MD_CTX *context, const uint8_t block[block_size], uint8_t pad)
{
    uint8_t padded[block_size];
    for (size_t index = 0; index < block_size; index++) padded[index] = block[index] ^ pad;
    int ok = EVP_DigestInit_ex2(context, EVP_sha256(), NULL) == 1 && EVP_DigestUpdate(context, padded, block_size) == 1;
    OPENSSL_cleanse(padded, sizeof padded);
    return ok;
}

COpenSSL_status COpenSSL_hmac_key_new(const uint8_t *key, size_t length, COpenSSL_hmac_key **out)
{
    *out = NULL;
    uint8_t block[block_size] = {0};
    /* RFC 2104 §2: a key longer than a block is hashed first; a shorter one is padded with zeros. */
    if (length > block_size) {
        if (COpenSSL_sha256(key, length, block) != COpenSSL_ok) return COpenSSL_failure;
    } else if (length > 0) {
        memcpy(block, key, length);
    }
    COpenSSL_hmac_key *made = calloc(1, sizeof *made);
    COpenSSL_status status = COpenSSL_failure;
    if (made == NULL) goto done;
    made->inner = EVP_MD_CTX_new();
    made->outer = EVP_MD_CTX_new();
    if (made->inner == NULL || made->outer == NULL) goto done;
    if (!keyed(made->inner, block, 0x36) || !keyed(made->outer, block, 0x5c)) goto done;
    *out = made;
    made = NULL;
    status = COpenSSL_ok;
done:
    OPENSSL_cleanse(block, sizeof block);
    COpenSSL_hmac_key_free(made);
    return status;
}

void COpenSSL_hmac_key_free(COpenSSL_hmac_key *key)
{
    if (key == NULL) return;
    EVP_MD_CTX_free(key->inner);  /* which cleanses the hash state */
    EVP_MD_CTX_free(key->outer);
    free(key);
}

COpenSSL_status COpenSSL_hmac_sha256(
    const COpenSSL_hmac_key *key, const uint8_t *first, size_t first_length, const uint8_t *second, size_t second_length,
    uint8_t mac[32])
{
    uint8_t inner[digest_size];
    unsigned int written = 0;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    int ok = context != NULL
        && EVP_MD_CTX_copy_ex(context, key->inner) == 1 && EVP_DigestUpdate(context, first, first_length) == 1
        && EVP_DigestUpdate(context, second, second_length) == 1
        && EVP_DigestFinal_ex(context, inner, &written) == 1
        && EVP_MD_CTX_copy_ex(context, key->outer) == 1 && EVP_DigestUpdate(context, inner, digest_size) == 1
        && EVP_DigestFinal_ex(context, mac, &written) == 1;
    OPENSSL_cleanse(inner, sizeof inner);
    EVP_MD_CTX_free(context);
    return ok ? COpenSSL_ok : COpenSSL_failure;
}
