/// Strings (RFC 8259 §7): a run without escapes becomes a `String` in one validated copy; escapes
/// are decoded into a byte buffer, surrogate pairs joined.
extension JSONScanner {
    mutating func string() throws(JSONError) -> String {
        let opening = index
        index += 1
        let start = index
        // The common case: no escape, so the text is the bytes themselves. The position is kept
        // in a local while scanning (the property is written back once): a store per byte made
        // this loop most of the cost of reading an ID token.
        var position = index
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                // Checked here, then copied by the specialized decoding: `String(validating:)` costs a
                // generic look-up per call, most of the work for the short strings of a JSON object.
                let run = UnsafeBufferPointer(rebasing: bytes[start..<position])
                guard Self.isUTF8(run) else { throw failure(.invalidUTF8, at: opening) }
                return String(decoding: run, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else {
                index = position
                throw failure(.controlCharacter)
            }
            position += 1
        }
        index = position
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw failure(.unexpectedEnd) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw failure(.invalidUTF8, at: opening) }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &utf8)
            case 0..<0x20:
                throw failure(.controlCharacter)
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// Decodes the escape after a backslash.
    private mutating func escape(into utf8: inout [UInt8]) throws(JSONError) {
        let scalar = try escapedScalar()
        if scalar.isASCII {
            utf8.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { utf8.append($0) }
        }
    }

    /// The character the escape after a backslash stands for.
    mutating func escapedScalar() throws(JSONError) -> Unicode.Scalar {
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(escape)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                if bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let mark = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        // The next escape is no low half: this one stands alone, and the next is read on its own.
                        index = mark
                        scalar = try loneSurrogate(at: escapeStart)
                    }
                } else {
                    scalar = try loneSurrogate(at: escapeStart)
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = try loneSurrogate(at: escapeStart)
            }
            return Unicode.Scalar(scalar)!
        default:
            throw failure(.invalidEscape, at: index - 2)
        }
    }

    /// U+FFFD for half a surrogate pair, when the options say to replace it.
    private func loneSurrogate(at place: Int) throws(JSONError) -> UInt32 {
        guard options.loneSurrogates == .replace else { throw failure(.loneSurrogate, at: place) }
        return 0xFFFD
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure(.invalidEscape) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.invalidEscape)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
