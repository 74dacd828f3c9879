#ifndef GENKAN_CICU_H
#define GENKAN_CICU_H

// Stable wrappers over the system ICU (libicu-dev).
//
// Why this target exists: Foundation on Linux bundles its own ICU as the clang module
// `_FoundationICU`, so any Swift module that sees Foundation cannot also import <unicode/...>
// ("'UErrorCode' has different definitions in different modules"), and ICU renames every entry
// point with a version suffix through macros Swift cannot import. This header therefore names no
// ICU type: strings are UTF-16 code units (`uint16_t *` plus a length), enums are our own.
//
// Conventions for functions that produce a string: they write at most `capacity` code units to
// `dest` and return the length the full result needs. When that is greater than `capacity` the
// caller grows its buffer and calls again. A negative return value is a `GenkanICUStatus`.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum GenkanICUStatus {
    GenkanICUStatusFailure = -1,        ///< ICU reported an error we do not distinguish further.
    GenkanICUStatusInvalidArgument = -2,
    GenkanICUStatusUnavailable = -3,    ///< A service (data, locale) could not be opened.
} GenkanICUStatus;

// MARK: - Normalization (UAX #15)

typedef enum GenkanICUNormalForm {
    GenkanICUNormalFormNFC = 0,
    GenkanICUNormalFormNFD = 1,
    GenkanICUNormalFormNFKC = 2,
    GenkanICUNormalFormNFKD = 3,
    GenkanICUNormalFormNFKCCasefold = 4,
} GenkanICUNormalForm;

int32_t GenkanICU_normalize(GenkanICUNormalForm form, const uint16_t *src, int32_t length,
                            uint16_t *dest, int32_t capacity);

/// 1 when `src` is already in `form`, 0 when not, a negative status on failure.
int32_t GenkanICU_isNormalized(GenkanICUNormalForm form, const uint16_t *src, int32_t length);

// MARK: - Case mapping (root locale, full mappings)

int32_t GenkanICU_toLower(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity);
int32_t GenkanICU_toUpper(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity);
int32_t GenkanICU_foldCase(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity);

// MARK: - Code point properties

/// Unicode General_Category, in the order of the Unicode Standard's table 4-4.
typedef enum GenkanICUGeneralCategory {
    GenkanGC_Lu, GenkanGC_Ll, GenkanGC_Lt, GenkanGC_Lm, GenkanGC_Lo,
    GenkanGC_Mn, GenkanGC_Mc, GenkanGC_Me,
    GenkanGC_Nd, GenkanGC_Nl, GenkanGC_No,
    GenkanGC_Pc, GenkanGC_Pd, GenkanGC_Ps, GenkanGC_Pe, GenkanGC_Pi, GenkanGC_Pf, GenkanGC_Po,
    GenkanGC_Sm, GenkanGC_Sc, GenkanGC_Sk, GenkanGC_So,
    GenkanGC_Zs, GenkanGC_Zl, GenkanGC_Zp,
    GenkanGC_Cc, GenkanGC_Cf, GenkanGC_Cs, GenkanGC_Co, GenkanGC_Cn,
} GenkanICUGeneralCategory;

/// Unicode Bidi_Class (UAX #9 table 4).
typedef enum GenkanICUBidiClass {
    GenkanBidi_L, GenkanBidi_R, GenkanBidi_AL,
    GenkanBidi_EN, GenkanBidi_ES, GenkanBidi_ET, GenkanBidi_AN, GenkanBidi_CS, GenkanBidi_NSM,
    GenkanBidi_BN, GenkanBidi_B, GenkanBidi_S, GenkanBidi_WS, GenkanBidi_ON,
    GenkanBidi_LRE, GenkanBidi_LRO, GenkanBidi_RLE, GenkanBidi_RLO, GenkanBidi_PDF,
    GenkanBidi_LRI, GenkanBidi_RLI, GenkanBidi_FSI, GenkanBidi_PDI,
} GenkanICUBidiClass;

/// East_Asian_Width (UAX #11).
typedef enum GenkanICUEastAsianWidth {
    GenkanEAW_N, GenkanEAW_A, GenkanEAW_H, GenkanEAW_F, GenkanEAW_Na, GenkanEAW_W,
} GenkanICUEastAsianWidth;

/// Decomposition_Type values Genkan distinguishes; everything else is `Other`.
typedef enum GenkanICUDecompositionType {
    GenkanDT_None, GenkanDT_Canonical, GenkanDT_Wide, GenkanDT_Narrow, GenkanDT_Other,
} GenkanICUDecompositionType;

