#ifndef GENKAN_ICU_LOCALE_CACHE_H
#define GENKAN_ICU_LOCALE_CACHE_H

#include <pthread.h>
#include <unicode/utypes.h>

/// A small table of immutable, thread-safe ICU services keyed by locale (plural rules, number
/// formatters). Entries live as long as the process; a request for a locale beyond the table's
/// capacity gets a service that the caller must close itself (`*owned` is set).
typedef void *(*genkan_locale_open)(const char *locale, UErrorCode *status);
typedef void (*genkan_locale_close)(void *service);

#define GENKAN_LOCALE_CACHE_CAPACITY 64
#define GENKAN_LOCALE_NAME_MAX 64

typedef struct genkan_locale_cache {
    pthread_mutex_t lock;
    int count;
    char names[GENKAN_LOCALE_CACHE_CAPACITY][GENKAN_LOCALE_NAME_MAX];
    void *services[GENKAN_LOCALE_CACHE_CAPACITY];
} genkan_locale_cache;

#define GENKAN_LOCALE_CACHE_INITIALIZER { PTHREAD_MUTEX_INITIALIZER, 0, {{0}}, {0} }

void *genkan_locale_cache_get(genkan_locale_cache *cache, const char *locale, genkan_locale_open open,
                              int *owned, UErrorCode *status);

#endif
