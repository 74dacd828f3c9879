/// Something that takes a rendered message and delivers it: a mail server, a directory.
///
/// `send` returns only once the message is in the transport's hands (the server answered 250
/// to the data, the file was renamed into place), so a caller that records success afterwards
/// never records a message that was lost. It blocks; call it off any event loop.
public protocol MailTransport: Sendable {
    /// Delivers `bytes` (a complete RFC 5322 message) to the envelope's recipients.
    ///
    /// - Returns: where the message went, for the log.
    /// - Throws: a `MailError` saying whether another attempt can succeed.
    func send(_ bytes: [UInt8], envelope: MailEnvelope) throws(MailError) -> MailDelivery
}

extension MailTransport {
    /// Delivers `message` to the recipients of its `To` header.
    public func send(_ message: MailMessage) throws(MailError) -> MailDelivery {
        try send(message.bytes, envelope: message.envelope)
    }
}

/// The SMTP envelope (RFC 5321 §2.3.1): who the message is from and who receives it, which
/// need not be the addresses of its header.
public struct MailEnvelope: Sendable, Hashable {
    public let sender: String
    public let recipients: [String]

    public init(sender: String, recipients: [String]) {
        self.sender = sender
        self.recipients = recipients
    }

    /// Checks every address as `MailAddress` does, and that there is a recipient.
    func validated() throws(MailError) -> Self {
        try MailAddress.check(sender)
        guard !recipients.isEmpty else { throw MailError(.noRecipients, "the envelope has no recipient") }
        for recipient in recipients { try MailAddress.check(recipient) }
        return self
    }
}

/// Where a transport put a message: a file path, or the server that accepted it.
public struct MailDelivery: Sendable, Hashable, CustomStringConvertible {
    /// `/var/genkan/outbox/20261201T111356.123456Z-000001-k3v….eml`, or `smtp://mail.example.com:587`.
    public let location: String

    public init(location: String) { self.location = location }

    public var description: String { location }
}
