/* The chunked request body as CH2O decodes it (Sources/CH2O/chunked.c, compiled into this target):
 * in place, a read at a time, continuing from where the previous read stopped (connection.c,
 * read_body), checked against a reference reader written from RFC 9112 §7.1 alone
 * (chunked_reference.h) and against one call on all the bytes.
 *
 * Input: one byte that sets how the body arrives (reads of 1 to 64 bytes, or all at once), then the
 * bytes after a request head. Invariants: the decoder finishes, refuses or waits for more exactly
 * when the grammar (with CH2O's two length limits) says so; a finished body is the chunk data and
 * ends at the byte the grammar says (what follows is the next request: ending elsewhere is request
 * smuggling); read by read and all at once give the same; nothing is read or written outside the
 * buffer (ASan, UBSan). */
#include "ch2o_private.h"
#include "chunked_reference.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* chunked.c's CHUNK_LINE_MAX and TRAILER_MAX. */
#define LINE_MAX_BYTES 4096
#define TRAILER_MAX_BYTES 8192

static void fail(const char *what, long outcome, enum reference_result verdict)
{
    fprintf(stderr, "genkan-fuzz: invariant broken: %s (decoder %ld, grammar %s)\n", what, outcome,
            verdict == REFERENCE_COMPLETE ? "complete" : verdict == REFERENCE_INCOMPLETE ? "incomplete" : "invalid");
    abort();
}

/* Feeds `input` to the decoder as read_body does (`step` bytes a read; 0: one read); returns
 * CH2O_CHUNKED_INVALID, CH2O_CHUNKED_INCOMPLETE or the index in `input` where the body ended,
 * with the decoded body in *decoded (malloc'd). */
static long decode_like_ch2o(const uint8_t *input, size_t size, size_t step, char **decoded, size_t *decoded_length)
{
    /* The socket buffer: bytes arrive at its end; decoded data stays at its front. */
    char *buffer = malloc(size + 1);
    struct ch2o_chunked decoder;
    memset(&decoder, 0, sizeof decoder);
    size_t fed = 0, scanned = 0, buffered = 0;
    long outcome = CH2O_CHUNKED_INCOMPLETE;
    while (fed < size) {
        size_t read = step == 0 || size - fed < step ? size - fed : step;
        memcpy(buffer + buffered, input + fed, read);
        buffered += read;
        fed += read;
        size_t start = scanned, length = buffered - start;
        ssize_t result = ch2o_chunked_decode(&decoder, buffer + start, &length);
        if (length > buffered - start)
            fail("the decoder grew the data", result, REFERENCE_INVALID);
        buffered = start + length;
        scanned += length;
        if (result == CH2O_CHUNKED_INVALID) { outcome = result; break; }
        if (result == CH2O_CHUNKED_INCOMPLETE) continue;
        if (result < 0 || (size_t)result > fed)
            fail("more bytes left after the body than were given", result, REFERENCE_INVALID);
        /* The bytes after the body were moved to just after the decoded data. */
        if (memcmp(buffer + scanned, input + fed - (size_t)result, (size_t)result) != 0)
            fail("the bytes after the body were not kept", result, REFERENCE_COMPLETE);
        outcome = (long)(fed - (size_t)result);
        break;
    }
    *decoded = buffer;
    *decoded_length = scanned;
    return outcome;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t step = data[0] % 65; /* 0: everything in one read */
    size -= 1;
    /* An exact copy, so that ASan sees a read past the end. */
    uint8_t *input = malloc(size ? size : 1);
    memcpy(input, data + 1, size);

    unsigned char *expected = malloc(size ? size : 1);
    struct reference_chunked reference;
    enum reference_result verdict = reference_chunked_read(input, size, expected, &reference, LINE_MAX_BYTES, TRAILER_MAX_BYTES);

    char *decoded, *whole;
    size_t decoded_length, whole_length;
    long outcome = decode_like_ch2o(input, size, step, &decoded, &decoded_length);
    long at_once = decode_like_ch2o(input, size, 0, &whole, &whole_length);

    switch (verdict) {
    case REFERENCE_COMPLETE:
        if (outcome < 0)
            fail(outcome == CH2O_CHUNKED_INVALID ? "a valid chunked body is refused" : "a complete chunked body is still incomplete",
                 outcome, verdict);
        if ((size_t)outcome != reference.end)
            fail("the body ends at another byte than the grammar says (request smuggling)", outcome, verdict);
        if (decoded_length != reference.body_length || memcmp(decoded, expected, decoded_length) != 0)
            fail("the decoded body differs from the chunk data", outcome, verdict);
        break;
    case REFERENCE_INCOMPLETE:
        if (outcome != CH2O_CHUNKED_INCOMPLETE)
            fail("an unfinished chunked body is not waited for", outcome, verdict);
        break;
    case REFERENCE_INVALID:
        if (outcome != CH2O_CHUNKED_INVALID)
            fail("a malformed chunked body is not refused", outcome, verdict);
        break;
    }
    if (outcome != at_once || (outcome >= 0 && (decoded_length != whole_length || memcmp(decoded, whole, whole_length) != 0)))
        fail("read by read and all at once differ", outcome, verdict);
    free(whole);
    free(decoded);
    free(expected);
    free(input);
    return 0;
}
