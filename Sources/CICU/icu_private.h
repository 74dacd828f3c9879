#ifndef GENKAN_ICU_PRIVATE_H
#define GENKAN_ICU_PRIVATE_H

#include "CICU.h"
#include <unicode/utypes.h>
#include <unicode/unorm2.h>
#include <unicode/uloc.h>

/// The ICU normalizer for a Genkan normal form (normalize.c); shared by the UTF-16 and UTF-8 entry points.
const UNormalizer2 *genkan_icu_normalizer(GenkanICUNormalForm form, UErrorCode *status);

/// The one place an ICU status becomes a Genkan result: `length` when ICU succeeded or only
/// reported that the buffer was too small (the caller retries with `length`), a status otherwise.
static inline int32_t genkan_icu_result(UErrorCode status, int32_t length) {
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return length;
    if (U_FAILURE(status)) {
        if (status == U_ILLEGAL_ARGUMENT_ERROR) return GenkanICUStatusInvalidArgument;
        if (status == U_MISSING_RESOURCE_ERROR || status == U_FILE_ACCESS_ERROR) return GenkanICUStatusUnavailable;
        return GenkanICUStatusFailure;
    }
    return length;
}

/// ICU takes its own locale IDs ("zh_Hant"); callers speak BCP 47 ("zh-Hant"). Writes the ICU ID
/// of `tag` into `out`, or an empty string when the tag cannot be read.
static inline void genkan_icu_locale(const char *tag, char *out, size_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, out, (int32_t)capacity, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) out[0] = 0;
}

/// The shared UTS #46 processor for a combination of GenkanIDNAOption bits (idna.c).
struct UIDNA *genkan_idna_processor(uint32_t options, UErrorCode *status);

/// ICU's UIDNA_ERROR_* bits as GenkanIDNAError bits (idna.c).
uint32_t genkan_idna_errors(uint32_t icuErrors);

#endif
