/* HMAC-SHA-1 for one-time passwords (RFC 4226 §5.3, RFC 6238 §1.2): the MAC of an 8-byte counter
 * under the account's shared secret. SHA-1 is what authenticator apps compute by default and what
 * Firebase's TOTP sends as `hashingAlgorithm`; RFC 4226 §B.2 explains why HMAC-SHA-1 stays sound
 * for this use, where only the MAC's second-preimage resistance matters. */
#include "COpenSSL.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

COpenSSL_status COpenSSL_hmac_sha1(const uint8_t *key, size_t key_length, const uint8_t *message, size_t length, uint8_t mac[20])
{
    unsigned int written = 0;
    /* HMAC() with a NULL output buffer would use a static one; this one is the caller's. */
    if (HMAC(EVP_sha1(), key, (int)key_length, message, length, mac, &written) == NULL || written != 20) return COpenSSL_failure;
    return COpenSSL_ok;
}
