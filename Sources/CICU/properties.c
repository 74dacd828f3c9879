#include "icu_private.h"
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/unorm2.h>
#include <unicode/uversion.h>
#include <pthread.h>
#include <stdio.h>

static uint8_t general_category(UChar32 c) {
    switch ((UCharCategory)u_charType(c)) {
    case U_UPPERCASE_LETTER: return GenkanGC_Lu;
    case U_LOWERCASE_LETTER: return GenkanGC_Ll;
    case U_TITLECASE_LETTER: return GenkanGC_Lt;
    case U_MODIFIER_LETTER: return GenkanGC_Lm;
    case U_OTHER_LETTER: return GenkanGC_Lo;
    case U_NON_SPACING_MARK: return GenkanGC_Mn;
    case U_COMBINING_SPACING_MARK: return GenkanGC_Mc;
    case U_ENCLOSING_MARK: return GenkanGC_Me;
    case U_DECIMAL_DIGIT_NUMBER: return GenkanGC_Nd;
    case U_LETTER_NUMBER: return GenkanGC_Nl;
    case U_OTHER_NUMBER: return GenkanGC_No;
    case U_CONNECTOR_PUNCTUATION: return GenkanGC_Pc;
    case U_DASH_PUNCTUATION: return GenkanGC_Pd;
    case U_START_PUNCTUATION: return GenkanGC_Ps;
    case U_END_PUNCTUATION: return GenkanGC_Pe;
    case U_INITIAL_PUNCTUATION: return GenkanGC_Pi;
    case U_FINAL_PUNCTUATION: return GenkanGC_Pf;
    case U_OTHER_PUNCTUATION: return GenkanGC_Po;
    case U_MATH_SYMBOL: return GenkanGC_Sm;
    case U_CURRENCY_SYMBOL: return GenkanGC_Sc;
    case U_MODIFIER_SYMBOL: return GenkanGC_Sk;
    case U_OTHER_SYMBOL: return GenkanGC_So;
    case U_SPACE_SEPARATOR: return GenkanGC_Zs;
    case U_LINE_SEPARATOR: return GenkanGC_Zl;
    case U_PARAGRAPH_SEPARATOR: return GenkanGC_Zp;
    case U_CONTROL_CHAR: return GenkanGC_Cc;
    case U_FORMAT_CHAR: return GenkanGC_Cf;
    case U_SURROGATE: return GenkanGC_Cs;
    case U_PRIVATE_USE_CHAR: return GenkanGC_Co;
    default: return GenkanGC_Cn;
    }
}

static uint8_t bidi_class(UChar32 c) {
    switch (u_charDirection(c)) {
    case U_LEFT_TO_RIGHT: return GenkanBidi_L;
    case U_RIGHT_TO_LEFT: return GenkanBidi_R;
    case U_RIGHT_TO_LEFT_ARABIC: return GenkanBidi_AL;
    case U_EUROPEAN_NUMBER: return GenkanBidi_EN;
    case U_EUROPEAN_NUMBER_SEPARATOR: return GenkanBidi_ES;
    case U_EUROPEAN_NUMBER_TERMINATOR: return GenkanBidi_ET;
    case U_ARABIC_NUMBER: return GenkanBidi_AN;
    case U_COMMON_NUMBER_SEPARATOR: return GenkanBidi_CS;
    case U_DIR_NON_SPACING_MARK: return GenkanBidi_NSM;
    case U_BOUNDARY_NEUTRAL: return GenkanBidi_BN;
    case U_BLOCK_SEPARATOR: return GenkanBidi_B;
    case U_SEGMENT_SEPARATOR: return GenkanBidi_S;
    case U_WHITE_SPACE_NEUTRAL: return GenkanBidi_WS;
    case U_OTHER_NEUTRAL: return GenkanBidi_ON;
    case U_LEFT_TO_RIGHT_EMBEDDING: return GenkanBidi_LRE;
    case U_LEFT_TO_RIGHT_OVERRIDE: return GenkanBidi_LRO;
    case U_RIGHT_TO_LEFT_EMBEDDING: return GenkanBidi_RLE;
    case U_RIGHT_TO_LEFT_OVERRIDE: return GenkanBidi_RLO;
    case U_POP_DIRECTIONAL_FORMAT: return GenkanBidi_PDF;
    case U_LEFT_TO_RIGHT_ISOLATE: return GenkanBidi_LRI;
    case U_RIGHT_TO_LEFT_ISOLATE: return GenkanBidi_RLI;
    case U_FIRST_STRONG_ISOLATE: return GenkanBidi_FSI;
    case U_POP_DIRECTIONAL_ISOLATE: return GenkanBidi_PDI;
    default: return GenkanBidi_ON;
    }
}

static uint8_t east_asian_width(UChar32 c) {
    switch (u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_AMBIGUOUS: return GenkanEAW_A;
    case U_EA_HALFWIDTH: return GenkanEAW_H;
    case U_EA_FULLWIDTH: return GenkanEAW_F;
    case U_EA_NARROW: return GenkanEAW_Na;
    case U_EA_WIDE: return GenkanEAW_W;
    default: return GenkanEAW_N;
    }
}

