/// A small blocking HTTPS client over libcurl for the few calls a server makes to other servers
/// (an OpenID provider's discovery document, its keys, its token endpoint): TLS always verified,
/// no redirects followed, a connect and a total timeout, and a bound on the response's size.
///
/// Plain `http://` is refused except to a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`),
/// where a test or development provider runs; nothing else travels without TLS.
///
/// ```swift
/// let client = HTTPClient()
/// let response = try client.send(HTTPClientRequest(url: "https://accounts.google.com/.well-known/openid-configuration"))
/// guard response.status == 200 else { … }
/// ```
///
/// A call blocks its thread until the response or a timeout: run it on a worker thread, never
/// on an event loop.
public struct HTTPClient: Sendable {
    /// How long establishing the connection (name lookup, TCP, TLS) may take.
    public var connectTimeout: Duration = .seconds(5)
    /// How long the whole exchange may take.
    public var timeout: Duration = .seconds(10)
    /// Responses with a longer body are refused (`HTTPClientError.Code.responseTooLarge`) as soon
    /// as they pass it, whatever their `Content-Length` says.
    public var maximumResponseBytes = 256 * 1024
    /// Trust the certificate authorities in this PEM file instead of the system's (a test
    /// provider's own authority).
    public var caFile: String?
    /// libcurl `CURLOPT_RESOLVE` entries (`host:port:address`): tests give a name to a loopback
    /// server without touching the system's resolver.
    public var resolve: [String] = []
    /// The `User-Agent` header.
    public var userAgent = "Genkan"

    public init() {}
}

/// What to send: a GET, a POST of form fields (`application/x-www-form-urlencoded`), or a POST of
/// JSON (`application/json`, a webhook or a blocking hook's call).
public struct HTTPClientRequest: Sendable {
    public enum Method: Sendable, Equatable {
        case get
        /// The fields are percent-encoded here (RFC 3986 unreserved characters stay as they are).
        case postForm([(name: String, value: String)])
        /// UTF-8 JSON, sent as it is (a signature covers these exact bytes).
        case postJSON([UInt8])

        public static func == (lhs: Method, rhs: Method) -> Bool {
            switch (lhs, rhs) {
            case (.get, .get): true
            case (.postForm(let a), .postForm(let b)): a.elementsEqual(b) { $0.name == $1.name && $0.value == $1.value }
            case (.postJSON(let a), .postJSON(let b)): a == b
            default: false
            }
        }
    }

    public var url: String
    public var method: Method
    /// Extra request headers (`Accept`, `Authorization`); names and values must not contain CR or LF.
    public var headers: [(name: String, value: String)]

    public init(url: String, method: Method = .get, headers: [(name: String, value: String)] = []) {
        self.url = url
        self.method = method
        self.headers = headers
    }

    /// The body of a form POST: `name=value&…`, each part percent-encoded.
    public static func formBody(_ fields: [(name: String, value: String)]) -> String {
        fields.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986 §2.3's unreserved characters.
    public static func percentEncoded(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(digits[Int(byte >> 4)])
                result.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return result
    }
}
