import GenkanJSON

/// Signs and verifies webhooks as Standard Webhooks 1.0.0 says ("Signature scheme", "Webhook
/// headers"): HMAC-SHA-256 under the secret's key of `id.timestamp.body`, sent as `webhook-id`,
/// `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 of the MAC>`; a
/// receiver tries each space-separated signature of the header until one matches.
///
/// ```swift
/// let signer = WebhookSigner(secret: try WebhookSecret(parsing: secretText))
/// let headers = signer.headers(id: "evt_1", timestamp: 1_674_087_231, body: body)
/// ```
public struct WebhookSigner: Sendable {
    /// How far a `webhook-timestamp` may be from the verifier's clock, either way (the reference
    /// libraries' five minutes).
    public static let tolerance: Int64 = 300

    private let key: WebhookKey

    public init(secret: WebhookSecret) {
        key = WebhookKey(secret.key)
    }

    /// `v1,` and the base64 MAC of `id.timestamp.body`.
    public func signature(id: String, timestamp: Int64, body: [UInt8]) -> String {
        "v1," + Base64.encode(mac(id: id, timestamp: timestamp, body: body))
    }

    /// The three headers a request carrying `body` is sent with.
    public func headers(id: String, timestamp: Int64, body: [UInt8]) -> [(name: String, value: String)] {
        [("webhook-id", id), ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature(id: id, timestamp: timestamp, body: body))]
    }

    /// Checks a received webhook: the timestamp within `tolerance` seconds of `now`, and one of the
    /// `v1` signatures in `signatures` (space-separated; other versions are skipped) the MAC of
    /// `id.timestamp.body`, compared in constant time.
    ///
    /// - Throws: `WebhookVerificationError`, saying which check failed.
    public func verify(
        id: String, timestamp: String, signatures: String, body: [UInt8], now: Int64, tolerance: Int64 = WebhookSigner.tolerance
    ) throws(WebhookVerificationError) {
        guard !id.isEmpty, !timestamp.isEmpty, !signatures.isEmpty else { throw .missingHeaders }
        guard timestamp.utf8.count <= 18, timestamp.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seconds = Int64(timestamp) else {
            throw .invalidTimestamp
        }
        if seconds < now - tolerance { throw .timestampTooOld }
        if seconds > now + tolerance { throw .timestampTooNew }
        let expected = mac(id: id, timestamp: seconds, body: body)
        var found = false
        for candidate in signatures.split(separator: " ") {
            let parts = candidate.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "v1", let received = Base64.decode(parts[1]) else { continue }
            // Every candidate is compared, so the time taken does not tell which one matched.
            if WebhookKey.equal(received, expected) { found = true }
        }
        guard found else { throw .noMatchingSignature }
    }

    /// The MAC of `id.timestamp.body`; an id must not contain `.` (Standard Webhooks: it would
    /// let one message's id and timestamp pass for another's).
    func mac(id: String, timestamp: Int64, body: [UInt8]) -> [UInt8] {
        key.mac(Array("\(id).\(timestamp).".utf8), body)
    }
}

/// Why a received webhook was not accepted.
public enum WebhookVerificationError: Error, Sendable, Equatable {
    /// `webhook-id`, `webhook-timestamp` or `webhook-signature` is missing or empty.
    case missingHeaders
    /// `webhook-timestamp` is not a whole number of seconds.
    case invalidTimestamp
    case timestampTooOld
    case timestampTooNew
    /// No `v1` signature in the header is the MAC of this message under this secret.
    case noMatchingSignature
}
