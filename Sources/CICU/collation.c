#include "icu_private.h"
#include <unicode/ucol.h>
#include <pthread.h>

// Each collator is opened once: ucol_strcoll on a collator whose attributes no longer change is
// safe from any thread (ICU User Guide, "Collation: API details").
typedef struct shared_collator {
    pthread_once_t once;
    UCollator *collator;
    UErrorCode status;
} shared_collator;

static shared_collator catalog = {PTHREAD_ONCE_INIT, NULL, U_ZERO_ERROR};
static shared_collator root = {PTHREAD_ONCE_INIT, NULL, U_ZERO_ERROR};

// Keeps the collator of `locale` in `shared`, or NULL and the status when it cannot be opened.
static void open_collator(shared_collator *shared, const char *locale, int numeric) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &status);
    if (U_SUCCESS(status) && numeric) {
        // Digits compare by value ("Key2" < "Key10"), as Finder-style sorting does.
        ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status);
        ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_TERTIARY, &status);
    }
    if (U_FAILURE(status) && collator != NULL) {
        ucol_close(collator);
        collator = NULL;
    }
    shared->status = status;
    shared->collator = collator;
}

static void open_catalog_collator(void) { open_collator(&catalog, "en", 1); }
static void open_root_collator(void) { open_collator(&root, "", 0); }

int32_t GenkanICU_compare(GenkanICUCollator which, const uint16_t *a, int32_t aLength, const uint16_t *b, int32_t bLength) {
    shared_collator *shared;
    switch (which) {
    case GenkanICUCollatorCatalogKeys:
        pthread_once(&catalog.once, open_catalog_collator);
        shared = &catalog;
        break;
    case GenkanICUCollatorRoot:
        pthread_once(&root.once, open_root_collator);
        shared = &root;
        break;
    default:
        return GenkanICUStatusInvalidArgument;
    }
    if (shared->collator == NULL) {
        int32_t failure = genkan_icu_result(shared->status, 0);
        return failure < 0 ? failure : GenkanICUStatusUnavailable;
    }
    UCollationResult result = ucol_strcoll(shared->collator, (const UChar *)a, aLength, (const UChar *)b, bLength);
    return result == UCOL_LESS ? 1 : result == UCOL_GREATER ? 3 : 2;
}
