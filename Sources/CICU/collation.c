#include "icu_private.h"
#include <unicode/ucol.h>
#include <pthread.h>

// One collator for catalog keys, opened once: ucol_strcoll on a collator whose attributes no
// longer change is safe from any thread (ICU User Guide, "Collation: API details").
static UCollator *catalog_collator;
static UErrorCode catalog_status = U_ZERO_ERROR;
static pthread_once_t catalog_once = PTHREAD_ONCE_INIT;

static void open_catalog_collator(void) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open("en", &status);
    if (U_SUCCESS(status)) {
        // Digits compare by value ("Key2" < "Key10"), as Finder-style sorting does.
        ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status);
        ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_TERTIARY, &status);
    }
    if (U_FAILURE(status) && collator != NULL) {
        ucol_close(collator);
        collator = NULL;
    }
    catalog_status = status;
    catalog_collator = collator;
}

int32_t GenkanICU_compareCatalogKeys(const uint16_t *a, int32_t aLength, const uint16_t *b, int32_t bLength) {
    pthread_once(&catalog_once, open_catalog_collator);
    if (catalog_collator == NULL) {
        int32_t failure = genkan_icu_result(catalog_status, 0);
        return failure < 0 ? failure : GenkanICUStatusUnavailable;
    }
    UCollationResult result = ucol_strcoll(catalog_collator, (const UChar *)a, aLength, (const UChar *)b, bLength);
    return result == UCOL_LESS ? 1 : result == UCOL_GREATER ? 3 : 2;
}
