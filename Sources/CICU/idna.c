#include "icu_private.h"
#include <unicode/uidna.h>
#include <stdatomic.h>

// One UTS #46 processor per combination of options, opened on first use and kept for the life of
// the process. ICU's UTS46 objects are immutable after opening and safe to share between threads.
#define OPTION_MASK 0x1F
static _Atomic(UIDNA *) processors[OPTION_MASK + 1];

static uint32_t icu_options(uint32_t options) {
    uint32_t icu = 0;
    if (options & GenkanIDNAOptionSTD3Rules) icu |= UIDNA_USE_STD3_RULES;
    if (options & GenkanIDNAOptionCheckBidi) icu |= UIDNA_CHECK_BIDI;
    if (options & GenkanIDNAOptionCheckContextJ) icu |= UIDNA_CHECK_CONTEXTJ;
    if (options & GenkanIDNAOptionCheckContextO) icu |= UIDNA_CHECK_CONTEXTO;
    if (options & GenkanIDNAOptionNontransitional) icu |= UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE;
    return icu;
}

UIDNA *genkan_idna_processor(uint32_t options, UErrorCode *status) {
    options &= OPTION_MASK;
    UIDNA *existing = atomic_load_explicit(&processors[options], memory_order_acquire);
    if (existing) return existing;
    UIDNA *fresh = uidna_openUTS46(icu_options(options), status);
    if (U_FAILURE(*status)) return NULL;
    if (!atomic_compare_exchange_strong(&processors[options], &existing, fresh)) {
        uidna_close(fresh);   // another thread won the race; use its processor
        return existing;
    }
    return fresh;
}

uint32_t genkan_idna_errors(uint32_t icu) {
    static const struct { uint32_t icu, genkan; } map[] = {
        {UIDNA_ERROR_EMPTY_LABEL, GenkanIDNAErrorEmptyLabel},
        {UIDNA_ERROR_LABEL_TOO_LONG, GenkanIDNAErrorLabelTooLong},
        {UIDNA_ERROR_DOMAIN_NAME_TOO_LONG, GenkanIDNAErrorDomainTooLong},
        {UIDNA_ERROR_LEADING_HYPHEN, GenkanIDNAErrorLeadingHyphen},
        {UIDNA_ERROR_TRAILING_HYPHEN, GenkanIDNAErrorTrailingHyphen},
        {UIDNA_ERROR_HYPHEN_3_4, GenkanIDNAErrorHyphen34},
        {UIDNA_ERROR_LEADING_COMBINING_MARK, GenkanIDNAErrorLeadingCombiningMark},
        {UIDNA_ERROR_DISALLOWED, GenkanIDNAErrorDisallowed},
        {UIDNA_ERROR_PUNYCODE, GenkanIDNAErrorPunycode},
        {UIDNA_ERROR_LABEL_HAS_DOT, GenkanIDNAErrorLabelHasDot},
        {UIDNA_ERROR_INVALID_ACE_LABEL, GenkanIDNAErrorInvalidACELabel},
        {UIDNA_ERROR_BIDI, GenkanIDNAErrorBidi},
        {UIDNA_ERROR_CONTEXTJ, GenkanIDNAErrorContextJ},
        {UIDNA_ERROR_CONTEXTO_PUNCTUATION, GenkanIDNAErrorContextOPunctuation},
        {UIDNA_ERROR_CONTEXTO_DIGITS, GenkanIDNAErrorContextODigits},
    };
    uint32_t out = 0;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (icu & map[i].icu) out |= map[i].genkan;
    return out;
}

typedef int32_t (*idna_function)(const UIDNA *, const UChar *, int32_t, UChar *, int32_t, UIDNAInfo *, UErrorCode *);

static int32_t run(idna_function f, uint32_t options, const uint16_t *src, int32_t length,
                   uint16_t *dest, int32_t capacity, uint32_t *errors) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = genkan_idna_processor(options, &status);
    if (idna == NULL) return genkan_icu_result(status, 0);
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t out = f(idna, (const UChar *)src, length, (UChar *)dest, capacity, &info, &status);
    if (errors) *errors = genkan_idna_errors(info.errors);
    return genkan_icu_result(status, out);
}

int32_t GenkanICU_idnaToASCII(uint32_t options, const uint16_t *src, int32_t length,
                              uint16_t *dest, int32_t capacity, uint32_t *errors) {
    return run(uidna_nameToASCII, options, src, length, dest, capacity, errors);
}

int32_t GenkanICU_idnaToUnicode(uint32_t options, const uint16_t *src, int32_t length,
                                uint16_t *dest, int32_t capacity, uint32_t *errors) {
    return run(uidna_nameToUnicode, options, src, length, dest, capacity, errors);
}

