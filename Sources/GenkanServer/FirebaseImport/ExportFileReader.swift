import GenkanJSON

/// The users of an export file, read one at a time from the file, never the whole file at once:
/// the JSON `firebase auth:export` writes (`{"users": [ {…}, {…} ]}`, other top-level members
/// allowed and kept), or its CSV (`ExportCSVReader`, whose rows become the same members).
///
/// The file's outline (the outer object, the `users` array, the commas between users) is read
/// here byte by byte; each user's bytes are then read by `JSONReader`, strictly (RFC 8259, a name
/// given twice refused), at most `maximumUserBytes` long. Anything else is a `Failure` naming the
/// line, and the import stops before writing anything (the import reads the file once to check
/// it, then again to write).
package struct ExportFileReader {
    /// A user record of the file: its position and its members.
    package struct Record: Sendable {
        /// 0 for the file's first user.
        package let index: Int
        /// The line the record starts on (from 1).
        package let line: Int
        package let value: JSONValue
    }

    /// Why the file cannot be read, and where.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let line: Int
        package let message: String

        package var description: String { "line \(line): \(message)" }
    }

    package enum Format: String, Sendable {
        case json, csv
    }

    /// A user record longer than this is refused (a Firebase user is well under 4 KiB).
    package static let maximumUserBytes = 64 << 10
    /// The other top-level members together (a Genkan export's description of its hashes).
    package static let maximumOtherBytes = 64 << 10

    private var source: ByteSource
    private var state = State.start
    private var sawUsers = false
    private var otherBytes = 0
    private var nextIndex = 0

    /// Where in the file's outline the reader is.
    private enum State {
        case start
        /// Inside the outer object, before a member (or the `}`).
        case members(first: Bool)
        /// Inside `users`, before a user (or the `]`).
        case users(first: Bool)
        case end
    }

    /// Top-level members other than `users`, as read before `users` (only these are known when
    /// the users are read).
    package private(set) var header: JSONValue.Members = []

    package init(path: String) throws(Failure) {
        source = try ByteSource(path: path)
    }

    /// The file's next user, or nil after the last once the rest of the file was checked.
    package mutating func next() throws(Failure) -> Record? {
        while true {
            switch state {
            case .start:
                source.skipWhitespace()
                try expect(UInt8(ascii: "{"), "the file does not start with {")
                source.skipWhitespace()
                if source.peek() == UInt8(ascii: "}") {
                    source.advance()
                    try finish()
                    return nil
                }
                state = .members(first: true)
            case .members(let first):
                source.skipWhitespace()
                if !first {
                    guard let next = source.next() else { throw failure("the file ends inside its outer object") }
                    if next == UInt8(ascii: "}") {
                        try finish()
                        return nil
                    }
                    guard next == UInt8(ascii: ",") else { throw failure("expected , or } between members") }
                    source.skipWhitespace()
                }
                let name = try memberName()
                source.skipWhitespace()
                try expect(UInt8(ascii: ":"), "expected : after \"\(name)\"")
                source.skipWhitespace()
                if name == "users" {
                    guard !sawUsers else { throw failure("\"users\" is given twice") }
                    sawUsers = true
                    try expect(UInt8(ascii: "["), "\"users\" is not a list")
                    source.skipWhitespace()
                    if source.peek() == UInt8(ascii: "]") {
                        source.advance()
                        state = .members(first: false)
                    } else {
                        state = .users(first: true)
                    }
                } else {
                    let line = source.line
                    let bytes = try valueBytes(limit: Self.maximumOtherBytes - otherBytes, what: "the member \"\(name)\"")
                    otherBytes += bytes.count
                    let value = try parse(bytes, line: line)
                    if !sawUsers { header.append((name, value)) }
                    state = .members(first: false)
                }
            case .users(let first):
                source.skipWhitespace()
                if !first {
                    guard let next = source.next() else { throw failure("the file ends inside \"users\"") }
                    if next == UInt8(ascii: "]") {
                        state = .members(first: false)
                        continue
                    }
                    guard next == UInt8(ascii: ",") else { throw failure("expected , or ] after user \(nextIndex)") }
                    source.skipWhitespace()
                }
                let line = source.line
                guard source.peek() == UInt8(ascii: "{") else {
                    throw failure(source.peek() == nil ? "the file ends inside \"users\"" : "user \(nextIndex + 1) is not an object")
                }
                let bytes = try valueBytes(limit: Self.maximumUserBytes, what: "user \(nextIndex + 1)")
                let record = Record(index: nextIndex, line: line, value: try parse(bytes, line: line))
                nextIndex += 1
                state = .users(first: false)
                return record
            case .end:
                return nil
            }
        }
    }

    /// Checks what follows the outer object: nothing but white space, and there was a `users`.
    private mutating func finish() throws(Failure) {
        source.skipWhitespace()
        guard source.peek() == nil else { throw failure("text after the outer object") }
        if let error = source.readError { throw Failure(line: source.line, message: "cannot read the file: \(error)") }
        guard sawUsers else { throw Failure(line: 1, message: "the file has no \"users\" list") }
        state = .end
    }

    /// The JSON of a value whose bytes were cut out of the file.
    private func parse(_ bytes: [UInt8], line: Int) throws(Failure) -> JSONValue {
        do throws(JSONError) {
            return try JSONReader.parse(bytes, options: JSONReader.Options(maximumBytes: Self.maximumUserBytes, maximumDepth: 16))
        } catch {
            throw Failure(line: line + error.line - 1, message: "not JSON: \(error.reason)")
        }
    }

    /// A member name: a JSON string, decoded.
    private mutating func memberName() throws(Failure) -> String {
        guard source.peek() == UInt8(ascii: "\"") else { throw failure(source.peek() == nil ? "the file ends inside its outer object" : "expected a member name") }
        let line = source.line
        let bytes = try valueBytes(limit: 1024, what: "a member name")
        guard case .string(let name) = try parse(bytes, line: line) else { throw failure("expected a member name") }
        return name
    }

    /// The bytes of the JSON value that starts here, found by its brackets and strings alone
    /// (the reader then checks everything else), at most `limit` bytes. The file's chunk is
    /// scanned in place and copied a run at a time.
    private mutating func valueBytes(limit: Int, what: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var scanner = ValueScanner()
        let startLine = source.line
        while !scanner.finished {
            let taken = source.scan { chunk in scanner.scan(chunk) }
            guard let taken else { break }
            bytes.append(contentsOf: taken)
            guard bytes.count <= limit else { throw Failure(line: startLine, message: "\(what) is longer than \(limit) bytes") }
        }
        return bytes
    }

    /// Where a value ends, byte by byte: brackets counted outside strings, escapes inside them.
    private struct ValueScanner {
        var depth = 0, inString = false, escaped = false, finished = false

        /// How many bytes of `chunk` belong to the value (all of them when it goes on past it).
        mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) -> Int {
            var index = 0
            while index < chunk.count {
                defer { index += 1 }
                if inString, !escaped {
                    // Most of a record is the inside of its strings (hashes, addresses): run to the
                    // next quote or backslash without the state machine.
                    while index < chunk.count, chunk[index] != UInt8(ascii: "\""), chunk[index] != UInt8(ascii: "\\") { index += 1 }
                    guard index < chunk.count else { return chunk.count }
                }
                let byte = chunk[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 {
                            finished = true
                            return index + 1
                        }
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 {
                        finished = true
                        return index
                    }
                    depth -= 1
                    if depth == 0 {
                        finished = true
                        return index + 1
                    }
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                    if depth == 0 {
                        finished = true
                        return index
                    }
                default: break
                }
            }
            return chunk.count
        }
    }

    private mutating func expect(_ byte: UInt8, _ message: String) throws(Failure) {
        guard source.peek() == byte else { throw failure(message) }
        source.advance()
    }

    /// A failure here; "the file ends" becomes the reading error when reading failed.
    private func failure(_ message: String) -> Failure {
        if let error = source.readError { return Failure(line: source.line, message: "cannot read the file: \(error)") }
        return Failure(line: source.line, message: message)
    }
}
