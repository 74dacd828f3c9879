#ifndef GENKAN_CSODIUM_SHIM_H
#define GENKAN_CSODIUM_SHIM_H
#include <sodium.h>

/* Selects libsodium's internal random generator (ChaCha20, per-thread state, keyed from the
 * kernel) instead of one getrandom() call per request. Wrapped because Swift 6 refuses to take
 * the address of a mutable C global (`randombytes_internal_implementation`); call it before
 * sodium_init. */
static inline int CSodium_useInternalRandom(void)
{
    return randombytes_set_implementation(&randombytes_internal_implementation);
}
#endif
