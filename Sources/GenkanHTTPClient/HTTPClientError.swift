/// Why an exchange failed before a response could be read; a response with any status (a 400,
/// a 503) is not an error here, its caller decides.
public struct HTTPClientError: Error, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// Not an `https://` URL (or `http://` to a loopback host), or not one libcurl can parse.
        case invalidURL = "http.invalid-url"
        case hostNotFound = "http.host-not-found"
        case connectionFailed = "http.connection-failed"
        case timeout = "http.timeout"
        case tlsFailed = "http.tls-failed"
        /// The server's certificate did not verify against the trusted authorities.
        case certificateRejected = "http.certificate-rejected"
        /// The body passed the client's `maximumResponseBytes`.
        case responseTooLarge = "http.response-too-large"
        /// The connection ended before a whole response (or anything else libcurl reports).
        case failed = "http.failed"
    }

    public let code: Code
    /// libcurl's message with the URL, for the operator's log (never a request body).
    public let detail: String

    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    public var description: String { "\(code.rawValue): \(detail)" }
}
