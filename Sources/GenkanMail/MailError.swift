/// A mail failure callers can act on: a stable code, whether trying again later can help, the
/// SMTP reply code when a server answered, and details for the operator.
///
/// `detail` never contains a password, a message body or a header value the caller supplied
/// (it names the offending field instead), so it can go to a log as it is.
public struct MailError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable code.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        // Building a message
        /// A header value (subject, display name) contains a carriage return or line feed.
        case headerLineBreak = "mail.header-line-break"
        /// An address is not a plausible ASCII mailbox (`local@domain.example`).
        case invalidAddress = "mail.invalid-address"
        /// A message or envelope has no recipient.
        case noRecipients = "mail.no-recipients"

        // Configuring a transport
        /// The SMTP URL is not `smtp://[user:pass@]host[:port]` or `smtps://…`.
        case invalidURL = "mail.smtp.invalid-url"
        /// libcurl lacks something the transport needs (a protocol, TLS, an option).
        case unsupported = "mail.smtp.unsupported"

        // Delivering over SMTP
        /// The server's host name did not resolve.
        case hostNotFound = "mail.smtp.host-not-found"
        /// Nothing accepted the connection (refused, unreachable).
        case connectionFailed = "mail.smtp.connection-failed"
        /// Connecting or the whole exchange took longer than its timeout.
        case timeout = "mail.smtp.timeout"
        /// The connection broke or the server answered something unexpected.
        case connectionLost = "mail.smtp.connection-lost"
        /// TLS was required and the server does not offer STARTTLS.
        case tlsUnavailable = "mail.smtp.tls-unavailable"
        /// The TLS handshake failed.
        case tlsFailed = "mail.smtp.tls-failed"
        /// The server's certificate is not trusted (or the CA file cannot be read).
        case certificateRejected = "mail.smtp.certificate-rejected"
        /// The server refused the user name and password.
        case authenticationFailed = "mail.smtp.authentication-failed"
        /// The server answered 4xx: try again later.
        case deferred = "mail.smtp.deferred"
        /// The server answered 5xx: the sender, a recipient or the message was refused.
        case rejected = "mail.smtp.rejected"
        /// Any other libcurl failure.
        case failed = "mail.smtp.failed"

        // Delivering to a directory
        /// The `.eml` file could not be written.
        case directoryWrite = "mail.directory.write"
    }

    public let code: Code
    /// Whether a later attempt can succeed (a timeout, a refused connection, a 4xx reply);
    /// false for failures that repeat (a 5xx reply, an invalid message, a configuration error).
    public let isRetryable: Bool
    /// The SMTP reply code the failure came with (`550`, `451`, `535`), when a server answered.
    public let replyCode: Int?
    /// Details for logs and the operator; never a secret or a message's content.
    public let detail: String

    public init(_ code: Code, _ detail: String, retryable: Bool? = nil, replyCode: Int? = nil) {
        self.code = code
        self.detail = detail
        self.replyCode = replyCode
        self.isRetryable = retryable ?? code.isRetryableByDefault
    }

    public var description: String {
        let reply = replyCode.map { " [\($0)]" } ?? ""
        return "\(code.rawValue)\(reply): \(detail)"
    }
}

extension MailError.Code {
    /// Whether a failure of this kind is usually worth another attempt.
    var isRetryableByDefault: Bool {
        switch self {
        case .hostNotFound, .connectionFailed, .timeout, .connectionLost, .tlsFailed, .deferred, .failed,
             .directoryWrite:
            true
        case .headerLineBreak, .invalidAddress, .noRecipients, .invalidURL, .unsupported, .tlsUnavailable,
             .certificateRejected, .authenticationFailed, .rejected:
            false
        }
    }
}
