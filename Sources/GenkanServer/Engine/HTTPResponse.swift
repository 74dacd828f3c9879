/// An HTTP response to send.
public struct HTTPResponse: Sendable {
    /// The content of a response.
    public enum Body: Sendable {
        case empty
        case text(String)
        case bytes([UInt8])
        /// Bytes shared by many responses (a static file), not copied per response.
        case shared(SharedBytes)

        public var count: Int {
            switch self {
            case .empty: 0
            case .text(let text): text.utf8.count
            case .bytes(let bytes): bytes.count
            case .shared(let shared): shared.bytes.count
            }
        }

        /// The body read as UTF-8 (for tests and logs).
        public var decoded: String {
            switch self {
            case .empty: ""
            case .text(let text): text
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .shared(let shared): String(decoding: shared.bytes, as: UTF8.self)
            }
        }
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body
    /// Whether the connection closes after this response.
    public var closesConnection: Bool
    /// Complete header lines written as they are, after `headers`: for constant blocks such as
    /// `SecurityHeaders.lines`, never for values that come from a request.
    public var constantHeaderLines: StaticString = ""

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty, closesConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// The header block the engine sends: one `Name: value` line per field. Characters that
    /// would end a line (CR, LF, NUL) are dropped, so no value can inject a header (RFC 9110 §5.5).
    /// Bytes, appended in place: building a `String` was a measurable share of a page's cost.
    func serializedHeaders() -> [UInt8] {
        var block: [UInt8] = []
        block.reserveCapacity(headers.count * 64 + constantHeaderLines.utf8CodeUnitCount)
        for (name, value) in headers {
            Self.appendSafe(name, to: &block)
            block.append(UInt8(ascii: ":"))
            block.append(UInt8(ascii: " "))
            Self.appendSafe(value, to: &block)
            block.append(13)
            block.append(10)
        }
        constantHeaderLines.withUTF8Buffer { block.append(contentsOf: $0) }
        return block
    }

    private static func appendSafe(_ text: String, to block: inout [UInt8]) {
        let start = block.count
        block.append(contentsOf: text.utf8)
        if block[start...].contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
            block.removeSubrange(start...)
            block.append(contentsOf: text.utf8.lazy.filter { $0 != 13 && $0 != 10 && $0 != 0 })
        }
    }
}

/// Immutable bytes shared between responses.
public final class SharedBytes: Sendable {
    public let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
}
