/* The chunked transfer coding of a request body (RFC 9112 §7.1), decoded strictly and in place.
 *
 * Why not picohttpparser's phr_decode_chunked: the copy in Debian's libh2o 2.2.5 accepts any bytes
 * after the hex size (`3zz`), bare LF line ends, and sizes of any number of digits (they wrap).
 * Behind a proxy that forwards a chunked body unchanged and reads it by the RFC, reading it
 * differently here is request smuggling: the two would disagree on where the body ends. Upstream
 * tightened its decoder in 2023 and 2025; Debian 12 does not have those versions. This file
 * accepts exactly
 *
 *   chunked-body    = *chunk last-chunk trailer-section CRLF
 *   chunk           = chunk-size [ chunk-ext ] CRLF chunk-data CRLF
 *   chunk-size      = 1*HEXDIG                                   (a value that fits in size_t)
 *   last-chunk      = 1*("0") [ chunk-ext ] CRLF
 *   chunk-ext       = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
 *   chunk-ext-name  = token
 *   chunk-ext-val   = token / quoted-string
 *   trailer-section = *( field-line CRLF )                       (field-name ":" field-value)
 *
 * with CRLF only (a bare LF or CR is refused). Extensions are checked and ignored (none is
 * defined); trailer fields are checked and discarded, which RFC 9110 §6.5.1 allows a recipient
 * that does not use them. A size line longer than CHUNK_LINE_MAX or a trailer section longer than
 * TRAILER_MAX is refused, so that neither can grow without end. */
#include "ch2o_private.h"
#include <string.h>

#define CHUNK_LINE_MAX 4096
#define TRAILER_MAX 8192

enum {
    SIZE_FIRST,      /* the first hex digit of a size */
    SIZE,            /* more hex digits, or what ends the size */
    EXT_BWS,         /* whitespace that must lead to ";" */
    EXT_NAME_FIRST,  /* after ";": whitespace, then the first character of a name */
    EXT_NAME,        /* a name */
    EXT_AFTER_NAME,  /* whitespace after a name: "=" or ";" follows */
    EXT_VALUE_FIRST, /* after "=": whitespace, then a token or a quoted string */
    EXT_TOKEN,       /* a token value */
    EXT_QUOTED,      /* inside a quoted string */
    EXT_QUOTED_PAIR, /* after a backslash inside a quoted string */
    EXT_AFTER_QUOTED,
    SIZE_LF,   /* CR seen at the end of a size line */
    DATA,      /* chunk data */
    DATA_CR,   /* the CR after chunk data */
    DATA_LF,   /* the LF after chunk data */
    TRAILER_FIRST, /* the start of a trailer field line, or the CR of the final CRLF */
    TRAILER_NAME,
    TRAILER_VALUE,
    TRAILER_LF,
    END_LF, /* the LF of the final CRLF */
};

