/// Brace and plural syntax of ICU MessageFormat-style text (`{count, plural, one {…} other {…}}`),
/// which translators sometimes bring from other tools into a catalog.
enum MessageSyntax {
    /// Problems with the braces of `text`, or with the plural and select arguments it contains.
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        var depth = 0
        var openings: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{" {
                // `${name}` parameters are balanced by construction; still counted.
                depth += 1
                openings.append(index)
            } else if character == "}" {
                if depth == 0 {
                    problems.append("a '}' at character \(text.distance(from: text.startIndex, to: index) + 1) closes nothing")
                } else {
                    depth -= 1
                    let open = openings.removeLast()
                    problems += argumentProblems(String(text[text.index(after: open)..<index]))
                }
            }
            index = text.index(after: index)
        }
        if depth > 0 {
            problems.append("\(depth) '{' \(depth == 1 ? "is" : "are") never closed")
        }
        return problems
    }

    /// `name, plural, …` and `name, select, …` need an `other` case and a message in braces for
    /// each selector.
    private static func argumentProblems(_ body: String) -> [String] {
        let parts = body.split(separator: ",", maxSplits: 2).map { String($0).trimmingWhitespace }
        guard parts.count >= 2, ["plural", "select", "selectordinal"].contains(parts[1]) else { return [] }
        let kind = parts[1]
        guard parts.count == 3 else { return ["'{\(parts[0]), \(kind)}' has no cases"] }
        // Top-level selectors: words before each top-level '{'.
        var selectors: [String] = []
        var depth = 0, word = ""
        for character in parts[2] {
            if character == "{" {
                if depth == 0 {
                    let selector = word.trimmingWhitespace
                    selectors.append(selector.split(separator: " ").last.map(String.init) ?? "")
                    word = ""
                }
                depth += 1
            } else if character == "}" {
                depth -= 1
            } else if depth == 0 {
                word.append(character)
            }
        }
        var problems: [String] = []
        if !word.trimmingWhitespace.isEmpty {
            problems.append("'\(word.trimmingWhitespace)' in the \(kind) of '\(parts[0])' has no message in braces")
        }
        if selectors.contains("") { problems.append("a case of the \(kind) of '\(parts[0])' has no selector") }
        if !selectors.contains("other") { problems.append("the \(kind) of '\(parts[0])' has no 'other' case") }
        if kind != "select" {
            let valid: Set<String> = ["zero", "one", "two", "few", "many", "other"]
            for selector in selectors where !selector.isEmpty && !valid.contains(selector) && !selector.hasPrefix("=") && !selector.hasPrefix("offset:") {
                problems.append("'\(selector)' is not a plural category")
            }
        }
        return problems
    }
}
