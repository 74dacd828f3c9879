/* CCurl: the part of libcurl (Debian's libcurl4-openssl-dev) that Genkan's SMTP transport
 * (GenkanMail) and HTTP client (GenkanHTTPClient) use.
 *
 * Swift imports libcurl's non-variadic functions (curl_easy_init, curl_easy_perform,
 * curl_slist_append, ...) directly through this header. What Swift cannot call is declared
 * below: curl_easy_setopt and curl_easy_getinfo are variadic, and CURL_GLOBAL_DEFAULT is a
 * macro built from other macros. Each wrapper takes one fixed argument type, so the compiler
 * checks what libcurl's variadic interface cannot. They can go once Swift calls C variadic
 * functions with a typed last argument (or libcurl offers typed setters).
 *
 * GenkanMail and GenkanHTTPClient import this module privately (`private import CCurl`), in
 * files named `Type+Curl.swift`; no libcurl type appears in their public APIs. */
#ifndef GENKAN_CCURL_H
#define GENKAN_CCURL_H

#include <curl/curl.h>

/// curl_global_init(CURL_GLOBAL_DEFAULT), run once per process whoever calls first (pthread_once):
/// the flag is a macro expression Swift does not import, and curl_global_init is not thread-safe
/// in older libcurl releases while two modules (mail and HTTP) may start their first transfer on
/// two threads at once. Every call returns the first call's result.
CURLcode CCurl_global_init(void);

/// curl_easy_setopt for options that take a `long` (timeouts, flags, CURLUSESSL_* values).
CURLcode CCurl_easy_setopt_long(CURL *handle, CURLoption option, long value);

/// curl_easy_setopt for options that take a NUL-terminated string (libcurl copies it).
CURLcode CCurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);

/// curl_easy_setopt for options that take a `struct curl_slist *` (CURLOPT_MAIL_RCPT,
/// CURLOPT_RESOLVE); the list must outlive the transfer.
CURLcode CCurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list);

/// curl_easy_setopt for options that take a data pointer (CURLOPT_READDATA, CURLOPT_ERRORBUFFER).
CURLcode CCurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *pointer);

/// curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback): a function pointer cannot travel
/// through the data-pointer wrapper (C does not convert between the two).
CURLcode CCurl_easy_setopt_read_function(CURL *handle, curl_read_callback callback);

/// curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback): the response body, piece by piece.
CURLcode CCurl_easy_setopt_write_function(CURL *handle, curl_write_callback callback);

/// curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback): each response header line.
CURLcode CCurl_easy_setopt_header_function(CURL *handle, curl_write_callback callback);

/// curl_easy_getinfo for information returned as a `long` (CURLINFO_RESPONSE_CODE).
CURLcode CCurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
