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
        let text = input[...]
        switch UTF8Text.withBytes(of: text, { Self.scan($0, of: text) }) {
        case .at(let offset):
            let at = text.index(atUTF8Offset: offset)
            self = .address(local: input[..<at], domain: input[input.utf8.index(after: at)...])
        case .displayName:
            self = .displayName
        case .nothing:
            // Characters, not bytes (a lookalike with a combining mark is something else), but
            // only when the bytes are there at all.
            if Self.containsBytes(of: "＠", in: text), input.contains("＠") {
                self = .missingAt(lookalike: "＠")
            } else if Self.containsBytes(of: "﹫", in: text), input.contains("﹫") {
                self = .missingAt(lookalike: "﹫")
            } else {
                self = .missingAt(lookalike: nil)
            }
        }
    }

    private static func containsBytes(of character: String, in text: Substring) -> Bool {
        UTF8Text.withBytes(of: text) { bytes in
            let needle = Array(character.utf8)
            guard bytes.count >= needle.count else { return false }
            return (0...(bytes.count - needle.count)).contains { start in
                needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
            }
        }
    }

    private enum Found {
        case at(Int), displayName, nothing
    }

    /// The quoted-string state machine over the bytes: every character it reacts to is ASCII, and
    /// any other character, of one byte or several, only ends an escape.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, of text: Substring) -> Found {
        var insideQuote = false
        var escaped = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let special = byte == UInt8(ascii: "@") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            if special, index + 1 < bytes.count, bytes[index + 1] >= 0x80, composesWithNext(index, bytes, text) {
                index += 1
                continue
            }
            if insideQuote {
                if byte == UInt8(ascii: "\\"), !escaped {
                    escaped = true
                } else {
                    if byte == UInt8(ascii: "\""), !escaped { insideQuote = false }
                    escaped = false
                }
            } else if byte == UInt8(ascii: "\"") {
                insideQuote = true
            } else if byte == UInt8(ascii: "@") {
                return .at(index)
            } else if byte == UInt8(ascii: "<") {
                return .displayName
            }
            index += 1
        }
        return .nothing
    }

    /// Whether NFC turns the special character at `offset` into something else (it composes with
    /// what follows).
    ///
    /// Only a character with NFC_QC=Maybe composes with the one before it, and a starter with
    /// NFC_QC=Yes also blocks every later one (UAX #15 §9), so the normalizer runs only when the
    /// next character is neither.
    private static func composesWithNext(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ text: Substring) -> Bool {
        if PrecisCodePoint(UTF8Text.scalar(at: offset + 1, in: bytes).scalar).isNFCStarter { return false }
        let window = text.unicodeScalars[text.index(atUTF8Offset: offset)...].prefix(32)
        return String(window).normalized(.nfc).unicodeScalars.first != window.first
    }
}