/// Hangul_Syllable_Type, needed for the PRECIS OldHangulJamo category (RFC 8264 §9.8).
typedef enum GenkanICUHangulType {
    GenkanHangul_NA, GenkanHangul_L, GenkanHangul_V, GenkanHangul_T, GenkanHangul_LV, GenkanHangul_LVT,
} GenkanICUHangulType;

enum {
    GenkanICUFlagDefaultIgnorable = 1 << 0,
    GenkanICUFlagNoncharacter = 1 << 1,
    GenkanICUFlagBidiControl = 1 << 2,
    GenkanICUFlagJoinControl = 1 << 3,
    GenkanICUFlagWhiteSpace = 1 << 4,
    /// NFKC(cp) != cp: the PRECIS HasCompat category (RFC 8264 §9.17).
    GenkanICUFlagChangesUnderNFKC = 1 << 5,
    GenkanICUFlagUppercase = 1 << 6,
    GenkanICUFlagLowercase = 1 << 7,
    GenkanICUFlagAlphabetic = 1 << 8,
    /// Changes_When_Casefolded: a code point without it (and unchanged by NFKC) is stable under
    /// the NFKC, case folding, NFKC mapping of IDNA2008 (RFC 5892 §2.2).
    GenkanICUFlagChangesWhenCasefolded = 1 << 9,
    /// Grapheme_Cluster_Break is Extend, ZWJ or SpacingMark: no grapheme boundary before it
    /// (UAX #29 GB9, GB9a).
    GenkanICUFlagGraphemeExtender = 1 << 10,
    /// Grapheme_Cluster_Break is Prepend: no grapheme boundary after it (UAX #29 GB9b).
    GenkanICUFlagGraphemePrepend = 1 << 11,
};

typedef struct GenkanICUCodePointInfo {
    uint8_t generalCategory;      ///< GenkanICUGeneralCategory
    uint8_t bidiClass;            ///< GenkanICUBidiClass
    uint8_t eastAsianWidth;       ///< GenkanICUEastAsianWidth
    uint8_t decompositionType;    ///< GenkanICUDecompositionType
    uint8_t hangulSyllableType;   ///< GenkanICUHangulType
    uint8_t combiningClass;       ///< Canonical_Combining_Class (9 = virama)
    uint8_t joiningType;          ///< Joining_Type as its one-letter code: 'U', 'C', 'D', 'L', 'R', 'T'
    uint8_t reserved;
    uint32_t flags;               ///< GenkanICUFlag... bits
    int32_t script;               ///< ICU script code; compare with GenkanICU_scriptCode()
} GenkanICUCodePointInfo;

/// Fills `info` for one code point. Returns 0, or a negative status for a value above U+10FFFF.
int32_t GenkanICU_codePointInfo(uint32_t codePoint, GenkanICUCodePointInfo *info);

/// The ICU script code for an ISO 15924 short name such as "Grek" or "Hira"; negative when unknown.
int32_t GenkanICU_scriptCode(const char *iso15924);

/// The Unicode version ICU's data implements, as "15.0".
const char *GenkanICU_unicodeVersion(void);

// MARK: - IDNA (UTS #46)

enum {
    GenkanIDNAOptionSTD3Rules = 1 << 0,        ///< Only LDH ASCII in labels.
    GenkanIDNAOptionCheckBidi = 1 << 1,        ///< RFC 5893.
    GenkanIDNAOptionCheckContextJ = 1 << 2,    ///< RFC 5892 Appendix A.1/A.2.
    GenkanIDNAOptionCheckContextO = 1 << 3,    ///< RFC 5892 Appendix A.3–A.9.
    GenkanIDNAOptionNontransitional = 1 << 4,  ///< IDNA2008 for ß, ς, ZWJ, ZWNJ (both directions).
};

/// UTS #46 processing errors, one bit each (same meaning as ICU's UIDNA_ERROR_* values).
enum {
    GenkanIDNAErrorEmptyLabel = 1 << 0,
    GenkanIDNAErrorLabelTooLong = 1 << 1,
    GenkanIDNAErrorDomainTooLong = 1 << 2,
    GenkanIDNAErrorLeadingHyphen = 1 << 3,
    GenkanIDNAErrorTrailingHyphen = 1 << 4,
    GenkanIDNAErrorHyphen34 = 1 << 5,
    GenkanIDNAErrorLeadingCombiningMark = 1 << 6,
    GenkanIDNAErrorDisallowed = 1 << 7,
    GenkanIDNAErrorPunycode = 1 << 8,
    GenkanIDNAErrorLabelHasDot = 1 << 9,
    GenkanIDNAErrorInvalidACELabel = 1 << 10,
    GenkanIDNAErrorBidi = 1 << 11,
    GenkanIDNAErrorContextJ = 1 << 12,
    GenkanIDNAErrorContextOPunctuation = 1 << 13,
    GenkanIDNAErrorContextODigits = 1 << 14,
};

