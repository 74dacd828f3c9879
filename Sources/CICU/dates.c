#include "icu_private.h"
#include "locale_cache.h"
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>
#include <stdio.h>
#include <string.h>

// Dates and times as a reader of a language writes them, in a time zone: CLDR's patterns for
// the fields asked for (a skeleton), through ICU's pattern generator.

static const char *skeleton_of(GenkanICUDateStyle style) {
    switch (style) {
    case GenkanICUDateStyleDate: return "yMMMMd";
    case GenkanICUDateStyleDateTime: return "yMMMdjmm";
    case GenkanICUDateStyleDateTimeZone: return "yMMMdjmmz";
    }
    return NULL;
}

// The cache key is "style|zone|locale", so one table holds every combination in use; the
// open function takes it apart again.
static void *open_format(const char *key, UErrorCode *status) {
    char style_digit = key[0];
    const char *zone_start = key + 2;
    const char *bar = strchr(zone_start, '|');
    if (bar == NULL) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    char zone_ascii[GENKAN_LOCALE_NAME_MAX];
    size_t zone_length = (size_t)(bar - zone_start);
    if (zone_length >= sizeof zone_ascii) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }
    memcpy(zone_ascii, zone_start, zone_length);
    zone_ascii[zone_length] = 0;
    const char *locale = bar + 1;
    const char *skeleton_ascii = skeleton_of((GenkanICUDateStyle)(style_digit - '0'));
    if (skeleton_ascii == NULL) { *status = U_ILLEGAL_ARGUMENT_ERROR; return NULL; }

    UChar skeleton[16], zone[GENKAN_LOCALE_NAME_MAX], pattern[96];
    u_charsToUChars(skeleton_ascii, skeleton, (int32_t)strlen(skeleton_ascii) + 1);
    u_charsToUChars(zone_ascii, zone, (int32_t)zone_length + 1);
    UDateTimePatternGenerator *generator = udatpg_open(locale, status);
    if (U_FAILURE(*status)) return NULL;
    int32_t length = udatpg_getBestPattern(generator, skeleton, -1, pattern, 96, status);
    udatpg_close(generator);
    if (U_FAILURE(*status) || length >= 96) {
        if (U_SUCCESS(*status)) *status = U_BUFFER_OVERFLOW_ERROR;
        return NULL;
    }
    return udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone, -1, pattern, length, status);
}

static genkan_locale_cache format_cache = GENKAN_LOCALE_CACHE_INITIALIZER;

int32_t GenkanICU_formatDate(const char *tag, const char *timeZone, double millis, GenkanICUDateStyle style,
                             uint16_t *dest, int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY];
    genkan_icu_locale(tag, locale, sizeof locale);
    if (locale[0] == 0 || skeleton_of(style) == NULL) return GenkanICUStatusInvalidArgument;
    char key[ULOC_FULLNAME_CAPACITY + GENKAN_LOCALE_NAME_MAX + 4];
    int written = snprintf(key, sizeof key, "%d|%s|%s", (int)style, timeZone, locale);
    if (written < 0 || (size_t)written >= sizeof key || strlen(timeZone) >= GENKAN_LOCALE_NAME_MAX) {
        return GenkanICUStatusInvalidArgument;
    }
    UErrorCode status = U_ZERO_ERROR;
    int owned = 0;
    UDateFormat *shared = genkan_locale_cache_get(&format_cache, key, open_format, &owned, &status);
    if (shared == NULL) return genkan_icu_result(status, 0);
    // A date format keeps a calendar it changes while formatting, so each call formats with
    // its own copy of the shared one (ICU: formats are not thread-safe).
    UDateFormat *format = owned ? shared : udat_clone(shared, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    int32_t length = udat_format(format, millis, (UChar *)dest, capacity, NULL, &status);
    udat_close(format);
    return genkan_icu_result(status, length);
}

int32_t GenkanICU_canonicalTimeZone(const char *id, char *dest, int32_t capacity) {
    size_t length = strlen(id);
    if (length == 0 || length >= GENKAN_LOCALE_NAME_MAX) return GenkanICUStatusInvalidArgument;
    // Zone IDs are ASCII letters, digits and "/_+-" (the tz database's rules); anything else is
    // refused before it reaches u_charsToUChars, which takes invariant characters only.
    for (size_t i = 0; i < length; i++) {
        char c = id[i];
        int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '_' || c == '+' || c == '-';
        if (!ok) return GenkanICUStatusInvalidArgument;
    }
    UChar zone[GENKAN_LOCALE_NAME_MAX], canonical[GENKAN_LOCALE_NAME_MAX];
    u_charsToUChars(id, zone, (int32_t)length + 1);
    UBool isSystemID = 0;
    UErrorCode status = U_ZERO_ERROR;
    int32_t result = ucal_getCanonicalTimeZoneID(zone, (int32_t)length, canonical, GENKAN_LOCALE_NAME_MAX, &isSystemID, &status);
    // A custom ID ("GMT+05:30") is canonical too, but not a zone a browser names.
    if (U_FAILURE(status) || !isSystemID || result >= GENKAN_LOCALE_NAME_MAX || result >= capacity) {
        return GenkanICUStatusInvalidArgument;
    }
    u_UCharsToChars(canonical, dest, result);
    dest[result] = 0;
    return result;
}
