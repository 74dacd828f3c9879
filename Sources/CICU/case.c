#include "icu_private.h"
#include <unicode/ustring.h>
#include <unicode/uchar.h>

// The root locale ("") gives the language-independent full case mappings; Turkish dotless i and
// Lithuanian accents are deliberately not applied to identifiers.

int32_t GenkanICU_toLower(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t out = u_strToLower((UChar *)dest, capacity, (const UChar *)src, length, "", &status);
    return genkan_icu_result(status, out);
}

int32_t GenkanICU_toUpper(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t out = u_strToUpper((UChar *)dest, capacity, (const UChar *)src, length, "", &status);
    return genkan_icu_result(status, out);
}

int32_t GenkanICU_foldCase(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t out = u_strFoldCase((UChar *)dest, capacity, (const UChar *)src, length, U_FOLD_CASE_DEFAULT, &status);
    return genkan_icu_result(status, out);
}