static uint8_t decomposition_type(UChar32 c) {
    switch (u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE)) {
    case U_DT_NONE: return GenkanDT_None;
    case U_DT_CANONICAL: return GenkanDT_Canonical;
    case U_DT_WIDE: return GenkanDT_Wide;
    case U_DT_NARROW: return GenkanDT_Narrow;
    default: return GenkanDT_Other;
    }
}

static uint8_t hangul_type(UChar32 c) {
    switch (u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE)) {
    case U_HST_LEADING_JAMO: return GenkanHangul_L;
    case U_HST_VOWEL_JAMO: return GenkanHangul_V;
    case U_HST_TRAILING_JAMO: return GenkanHangul_T;
    case U_HST_LV_SYLLABLE: return GenkanHangul_LV;
    case U_HST_LVT_SYLLABLE: return GenkanHangul_LVT;
    default: return GenkanHangul_NA;
    }
}

static uint8_t joining_type(UChar32 c) {
    switch (u_getIntPropertyValue(c, UCHAR_JOINING_TYPE)) {
    case U_JT_JOIN_CAUSING: return 'C';
    case U_JT_DUAL_JOINING: return 'D';
    case U_JT_LEFT_JOINING: return 'L';
    case U_JT_RIGHT_JOINING: return 'R';
    case U_JT_TRANSPARENT: return 'T';
    default: return 'U';
    }
}

static int changes_under_nfkc(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance(&status);
    if (U_FAILURE(status)) return 0;
    UChar buffer[2];
    int32_t length = 0;
    if (c <= 0xFFFF) {
        buffer[length++] = (UChar)c;
    } else {
        buffer[length++] = (UChar)(0xD7C0 + (c >> 10));
        buffer[length++] = (UChar)(0xDC00 | (c & 0x3FF));
    }
    UBool normalized = unorm2_isNormalized(nfkc, buffer, length, &status);
    return U_SUCCESS(status) && !normalized;
}

int32_t GenkanICU_codePointInfo(uint32_t codePoint, GenkanICUCodePointInfo *info) {
    if (codePoint > 0x10FFFF || info == NULL) return GenkanICUStatusInvalidArgument;
    UChar32 c = (UChar32)codePoint;
    info->generalCategory = general_category(c);
    info->bidiClass = bidi_class(c);
    info->eastAsianWidth = east_asian_width(c);
    info->decompositionType = decomposition_type(c);
    info->hangulSyllableType = hangul_type(c);
    info->combiningClass = u_getCombiningClass(c);
    info->joiningType = joining_type(c);
    info->reserved = 0;
    uint32_t flags = 0;
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) flags |= GenkanICUFlagDefaultIgnorable;
    if (u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT)) flags |= GenkanICUFlagNoncharacter;
    if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) flags |= GenkanICUFlagBidiControl;
    if (u_hasBinaryProperty(c, UCHAR_JOIN_CONTROL)) flags |= GenkanICUFlagJoinControl;
    if (u_hasBinaryProperty(c, UCHAR_WHITE_SPACE)) flags |= GenkanICUFlagWhiteSpace;
    if (u_hasBinaryProperty(c, UCHAR_UPPERCASE)) flags |= GenkanICUFlagUppercase;
    if (u_hasBinaryProperty(c, UCHAR_LOWERCASE)) flags |= GenkanICUFlagLowercase;
    if (u_hasBinaryProperty(c, UCHAR_ALPHABETIC)) flags |= GenkanICUFlagAlphabetic;
    if (u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_CASEFOLDED)) flags |= GenkanICUFlagChangesWhenCasefolded;
    switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_EXTEND: case U_GCB_ZWJ: case U_GCB_SPACING_MARK: flags |= GenkanICUFlagGraphemeExtender; break;
    case U_GCB_PREPEND: flags |= GenkanICUFlagGraphemePrepend; break;
    default: break;
    }
    if (changes_under_nfkc(c)) flags |= GenkanICUFlagChangesUnderNFKC;
    info->flags = flags;
    UErrorCode status = U_ZERO_ERROR;
    info->script = (int32_t)uscript_getScript(c, &status);
    if (U_FAILURE(status)) info->script = -1;
    return 0;
}

int32_t GenkanICU_scriptCode(const char *iso15924) {
    int32_t code = u_getPropertyValueEnum(UCHAR_SCRIPT, iso15924);
    return code == UCHAR_INVALID_CODE ? GenkanICUStatusInvalidArgument : code;
}

static char unicode_version[U_MAX_VERSION_STRING_LENGTH];

static void read_unicode_version(void) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    snprintf(unicode_version, sizeof unicode_version, "%u.%u", version[0], version[1]);
}

const char *GenkanICU_unicodeVersion(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_unicode_version);
    return unicode_version;
}
