/// Small text helpers shared by the catalog tools.
extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }

    /// Every occurrence of `target` replaced, matched code point by code point.
    ///
    /// Not by `Character`: Swift reads CR LF as one `Character`, and a mark that combines with
    /// the last character of `target` makes one grapheme with it, so a search for "\n" missed the
    /// LF of CR LF and one for "*/" missed "*/" before U+0301 (a `.strings` comment then ended early).
    func replacingAll(_ target: String, _ replacement: String) -> String {
        let needle = Array(target.unicodeScalars)
        guard !needle.isEmpty else { return self }
        var out = String.UnicodeScalarView()
        var rest = Array(unicodeScalars)[...]
        while let range = rest.firstRange(of: needle) {
            out.append(contentsOf: rest[..<range.lowerBound])
            out.append(contentsOf: replacement.unicodeScalars)
            rest = rest[range.upperBound...]
        }
        out.append(contentsOf: rest)
        return String(out)
    }

    /// Whether `part` occurs in the string, code point by code point (see `replacingAll`).
    func containsScalars(_ part: String) -> Bool {
        Array(unicodeScalars).firstRange(of: Array(part.unicodeScalars)) != nil
    }

    /// The lines of the string: the text between line breaks, where CR LF, a lone CR and a lone
    /// LF each end one line (read by code point: CR LF is one `Character`).
    var lineBreakLines: [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var scalars = unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\r" || scalar == "\n" else { current.append(scalar); continue }
            if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
            lines.append(String(current))
            current = String.UnicodeScalarView()
        }
        lines.append(String(current))
        return lines
    }
}
