import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One line per request — time, client address, method, path, status, duration — as text or JSON,
/// and one per security event (`event`, from `SecurityLog`).
///
/// The query string, headers, cookies and body are never written: they can carry passwords,
/// tokens and e-mail addresses. The client is the connection's peer address, or behind a trusted
/// proxy the address it forwarded for (`AccessLogging`). Each line is written through, with one `write(2)` when the request ends and before
/// its response goes out, so a request that was answered has its line even if the process is
/// killed a moment later; nothing is buffered in the process. A line is at most
/// `maxLineBytes` (long paths and methods are cut), within `PIPE_BUF`, so lines written by several
/// loops at once never interleave, on a pipe as on a file.
public final class AccessLog: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    /// The status logged for a request whose client disconnected before the answer (nginx's 499).
    public static let clientClosedRequest = 499

    /// The longest line written: `PIPE_BUF` on Linux, the size a pipe writes atomically.
    static let maxLineBytes = 4096
    /// How much of a path and of a method a line keeps (before percent-encoding, which at most
    /// triples them).
    static let maxPathBytes = 1024
    static let maxMethodBytes = 32

    public let format: Format
    private let descriptor: Int32
    private let clocks: [SecondClock]
    /// What a request's line has before, between and after its six fields (time, client, method,
    /// path, status, duration) in this format.
    private let separators: [StaticString]

    /// Writes to `descriptor` (standard output by default); `loops` sizes the per-loop caches.
    public init(format: Format, descriptor: Int32 = 1, loops: Int = HTTPServerConfiguration.processorCount) {
        self.format = format
        self.descriptor = descriptor
        clocks = (0..<max(1, loops) + 1).map { _ in SecondClock() }
        separators = switch format {
        case .text: ["", " ", " ", " ", " ", " ", "ms\n"]
        case .json:
            ["{\"time\":\"", "\",\"client\":\"", "\",\"method\":\"", "\",\"path\":\"", "\",\"status\":", ",\"duration_ms\":", "}\n"]
        }
    }

    /// Nothing is buffered, so there is nothing to write; kept so that owners can end a log
    /// without knowing that.
    public func close() {}

    /// Records a finished request: its line is written before this returns. `client`: the
    /// address a trusted proxy forwarded for; by default the connection's peer.
    public func record(request: HTTPRequest, status: Int, client: String? = nil) {
        let elapsed = ContinuousClock.now - request.receivedAt
        let index = min(max(0, request.loop), clocks.count - 1)
        let microseconds = Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
        let peer = client ?? request.peerAddress
        let clock = clocks[index]
        // Every request writes one: its bytes are put together on the stack, escaped in place,
        // and written from there (the strings, arrays and interpolation of a line were most of
        // its cost).
        ByteWriter.onStack(capacity: Self.maxLineBytes) { line in
            line.append(separators[0])
            clock.appendTimestamp(to: &line)
            line.append(separators[1])
            line.append(sanitizing: peer.isEmpty ? "-" : peer, limit: 64)
            line.append(separators[2])
            line.append(sanitizing: request.method.isEmpty ? "-" : request.method, limit: Self.maxMethodBytes)
            line.append(separators[3])
            line.append(sanitizing: request.path.isEmpty ? "-" : request.path, limit: Self.maxPathBytes)
            line.append(separators[4])
            line.append(number: status)
            line.append(separators[5])
            line.append(milliseconds: microseconds)
            line.append(separators[6])
            write(line.bytes)
        }
    }

    /// Records a security event (`SecurityLog`) among the requests: time, client, `security`, the
    /// event's name and its details as `name=value` (text), or an object with `event` and the
    /// details as members (JSON). Values are sanitized as paths are; written through likewise.
    public func event(_ name: String, client: String, details: [(String, String)]) {
        let time = clocks[clocks.count - 1].timestamp()
        let client = Self.sanitized(client.isEmpty ? "-" : client, limit: 64)
        var line = ""
        switch format {
        case .text:
            line = "\(time) \(client) security \(Self.sanitized(name, limit: 64))"
            for (key, value) in details { line += " " + Self.sanitized(key, limit: 32) + "=" + Self.sanitized(value, limit: 256) }
        case .json:
            line = "{\"time\":\"\(time)\",\"client\":\"\(client)\",\"event\":\"\(Self.sanitized(name, limit: 64))\""
            for (key, value) in details {
                line += ",\"" + Self.sanitized(key, limit: 32) + "\":\"" + Self.sanitized(value, limit: 256) + "\""
            }
            line += "}"
        }
        Array((line + "\n").utf8).withUnsafeBufferPointer(write)
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Printable ASCII only: anything else is percent-encoded, so a path cannot forge a line or
    /// break out of a JSON string. At most `limit` bytes of `text` are kept; a cut is marked `...`.
    static func sanitized(_ text: String, limit: Int) -> String {
        String(capacity: min(text.utf8.count, limit) * 3 + 3) { $0.append(sanitizing: text, limit: limit) }
    }

    /// RFC 3339 UTC date and time to the second.
    static func dateTime(_ seconds: Int) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { String(value).leftPadded(to: 2) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension ByteWriter {
    /// `text` as printable ASCII: any other byte, and `"` and `\`, percent-encoded, so that what a
    /// client sent can neither forge a log line nor break out of a JSON string. At most `limit`
    /// bytes of `text` are kept; a cut is marked `...`.
    mutating func append(sanitizing text: String, limit: Int) {
        var text = text
        text.withUTF8 { bytes in
            let kept = UnsafeBufferPointer(rebasing: bytes.prefix(limit))
            var run = 0  // the first byte not appended yet, of a run that needs no escape
            for (index, byte) in kept.enumerated() where Self.needsEscape(byte) {
                append(UnsafeBufferPointer(rebasing: kept[run..<index]))
                append(byte: UInt8(ascii: "%"))
                append(byte: Self.hexDigits[Int(byte >> 4)])
                append(byte: Self.hexDigits[Int(byte & 0x0f)])
                run = index + 1
            }
            append(UnsafeBufferPointer(rebasing: kept[run...]))
            if bytes.count > limit { append("..." as StaticString) }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x7f || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Thousandths as milliseconds with three decimals: 1234 → `1.234`.
    mutating func append(milliseconds thousandths: Int) {
        append(number: thousandths / 1000)
        append(byte: UInt8(ascii: "."))
        append(number: thousandths % 1000, width: 3)
    }
}
