/// A CBOR data item (RFC 8949 §3) as GenkanWebAuthn reads it: what libcbor decoded, copied out
/// into Swift values so no C handle outlives the decoding.
///
/// Map entries keep their encoded order; a key given twice was refused when decoding.
public indirect enum CBORValue: Sendable, Equatable {
    case unsigned(UInt64)
    /// A negative integer: the value is -1 - `n` (major type 1), so the whole range fits.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    case map([(CBORValue, CBORValue)])
    case tagged(UInt64, CBORValue)
    case bool(Bool)
    case null
    case undefined
    case float(Double)

    public static func == (a: CBORValue, b: CBORValue) -> Bool {
        switch (a, b) {
        case let (.unsigned(x), .unsigned(y)), let (.negative(x), .negative(y)): x == y
        case let (.bytes(x), .bytes(y)): x == y
        case let (.text(x), .text(y)): x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case let (.array(x), .array(y)): x == y
        case let (.map(x), .map(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.tagged(t, x), .tagged(u, y)): t == u && x == y
        case let (.bool(x), .bool(y)): x == y
        case (.null, .null), (.undefined, .undefined): true
        // Bit patterns, so that NaN equals itself and -0 differs from 0: equality of encodings.
        case let (.float(x), .float(y)): x.bitPattern == y.bitPattern
        default: false
        }
    }

    /// The integer this item holds, when it is one that fits `Int`.
    public var integer: Int? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): value <= UInt64(Int.max) ? -1 - Int(value) : nil
        default: nil
        }
    }

    public var byteString: [UInt8]? {
        if case .bytes(let value) = self { return value }
        return nil
    }

    public var textString: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    public var mapEntries: [(CBORValue, CBORValue)]? {
        if case .map(let entries) = self { return entries }
        return nil
    }

    /// The value of the map entry whose key is the integer `key` (COSE labels), nil when absent.
    public subscript(label key: Int) -> CBORValue? {
        mapEntries?.first { $0.0.integer == key }?.1
    }

    /// The value of the map entry whose key is the text `key` (attestation objects), nil when absent.
    public subscript(text key: String) -> CBORValue? {
        mapEntries?.first { $0.0.textString == key }?.1
    }
}