/* Also the method's check in connection.c. */
int ch2o_is_tchar(unsigned char c)
{
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return 1;
    return c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

static int hex_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* field-value characters, and those of a quoted string's qdtext and quoted-pair: HTAB, SP, VCHAR
 * and obs-text (RFC 9110 §5.5, §5.6.4). */
static int is_field_char(unsigned char c) { return c == '\t' || (c >= ' ' && c != 0x7f); }

/* Where the size line ends (CR seen): the data, or the trailer section after the last chunk. */
static int end_of_size(struct ch2o_chunked *decoder, unsigned char c)
{
    if (c != '\r')
        return -1;
    decoder->state = SIZE_LF;
    return 0;
}

/* One byte of anything but chunk data; returns -1 when the body is malformed. */
static int step(struct ch2o_chunked *decoder, unsigned char c)
{
    switch (decoder->state) {
    case SIZE_FIRST:
    case SIZE: {
        int digit = hex_value(c);
        if (digit >= 0) {
            if (decoder->size > (SIZE_MAX >> 4))
                return -1; /* the size does not fit: refused, never wrapped */
            decoder->size = (decoder->size << 4) | (size_t)digit;
            decoder->state = SIZE;
            return 0;
        }
        if (decoder->state == SIZE_FIRST)
            return -1;
        if (c == ' ' || c == '\t') {
            decoder->state = EXT_BWS;
            return 0;
        }
        if (c == ';') {
            decoder->state = EXT_NAME_FIRST;
            return 0;
        }
        return end_of_size(decoder, c);
    }
    case EXT_BWS:
        if (c == ' ' || c == '\t')
            return 0;
        if (c != ';')
            return -1;
        decoder->state = EXT_NAME_FIRST;
        return 0;
    case EXT_NAME_FIRST:
        if (c == ' ' || c == '\t')
            return 0;
        if (!ch2o_is_tchar(c))
            return -1;
        decoder->state = EXT_NAME;
        return 0;
    case EXT_NAME:
        if (ch2o_is_tchar(c))
            return 0;
        if (c == ' ' || c == '\t') {
            decoder->state = EXT_AFTER_NAME;
            return 0;
        }
        if (c == '=') {
            decoder->state = EXT_VALUE_FIRST;
            return 0;
        }
        if (c == ';') {
            decoder->state = EXT_NAME_FIRST;
            return 0;
        }
        return end_of_size(decoder, c);
    case EXT_AFTER_NAME:
        if (c == ' ' || c == '\t')
            return 0;
        if (c == '=') {
            decoder->state = EXT_VALUE_FIRST;
            return 0;
        }
        if (c == ';') {
            decoder->state = EXT_NAME_FIRST;
            return 0;
        }
        return -1;
    case EXT_VALUE_FIRST:
        if (c == ' ' || c == '\t')
            return 0;
        if (c == '"') {
            decoder->state = EXT_QUOTED;
            return 0;
        }
        if (!ch2o_is_tchar(c))
            return -1;
        decoder->state = EXT_TOKEN;
        return 0;
    case EXT_TOKEN:
        if (ch2o_is_tchar(c))
            return 0;
        if (c == ' ' || c == '\t') {
            decoder->state = EXT_BWS;
            return 0;
        }
        if (c == ';') {
            decoder->state = EXT_NAME_FIRST;
            return 0;
        }
        return end_of_size(decoder, c);
    case EXT_QUOTED:
        if (c == '"') {
            decoder->state = EXT_AFTER_QUOTED;
            return 0;
        }
        if (c == '\\') {
            decoder->state = EXT_QUOTED_PAIR;
            return 0;
        }
        return is_field_char(c) ? 0 : -1;
    case EXT_QUOTED_PAIR:
        if (!is_field_char(c))
            return -1;
        decoder->state = EXT_QUOTED;
        return 0;
    case EXT_AFTER_QUOTED:
        if (c == ' ' || c == '\t') {
            decoder->state = EXT_BWS;
            return 0;
        }
        if (c == ';') {
            decoder->state = EXT_NAME_FIRST;
            return 0;
        }
        return end_of_size(decoder, c);
    case SIZE_LF:
        if (c != '\n')
            return -1;
        decoder->line_len = 0;
        if (decoder->size == 0) {
            decoder->state = TRAILER_FIRST;
        } else {
            decoder->chunk_left = decoder->size;
            decoder->state = DATA;
        }
        return 0;
    case DATA_CR:
        if (c != '\r')
            return -1;
        decoder->state = DATA_LF;
        return 0;
    case DATA_LF:
        if (c != '\n')
            return -1;
        decoder->size = 0;
        decoder->line_len = 0;
        decoder->state = SIZE_FIRST;
        return 0;
    case TRAILER_FIRST:
        if (c == '\r') {
            decoder->state = END_LF;
            return 0;
        }
        if (!ch2o_is_tchar(c)) /* a leading space would be obsolete line folding (RFC 9112 §5.2) */
            return -1;
        decoder->state = TRAILER_NAME;
        return 0;
    case TRAILER_NAME:
        if (ch2o_is_tchar(c))
            return 0;
        if (c != ':')
            return -1;
        decoder->state = TRAILER_VALUE;
        return 0;
    case TRAILER_VALUE:
        if (c == '\r') {
            decoder->state = TRAILER_LF;
            return 0;
        }
        return is_field_char(c) ? 0 : -1;
    case TRAILER_LF:
        if (c != '\n')
            return -1;
        decoder->state = TRAILER_FIRST;
        return 0;
    case END_LF:
        return c == '\n' ? 1 : -1;
    default:
        return -1;
    }
}

ssize_t ch2o_chunked_decode(struct ch2o_chunked *decoder, char *buf, size_t *size)
{
    size_t length = *size, src = 0, dst = 0;
    ssize_t result = CH2O_CHUNKED_INCOMPLETE;
    while (src < length) {
        if (decoder->state == DATA) {
            size_t available = length - src;
            size_t take = available < decoder->chunk_left ? available : decoder->chunk_left;
            if (dst != src)
                memmove(buf + dst, buf + src, take);
            src += take;
            dst += take;
            decoder->chunk_left -= take;
            if (decoder->chunk_left == 0)
                decoder->state = DATA_CR;
            continue;
        }
        int in_trailer = decoder->state >= TRAILER_FIRST;
        if (++decoder->line_len > (in_trailer ? TRAILER_MAX : CHUNK_LINE_MAX)) {
            result = CH2O_CHUNKED_INVALID;
            break;
        }
        int status = step(decoder, (unsigned char)buf[src++]);
        if (status < 0) {
            result = CH2O_CHUNKED_INVALID;
            break;
        }
        if (status > 0) {
            result = (ssize_t)(length - src);
            break;
        }
    }
    if (result >= 0 && dst != src)
        memmove(buf + dst, buf + src, (size_t)result);
    *size = dst;
    return result;
}
