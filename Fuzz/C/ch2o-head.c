/* The request head as CH2O parses it (connection.c, parse_head): picohttpparser's
 * phr_parse_request from Debian's libh2o-evloop, called again as each read arrives with the
 * length already scanned (`last_len`), at most max_head_size bytes, into CH2O_MAX_HEADERS headers.
 *
 * Input: one byte that sets how the head arrives (reads of 1 to 64 bytes, or all at once), then
 * the bytes. Invariants (on the parser's answer, before CH2O's own checks): a head parsed read by read is complete exactly when one parse of the same
 * bytes finds it complete, with the same length, method, target, version and headers; everything the parser points to lies inside the
 * bytes given, a parsed head is at most as long as them, and every pointer CH2O later reads is
 * either set or a continuation line CH2O refuses; the header count never exceeds the array. */
#include "ch2o_private.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_HEAD 16384

static void fail(const char *what)
{
    fprintf(stderr, "genkan-fuzz: invariant broken: %s\n", what);
    abort();
}

struct parsed {
    int result;
    const char *method, *target;
    size_t method_len, target_len, num_headers;
    int minor_version;
    struct phr_header headers[CH2O_MAX_HEADERS];
};

static void parse(const char *bytes, size_t length, size_t last_len, struct parsed *out)
{
    out->num_headers = CH2O_MAX_HEADERS;
    out->method = out->target = NULL;
    out->method_len = out->target_len = 0;
    out->minor_version = -1;
    out->result = phr_parse_request(bytes, length, &out->method, &out->method_len, &out->target, &out->target_len,
                                    &out->minor_version, out->headers, &out->num_headers, last_len);
}

static int inside(const char *p, size_t n, const char *bytes, size_t length)
{
    return p >= bytes && n <= length && (size_t)(p - bytes) <= length - n;
}

/* What CH2O reads of a parsed head: every byte of it, so that ASan sees a pointer outside. */
static unsigned check(const struct parsed *p, const char *bytes, size_t length)
{
    unsigned sum = 0;
    if ((size_t)p->result > length) fail("the head is longer than the bytes");
    if (p->num_headers > CH2O_MAX_HEADERS) fail("more headers than the array holds");
    /* An empty method (a line that starts with a space) and HTTP/1.2 to 1.9 come through; CH2O
     * refuses both (ch2o-connection checks that it does). */
    if (!inside(p->method, p->method_len, bytes, length)) fail("the method is outside the bytes");
    if (!inside(p->target, p->target_len, bytes, length)) fail("the target is outside the bytes");
    if (p->minor_version < 0 || p->minor_version > 9) fail("a version other than HTTP/1.0 to 1.9");
    for (size_t i = 0; i < p->method_len; ++i) sum += (unsigned char)p->method[i];
    for (size_t i = 0; i < p->target_len; ++i) sum += (unsigned char)p->target[i];
    for (size_t i = 0; i < p->num_headers; ++i) {
        const struct phr_header *h = &p->headers[i];
        if (h->name != NULL && !inside(h->name, h->name_len, bytes, length)) fail("a header name is outside the bytes");
        if (h->value == NULL || !inside(h->value, h->value_len, bytes, length)) fail("a header value is outside the bytes");
        if (h->name == NULL && i == 0) fail("a continuation line before any header");
        for (size_t j = 0; h->name != NULL && j < h->name_len; ++j) sum += (unsigned char)h->name[j];
        for (size_t j = 0; j < h->value_len; ++j) sum += (unsigned char)h->value[j];
        /* Give the fuzzer something to climb towards: the shapes CH2O treats differently. */
        if (h->name_len == 14 && h->name != NULL && memcmp(h->name, "content-length", 14) == 0) sum += 1;
        if (h->name_len == 17 && h->name != NULL && memcmp(h->name, "transfer-encoding", 17) == 0) sum += 2;
    }
    return sum;
}

