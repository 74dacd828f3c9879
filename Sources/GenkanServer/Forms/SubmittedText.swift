import GenkanValidation

/// A field's text as the site reads it from a form, before validation.
///
/// Genkan's plain-text mails isolate every address inside its sentence with FIRST STRONG ISOLATE
/// … POP DIRECTIONAL ISOLATE (`BidiIsolation`, UAX #9 §2.7), and other senders use marks and
/// embeddings the same way. Someone who copies the address from such a mail copies the invisible
/// marks with it; refusing that as `email.unsafe-characters` would refuse what they see as the
/// address. So an address loses directional controls at its ends; inside it, where they could
/// make it read as another address, the validator still refuses them.
enum SubmittedText {
    /// The Bidi_Control characters (Unicode PropList): ARABIC LETTER MARK, LEFT-TO-RIGHT and
    /// RIGHT-TO-LEFT MARK, the embeddings and overrides U+202A…U+202E, the isolates U+2066…U+2069.
    static let directionalControls: Set<Unicode.Scalar> = [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
        "\u{2068}", "\u{2069}",
    ]

    /// `raw` as posted for `field`: an address without directional controls at either end; any
    /// other field as it came.
    static func value(_ raw: String, for field: FormField) -> String {
        guard field == .email else { return raw }
        let scalars = raw.unicodeScalars
        guard let first = scalars.firstIndex(where: { !directionalControls.contains($0) }),
            let last = scalars.lastIndex(where: { !directionalControls.contains($0) })
        else { return scalars.isEmpty ? raw : "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return raw }
        return String(scalars[first...last])
    }
}
