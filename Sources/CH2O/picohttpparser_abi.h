/* Declarations of picohttpparser, the HTTP/1 parser H2O bundles and libh2o-evloop exports
 * (`nm -D libh2o-evloop.so | grep phr_`). Debian's libh2o-dev does not install its header, so the
 * three functions CH2O uses are declared here with the signatures upstream has kept since 2014.
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

/* The decoder state. Later upstream versions appended counters to this struct, so CH2O embeds it
 * in a larger zeroed block (ch2o_chunked_decoder) that leaves room for them. */
struct phr_chunked_decoder {
    size_t bytes_left_in_chunk;
    char consume_trailer;
    char _hex_count;
    char _state;
};

/* Decodes chunked data in place; returns the number of bytes left after the end of the body,
 * -1 on error, -2 when incomplete (and updates *bufsz to the decoded length). */
ssize_t phr_decode_chunked(struct phr_chunked_decoder *decoder, char *buf, size_t *bufsz);

#endif
