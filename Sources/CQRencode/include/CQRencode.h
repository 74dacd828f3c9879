/* CQRencode: Debian's libqrencode (libqrencode-dev, 4.1) behind one entry point that hands Swift
 * a plain matrix of modules.
 *
 * Why a C target with a function of its own rather than a bare system library: libqrencode
 * reports why it failed only through errno (EINVAL, ERANGE for text too long for any version,
 * ENOMEM), which must be read immediately after the call on the same thread, and it packs other
 * bits (function patterns, masks) into each module's byte. CQRencode_encode reads errno here,
 * right after the call, and returns one byte per module, 1 for dark, 0 for light, so Swift never
 * sees a libqrencode type or errno. GenkanQRCode reads statuses in one place
 * (`QRCode.check` in QRCode+QRencode.swift). */
#ifndef GENKAN_CQRENCODE_H
#define GENKAN_CQRENCODE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    CQRencode_ok = 0,
    /// Empty text, or text with a NUL byte before its end.
    CQRencode_invalid_input = 1,
    /// More than the largest QR code (version 40) holds at the level asked for.
    CQRencode_too_long = 2,
    /// libqrencode could not allocate, or failed for a reason it does not name.
    CQRencode_failure = 3,
} CQRencode_status;

/// Error correction level (ISO/IEC 18004 §6.5.1): the share of codewords that may be damaged.
typedef enum {
    CQRencode_level_low = 0,      ///< L, about 7 %
    CQRencode_level_medium = 1,   ///< M, about 15 %
    CQRencode_level_quartile = 2, ///< Q, about 25 %
    CQRencode_level_high = 3,     ///< H, about 30 %
} CQRencode_level;

/// Encodes `length` bytes of `text` (8-bit mode where needed, case kept; libqrencode picks the
/// smallest version) into `*modules`, `*width` × `*width` bytes row by row, each 1 (dark) or 0
/// (light), without the quiet zone. Free `*modules` with CQRencode_free. On failure `*modules`
/// is NULL and `*width` 0.
CQRencode_status CQRencode_encode(
    const uint8_t *text, size_t length, CQRencode_level level, int32_t *width, uint8_t **modules);

void CQRencode_free(uint8_t *modules);

#endif
