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

    /// Writes to `descriptor` (standard output by default); `loops` sizes the per-loop caches.
    public init(format: Format, descriptor: Int32 = 1, loops: Int = HTTPServerConfiguration.processorCount) {
        self.format = format
        self.descriptor = descriptor
        clocks = (0..<max(1, loops) + 1).map { _ in SecondClock() }
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
        let client = Self.sanitized(peer.isEmpty ? "-" : peer, limit: 64)
        let path = Self.sanitized(request.path.isEmpty ? "-" : request.path, limit: Self.maxPathBytes)
        let method = Self.sanitized(request.method.isEmpty ? "-" : request.method, limit: Self.maxMethodBytes)
        // Every request writes one: bytes appended in place (interpolation and the number
        // formatting were most of its cost).
        var line = LogLine(capacity: 128 + path.utf8.count)
        switch format {
        case .text:
            clocks[index].appendTimestamp(to: &line)
            line.append(" ", client, " ", method, " ", path, " ")
            line.append(number: status)
            line.append(" ")
            line.append(milliseconds: microseconds)
            line.append("ms\n")
        case .json:
            line.append("{\"time\":\"")
            clocks[index].appendTimestamp(to: &line)
            line.append("\",\"client\":\"", client, "\",\"method\":\"", method, "\",\"path\":\"", path, "\",\"status\":")
            line.append(number: status)
            line.append(",\"duration_ms\":")
            line.append(milliseconds: microseconds)
            line.append("}\n")
        }
        write(line.bytes)
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
        write(Array((line + "\n").utf8))
    }

    private func write(_ line: [UInt8]) {
        line.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Printable ASCII only: anything else is percent-encoded, so a path cannot forge a line or
    /// break out of a JSON string. At most `limit` bytes of `text` are kept; a cut is marked `...`.
    static func sanitized(_ text: String, limit: Int = .max) -> String {
        let utf8 = text.utf8
        let cut = utf8.count > limit
        let kept = cut ? utf8.prefix(limit) : utf8[...]
        guard cut || kept.contains(where: { $0 < 0x20 || $0 >= 0x7f || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        else { return text }
        var output = ""
        for byte in kept {
            if byte < 0x20 || byte >= 0x7f || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return cut ? output + "..." : output
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

/// One loop's clock, formatted once a second.
private final class SecondClock: Sendable {
    private let second = Mutex<(Int, String)>((-1, ""))

    /// RFC 3339 UTC time with milliseconds.
    func timestamp() -> String {
        var line = LogLine(capacity: 24)
        appendTimestamp(to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    func appendTimestamp(to line: inout LogLine) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let prefix = second.withLock { cached -> String in
            if cached.0 != now.tv_sec { cached = (now.tv_sec, AccessLog.dateTime(now.tv_sec)) }
            return cached.1
        }
        line.append(prefix, ".")
        line.append(number: now.tv_nsec / 1_000_000, width: 3)
        line.append("Z")
    }
}

/// The bytes of one log line, appended in place.
struct LogLine {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ texts: String...) {
        for text in texts { bytes.append(contentsOf: text.utf8) }
    }

    /// `value` in decimal, zero-padded to `width` digits (at most 20).
    mutating func append(number value: Int, width: Int = 1) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value.magnitude, count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < min(width, 20)
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[index]) }
        }
    }

    /// Thousandths as milliseconds with three decimals: 1234 → `1.234`.
    mutating func append(milliseconds thousandths: Int) {
        append(number: thousandths / 1000)
        bytes.append(UInt8(ascii: "."))
        append(number: thousandths % 1000, width: 3)
    }
}
