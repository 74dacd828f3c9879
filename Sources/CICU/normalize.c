#include "icu_private.h"
#include <unicode/unorm2.h>

// Normalizer2 instances are shared, immutable and thread-safe; ICU owns them.
const UNormalizer2 *genkan_icu_normalizer(GenkanICUNormalForm form, UErrorCode *status) {
    switch (form) {
    case GenkanICUNormalFormNFC: return unorm2_getNFCInstance(status);
    case GenkanICUNormalFormNFD: return unorm2_getNFDInstance(status);
    case GenkanICUNormalFormNFKC: return unorm2_getNFKCInstance(status);
    case GenkanICUNormalFormNFKD: return unorm2_getNFKDInstance(status);
    case GenkanICUNormalFormNFKCCasefold: return unorm2_getNFKCCasefoldInstance(status);
    }
    *status = U_ILLEGAL_ARGUMENT_ERROR;
    return NULL;
}

int32_t GenkanICU_normalize(GenkanICUNormalForm form, const uint16_t *src, int32_t length,
                            uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *n = genkan_icu_normalizer(form, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    int32_t out = unorm2_normalize(n, (const UChar *)src, length, (UChar *)dest, capacity, &status);
    return genkan_icu_result(status, out);
}

int32_t GenkanICU_isNormalized(GenkanICUNormalForm form, const uint16_t *src, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *n = genkan_icu_normalizer(form, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    UBool yes = unorm2_isNormalized(n, (const UChar *)src, length, &status);
    return genkan_icu_result(status, yes ? 1 : 0);
}