static int same(const struct parsed *a, const struct parsed *b)
{
    if (a->result != b->result) return 0;
    if (a->result < 0) return 1;
    if (a->method != b->method || a->method_len != b->method_len || a->target != b->target ||
        a->target_len != b->target_len || a->minor_version != b->minor_version || a->num_headers != b->num_headers)
        return 0;
    for (size_t i = 0; i < a->num_headers; ++i)
        if (a->headers[i].name != b->headers[i].name || a->headers[i].name_len != b->headers[i].name_len ||
            a->headers[i].value != b->headers[i].value || a->headers[i].value_len != b->headers[i].value_len)
            return 0;
    return 1;
}

volatile unsigned ch2o_fuzz_sink;

/* Debian's picohttpparser is not instrumented, so libFuzzer sees no coverage inside it; the shape
 * of what it parsed is fed back as a few extra features instead (libFuzzer reads this section as
 * counters): the answer, the version, how many headers, and which of the headers CH2O reads. */
__attribute__((used, section("__libfuzzer_extra_counters"))) static uint8_t shapes[256];

static void feature(size_t index)
{
    shapes[index % sizeof shapes] = 1;
}

static void features(const struct parsed *p)
{
    feature((size_t)(p->result < 0 ? p->result + 2 : 2)); /* 0, 1, 2 */
    if (p->result < 0)
        return;
    feature(4 + (size_t)p->minor_version);                                     /* 4 ..< 14 */
    feature(16 + (p->num_headers < 8 ? p->num_headers : 8 + (p->num_headers > 32))); /* 16 ..< 26 */
    feature(28 + (p->method_len < 8 ? p->method_len : 8));                      /* 28 ..< 37 */
    static const char *const names[] = {"host", "content-length", "transfer-encoding", "connection", "expect", "cookie"};
    for (size_t i = 0; i < p->num_headers; ++i) {
        const struct phr_header *h = &p->headers[i];
        if (h->name == NULL) {
            feature(40); /* a continuation line */
            continue;
        }
        for (size_t n = 0; n < sizeof names / sizeof names[0]; ++n)
            if (h->name_len == strlen(names[n]) && strncasecmp(h->name, names[n], h->name_len) == 0)
                feature(48 + n * 4 + (h->value_len == 0 ? 0 : h->value_len < 8 ? 1 : h->value_len < 64 ? 2 : 3));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t step = data[0] % 65;
    size_t length = size - 1 < MAX_HEAD ? size - 1 : MAX_HEAD;
    char *bytes = malloc(length ? length : 1);
    memcpy(bytes, data + 1, length);

    /* Read by read, as parse_head does: each call scans what has arrived, up to the limit. */
    struct parsed incremental, whole;
    size_t arrived = 0, previous = 0;
    incremental.result = -2;
    while (arrived < length) {
        arrived = step == 0 || length - arrived < step ? length : arrived + step;
        parse(bytes, arrived, previous, &incremental);
        previous = arrived;
        if (incremental.result != -2)
            break;
    }
    parse(bytes, arrived, 0, &whole);
    /* Read by read, the parser first looks for the head's end from where it stopped (last_len),
     * so a malformed head may be refused earlier (a bare CR) or later (a bad request line) than by
     * one parse; but a complete head is complete both ways, and read the same. */
    if ((incremental.result >= 0) != (whole.result >= 0) || (incremental.result >= 0 && !same(&incremental, &whole))) {
        fprintf(stderr, "read by read: %d, at once: %d, after %zu bytes\n", incremental.result, whole.result, arrived);
        fail("parsing read by read differs from parsing the same bytes at once");
    }
    features(&incremental);
    if (incremental.result >= 0) {
        ch2o_fuzz_sink = check(&incremental, bytes, arrived);
        /* The head ends with an empty line. */
        if (incremental.result < 2 || bytes[incremental.result - 1] != '\n')
            fail("a head that does not end with a line break");
    }
    free(bytes);
    return 0;
}
