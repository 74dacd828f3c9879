#include "icu_private.h"
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uidna.h>
#include <stdlib.h>

// UTF-8 entry points for the work done on every name, password and e-mail domain. Swift strings are UTF-8;
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

typedef int32_t (*idna_function)(const UIDNA *, const UChar *, int32_t, UChar *, int32_t, UIDNAInfo *, UErrorCode *);

// ICU's own UTF-8 IDNA functions are not used: ICU 72 reports an empty label for "a.\u00AD" (a
// trailing label that mapping empties) in UTF-8 and not in UTF-16, and Genkan's verdicts follow
// the UTF-16 implementation, which they were checked against.
// One conversion of UTF-16 `input` by `f`, written to `dest` as UTF-8. Returns the UTF-8 length
// (which may exceed `capacity`: the caller grows and calls again) or a negative status.
static int32_t idna_convert(const UIDNA *idna, idna_function f, const utf16_buffer *input,
                            char *dest, int32_t capacity, uint32_t *errors) {
    UErrorCode status = U_ZERO_ERROR;
    utf16_buffer output;
    buffer_init(&output);
    int32_t result = 0;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    output.length = f(idna, input->units, input->length, output.units, output.capacity, &info, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
        status = U_ZERO_ERROR;
        if (!buffer_reserve(&output, output.length + 1)) { status = U_MEMORY_ALLOCATION_ERROR; goto done; }
        UIDNAInfo retry = UIDNA_INFO_INITIALIZER;
        info = retry;
        output.length = f(idna, input->units, input->length, output.units, output.capacity, &info, &status);
    }
    if (errors) *errors = genkan_idna_errors(info.errors);
    if (U_FAILURE(status)) goto done;
    u_strToUTF8(dest, capacity, &result, output.units, output.length, &status);
done:
    buffer_free(&output);
    return genkan_icu_result(status, result);
}

static int32_t idna_utf8(idna_function f, uint32_t options, const char *src, int32_t length,
                         char *dest, int32_t capacity, uint32_t *errors) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = genkan_idna_processor(options, &status);
    if (idna == NULL) return genkan_icu_result(status, 0);
    utf16_buffer input;
    buffer_init(&input);
    from_utf8(&input, src, length, &status);
    int32_t result = U_FAILURE(status) ? genkan_icu_result(status, 0) : idna_convert(idna, f, &input, dest, capacity, errors);
    buffer_free(&input);
    return result;
}

int32_t GenkanICU_idnaToASCIIUTF8(uint32_t options, const char *src, int32_t length,
                                  char *dest, int32_t capacity, uint32_t *errors) {
    return idna_utf8(uidna_nameToASCII, options, src, length, dest, capacity, errors);
}

int32_t GenkanICU_idnaToUnicodeUTF8(uint32_t options, const char *src, int32_t length,
                                    char *dest, int32_t capacity, uint32_t *errors) {
    return idna_utf8(uidna_nameToUnicode, options, src, length, dest, capacity, errors);
}

int32_t GenkanICU_idnaToUnicodeAndASCIIUTF8(uint32_t options, const char *src, int32_t length,
                                            char *unicodeDest, char *asciiDest, int32_t capacity,
                                            int32_t *unicodeLength, int32_t *asciiLength,
                                            uint32_t *unicodeErrors, uint32_t *asciiErrors) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = genkan_idna_processor(options, &status);
    if (idna == NULL) return genkan_icu_result(status, 0);
    utf16_buffer input;
    buffer_init(&input);
    from_utf8(&input, src, length, &status);
    int32_t result = 0;
    if (U_FAILURE(status)) {
        result = genkan_icu_result(status, 0);
    } else {
        *unicodeLength = idna_convert(idna, uidna_nameToUnicode, &input, unicodeDest, capacity, unicodeErrors);
        *asciiLength = idna_convert(idna, uidna_nameToASCII, &input, asciiDest, capacity, asciiErrors);
        if (*unicodeLength < 0) result = *unicodeLength;
        else if (*asciiLength < 0) result = *asciiLength;
        else if (*unicodeLength > capacity || *asciiLength > capacity)
            result = *unicodeLength > *asciiLength ? *unicodeLength : *asciiLength;
    }
    buffer_free(&input);
    return result;
}
