/* COpenSSL: the part of OpenSSL's libcrypto (Debian's libssl-dev, OpenSSL 3) that Genkan's
 * OpenID Connect and WebAuthn code, the store's MACs and imported password hashes need, behind
 * Genkan's own plain-C functions.
 *
 * Why a C target with its own functions rather than a system library: verifying a JWS means
 * building a key from a JWK's numbers (OSSL_PARAM arrays, BIGNUMs), converting ES256's raw r||s
 * signature to DER, and reading PEM; each takes a dozen calls whose failures all need freeing in
 * the right order. Doing that here keeps every OpenSSL type out of Swift: this header has only
 * byte buffers, lengths and the status below, as CICU's does for ICU.
 *
 * Every function returns a COpenSSL_status. COpenSSL_failure means an OpenSSL call failed; its
 * reason is taken (and OpenSSL's per-thread error queue emptied) by COpenSSL_error_message.
 * GenkanOIDC reads statuses in one place (`OpenSSL.check` in OpenSSL+OpenSSL.swift). */
#ifndef GENKAN_COPENSSL_H
#define GENKAN_COPENSSL_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    COpenSSL_ok = 0,
    /// Verification ran and the signature does not match (not an error of the caller's).
    COpenSSL_signature_mismatch = 1,
    /// The key's numbers or PEM text do not make a usable key of the kind asked for (an RSA
    /// modulus under 2048 bits, a point not on P-256, a PEM key that is not P-256).
    COpenSSL_invalid_key = 2,
    /// A buffer has the wrong length (an ES256 signature that is not 64 bytes, an output too small).
    COpenSSL_invalid_input = 3,
    /// An OpenSSL call failed (out of memory, a library error): see COpenSSL_error_message.
    COpenSSL_failure = 4,
} COpenSSL_status;

/// Writes the reason for the last COpenSSL_failure on this thread (OpenSSL's error queue, which
/// it empties) into `buffer` as a NUL-terminated string; an empty string when there is none.
void COpenSSL_error_message(char *buffer, size_t capacity);

/// SHA-256 of `length` bytes into `digest` (32 bytes).
COpenSSL_status COpenSSL_sha256(const uint8_t *bytes, size_t length, uint8_t digest[32]);

/// An HMAC-SHA-256 key (RFC 2104) whose padded blocks are hashed once (hmac.c); opaque.
typedef struct COpenSSL_hmac_key COpenSSL_hmac_key;

/// Makes `*out` from the key's bytes (any length); free it with COpenSSL_hmac_key_free.
COpenSSL_status COpenSSL_hmac_key_new(const uint8_t *key, size_t length, COpenSSL_hmac_key **out);

void COpenSSL_hmac_key_free(COpenSSL_hmac_key *key);

/// HMAC-SHA-256 under `key` of `first` followed by `second` (a domain and a message, so that
/// neither caller nor callee copies them together) into `mac` (32 bytes); `key` may be used by
/// several threads at once.
COpenSSL_status COpenSSL_hmac_sha256(
    const COpenSSL_hmac_key *key, const uint8_t *first, size_t first_length, const uint8_t *second, size_t second_length,
    uint8_t mac[32]);

/// 1 when the `length` bytes at `a` and `b` are equal, else 0, in time that depends only on
/// `length` (CRYPTO_memcmp): for comparing a MAC someone sent with the one computed.
int COpenSSL_equal(const uint8_t *a, const uint8_t *b, size_t length);

/// HMAC-SHA-1 (RFC 2104) of `length` bytes of `message` under `key` into `mac` (20 bytes): the
/// MAC of HOTP and TOTP (RFC 4226 §5.3, RFC 6238), hotp.c. `key_length` must fit an `int`.
COpenSSL_status COpenSSL_hmac_sha1(const uint8_t *key, size_t key_length, const uint8_t *message, size_t length, uint8_t mac[20]);

/// `length` bytes from OpenSSL's CSPRNG (RAND_bytes).
COpenSSL_status COpenSSL_random(uint8_t *bytes, size_t length);

/// Verifies an RS256 JWS signature (RSASSA-PKCS1-v1_5 with SHA-256, RFC 7518 §3.3) over
/// `message` with the RSA public key whose modulus and exponent are big-endian bytes (a JWK's
/// `n` and `e`, RFC 7518 §6.3.1). Keys under 2048 bits are COpenSSL_invalid_key.
COpenSSL_status COpenSSL_verify_rs256(
    const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent, size_t exponent_length,
    const uint8_t *message, size_t message_length, const uint8_t *signature, size_t signature_length);

/// Verifies an ES256 JWS signature (ECDSA on P-256 with SHA-256, RFC 7518 §3.4): `signature` is
/// JWS's 64 bytes r||s, converted here to the DER that OpenSSL verifies; `x` and `y` are the
/// public point's coordinates (a JWK's `x` and `y`, 32 bytes each).
COpenSSL_status COpenSSL_verify_es256(
    const uint8_t x[32], const uint8_t y[32], const uint8_t *message, size_t message_length,
    const uint8_t *signature, size_t signature_length);

/// Checks that `x` and `y` are a point on P-256 (a COSE EC2 key's -2 and -3, RFC 9053 §7.1.1):
/// COpenSSL_invalid_key otherwise.
COpenSSL_status COpenSSL_check_p256_key(const uint8_t x[32], const uint8_t y[32]);

