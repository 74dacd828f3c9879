/// A JSON number kept as its text, so that reading and writing never rounds it: `1.0` stays
/// `1.0`, and `12345678901234567890` is not turned into a nearby `Double`. The accessors read it as
/// the type a caller needs and answer nil when it does not fit exactly.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The text, as RFC 8259 §6 spells a number.
    public let text: String

    /// A whole number.
    public init(_ value: Int) { text = String(value) }

    /// A whole number of 64 bits.
    public init(_ value: Int64) { text = String(value) }

    /// A finite `Double` in the shortest text that reads back as the same value (`1.5`, `1e-07`);
    /// nil for NaN and the infinities, which JSON cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        text = String(value)
    }

    /// The number `text` spells, when it is a JSON number.
    public init?(text: String) {
        var copy = text
        let valid = copy.withUTF8 { bytes in JSONNumber.length(in: bytes, from: 0) == bytes.count }
        guard valid else { return nil }
        self.text = text
    }

    init(validated text: String) { self.text = text }

    public var description: String { text }

    /// Whether the text has neither a fraction nor an exponent.
    public var isWholeText: Bool { !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") } }

    /// The number as an `Int64` when it is a whole number in range, whatever its spelling (`3`,
    /// `3.0`, `3e2`); nil for `3.5` or past the range.
    public var int64: Int64? {
        if isWholeText { return Int64(text) }
        // A spelling with a fraction or exponent is whole when its Double is, inside the range
        // where a Double holds every integer exactly.
        guard let value = Double(text), value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int64(value)
    }

    /// The number as an `Int` under the rule of `int64`.
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// The nearest `Double`; infinite when the text is past `Double`'s range (`1e400`).
    public var double: Double { Double(text) ?? .nan }

    /// The length of the JSON number starting at `start` (RFC 8259 §6), or nil when none starts
    /// there: `-`, then `0` or digits not starting with 0, then an optional fraction and exponent.
    static func length(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let end = bytes.count
        func digits() -> Int {
            let from = index
            while index < end, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - from
        }
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return index - start
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
