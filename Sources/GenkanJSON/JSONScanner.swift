/// The state of one `JSONReader.parse`: a position in the bytes, read by recursive descent.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: JSONReader.Options
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONReader.Options) {
        self.bytes = bytes
        self.options = options
    }

    mutating func document() throws(JSONError) -> JSONValue {
        try begin()
        let value = try value(depth: 0)
        try end()
        return value
    }

    /// Checks the size and steps past a byte order mark (when allowed) and whitespace.
    mutating func begin() throws(JSONError) {
        guard bytes.count <= options.maximumBytes else {
            throw failure(.tooLarge(bytes: bytes.count, limit: options.maximumBytes))
        }
        if options.allowsByteOrderMark, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
    }

    /// Steps past whitespace after the value, which must end the text.
    mutating func end() throws(JSONError) {
        skipWhitespace()
        guard index == bytes.count else { throw failure(.trailingText) }
    }

    /// The error `reason` at the current position, with its line and column.
    func failure(_ reason: JSONError.Reason, at place: Int? = nil) -> JSONError {
        let offset = min(place ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONError(reason, offset: offset, line: line, column: column)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        guard bytes[index] == byte else { throw failure(.expected(what)) }
        index += 1
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth < options.maximumDepth else { throw failure(.tooDeep(limit: options.maximumDepth)) }
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure(.unexpectedCharacter)
        }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw failure(.expected("'\(word)'")) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw failure(.expected("'\(word)'")) }
        index += count
        return value
    }

    mutating func number() throws(JSONError) -> JSONNumber {
        guard let length = JSONNumber.length(in: bytes, from: index) else { throw failure(.invalidNumber) }
        let end = index + length
        // `01` would otherwise read as 0 followed by stray text.
        if end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { throw failure(.invalidNumber) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        if options.requiresFiniteDoubles, !(Double(text)?.isFinite ?? false) { throw failure(.numberOutOfRange) }
        index = end
        return JSONNumber(validated: text)
    }

    mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        if opensEmpty(UInt8(ascii: "]")) { return .array([]) }
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            if try atEnd(UInt8(ascii: "]"), "',' or ']'") { return .array(elements) }
        }
    }

    /// Steps past an opening bracket; true (and past the closing one too) when the container is empty.
    mutating func opensEmpty(_ closing: UInt8) -> Bool {
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closing else { return false }
        index += 1
        return true
    }

    /// After an element or member: true at the closing bracket, false after a comma (another must
    /// follow: a trailing comma fails there).
    mutating func atEnd(_ closing: UInt8, _ what: String) throws(JSONError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure(.unexpectedEnd) }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        try expect(closing, what)
        return true
    }

    mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        if opensEmpty(UInt8(ascii: "}")) { return .object([]) }
        var members: [(name: String, value: JSONValue)] = []
        // Past a couple of dozen members, names are found through a table rather than a scan.
        var positions: [String: Int] = [:]
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.expected("a member name")) }
            let start = index
            let name = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            let value = try value(depth: depth + 1)
            if let earlier = try place(ofMember: name, at: start, count: members.count, nameAt: { members[$0].name }, table: &positions) {
                members[earlier].value = value
            } else {
                members.append((name, value))
            }
            if try atEnd(UInt8(ascii: "}"), "',' or '}'") { return .object(members) }
        }
    }

    /// Members an object may have before its names go into a table: comparing a short name with a
    /// couple of dozen others costs less than hashing it (a Firebase user record has a dozen
    /// members, an import reads a hundred thousand of them); past that the scan would grow with
    /// the square of the count.
    static let scannedMembers = 24

    /// Where a member named `name` (its name at `start`) goes among the `count` members read so
    /// far, as `options.duplicateNames` says: nil to add it after them, the index of the earlier
    /// one whose value it replaces, or an error for a repeat. `nameAt` gives the names read so
    /// far; `table` finds them once there are more than `scannedMembers`.
    mutating func place(
        ofMember name: String, at start: Int, count: Int, nameAt: (Int) -> String, table: inout [String: Int]
    ) throws(JSONError) -> Int? {
        if options.duplicateNames == .keepAll { return nil }
        let earlier = table.isEmpty ? (0..<count).first { nameAt($0) == name } : table[name]
        if let earlier {
            guard options.duplicateNames == .keepLast else { throw failure(.duplicateName(name), at: start) }
            return earlier
        }
        if !table.isEmpty || count + 1 == Self.scannedMembers + 1 {
            if table.isEmpty {
                for offset in 0..<count { table[nameAt(offset)] = offset }
            }
            table[name] = count
        }
        return nil
    }
}
