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
        var capacity = constantHeaderLines.utf8CodeUnitCount
        for (name, value) in headers { capacity += name.utf8.count + value.utf8.count + 4 }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var block = ByteWriter(buffer)
            for (name, value) in headers {
                Self.appendSafe(name, to: &block)
                block.append(": " as StaticString)
                Self.appendSafe(value, to: &block)
                block.append("\r\n" as StaticString)
            }
            block.append(constantHeaderLines)
            count = block.count
        }
    }

    /// `text` without CR, LF and NUL: copied whole when it has none, as nearly every value.
    private static func appendSafe(_ text: String, to block: inout ByteWriter) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else { return block.append(bytes) }
            for byte in bytes where byte != 13 && byte != 10 && byte != 0 { block.append(byte: byte) }
        }
    }
}

/// Immutable bytes shared between responses.
public final class SharedBytes: Sendable {
    public let bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
}
