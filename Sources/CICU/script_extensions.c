#include "icu_private.h"
#include <unicode/uscript.h>

// Script_Extensions (UAX #24 §5.2), which UTS #39 §5.1 uses to resolve the scripts of an
// identifier; Genkan reads it to know when ICU's spoof checker cannot object to a name.
int32_t GenkanICU_scriptExtensions(uint32_t codePoint, int32_t *scripts, int32_t capacity) {
    if (codePoint > 0x10FFFF) return GenkanICUStatusInvalidArgument;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[32];
    int32_t count = uscript_getScriptExtensions((UChar32)codePoint, codes, 32, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    for (int32_t i = 0; i < count && i < capacity; i++) scripts[i] = (int32_t)codes[i];
    return count;
}
