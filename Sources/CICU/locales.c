#include "icu_private.h"
#include <unicode/uldnames.h>
#include <unicode/udisplaycontext.h>
#include <stdio.h>
#include <string.h>

// Facts CLDR records about languages, for a language switcher: a language's name in itself and
// the direction it is written in. Reading them here, rather than from tables in Swift, means a
// language added to the catalog needs nothing else.

/// `locale` with its likely script written when that script is not the language's own default:
/// Hong Kong Chinese ("zh_HK") is written in Traditional characters, Chinese in Simplified, so it
/// is named as "zh_Hant_HK" (繁體中文（香港）), while "en_GB" or "pt_PT" stay as they are.
static void with_distinctive_script(const char *locale, char *out, size_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char script[ULOC_SCRIPT_CAPACITY], region[ULOC_COUNTRY_CAPACITY], language[ULOC_LANG_CAPACITY];
    char maximized[ULOC_FULLNAME_CAPACITY], languageMaximized[ULOC_FULLNAME_CAPACITY];
    char likely[ULOC_SCRIPT_CAPACITY], usual[ULOC_SCRIPT_CAPACITY];
    snprintf(out, capacity, "%s", locale);
    uloc_getScript(locale, script, sizeof script, &status);
    uloc_getCountry(locale, region, sizeof region, &status);
    uloc_getLanguage(locale, language, sizeof language, &status);
    if (U_FAILURE(status) || script[0] != 0 || region[0] == 0) return;
    uloc_addLikelySubtags(locale, maximized, sizeof maximized, &status);
    uloc_addLikelySubtags(language, languageMaximized, sizeof languageMaximized, &status);
    uloc_getScript(maximized, likely, sizeof likely, &status);
    uloc_getScript(languageMaximized, usual, sizeof usual, &status);
    if (U_FAILURE(status) || likely[0] == 0 || strcmp(likely, usual) == 0) return;
    snprintf(out, capacity, "%s_%s_%s", language, likely, region);
}

int32_t GenkanICU_languageAutonym(const char *tag, uint16_t *dest, int32_t capacity) {
    char written[ULOC_FULLNAME_CAPACITY], locale[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, written, sizeof written);
    if (written[0] == 0) return GenkanICUStatusInvalidArgument;
    with_distinctive_script(written, locale, sizeof locale);
    // Dialect names give "简体中文" and "Português (Brasil)"; sentence-start capitalization
    // gives "Български" and "Polski" as a list of names shows them, whatever the language's
    // rule for names inside a sentence; short names give the region as people say it
    // (繁體中文（香港）, not 繁體中文（中國香港特別行政區）; "UK English").
    UDisplayContext contexts[] = {
        UDISPCTX_DIALECT_NAMES, UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, UDISPCTX_LENGTH_SHORT,
    };
    UErrorCode status = U_ZERO_ERROR;
    ULocaleDisplayNames *names = uldn_openForContext(locale, contexts, 3, &status);
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
