extension String {
    /// The string without surrounding white space, cut after as many whole characters as fit in
    /// `maximum` (each character counting `measure` of it: its bytes, its scalars), so that a
    /// character is never split; nil when nothing is left.
    func trimmed(cutTo maximum: Int, measuredBy measure: (Character) -> Int) -> String? {
        guard let last = lastIndex(where: { !$0.isWhitespace }) else { return nil }
        let trimmed = self[...last].drop(while: \.isWhitespace)
        var kept = ""
        var length = 0
        for character in trimmed {
            length += measure(character)
            if length > maximum { break }
            kept.append(character)
        }
        return kept.isEmpty ? nil : kept
    }
}
