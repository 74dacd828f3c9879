/// Why a libcurl transfer failed, as the one mapping from `CURLcode` gives it: what the callers
/// (the HTTP client, the SMTP transport) turn into their own errors.
package struct CurlError: Error, Sendable, Hashable {
    package enum Reason: Sendable, Hashable {
        case invalidURL
        case unsupported
        case hostNotFound
        case connectionFailed
        case timeout
        case certificateRejected
        case tlsFailed
        /// The server does not offer the TLS that was required (STARTTLS).
        case tlsUnavailable
        case loginDenied
        /// The connection broke, or the server sent nothing or nonsense.
        case connectionLost
        /// A callback stopped the transfer (a response over its size limit).
        case aborted
        case failed
        /// libcurl could not start (global initialization, a handle).
        case unavailable
    }

    package let reason: Reason
    /// libcurl's code (`CURLcode`), 0 when the failure is not libcurl's.
    package let code: UInt32
    /// libcurl's message, with every secret the handle was told about replaced.
    package let message: String
    /// The last reply code the server sent (HTTP status, SMTP reply), 0 when none.
    package let replyCode: Int

    package init(_ reason: Reason, code: UInt32 = 0, message: String, replyCode: Int = 0) {
        self.reason = reason
        self.code = code
        self.message = message
        self.replyCode = replyCode
    }

    /// `message (curl N)`, for the callers' details.
    package var description: String { code == 0 ? message : "\(message) (curl \(code))" }
}
