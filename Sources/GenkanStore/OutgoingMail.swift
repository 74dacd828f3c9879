/// A message to hand to the mail transport: the SMTP envelope and the complete RFC 5322 message.
public struct OutgoingMail: Sendable, Hashable {
    /// The envelope sender (`MAIL FROM`), also where bounces go.
    public let sender: String
    /// The envelope recipient (`RCPT TO`).
    public let recipient: String
    /// Header and body exactly as they go on the wire (CRLF line ends).
    public let message: [UInt8]

    public init(sender: String, recipient: String, message: [UInt8]) {
        self.sender = sender
        self.recipient = recipient
        self.message = message
    }
}

/// A message waiting in the outbox.
public struct OutboxMessage: Sendable, Hashable {
    /// The outbox row; pass it to `markSent`, `markFailed` or `giveUp`.
    public let id: Int64
    public let mail: OutgoingMail
    public let createdAt: Int64
    /// Failed deliveries so far.
    public let attempts: Int64
    public let nextAttemptAt: Int64
    public let lastError: String?
}
