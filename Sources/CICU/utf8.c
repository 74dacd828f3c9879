#include "icu_private.h"
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <stdlib.h>

// UTF-8 entry points for the work done on every name and password. Swift strings are UTF-8;
// transcoding them to UTF-16 in Swift and the result back costs more than ICU's own work, so
// these functions convert in C, and report an input that is already normalized (the common case)
// without producing any output.

enum { STACK_UNITS = 256 };

// A UTF-16 buffer that starts on the stack and moves to the heap when the text is longer.
typedef struct utf16_buffer {
    UChar stack[STACK_UNITS];
    UChar *units;
    int32_t length;
    int32_t capacity;
} utf16_buffer;

static void buffer_init(utf16_buffer *b) {
    b->units = b->stack;
    b->length = 0;
    b->capacity = STACK_UNITS;
}

static void buffer_free(utf16_buffer *b) {
    if (b->units != b->stack) free(b->units);
}

static int buffer_reserve(utf16_buffer *b, int32_t capacity) {
    if (capacity <= b->capacity) return 1;
    UChar *units = malloc((size_t)capacity * sizeof(UChar));
    if (units == NULL) return 0;
    buffer_free(b);
    b->units = units;
    b->capacity = capacity;
    return 1;
}

static void from_utf8(utf16_buffer *b, const char *src, int32_t length, UErrorCode *status) {
    u_strFromUTF8(b->units, b->capacity, &b->length, src, length, status);
    if (*status == U_BUFFER_OVERFLOW_ERROR || *status == U_STRING_NOT_TERMINATED_WARNING) {
        *status = U_ZERO_ERROR;
        if (!buffer_reserve(b, b->length + 1)) { *status = U_MEMORY_ALLOCATION_ERROR; return; }
        u_strFromUTF8(b->units, b->capacity, &b->length, src, length, status);
    }
}

int32_t GenkanICU_normalizeUTF8(GenkanICUNormalForm form, const char *src, int32_t length,
                                char *dest, int32_t capacity, int32_t *unchanged) {
    *unchanged = 0;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *n = genkan_icu_normalizer(form, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    utf16_buffer input, output;
    buffer_init(&input);
    buffer_init(&output);
    int32_t result = 0;
    from_utf8(&input, src, length, &status);
    if (U_FAILURE(status)) goto done;
    if (unorm2_isNormalized(n, input.units, input.length, &status) && U_SUCCESS(status)) {
        *unchanged = 1;
        result = length;
        goto done;
    }
    if (U_FAILURE(status)) goto done;
    output.length = unorm2_normalize(n, input.units, input.length, output.units, output.capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
        status = U_ZERO_ERROR;
        if (!buffer_reserve(&output, output.length + 1)) { status = U_MEMORY_ALLOCATION_ERROR; goto done; }
        output.length = unorm2_normalize(n, input.units, input.length, output.units, output.capacity, &status);
    }
    if (U_FAILURE(status)) goto done;
    u_strToUTF8(dest, capacity, &result, output.units, output.length, &status);
done:
    buffer_free(&input);
    buffer_free(&output);
    return genkan_icu_result(status, result);
}

int32_t GenkanICU_toLowerUTF8(const char *src, int32_t length, char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    utf16_buffer input, output;
    buffer_init(&input);
    buffer_init(&output);
    int32_t result = 0;
    from_utf8(&input, src, length, &status);
    if (U_FAILURE(status)) goto done;
    // Root locale: the language-independent full mappings, as in case.c.
    output.length = u_strToLower(output.units, output.capacity, input.units, input.length, "", &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
        status = U_ZERO_ERROR;
        if (!buffer_reserve(&output, output.length + 1)) { status = U_MEMORY_ALLOCATION_ERROR; goto done; }
        output.length = u_strToLower(output.units, output.capacity, input.units, input.length, "", &status);
    }
    if (U_FAILURE(status)) goto done;
    u_strToUTF8(dest, capacity, &result, output.units, output.length, &status);
done:
    buffer_free(&input);
    buffer_free(&output);
    return genkan_icu_result(status, result);
}
