#include "icu_private.h"
#include <unicode/uldnames.h>
#include <unicode/udisplaycontext.h>

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
