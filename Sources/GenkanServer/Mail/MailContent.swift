/// What a mail says, in the order it says it: the same parts make the text and the HTML
/// alternative, so the two never disagree.
struct MailContent: Sendable {
    enum Part: Sendable {
        /// A paragraph of text.
        case paragraph(String)
        /// A link shown as a button in HTML and as the bare URL in text.
        case action(label: String, url: String)
    }

    let subject: String
    let greeting: String
    let parts: [Part]
    /// Why the reader gets this mail; nil when the reason no longer holds (the goodbye mail).
    let footer: String?
}
