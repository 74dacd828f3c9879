#include "CQRencode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <qrencode.h>

static QRecLevel level_of(CQRencode_level level)
{
    switch (level) {
    case CQRencode_level_low: return QR_ECLEVEL_L;
    case CQRencode_level_quartile: return QR_ECLEVEL_Q;
    case CQRencode_level_high: return QR_ECLEVEL_H;
    case CQRencode_level_medium:
    default: return QR_ECLEVEL_M;
    }
}

CQRencode_status CQRencode_encode(
    const uint8_t *text, size_t length, CQRencode_level level, int32_t *width, uint8_t **modules)
{
    *width = 0;
    *modules = NULL;
    /* QRcode_encodeString reads a C string: a NUL inside the text would end it early, silently. */
    if (length == 0 || memchr(text, 0, length) != NULL) return CQRencode_invalid_input;
    char *copy = malloc(length + 1);
    if (copy == NULL) return CQRencode_failure;
    memcpy(copy, text, length);
    copy[length] = 0;

    errno = 0;
    /* Version 0: the smallest that holds the text. QR_MODE_8 as the hint and case kept: an
     * otpauth URI's secret and label are case-sensitive, and libqrencode still puts runs of
     * digits or upper-case letters in their denser modes. */
    QRcode *code = QRcode_encodeString(copy, 0, level_of(level), QR_MODE_8, 1);
    int reason = errno;
    free(copy);
    if (code == NULL) return reason == ERANGE ? CQRencode_too_long : reason == EINVAL ? CQRencode_invalid_input : CQRencode_failure;

    size_t side = (size_t)code->width;
    uint8_t *out = malloc(side * side);
    if (out == NULL) {
        QRcode_free(code);
        return CQRencode_failure;
    }
    /* Bit 0 of each byte is the module's colour (qrencode.h); the other bits say which function
     * pattern it belongs to, which a renderer does not need. */
    for (size_t index = 0; index < side * side; index++) out[index] = code->data[index] & 1;
    *width = code->width;
    *modules = out;
    QRcode_free(code);
    return CQRencode_ok;
}

void CQRencode_free(uint8_t *modules)
{
    free(modules);
}
