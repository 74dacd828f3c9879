#include "icu_private.h"
#include "locale_cache.h"
#include <unicode/upluralrules.h>
#include <unicode/unumberformatter.h>
#include <unicode/uloc.h>
#include <unicode/uenum.h>
#include <unicode/ustring.h>
#include <unicode/ures.h>
#include <stdio.h>
#include <string.h>

static void copy_ascii(const char *text, char *dest, int32_t capacity) {
    if (capacity <= 0) return;
    size_t length = strlen(text);
    if ((int32_t)length >= capacity) length = (size_t)capacity - 1;
    memcpy(dest, text, length);
    dest[length] = 0;
}

// MARK: plural rules

static genkan_locale_cache rules_cache = GENKAN_LOCALE_CACHE_INITIALIZER;

static void *open_rules(const char *locale, UErrorCode *status) {
    return uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, status);
}

static UPluralRules *rules_for(const char *tag, int *owned, UErrorCode *status) {
    char locale[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    return genkan_locale_cache_get(&rules_cache, locale, open_rules, owned, status);
}

int32_t GenkanICU_pluralCategory(const char *locale, double number, char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int owned = 0;
    UPluralRules *rules = rules_for(locale, &owned, &status);
    if (rules == NULL) return genkan_icu_result(status, 0);
    UChar keyword[16];
    int32_t length = uplrules_select(rules, number, keyword, 16, &status);
    if (owned) uplrules_close(rules);
    if (U_FAILURE(status) || length >= 16) return GenkanICUStatusFailure;
    char ascii[16];
    u_UCharsToChars(keyword, ascii, length);
    ascii[length] = 0;
    copy_ascii(ascii, dest, capacity);
    return length;
}

int32_t GenkanICU_pluralCategories(const char *locale, char *dest, int32_t capacity) {
    static const char *const order[] = {"zero", "one", "two", "few", "many", "other"};
    UErrorCode status = U_ZERO_ERROR;
    int owned = 0;
    UPluralRules *rules = rules_for(locale, &owned, &status);
    if (rules == NULL) return genkan_icu_result(status, 0);
    UEnumeration *keywords = uplrules_getKeywords(rules, &status);
    int present[6] = {0};
    const char *keyword;
    while (U_SUCCESS(status) && (keyword = uenum_next(keywords, NULL, &status)) != NULL)
        for (int i = 0; i < 6; i++)
            if (strcmp(keyword, order[i]) == 0) present[i] = 1;
    uenum_close(keywords);
    if (owned) uplrules_close(rules);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    char text[64] = {0};
    for (int i = 0; i < 6; i++) {
        if (!present[i]) continue;
        if (text[0]) strcat(text, " ");
        strcat(text, order[i]);
    }
    copy_ascii(text, dest, capacity);
    return (int32_t)strlen(text);
}

// MARK: numbers

static genkan_locale_cache formatter_cache = GENKAN_LOCALE_CACHE_INITIALIZER;

static void *open_formatter(const char *locale, UErrorCode *status) {
    static const UChar skeleton[] = {0};   // the locale's defaults: its digits and grouping
    return unumf_openForSkeletonAndLocale(skeleton, 0, locale, status);
}

int32_t GenkanICU_formatInteger(const char *tag, int64_t value, uint16_t *dest, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    UErrorCode status = U_ZERO_ERROR;
    int owned = 0;
    UNumberFormatter *formatter = genkan_locale_cache_get(&formatter_cache, locale, open_formatter, &owned, &status);
    if (formatter == NULL) return genkan_icu_result(status, 0);
    UFormattedNumber *result = unumf_openResult(&status);
    unumf_formatInt(formatter, value, result, &status);
    int32_t length = unumf_resultToString(result, (UChar *)dest, capacity, &status);
    unumf_closeResult(result);
    if (owned) unumf_close(formatter);
    return genkan_icu_result(status, length);
}

// MARK: locales

/// Writes the ICU locale ID `locale` into `dest` as a BCP 47 tag, NUL-terminated; returns its length.
static int32_t write_language_tag(const char *locale, char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char bcp47[ULOC_FULLNAME_CAPACITY];
    int32_t length = uloc_toLanguageTag(locale, bcp47, sizeof bcp47, 0, &status);
    if (U_FAILURE(status) || length >= (int32_t)sizeof bcp47) return GenkanICUStatusFailure;
    bcp47[length] = 0;
    copy_ascii(bcp47, dest, capacity);
    return length;
}

int32_t GenkanICU_maximizeLanguageTag(const char *tag, char *dest, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY], maximized[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    if (locale[0] == 0) return GenkanICUStatusInvalidArgument;
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(locale, maximized, sizeof maximized, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    return write_language_tag(maximized, dest, capacity);
}

/// The parent CLDR names for `locale` (an ICU ID) in its data, when it is not the truncation
/// ("es_MX" → "es_419", "en_AU" → "en_001"): the resource bundle's "%%Parent".
static int explicit_parent(const char *locale, char *parent, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(NULL, locale, &status);
    if (U_FAILURE(status)) return 0;
    int32_t length = 0;
    const UChar *value = ures_getStringByKey(bundle, "%%Parent", &length, &status);
    int found = U_SUCCESS(status) && length > 0 && length < capacity;
    if (found) {
        u_UCharsToChars(value, parent, length);
        parent[length] = 0;
    }
    ures_close(bundle);
    return found;
}

int32_t GenkanICU_parentLanguageTag(const char *tag, char *dest, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY], parent[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    if (locale[0] == 0) return GenkanICUStatusInvalidArgument;
    if (!explicit_parent(locale, parent, sizeof parent)) {
        // "zh_MO" has no data of its own; the locale with its likely script does ("zh_Hant_MO").
        UErrorCode status = U_ZERO_ERROR;
        char language[ULOC_LANG_CAPACITY], script[ULOC_SCRIPT_CAPACITY], region[ULOC_COUNTRY_CAPACITY];
        char maximized[ULOC_FULLNAME_CAPACITY], scripted[ULOC_FULLNAME_CAPACITY];
        uloc_getScript(locale, script, sizeof script, &status);
        uloc_getCountry(locale, region, sizeof region, &status);
        if (U_FAILURE(status) || script[0] != 0 || region[0] == 0) return 0;
        uloc_addLikelySubtags(locale, maximized, sizeof maximized, &status);
        uloc_getLanguage(maximized, language, sizeof language, &status);
        uloc_getScript(maximized, script, sizeof script, &status);
        if (U_FAILURE(status) || script[0] == 0) return 0;
        int written = snprintf(scripted, sizeof scripted, "%s_%s_%s", language, script, region);
        if (written < 0 || (size_t)written >= sizeof scripted) return 0;
        if (!explicit_parent(scripted, parent, sizeof parent)) return 0;
    }
    if (strcmp(parent, "root") == 0) return 0;
    return write_language_tag(parent, dest, capacity);
}
