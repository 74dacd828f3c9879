/* The chunked request body as CH2O decodes it: in place, a read at a time, continuing from where
 * the previous read stopped (connection.c, read_body), with the decoder CH2O links today
 * (picohttpparser's phr_decode_chunked in Debian's libh2o-evloop), checked against a reference
 * reader written from RFC 9112 §7.1 (chunked_reference.h).
 *
 * Input: one byte that sets how the body arrives (reads of 1 to 64 bytes, or all at once), then the
 * bytes after a request head. Invariants: a body the reference reads completely is decoded to the
 * same bytes and ends at the same byte (whatever follows is the next request, so a disagreement
 * there is request smuggling); a valid body that is not complete yet is neither refused nor
 * finished; nothing is read or written outside the buffer (ASan). picohttpparser's decoder accepts
 * more than the grammar (issue 12, item 8): such inputs are counted, not failed, until CH2O's own
 * strict decoder replaces it. */
#include "ch2o_private.h"
#include "chunked_reference.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const uint8_t *data, size_t size)
{
    fprintf(stderr, "genkan-fuzz: invariant broken: %s (input of %zu bytes)\n", what, size);
    abort();
}

/* Feeds `input` to phr_decode_chunked as CH2O does; returns -1, -2, or the index in `input` where
 * the body ended, with the decoded body in *decoded. */
static long decode_like_ch2o(const uint8_t *input, size_t size, size_t step, char **decoded, size_t *decoded_length)
{
    /* The socket buffer: bytes arrive at its end; decoded data stays at its front. */
    char *buffer = malloc(size + 1);
    struct ch2o_chunked_decoder decoder;
    memset(&decoder, 0, sizeof decoder);
    decoder.decoder.consume_trailer = 1;
    size_t fed = 0, scanned = 0, buffered = 0;
    long outcome = -2;
    while (fed < size) {
        size_t read = step == 0 || size - fed < step ? size - fed : step;
        memcpy(buffer + buffered, input + fed, read);
        buffered += read;
        fed += read;
        size_t start = scanned, length = buffered - start;
        ssize_t result = phr_decode_chunked(&decoder.decoder, buffer + start, &length);
        buffered = start + length;
        scanned += length;
        if (result == -1) { outcome = -1; break; }
        if (result == -2) continue;
        if ((size_t)result > fed) fail("more bytes left after the body than were given", input, size);
        outcome = (long)(fed - (size_t)result);
        break;
    }
    *decoded = buffer;
    *decoded_length = scanned;
    return outcome;
}

static size_t lenient_accepts; /* picohttpparser finished a body the grammar refuses */

static void report(void)
{
    if (lenient_accepts != 0)
        fprintf(stderr, "ch2o-chunked: picohttpparser finished %zu bodies the grammar refuses (issue 12, item 8)\n", lenient_accepts);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    atexit(report);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t step = data[0] % 65; /* 0: everything in one read */
    const uint8_t *input = data + 1;
    size -= 1;
    /* An exact copy, so that ASan sees a read past the end. */
    uint8_t *copy = malloc(size ? size : 1);
    memcpy(copy, input, size);

    unsigned char *expected = malloc(size ? size : 1);
    struct reference_chunked reference;
    enum reference_result verdict = reference_chunked_read(copy, size, expected, &reference);

    char *decoded;
    size_t decoded_length;
    long outcome = decode_like_ch2o(copy, size, step, &decoded, &decoded_length);

    /* A decoder may refuse a size of more hex digits than a size_t holds, even leading zeros
     * (picohttpparser counts digits): refusing is the safe way to disagree. */
    int may_refuse = reference.size_digits > 2 * sizeof(size_t);
    if (outcome == -1 && may_refuse)
        verdict = REFERENCE_INVALID;
    switch (verdict) {
    case REFERENCE_COMPLETE:
        if (outcome < 0)
            fail(outcome == -1 ? "a valid chunked body is refused" : "a complete chunked body is still incomplete", data, size + 1);
        if ((size_t)outcome != reference.end)
            fail("the body ends at another byte than the grammar says (request smuggling)", data, size + 1);
        if (decoded_length != reference.body_length || memcmp(decoded, expected, decoded_length) != 0)
            fail("the decoded body differs from the chunk data", data, size + 1);
        break;
    case REFERENCE_INCOMPLETE:
        if (outcome == -1)
            fail("a valid but unfinished chunked body is refused", data, size + 1);
        if (outcome >= 0)
            ++lenient_accepts; /* finished where the grammar needs more bytes */
        break;
    case REFERENCE_INVALID:
        if (outcome >= 0)
            ++lenient_accepts;
        break;
    }
    free(decoded);
    free(expected);
    free(copy);
    return 0;
}
