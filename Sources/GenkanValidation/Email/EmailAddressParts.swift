import GenkanUnicode

/// An address split where RFC 5322 splits it: at the first `@` (or `<` of a display name) that
/// is not inside a quoted string.
enum EmailAddressParts {
    case address(local: Substring, domain: Substring)
    case displayName
    case missingAt(lookalike: Character?)

    /// Splits `input` at its first unquoted `@` or `<`.
    ///
    /// A special character followed by a combining character that composes with it (`<` and
    /// U+0338 make `≮`) is an ordinary character, as it is for email-validator.
    init(_ input: String) {
        let scalars = input.unicodeScalars
        var insideQuote = false
        var escaped = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let special = scalar == "@" || scalar == "<" || scalar == "\"" || scalar == "\\"
            if special, next < scalars.endIndex, !scalars[next].isASCII,
                Self.composes(scalars[index...].prefix(32))
            {
                index = next
                continue
            }
            if insideQuote {
                if scalar == "\\", !escaped {
                    escaped = true
                } else {
                    if scalar == "\"", !escaped { insideQuote = false }
                    escaped = false
                }
            } else if scalar == "\"" {
                insideQuote = true
            } else if scalar == "@" {
                self = .address(local: input[..<index], domain: input[next...])
                return
            } else if scalar == "<" {
                self = .displayName
                return
            }
            index = next
        }
        if input.contains("＠") {
            self = .missingAt(lookalike: "＠")
        } else if input.contains("﹫") {
            self = .missingAt(lookalike: "﹫")
        } else {
            self = .missingAt(lookalike: nil)
        }
    }

    /// Whether NFC turns the first scalar of `window` into something else (it composes with what
    /// follows).
    private static func composes(_ window: Substring.UnicodeScalarView) -> Bool {
        let text = String(window)
        return text.normalized(.nfc).unicodeScalars.first != window.first
    }
}
