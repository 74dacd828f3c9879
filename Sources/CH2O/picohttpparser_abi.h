/* Declarations of picohttpparser, the HTTP/1 parser H2O bundles and libh2o-evloop exports
 * (`nm -D libh2o-evloop.so | grep phr_`). Debian's libh2o-dev does not install its header, so the
 * one function CH2O uses is declared here with the signature upstream has kept since 2014. (Its
 * chunked decoder is not used: chunked.c says why.)
 * If a packaged picohttpparser.h appears, include it instead and delete this file. */
#ifndef GENKAN_CH2O_PICOHTTPPARSER_ABI_H
#define GENKAN_CH2O_PICOHTTPPARSER_ABI_H

#include <stddef.h>
#include <sys/types.h>

struct phr_header {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
};

/* Returns the length of the request head, -1 on a parse error, -2 when incomplete. */
int phr_parse_request(const char *buf, size_t len, const char **method, size_t *method_len, const char **path,
                      size_t *path_len, int *minor_version, struct phr_header *headers, size_t *num_headers,
                      size_t last_len);

#endif
