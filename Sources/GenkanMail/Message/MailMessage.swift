import Foundation

/// A complete RFC 5322 message: a text and an HTML version of one mail, in UTF-8, as
/// `multipart/alternative` (RFC 2046 §5.1.4), ready for any `MailTransport`.
///
/// The message is rendered once, when it is made, with a random `Message-ID` (at the sender's
/// domain) and a random boundary; `bytes` is what a transport sends and `envelope` where to.
/// Header text that is not plain ASCII (the subject, display names) is written as RFC 2047
/// encoded-words; both bodies are quoted-printable with CRLF line breaks.
///
/// ```swift
/// let message = try MailMessage(
///     from: MailAddress("noreply@example.com", displayName: "Genkan"),
///     to: [MailAddress("taro@example.com", displayName: "山田 太郎")],
///     subject: "パスワードの再設定", text: text, html: html)
/// let delivery = try transport.send(message)
/// ```
public struct MailMessage: Sendable {
    public let from: MailAddress
    public let to: [MailAddress]
    public let subject: String
    public let date: Date
    /// The `Message-ID` without its angle brackets: `random@sender-domain`.
    public let messageID: String
    /// The whole message, CRLF line endings, ASCII only.
    public let bytes: [UInt8]

    /// Renders a message.
    ///
    /// - Parameters:
    ///   - text: the `text/plain` version; any line break style, written as CRLF.
    ///   - html: the `text/html` version of the same content.
    ///   - date: the `Date` header (written in UTC, to the second).
    /// - Throws: `mail.header-line-break` when the subject contains CR or LF,
    ///   `mail.no-recipients` when `to` is empty.
    public init(from: MailAddress, to: [MailAddress], subject: String, text: String, html: String, date: Date = Date())
        throws(MailError)
    {
        guard !to.isEmpty else { throw MailError(.noRecipients, "a message needs at least one recipient") }
        try HeaderText.checkNoLineBreak(subject, field: "subject")
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        messageID = RandomToken.make(26) + "@" + from.domain
        // "=_" cannot occur in quoted-printable text (an "=" there is followed by two hex
        // digits or a line break), so the boundary cannot occur in either part (RFC 2046 §5.1.1).
        let boundary = "=_genkan_" + RandomToken.make(26)
        bytes = Self.render(
            from: from, to: to, subject: subject, text: text, html: html,
            date: MailDate.format(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down))),
            messageID: messageID, boundary: boundary)
    }

    /// The SMTP envelope: the sender's address and every recipient's.
    public var envelope: MailEnvelope {
        MailEnvelope(sender: from.address, recipients: to.map(\.address))
    }

    static func render(
        from: MailAddress, to: [MailAddress], subject: String, text: String, html: String,
        date: String, messageID: String, boundary: String
    ) -> [UInt8] {
        var out: [UInt8] = []
        func line(_ text: String) { out += Array(text.utf8) + [0x0D, 0x0A] }

        line("Date: " + date)
        var fromField = HeaderField("From")
        HeaderText.appendMailboxes([from], to: &fromField)
        out += fromField.line
        var toField = HeaderField("To")
        HeaderText.appendMailboxes(to, to: &toField)
        out += toField.line
        var subjectField = HeaderField("Subject")
        HeaderText.appendUnstructured(subject, to: &subjectField)
        out += subjectField.line
        line("Message-ID: <\(messageID)>")
        // RFC 3834 §5: mail a program sends on its own, so vacation responders stay quiet.
        line("Auto-Submitted: auto-generated")
        line("MIME-Version: 1.0")
        line("Content-Type: multipart/alternative;")
        line(" boundary=\"\(boundary)\"")
        line("")
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            line("--" + boundary)
            line("Content-Type: \(type); charset=UTF-8")
            line("Content-Transfer-Encoding: quoted-printable")
            line("")
            out += QuotedPrintable.encode(body)
            line("")  // belongs to the delimiter that follows (RFC 2046 §5.1.1)
        }
        line("--" + boundary + "--")
        return out
    }
}