/// Checks an RSA public key from big-endian modulus and exponent (a COSE RSA key's -1 and -2,
/// RFC 8230 §4): COpenSSL_invalid_key unless the modulus has 2048 to 8192 bits and the
/// exponent is odd, above 1 and at most 64 bits.
COpenSSL_status COpenSSL_check_rsa_key(
    const uint8_t *modulus, size_t modulus_length, const uint8_t *exponent, size_t exponent_length);

/// Verifies a WebAuthn ES256 signature (ECDSA on P-256 with SHA-256, the signature DER-encoded
/// as X9.62's Ecdsa-Sig-Value, WebAuthn §6.5.6) over `message`; a signature that is not strict
/// DER is COpenSSL_signature_mismatch.
COpenSSL_status COpenSSL_verify_es256_der(
    const uint8_t x[32], const uint8_t y[32], const uint8_t *message, size_t message_length,
    const uint8_t *signature, size_t signature_length);

/// Signs `message` with ES256 using a P-256 private key in PEM (PKCS#8 `BEGIN PRIVATE KEY`, as
/// Apple's .p8 files are, or SEC 1 `BEGIN EC PRIVATE KEY`), writing JWS's r||s (64 bytes).
COpenSSL_status COpenSSL_sign_es256(
    const char *pem, size_t pem_length, const uint8_t *message, size_t message_length, uint8_t signature[64]);

/// The public point of a P-256 private key in PEM: its `x` and `y` (32 bytes each).
COpenSSL_status COpenSSL_es256_public_key(const char *pem, size_t pem_length, uint8_t x[32], uint8_t y[32]);

/// A new P-256 private key as PKCS#8 PEM into `pem` (NUL-terminated; `*length` receives its
/// length without the NUL). For tests and for `genkan`'s own tooling, not for the server's path.
COpenSSL_status COpenSSL_generate_p256(char *pem, size_t capacity, size_t *length);

/// A new RSA private key of `bits` bits as PKCS#8 PEM into `pem` (as COpenSSL_generate_p256).
COpenSSL_status COpenSSL_generate_rsa(int bits, char *pem, size_t capacity, size_t *length);

/// The modulus and exponent of an RSA private key in PEM, big-endian; `*modulus_length` and
/// `*exponent_length` hold the capacities on entry and the lengths written on return.
COpenSSL_status COpenSSL_rsa_public_numbers(
    const char *pem, size_t pem_length, uint8_t *modulus, size_t *modulus_length, uint8_t *exponent,
    size_t *exponent_length);

/// Signs `message` with RS256 using an RSA private key in PEM; `*signature_length` holds the
/// capacity on entry and the length written on return (the modulus's size).
COpenSSL_status COpenSSL_sign_rs256(
    const char *pem, size_t pem_length, const uint8_t *message, size_t message_length, uint8_t *signature,
    size_t *signature_length);

/* ---- Password hashes made elsewhere (password_hashes.c) ----
 * The primitives of the algorithms Firebase Authentication imports and exports. Each writes its
 * result into `output`, which holds at least the digest's length (COpenSSL_digest_length) or the
 * length asked for. */

/// A message digest an imported password hash is made with.
typedef enum {
    COpenSSL_digest_md5 = 0,
    COpenSSL_digest_sha1 = 1,
    COpenSSL_digest_sha256 = 2,
    COpenSSL_digest_sha512 = 3,
} COpenSSL_digest;

/// The length in bytes of `digest`'s output (16, 20, 32 or 64).
size_t COpenSSL_digest_length(COpenSSL_digest digest);

/// The digest of `first` followed by `second`, then `rounds - 1` more times the digest of the
/// previous digest (`rounds` 0 and 1 both hash once).
COpenSSL_status COpenSSL_digest_repeated(
    COpenSSL_digest digest, const uint8_t *first, size_t first_length, const uint8_t *second, size_t second_length,
    uint32_t rounds, uint8_t *output);

/// HMAC (RFC 2104) with `digest` under `key` (any length, empty too) of `first` followed by `second`.
COpenSSL_status COpenSSL_hmac(
    COpenSSL_digest digest, const uint8_t *key, size_t key_length, const uint8_t *first, size_t first_length,
    const uint8_t *second, size_t second_length, uint8_t *output);

/// PBKDF2 (RFC 8018 §5.2) with HMAC-`digest`, `iterations` ≥ 1, `output_length` bytes.
COpenSSL_status COpenSSL_pbkdf2(
    COpenSSL_digest digest, const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
    uint32_t iterations, uint8_t *output, size_t output_length);

/// scrypt (RFC 7914) with cost N (a power of two above 1), block size r and parallelization p,
/// `output_length` bytes; COpenSSL_failure when the parameters need more than `maximum_memory`
/// bytes (OpenSSL's EVP_PBE_scrypt checks 128·r·(N + p) against it before allocating).
COpenSSL_status COpenSSL_scrypt(
    const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length, uint64_t cost,
    uint32_t block_size, uint32_t parallelization, uint64_t maximum_memory, uint8_t *output, size_t output_length);

/// AES-256 in counter mode (NIST SP 800-38A §6.5) of `length` bytes, the counter block starting at `iv`.
COpenSSL_status COpenSSL_aes256_ctr(
    const uint8_t key[32], const uint8_t iv[16], const uint8_t *input, size_t length, uint8_t *output);

#endif
