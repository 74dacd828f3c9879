/* CCbor: Debian's libcbor (libcbor-dev, 0.8) behind one bounded entry point.
 *
 * Why a C target with a function of its own rather than a bare system library: libcbor's
 * `cbor_load` trusts the lengths an input declares (an array header claiming four billion items
 * allocates for them before the bytes run out) and frees nested items recursively, so hostile
 * input could exhaust memory or the stack. `CCbor_decode` first walks the input with libcbor's
 * allocation-free streaming decoder, refusing what WebAuthn never sends (indefinite lengths),
 * nesting past a depth, more items than a budget, and declared counts the bytes cannot hold; only
 * then does it let `cbor_load` build the tree. Swift reads the tree through libcbor's accessors
 * (declared by <cbor.h>, included below) and releases it with `cbor_decref`.
 *
 * Every outcome is a CCbor_status; GenkanWebAuthn reads statuses in one place
 * (`CBOR.check` in CBOR+libcbor.swift). */
#ifndef GENKAN_CCBOR_H
#define GENKAN_CCBOR_H

#include <stddef.h>
#include <stdint.h>

#include <cbor.h>

typedef enum {
    CCbor_ok = 0,
    /// The input ends inside an item (a header, a string, or a collection's members).
    CCbor_truncated = 1,
    /// Bytes that are not well-formed CBOR (RFC 8949 §3: a reserved additional-information value,
    /// a break outside an indefinite-length item).
    CCbor_malformed = 2,
    /// Well-formed, but an indefinite-length string, array or map (CTAP2's canonical form, which
    /// authenticators write, has none).
    CCbor_indefinite_length = 3,
    /// Collections and tags nested deeper than the limit.
    CCbor_too_deep = 4,
    /// More data items than the limit.
    CCbor_too_many_items = 5,
    /// libcbor could not allocate the tree.
    CCbor_out_of_memory = 6,
} CCbor_status;

/// Decodes the first CBOR data item of `bytes` (RFC 8949) into a libcbor tree, after checking
/// that it is well-formed, of definite lengths, at most `max_depth` collections and tags deep
/// and at most `max_items` data items in all.
///
/// On CCbor_ok, `*item` holds a tree the caller releases with `cbor_decref`, and `*consumed`
/// the length of its encoding (bytes after it are left for the caller to judge); otherwise
/// `*item` is NULL.
CCbor_status CCbor_decode(
    const uint8_t *bytes, size_t length, unsigned max_depth, size_t max_items, cbor_item_t **item, size_t *consumed);

#endif
