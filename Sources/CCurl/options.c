/* Fixed-type wrappers over libcurl's variadic curl_easy_setopt and curl_easy_getinfo, which Swift
 * cannot call, and over the CURL_GLOBAL_DEFAULT macro. See CCurl.h for why each exists. */
#include "CCurl.h"

#include <pthread.h>

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_status = CURLE_FAILED_INIT;

static void global_init_once(void)
{
    global_status = curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode CCurl_global_init(void)
{
    pthread_once(&global_once, global_init_once);
    return global_status;
}

CURLcode CCurl_easy_setopt_long(CURL *handle, CURLoption option, long value)
{
    return curl_easy_setopt(handle, option, value);
}

CURLcode CCurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value)
{
    return curl_easy_setopt(handle, option, value);
}

CURLcode CCurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list)
{
    return curl_easy_setopt(handle, option, list);
}

CURLcode CCurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *pointer)
{
    return curl_easy_setopt(handle, option, pointer);
}

CURLcode CCurl_easy_setopt_read_function(CURL *handle, curl_read_callback callback)
{
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

CURLcode CCurl_easy_setopt_write_function(CURL *handle, curl_write_callback callback)
{
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode CCurl_easy_setopt_header_function(CURL *handle, curl_write_callback callback)
{
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

CURLcode CCurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value)
{
    return curl_easy_getinfo(handle, info, value);
}
