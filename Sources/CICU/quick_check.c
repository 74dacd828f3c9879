#include "icu_private.h"
#include <unicode/uchar.h>
#include <unicode/unorm2.h>

// The normalization quick check of one code point (UAX #15 §9): whether it has NFC_QC=Yes and
// NFKC_QC=Yes with Canonical_Combining_Class 0. A string made only of such code points is
// already in that form, which lets a caller skip the normalizer.
int32_t GenkanICU_normalizationQuickCheck(uint32_t codePoint) {
    if (codePoint > 0x10FFFF) return GenkanICUStatusInvalidArgument;
    UChar32 c = (UChar32)codePoint;
    if (u_getCombiningClass(c) != 0) return 0;
    int32_t bits = 0;
    if (u_getIntPropertyValue(c, UCHAR_NFC_QUICK_CHECK) == UNORM_YES) bits |= GenkanQuickCheckNFCStarter;
    if (u_getIntPropertyValue(c, UCHAR_NFKC_QUICK_CHECK) == UNORM_YES) bits |= GenkanQuickCheckNFKCStarter;
    return bits;
}
