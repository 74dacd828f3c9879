extension String {
    /// `hasPrefix(prefix)` for an ASCII `prefix` none of whose characters has a canonical
    /// equivalent (`-`, `xn--`), read from the bytes.
    ///
    /// `hasPrefix` compares characters, so a combining mark right after the prefix (`-\u{301}`)
    /// joins its last character and makes it false; only when a non-ASCII scalar follows does
    /// this ask the Character view.
    func hasCharacterPrefix(_ prefix: String) -> Bool {
        UTF8Text.withBytes(of: self) { bytes in
            let count = prefix.utf8.count
            guard bytes.count >= count, prefix.utf8.elementsEqual(bytes.prefix(count)) else { return false }
            return bytes.count == count || bytes[count] < 0x80 || hasPrefix(prefix)
        }
    }
}
