/// Values checked but not built, for `JSONReader.members`: the grammar and the limits are applied
/// as `value(depth:)` applies them, in the same order, so a text is refused for the same reason at
/// the same place; but nothing is made, not even the names inside a value, so a repeated one there
/// is found when that value is parsed, not here.
extension JSONScanner {
    /// The members of the object that is the whole text, each value's place in `bytes`.
    mutating func memberPlaces() throws(JSONError) -> [JSONReader.Member] {
        try begin()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: "{") else { throw failure(.expected("an object")) }
        var members: [JSONReader.Member] = []
        if !opensEmpty(UInt8(ascii: "}")) {
            var positions: [String: Int] = [:]
            while true {
                let (name, start) = try memberName()
                let valueStart = index
                try skipValue(depth: 1)
                let member = JSONReader.Member(name: name, value: valueStart..<index)
                if let earlier = try place(ofMember: name, at: start, count: members.count, nameAt: { members[$0].name }, table: &positions) {
                    members[earlier] = member
                } else {
                    members.append(member)
                }
                if try atEnd(UInt8(ascii: "}"), "',' or '}'") { break }
            }
        }
        try end()
        return members
    }

    /// A member's name and the place it starts, the scanner left at its value.
    private mutating func memberName() throws(JSONError) -> (String, Int) {
        try toMemberName()
        let start = index
        let name = try string()
        try toMemberValue()
        return (name, start)
    }

    private mutating func toMemberName() throws(JSONError) {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.expected("a member name")) }
    }

    private mutating func toMemberValue() throws(JSONError) {
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':'")
        skipWhitespace()
    }

    mutating func skipValue(depth: Int) throws(JSONError) {
        guard depth < options.maximumDepth else { throw failure(.tooDeep(limit: options.maximumDepth)) }
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): try skipObject(depth: depth)
        case UInt8(ascii: "["): try skipArray(depth: depth)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): _ = try literal("true", .null)
        case UInt8(ascii: "f"): _ = try literal("false", .null)
        case UInt8(ascii: "n"): _ = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw failure(.unexpectedCharacter)
        }
    }

    private mutating func skipArray(depth: Int) throws(JSONError) {
        if opensEmpty(UInt8(ascii: "]")) { return }
        while true {
            skipWhitespace()
            try skipValue(depth: depth + 1)
            if try atEnd(UInt8(ascii: "]"), "',' or ']'") { return }
        }
    }

    private mutating func skipObject(depth: Int) throws(JSONError) {
        if opensEmpty(UInt8(ascii: "}")) { return }
        while true {
            try toMemberName()
            try skipString()
            try toMemberValue()
            try skipValue(depth: depth + 1)
            if try atEnd(UInt8(ascii: "}"), "',' or '}'") { return }
        }
    }

    /// A string checked as `string()` checks it: the same errors at the same places, with the
    /// text's UTF-8 checked where it is rather than copied (a run between escapes is valid on its
    /// own exactly when the decoded whole is, since an escape adds whole characters).
    private mutating func skipString() throws(JSONError) {
        let opening = index
        index += 1
        var runStart = index
        var validUTF8 = true
        while true {
            // The position is kept in a local while scanning, as in `string()`; the bytes are
            // or-ed together on the way, so that a run of ASCII (most text) needs no second look.
            var position = index
            var bits: UInt8 = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else {
                    index = position
                    throw failure(.controlCharacter)
                }
                bits |= byte
                position += 1
            }
            index = position
            guard index < bytes.count else { throw failure(.unexpectedEnd) }
            if validUTF8, bits >= 0x80 { validUTF8 = Self.isUTF8(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            if bytes[index] == UInt8(ascii: "\"") {
                guard validUTF8 else { throw failure(.invalidUTF8, at: opening) }
                index += 1
                return
            }
            index += 1
            _ = try escapedScalar()
            runStart = index
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode §3.9, table 3-7: no overlong form, no
    /// surrogate, nothing past U+10FFFF), as `String(validating:)` judges them, without its
    /// per-call cost (a generic look-up that was most of the work for short runs).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The allowed range of the second byte, and how many bytes the sequence has.
            let second: ClosedRange<UInt8>
            let length: Int
            switch lead {
            case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
            case 0xE0: (second, length) = (0xA0...0xBF, 3)
            case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
            case 0xED: (second, length) = (0x80...0x9F, 3)
            case 0xF0: (second, length) = (0x90...0xBF, 4)
            case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
            case 0xF4: (second, length) = (0x80...0x8F, 4)
            default: return false
            }
            guard bytes.count - index >= length, second.contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }
}
