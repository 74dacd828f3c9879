#include "icu_private.h"
#include <unicode/uldnames.h>
#include <unicode/udisplaycontext.h>
#include <unicode/ucol.h>
#include <pthread.h>

// Facts CLDR records about languages, for a language switcher: a language's name in itself and
// the direction it is written in. Reading them here, rather than from tables in Swift, means a
// language added to the catalog needs nothing else.

int32_t GenkanICU_languageAutonym(const char *tag, uint16_t *dest, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    if (locale[0] == 0) return GenkanICUStatusInvalidArgument;
    // Dialect names give "简体中文" and "Português (Brasil)"; sentence-start capitalization
    // gives "Български" and "Polski" as a list of names shows them, whatever the language's
    // rule for names inside a sentence.
    UDisplayContext contexts[] = {UDISPCTX_DIALECT_NAMES, UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE};
    UErrorCode status = U_ZERO_ERROR;
    ULocaleDisplayNames *names = uldn_openForContext(locale, contexts, 2, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    int32_t length = uldn_localeDisplayName(names, locale, (UChar *)dest, capacity, &status);
    uldn_close(names);
    // ICU answers the code itself for a locale it has no data for; that is not a name.
    return genkan_icu_result(status, length);
}

int32_t GenkanICU_isRightToLeft(const char *tag) {
    char locale[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    if (locale[0] == 0) return GenkanICUStatusInvalidArgument;
    // The script (written or likely, CLDR's likely subtags) decides: "ar", "he", "fa", "ur".
    return uloc_isRightToLeft(locale) ? 1 : 0;
}

// One root collator, opened once and never changed afterwards, so any thread may use it.
static UCollator *root_collator;
static UErrorCode root_status = U_ZERO_ERROR;
static pthread_once_t root_once = PTHREAD_ONCE_INIT;

static void open_root_collator(void) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open("", &status);
    if (U_FAILURE(status) && collator != NULL) {
        ucol_close(collator);
        collator = NULL;
    }
    root_status = status;
    root_collator = collator;
}

int32_t GenkanICU_compareRoot(const uint16_t *a, int32_t aLength, const uint16_t *b, int32_t bLength) {
    pthread_once(&root_once, open_root_collator);
    if (root_collator == NULL) {
        int32_t failure = genkan_icu_result(root_status, 0);
        return failure < 0 ? failure : GenkanICUStatusUnavailable;
    }
    UCollationResult result = ucol_strcoll(root_collator, (const UChar *)a, aLength, (const UChar *)b, bLength);
    return result == UCOL_LESS ? 1 : result == UCOL_GREATER ? 3 : 2;
}
