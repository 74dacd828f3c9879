#include "icu_private.h"
#include <unicode/ubrk.h>
#include <pthread.h>

// A break iterator holds its position and text, so it cannot be shared between threads; opening
// one costs far more than counting a name's graphemes. Each thread keeps its own, closed when the
// thread exits.
static pthread_key_t iterator_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void close_iterator(void *iterator) { ubrk_close((UBreakIterator *)iterator); }
static void make_key(void) { pthread_key_create(&iterator_key, close_iterator); }

static UBreakIterator *thread_iterator(UErrorCode *status) {
    pthread_once(&key_once, make_key);
    UBreakIterator *iterator = pthread_getspecific(iterator_key);
    if (iterator) return iterator;
    iterator = ubrk_open(UBRK_CHARACTER, "", NULL, 0, status);
    if (U_FAILURE(*status)) return NULL;
    pthread_setspecific(iterator_key, iterator);
    return iterator;
}

int32_t GenkanICU_graphemeCount(const uint16_t *src, int32_t length) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = thread_iterator(&status);
    if (iterator == NULL) return genkan_icu_result(status, 0);
    ubrk_setText(iterator, (const UChar *)src, length, &status);
    if (U_FAILURE(status)) return genkan_icu_result(status, 0);
    int32_t count = 0;
    ubrk_first(iterator);
    while (ubrk_next(iterator) != UBRK_DONE) count++;
    // Drop the reference to the caller's buffer, which is only valid during this call.
    static const UChar empty[1] = {0};
    ubrk_setText(iterator, empty, 0, &status);
    return count;
}