/// UTS #46 ToASCII of a whole domain name; `errors` receives GenkanIDNAError bits (0 = none).
int32_t GenkanICU_idnaToASCII(uint32_t options, const uint16_t *src, int32_t length,
                              uint16_t *dest, int32_t capacity, uint32_t *errors);
/// UTS #46 ToUnicode of a whole domain name; `errors` receives GenkanIDNAError bits (0 = none).
int32_t GenkanICU_idnaToUnicode(uint32_t options, const uint16_t *src, int32_t length,
                                uint16_t *dest, int32_t capacity, uint32_t *errors);

/// GenkanICU_idnaToASCII on UTF-8 text, converted in C: Swift strings are UTF-8, and converting
/// to UTF-16 and back in Swift costs more than ICU's own work on a short domain.
int32_t GenkanICU_idnaToASCIIUTF8(uint32_t options, const char *src, int32_t length,
                                  char *dest, int32_t capacity, uint32_t *errors);
/// GenkanICU_idnaToUnicode on UTF-8 text, converted in C.
int32_t GenkanICU_idnaToUnicodeUTF8(uint32_t options, const char *src, int32_t length,
                                    char *dest, int32_t capacity, uint32_t *errors);
/// Both conversions of one domain in UTF-8, the input converted to UTF-16 once: ToUnicode into
/// `unicodeDest` and ToASCII into `asciiDest`, each of `capacity` bytes, with their lengths and
/// GenkanIDNAError bits. Returns 0; or, when an output is longer than `capacity`, the capacity
/// both need (the caller grows its buffers and calls again); or a negative status.
int32_t GenkanICU_idnaToUnicodeAndASCIIUTF8(uint32_t options, const char *src, int32_t length,
                                            char *unicodeDest, char *asciiDest, int32_t capacity,
                                            int32_t *unicodeLength, int32_t *asciiLength,
                                            uint32_t *unicodeErrors, uint32_t *asciiErrors);

// MARK: - Security (UTS #39)

enum {
    GenkanSpoofSingleScriptConfusable = 1 << 0,
    GenkanSpoofMixedScriptConfusable = 1 << 1,
    GenkanSpoofWholeScriptConfusable = 1 << 2,
    GenkanSpoofRestrictionLevel = 1 << 3,   ///< Fails "moderately restrictive" (UTS #39 §5.2).
    GenkanSpoofInvisible = 1 << 4,
    GenkanSpoofMixedNumbers = 1 << 5,
    GenkanSpoofHiddenOverlay = 1 << 6,
};

/// UTS #39 checks on one identifier; returns GenkanSpoof bits (0 = nothing suspicious) or a
/// negative status.
int32_t GenkanICU_spoofCheck(const uint16_t *src, int32_t length);

/// The UTS #39 confusable skeleton of `src`, for comparing two identifiers.
int32_t GenkanICU_spoofSkeleton(const uint16_t *src, int32_t length, uint16_t *dest, int32_t capacity);

// MARK: - Text boundaries (UAX #29)

/// The number of extended grapheme clusters in `src`, or a negative status.
int32_t GenkanICU_graphemeCount(const uint16_t *src, int32_t length);

// MARK: - Plural rules and numbers (CLDR)

/// Writes the CLDR plural category ("zero", "one", "two", "few", "many", "other") of `number` in
/// `locale` (a BCP 47 tag) into `dest` as NUL-terminated ASCII. Returns its length.
int32_t GenkanICU_pluralCategory(const char *locale, double number, char *dest, int32_t capacity);

/// Writes the plural categories `locale` uses, separated by spaces and in CLDR order
/// (zero one two few many other), NUL-terminated. Returns the length.
int32_t GenkanICU_pluralCategories(const char *locale, char *dest, int32_t capacity);

/// Formats an integer with `locale`'s digits and grouping.
int32_t GenkanICU_formatInteger(const char *locale, int64_t value, uint16_t *dest, int32_t capacity);

