import Foundation
import GenkanJSON

/// Where `genkan validate` gets its values: the VALUE arguments, or standard input one per line
/// (raw text, or with `--jsonl` one JSON string literal per line so that any value can be given).
struct ValueSource {
    /// One value to validate, or why it could not be read as text.
    enum Item {
        case text(String)
        /// The bytes were not valid UTF-8 (raw lines) or held a lone surrogate escape (JSONL);
        /// `shown` is what can be displayed of them.
        case invalidEncoding(shown: String)
        /// Longer than `ValueSource.maximumLineBytes`; `shown` is the start of it.
        case tooLong(shown: String)
    }

    /// Lines beyond this are not kept in memory: far above any field's limit (the rules refuse
    /// anything over a few KiB before running a pattern), far below what would exhaust memory.
    static let maximumLineBytes = 4 << 20

    /// Calls `body` for each value in order; throws `UsageError` for a malformed JSONL line.
    static func forEach(arguments: [String], jsonLines: Bool, _ body: (Item) -> Void) throws(UsageError) {
        if !arguments.isEmpty {
            for argument in arguments {
                if jsonLines {
                    body(try decodeJSONLine(argument, number: nil))
                } else {
                    body(.text(argument))
                }
            }
            return
        }
        var reader = LineReader(handle: FileHandle.standardInput, maximumBytes: maximumLineBytes)
        var number = 0
        while let line = reader.next() {
            number += 1
            var bytes = line.bytes
            if bytes.last == 0x0D { bytes.removeLast() }   // tolerate CRLF files
            if line.truncated {
                body(.tooLong(shown: String(decoding: bytes.prefix(64), as: UTF8.self) + "…"))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                body(.invalidEncoding(shown: String(decoding: bytes, as: UTF8.self)))
                continue
            }
            if jsonLines {
                if text.allSatisfy(\.isWhitespace) { continue }   // blank lines separate nothing
                body(try decodeJSONLine(text, number: number))
            } else {
                body(.text(text))
            }
        }
    }

    private static func decodeJSONLine(_ line: String, number: Int?) throws(UsageError) -> Item {
        let text = line.trimmingCharacters(in: .whitespaces)
        let reason: String
        do {
            if case .string(let value) = try JSONReader.parse(text) { return .text(value) }
            reason = "not a quoted string"
        } catch {
            // Half a surrogate pair names no character: the line is shown with U+FFFD in its place
            // and reported as badly encoded, as a line of invalid UTF-8 is.
            if error.reason == .loneSurrogate, case .string(let shown)? = JSONReader.value(text, options: .init(loneSurrogates: .replace)) {
                return .invalidEncoding(shown: shown)
            }
            reason = error.message
        }
        let place = number.map { "line \($0): " } ?? ""
        throw UsageError("\(place)--jsonl expects one JSON string literal per line (\(reason))")
    }
}

/// Reads standard input in blocks and splits it at LF, without holding more than
/// `maximumBytes` of one line.
struct LineReader {
    let handle: FileHandle
    let maximumBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false

    init(handle: FileHandle, maximumBytes: Int) {
        self.handle = handle
        self.maximumBytes = maximumBytes
    }

    mutating func next() -> (bytes: [UInt8], truncated: Bool)? {
        var line: [UInt8] = []
        var truncated = false
        while true {
            if position == buffer.count {
                if finished { return line.isEmpty && !truncated ? nil : (line, truncated) }
                let chunk = handle.readData(ofLength: 1 << 16)
                if chunk.isEmpty { finished = true; continue }
                buffer = Array(chunk)
                position = 0
            }
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                append(buffer[position..<newline], to: &line, truncated: &truncated)
                position = newline + 1
                return (line, truncated)
            }
            append(buffer[position...], to: &line, truncated: &truncated)
            position = buffer.count
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], truncated: inout Bool) {
        let room = maximumBytes - line.count
        if bytes.count > room { truncated = true }
        line.append(contentsOf: bytes.prefix(max(room, 0)))
    }
}
