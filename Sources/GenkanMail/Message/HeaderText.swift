/// How free text (a subject, a display name) becomes header tokens.
enum HeaderText {
    /// Refuses CR and LF, which would end the header field and let the value inject new ones.
    static func checkNoLineBreak(_ text: String, field: String) throws(MailError) {
        if text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            throw MailError(.headerLineBreak, "the \(field) contains a line break (CR or LF)")
        }
    }

    /// Whether `text` can be written as it is: printable ASCII words separated by single spaces,
    /// nothing a decoder would take for an encoded-word (RFC 2047 §5), and no word longer than a
    /// folded line can hold.
    static func isPlainWords(_ text: String, longestWord: Int = HeaderField.lineLimit - 1) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x20...0x7E).contains($0) }),
              bytes.first != 0x20, bytes.last != 0x20 else { return false }
        let words = bytes.split(separator: 0x20, omittingEmptySubsequences: false)
        guard words.allSatisfy({ !$0.isEmpty && $0.count <= longestWord }) else { return false }
        return !text.contains("=?")
    }

    /// Appends an unstructured value (RFC 5322 §3.2.5; the subject): plain words when possible,
    /// otherwise encoded-words for the whole value.
    static func appendUnstructured(_ text: String, to field: inout HeaderField) {
        if isPlainWords(text) {
            for word in text.utf8.split(separator: 0x20) { field.append(word) }
        } else if !text.isEmpty {
            field.appendEncodedWords(text)
        }
    }

    /// Appends a display name as an RFC 5322 §3.2.5 phrase: atoms when every word is made of
    /// `atext`, one quoted-string when it is printable ASCII with specials (`Yamada, Taro`),
    /// encoded-words otherwise (non-ASCII, or too long for one line as a quoted-string).
    static func appendPhrase(_ name: String, to field: inout HeaderField) {
        if isPlainWords(name) && name.utf8.allSatisfy({ $0 == 0x20 || MailAddress.isAtext($0) }) {
            for word in name.utf8.split(separator: 0x20) { field.append(word) }
            return
        }
        if name.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) && !name.contains("=?") {
            var quoted: [UInt8] = [UInt8(ascii: "\"")]
            for byte in name.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { quoted.append(UInt8(ascii: "\\")) }
                quoted.append(byte)
            }
            quoted.append(UInt8(ascii: "\""))
            if quoted.count <= HeaderField.lineLimit - 1 {
                field.append(quoted)
                return
            }
        }
        for word in EncodedWord.phraseWords(name) { field.append(word) }
    }

    /// Appends `mailboxes` as an RFC 5322 §3.4 address list, a comma after each but the last.
    static func appendMailboxes(_ mailboxes: [MailAddress], to field: inout HeaderField) {
        for (index, mailbox) in mailboxes.enumerated() {
            let separator = index < mailboxes.count - 1 ? "," : ""
            if let name = mailbox.displayName {
                appendPhrase(name, to: &field)
                field.append("<\(mailbox.address)>" + separator)
            } else {
                field.append(mailbox.address + separator)
            }
        }
    }
}