/// Adds likely subtags to a BCP 47 tag ("zh-TW" → "zh-Hant-TW") and writes the result as a BCP 47
/// tag, NUL-terminated. Returns its length.
int32_t GenkanICU_maximizeLanguageTag(const char *tag, char *dest, int32_t capacity);

/// Writes the BCP 47 tag of the parent CLDR's data names for `tag` when it is not the truncation
/// ("es-MX" → "es-419", "en-AU" → "en-001", "zh-MO" → "zh-Hant-HK"), NUL-terminated, and returns
/// its length; 0 (an empty string) when the parent is the truncation or the root.
int32_t GenkanICU_parentLanguageTag(const char *tag, char *dest, int32_t capacity);

// MARK: - Languages, dates and time zones (CLDR)

/// Writes the name of the language of `tag` (BCP 47) in that language, as a list of names shows it
/// ("Deutsch", "简体中文", "Polski"). Returns its length in UTF-16 code units.
int32_t GenkanICU_languageAutonym(const char *tag, uint16_t *dest, int32_t capacity);

/// 1 when the language of `tag` is written right to left (its likely script's direction), 0 when
/// not, a negative status when the tag cannot be read.
int32_t GenkanICU_isRightToLeft(const char *tag);


/// What a formatted moment shows.
typedef enum GenkanICUDateStyle {
    GenkanICUDateStyleDate = 0,           ///< The date with the month's name: "March 1, 2026".
    GenkanICUDateStyleDateTime = 1,       ///< The date and the time of day: "Mar 1, 2026, 2:05 PM".
    GenkanICUDateStyleDateTimeZone = 2,   ///< The same with the time zone's name: "…, 2:05 PM UTC".
} GenkanICUDateStyle;

/// Formats `millis` (milliseconds since 1970) as a reader of `tag` writes it, in the time zone
/// `timeZone` (a tz database ID such as "Asia/Tokyo", or "UTC"). Returns the length in UTF-16
/// code units.
int32_t GenkanICU_formatDate(const char *tag, const char *timeZone, double millis, GenkanICUDateStyle style,
                             uint16_t *dest, int32_t capacity);

/// Writes CLDR's canonical ID of the system time zone `id` ("US/Eastern" → "America/New_York"),
/// NUL-terminated. Returns its length, or a negative status when `id` names no
/// time zone ICU knows.
int32_t GenkanICU_canonicalTimeZone(const char *id, char *dest, int32_t capacity);

// MARK: - UTF-8 entry points (normalization and lower case)

/// `src` (UTF-8) in `form`, written to `dest` as UTF-8. When `src` is already in `form`,
/// `*unchanged` is set to 1, nothing is written and `length` is returned.
int32_t GenkanICU_normalizeUTF8(GenkanICUNormalForm form, const char *src, int32_t length,
                                char *dest, int32_t capacity, int32_t *unchanged);

/// Full lower-case mapping in the root locale of `src` (UTF-8), written to `dest` as UTF-8.
int32_t GenkanICU_toLowerUTF8(const char *src, int32_t length, char *dest, int32_t capacity);

enum {
    GenkanQuickCheckNFCStarter = 1 << 0,    ///< NFC_QC=Yes and Canonical_Combining_Class 0.
    GenkanQuickCheckNFKCStarter = 1 << 1,   ///< NFKC_QC=Yes and Canonical_Combining_Class 0.
};

/// GenkanQuickCheck bits for one code point (UAX #15 §9), or a negative status.
int32_t GenkanICU_normalizationQuickCheck(uint32_t codePoint);

/// The Script_Extensions of one code point (UAX #24 §5.2) as ICU script codes, at most `capacity`
/// of them written to `scripts`. Returns how many there are, or a negative status.
int32_t GenkanICU_scriptExtensions(uint32_t codePoint, int32_t *scripts, int32_t capacity);

// MARK: - Collation (UTS #10)

/// The orders Genkan sorts text in.
typedef enum GenkanICUCollator {
    /// The order Xcode gives String Catalog keys: English collation, tertiary strength, digits
    /// by numeric value.
    GenkanICUCollatorCatalogKeys,
    /// The root collation order (CLDR root), for lists of languages.
    GenkanICUCollatorRoot,
} GenkanICUCollator;

/// Compares two strings in the order `collator` names: 1 (a < b), 2 (equal), 3 (a > b) or a
/// negative status.
int32_t GenkanICU_compare(GenkanICUCollator collator, const uint16_t *a, int32_t aLength, const uint16_t *b, int32_t bLength);

#ifdef __cplusplus
}
#endif

#endif
