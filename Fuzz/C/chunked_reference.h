/* A reference reader of the chunked transfer coding (RFC 9112 §7.1), written for the fuzz targets
 * from the grammar alone, one-shot over a whole buffer and without decoding in place, so that it
 * shares nothing with a decoder it checks:
 *
 *   chunked-body    = *chunk last-chunk trailer-section CRLF
 *   chunk           = chunk-size [ chunk-ext ] CRLF chunk-data CRLF
 *   last-chunk      = 1*("0") [ chunk-ext ] CRLF
 *   chunk-ext       = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
 *   chunk-ext-val   = token / quoted-string
 *   trailer-section = *( field-line CRLF ),  field-line = field-name ":" OWS field-value OWS
 *
 * CRLF only; a size must fit in size_t. With `line_max` and `trailer_max` not 0, a size line
 * (CRLF included) longer than line_max bytes, or a trailer section (final CRLF included) longer
 * than trailer_max, is invalid, finished or not: the limits a decoder that reads byte by byte
 * applies (CH2O's CHUNK_LINE_MAX and TRAILER_MAX). */
#ifndef GENKAN_FUZZ_CHUNKED_REFERENCE_H
#define GENKAN_FUZZ_CHUNKED_REFERENCE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum reference_result { REFERENCE_COMPLETE, REFERENCE_INCOMPLETE, REFERENCE_INVALID };

struct reference_chunked {
    size_t body_length;  /* decoded bytes (written to `body` when it is not NULL) */
    size_t end;          /* on COMPLETE: the index just after the final CRLF */
    size_t size_digits;  /* the most hex digits of one chunk size (leading zeros count) */
};

static int reference_is_tchar(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL);
}

static int reference_hex(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* qdtext / quoted-pair / field-value characters: HTAB, SP, VCHAR, obs-text. */
static int reference_is_text(unsigned char c) { return c == '\t' || (c >= ' ' && c != 0x7f); }

#define REFERENCE_NEED(n) do { if (i + (n) > len) return REFERENCE_INCOMPLETE; } while (0)

/* Skips BWS (optional spaces and tabs). */
static size_t reference_bws(const unsigned char *p, size_t i, size_t len)
{
    while (i < len && (p[i] == ' ' || p[i] == '\t'))
        ++i;
    return i;
}

/* Reads `[ chunk-ext ] CRLF` from p[*at]; returns a result, or -1 with *at after the CRLF. BWS
 * leads only to ";" or "=": whitespace before the CRLF is not in the grammar. */
static int reference_extensions_and_crlf(const unsigned char *p, size_t len, size_t *at)
{
    size_t i = *at;
    for (;;) {
        size_t j = reference_bws(p, i, len);
        if (j >= len) return REFERENCE_INCOMPLETE;
        if (p[j] == '\r') {
            if (j != i) return REFERENCE_INVALID;
            if (j + 2 > len) return REFERENCE_INCOMPLETE;
            if (p[j + 1] != '\n') return REFERENCE_INVALID;
            *at = j + 2;
            return -1;
        }
        if (p[j] != ';') return REFERENCE_INVALID;
        i = reference_bws(p, j + 1, len);
        REFERENCE_NEED(1);
        if (!reference_is_tchar(p[i])) return REFERENCE_INVALID;
        while (i < len && reference_is_tchar(p[i])) ++i;
        size_t k = reference_bws(p, i, len);
        if (k >= len) return REFERENCE_INCOMPLETE;
        if (p[k] != '=') continue;
        i = reference_bws(p, k + 1, len);
        REFERENCE_NEED(1);
        if (p[i] == '"') {
            ++i;
            for (;;) {
                REFERENCE_NEED(1);
                if (p[i] == '"') { ++i; break; }
                if (p[i] == '\\') {
                    REFERENCE_NEED(2);
                    if (!reference_is_text(p[i + 1])) return REFERENCE_INVALID;
                    i += 2;
                    continue;
                }
                if (!reference_is_text(p[i])) return REFERENCE_INVALID;
                ++i;
            }
        } else {
            if (!reference_is_tchar(p[i])) return REFERENCE_INVALID;
            while (i < len && reference_is_tchar(p[i])) ++i;
        }
    }
}

/* Reads the chunked body at the start of p[0 ..< len). */
static enum reference_result reference_chunked_read(const unsigned char *p, size_t len, unsigned char *body,
                                                    struct reference_chunked *out, size_t line_max, size_t trailer_max)
{
    size_t i = 0;
    out->body_length = 0;
    out->end = 0;
    out->size_digits = 0;
    for (;;) {
        /* chunk-size [ chunk-ext ] CRLF, read within the line limit: a reader that counts bytes
         * fails at byte line_max + 1 of a line that has not ended by then. */
        size_t line_start = i;
        size_t bound = line_max != 0 && len - line_start > line_max ? line_start + line_max : len;
        if (i >= bound) return bound < len ? REFERENCE_INVALID : REFERENCE_INCOMPLETE;
        if (reference_hex(p[i]) < 0) return REFERENCE_INVALID;
        size_t size = 0, digits = 0;
        while (i < bound && reference_hex(p[i]) >= 0) {
            if (++digits > out->size_digits) out->size_digits = digits;
            if (size > (SIZE_MAX >> 4)) return REFERENCE_INVALID; /* does not fit in size_t */
            size = size * 16 + (size_t)reference_hex(p[i]);
            ++i;
        }
        int result = reference_extensions_and_crlf(p, bound, &i);
        if (result == REFERENCE_INCOMPLETE && bound < len) return REFERENCE_INVALID;
        if (result >= 0) return (enum reference_result)result;
        if (size == 0) break;
        /* chunk-data CRLF */
        if (len - i < size) return REFERENCE_INCOMPLETE;
        if (body != NULL) memcpy(body + out->body_length, p + i, size);
        out->body_length += size;
        i += size;
        REFERENCE_NEED(1);
        if (p[i] != '\r') return REFERENCE_INVALID;
        REFERENCE_NEED(2);
        if (p[i + 1] != '\n') return REFERENCE_INVALID;
        i += 2;
    }
    /* trailer-section CRLF, within its limit as a whole */
    size_t trailer_start = i;
    size_t bound = trailer_max != 0 && len - trailer_start > trailer_max ? trailer_start + trailer_max : len;
    enum reference_result incomplete = bound < len ? REFERENCE_INVALID : REFERENCE_INCOMPLETE;
    for (;;) {
        if (i >= bound) return incomplete;
        if (p[i] == '\r') {
            if (i + 2 > bound) return incomplete;
            if (p[i + 1] != '\n') return REFERENCE_INVALID;
            out->end = i + 2;
            return REFERENCE_COMPLETE;
        }
        if (!reference_is_tchar(p[i])) return REFERENCE_INVALID;
        while (i < bound && reference_is_tchar(p[i])) ++i;
        if (i >= bound) return incomplete;
        if (p[i] != ':') return REFERENCE_INVALID;
        ++i;
        for (;;) {
            if (i >= bound) return incomplete;
            if (p[i] == '\r') break;
            if (!reference_is_text(p[i])) return REFERENCE_INVALID;
            ++i;
        }
        if (i + 2 > bound) return incomplete;
        if (p[i + 1] != '\n') return REFERENCE_INVALID;
        i += 2;
    }
}

#undef REFERENCE_NEED

#endif
