import Foundation

/// Markup in strings: the tags of a translation against its source's, and HTML that could run
/// script in a page (HTML Living Standard §4.12 scripting, event handler content attributes).
enum MarkupCheck {
    private static let dangerousElements: Set<String> = [
        "script", "iframe", "frame", "frameset", "object", "embed", "applet", "style", "link", "meta", "base",
        "form", "svg", "math", "template", "noscript",
    ]

    static func check(_ unit: TranslationUnit, source: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        let tags = self.tags(in: unit.value), sourceTags = self.tags(in: source)
        if tags.map(\.signature).sorted() != sourceTags.map(\.signature).sorted() {
            findings.append(.init(.markupMismatch, key: unit.key, locale: unit.locale, path: unit.path,
                "tags \(describe(tags)) differ from the source's \(describe(sourceTags))"))
        }
        for tag in tags {
            var reasons: [String] = []
            if dangerousElements.contains(tag.name) { reasons.append("<\(tag.name)>") }
            let lowered = tag.attributes.lowercased()
            if lowered.range(of: #"(^|[\s/"'])on[a-z]+\s*="#, options: .regularExpression) != nil { reasons.append("an event handler attribute") }
            let compact = lowered.filter { !$0.isWhitespace }
            if compact.contains("javascript:") || compact.contains("vbscript:") || compact.contains("=\"data:") || compact.contains("='data:") || compact.contains("=data:") {
                reasons.append("a script or data URL")
            }
            if compact.contains("style=") && (compact.contains("expression(") || compact.contains("url(")) { reasons.append("a style that loads content") }
            if !reasons.isEmpty {
                findings.append(.init(.unsafeHTML, key: unit.key, locale: unit.locale, path: unit.path,
                    "\(reasons.joined(separator: " and ")) in a translation can run in the page"))
            }
        }
        return findings
    }

    struct Tag {
        let name: String
        let closing: Bool
        let attributes: String
        var signature: String { (closing ? "/" : "") + name }
    }

    /// Start and end tags (`<b>`, `</a>`, `<br/>`); a `<` not followed by a letter or `/` is text.
    static func tags(in text: String) -> [Tag] {
        var result: [Tag] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            var cursor = rest.index(after: open)
            var closing = false
            if cursor < rest.endIndex, rest[cursor] == "/" { closing = true; cursor = rest.index(after: cursor) }
            guard cursor < rest.endIndex, rest[cursor].isASCII, rest[cursor].isLetter,
                  let end = rest[cursor...].firstIndex(of: ">")
            else {
                rest = rest[rest.index(after: open)...]
                continue
            }
            let inside = rest[cursor..<end]
            let name = inside.prefix { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased()
            result.append(Tag(name: name, closing: closing, attributes: String(inside.dropFirst(name.count))))
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    private static func describe(_ tags: [Tag]) -> String {
        tags.isEmpty ? "(none)" : tags.map { "<\($0.signature)>" }.joined(separator: " ")
    }
}
