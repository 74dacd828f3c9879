private import CCbor

/// Decoding CBOR through libcbor (`CCbor`): the only file that reads libcbor's items.
enum CBOR {
    /// The first data item of `bytes` and the length of its encoding, within `limits`.
    ///
    /// - Throws: `.truncated`, `.malformedCBOR` (also for indefinite lengths and a map key given
    ///   twice), `.nestingTooDeep` (depth or item count), `.inputTooLarge` when libcbor cannot
    ///   allocate the tree.
    static func decodeFirst(_ bytes: ArraySlice<UInt8>, limits: WebAuthnLimits) throws(WebAuthnFailure) -> (CBORValue, Int) {
        var item: UnsafeMutablePointer<cbor_item_t>?
        var consumed = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            CCbor_decode(buffer.baseAddress, buffer.count, limits.cborDepth, limits.cborItems, &item, &consumed)
        }
        try check(status.rawValue)
        guard let item else { throw WebAuthnFailure(.malformedCBOR, "libcbor returned no item") }
        let owner = CBORItem(owning: item)
        return (try owner.value(), consumed)
    }

    /// The one data item that makes up all of `bytes`: anything after it is `.malformedCBOR`.
    static func decode(_ bytes: [UInt8], limits: WebAuthnLimits, what: String) throws(WebAuthnFailure) -> CBORValue {
        let (value, consumed) = try decodeFirst(bytes[...], limits: limits)
        guard consumed == bytes.count else {
            throw WebAuthnFailure(.malformedCBOR, "\(bytes.count - consumed) bytes after the CBOR item of the \(what)")
        }
        return value
    }

    /// The one place a `CCbor_status` is read. Callers pass its raw value: `private import`
    /// keeps the C type inside each file that calls CCbor.
    static func check(_ status: UInt32) throws(WebAuthnFailure) {
        switch status {
        case CCbor_ok.rawValue: return
        case CCbor_truncated.rawValue: throw WebAuthnFailure(.truncated, "the CBOR input ends inside an item")
        case CCbor_indefinite_length.rawValue:
            throw WebAuthnFailure(.malformedCBOR, "an indefinite-length CBOR item (CTAP2 canonical CBOR has none)")
        case CCbor_too_deep.rawValue: throw WebAuthnFailure(.nestingTooDeep, "CBOR nested deeper than the limit")
        case CCbor_too_many_items.rawValue: throw WebAuthnFailure(.nestingTooDeep, "more CBOR items than the limit")
        case CCbor_out_of_memory.rawValue: throw WebAuthnFailure(.inputTooLarge, "libcbor could not allocate the item")
        default: throw WebAuthnFailure(.malformedCBOR, "bytes that are not well-formed CBOR")
        }
    }
}

/// Owns one reference to a libcbor item and releases it (`cbor_decref`) when it goes away.
private final class CBORItem {
    private var item: UnsafeMutablePointer<cbor_item_t>?

    init(owning item: UnsafeMutablePointer<cbor_item_t>) {
        self.item = item
    }

    deinit {
        cbor_decref(&item)
    }

    /// The item and everything under it as Swift values. Depth was bounded by `CCbor_decode`.
    func value() throws(WebAuthnFailure) -> CBORValue {
        guard let item else { throw WebAuthnFailure(.malformedCBOR, "no item") }
        return try Self.convert(item)
    }

    private static func convert(_ item: UnsafeMutablePointer<cbor_item_t>) throws(WebAuthnFailure) -> CBORValue {
        switch cbor_typeof(item) {
        case CBOR_TYPE_UINT: return .unsigned(cbor_get_int(item))
        case CBOR_TYPE_NEGINT: return .negative(cbor_get_int(item))
        case CBOR_TYPE_BYTESTRING:
            // Definite lengths only (checked by CCbor_decode): the bytes are one chunk.
            let length = cbor_bytestring_length(item)
            guard let start = cbor_bytestring_handle(item) else { return .bytes([]) }
            return .bytes(Array(UnsafeBufferPointer(start: start, count: length)))
        case CBOR_TYPE_STRING:
            let length = cbor_string_length(item)
            guard let start = cbor_string_handle(item) else { return .text("") }
            guard let text = String(validating: UnsafeBufferPointer(start: start, count: length), as: UTF8.self) else {
                throw WebAuthnFailure(.malformedCBOR, "a CBOR text string that is not UTF-8")
            }
            return .text(text)
        case CBOR_TYPE_ARRAY:
            let count = cbor_array_size(item)
            guard count > 0, let members = cbor_array_handle(item) else { return .array([]) }
            var values: [CBORValue] = []
            values.reserveCapacity(count)
            for index in 0..<count {
                guard let member = members[index] else { throw WebAuthnFailure(.malformedCBOR, "an empty array slot") }
                values.append(try convert(member))
            }
            return .array(values)
        case CBOR_TYPE_MAP:
            let count = cbor_map_size(item)
            guard count > 0, let pairs = cbor_map_handle(item) else { return .map([]) }
            var entries: [(CBORValue, CBORValue)] = []
            entries.reserveCapacity(count)
            for index in 0..<count {
                guard let keyItem = pairs[index].key, let valueItem = pairs[index].value else {
                    throw WebAuthnFailure(.malformedCBOR, "an empty map slot")
                }
                let key = try convert(keyItem)
                // RFC 8949 §5.6: a map with a key twice is not valid; two readers could see two values.
                if entries.contains(where: { $0.0 == key }) {
                    throw WebAuthnFailure(.malformedCBOR, "a CBOR map key given twice")
                }
                entries.append((key, try convert(valueItem)))
            }
            return .map(entries)
        case CBOR_TYPE_TAG:
            // cbor_tag_item adds a reference to the tagged item: an owner of its own releases it.
            guard let tagged = cbor_tag_item(item) else { throw WebAuthnFailure(.malformedCBOR, "a tag without its item") }
            let owner = CBORItem(owning: tagged)
            return .tagged(cbor_tag_value(item), try owner.value())
        case CBOR_TYPE_FLOAT_CTRL:
            if cbor_float_ctrl_is_ctrl(item) {
                if cbor_is_bool(item) { return .bool(cbor_get_bool(item)) }
                if cbor_is_null(item) { return .null }
                if cbor_is_undef(item) { return .undefined }
                throw WebAuthnFailure(.malformedCBOR, "an unassigned CBOR simple value")
            }
            return .float(cbor_float_get_float(item))
        default:
            throw WebAuthnFailure(.malformedCBOR, "an unknown CBOR major type")
        }
    }
}
