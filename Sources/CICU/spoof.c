#include "icu_private.h"
#include <unicode/uspoof.h>
#include <pthread.h>

// One checker for the process: after configuration its check functions are safe to call from
// several threads at once (ICU's USpoofChecker documentation).
static USpoofChecker *checker;
static UErrorCode checker_status = U_ZERO_ERROR;

static void open_checker(void) {
    checker = uspoof_open(&checker_status);
    if (U_FAILURE(checker_status)) return;
    uspoof_setChecks(checker, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS | USPOOF_HIDDEN_OVERLAY,
                     &checker_status);
    // UTS #39 §5.2: Latin plus one other script (but not Cyrillic or Greek), or the CJK
    // combinations. Enough for "タロウ Yamada", not for "Аdmin" with a Cyrillic А.
    uspoof_setRestrictionLevel(checker, USPOOF_MODERATELY_RESTRICTIVE);
}

static USpoofChecker *shared_checker(UErrorCode *status) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_checker);
    if (U_FAILURE(checker_status)) {
        *status = checker_status;
        return NULL;
    }
    return checker;
}

int32_t GenkanICU_spoofCheck(const uint16_t *src, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *sc = shared_checker(&status);
    if (sc == NULL) return genkan_icu_result(status, 0);
    int32_t result = uspoof_check2(sc, (const UChar *)src, length, NULL, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    int32_t out = 0;
    if (result & USPOOF_RESTRICTION_LEVEL) out |= GenkanSpoofRestrictionLevel | GenkanSpoofMixedScriptConfusable;
    if (result & USPOOF_INVISIBLE) out |= GenkanSpoofInvisible;
    if (result & USPOOF_MIXED_NUMBERS) out |= GenkanSpoofMixedNumbers;
    if (result & USPOOF_HIDDEN_OVERLAY) out |= GenkanSpoofHiddenOverlay;
    return out;
}

int32_t GenkanICU_spoofSkeleton(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker *sc = shared_checker(&status);
    if (sc == NULL) return genkan_icu_result(status, 0);
    int32_t out = uspoof_getSkeleton(sc, 0, (const UChar *)src, length, (UChar *)dest, capacity, &status);
    return genkan_icu_result(status, out);
}
