#include "locale_cache.h"
#include <string.h>

void *genkan_locale_cache_get(genkan_locale_cache *cache, const char *locale, genkan_locale_open open,
                              int *owned, UErrorCode *status) {
    *owned = 0;
    size_t length = strlen(locale);
    pthread_mutex_lock(&cache->lock);
    for (int i = 0; i < cache->count; i++) {
        if (strcmp(cache->names[i], locale) == 0) {
            void *found = cache->services[i];
            pthread_mutex_unlock(&cache->lock);
            return found;
        }
    }
    void *service = open(locale, status);
    if (U_FAILURE(*status)) {
        pthread_mutex_unlock(&cache->lock);
        return NULL;
    }
    if (cache->count < GENKAN_LOCALE_CACHE_CAPACITY && length < GENKAN_LOCALE_NAME_MAX) {
        memcpy(cache->names[cache->count], locale, length + 1);
        cache->services[cache->count] = service;
        cache->count++;
    } else {
        *owned = 1;
    }
    pthread_mutex_unlock(&cache->lock);
    return service;
}
