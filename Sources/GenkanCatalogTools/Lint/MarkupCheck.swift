import Foundation

/// Markup in strings: the tags of a translation against its source's, and HTML that could run
/// script in a page (HTML Living Standard §4.12 scripting, event handler content attributes).
enum MarkupCheck {
    private static let dangerousElements: Set<String> = [
        "script", "iframe", "frame", "frameset", "object", "embed", "applet", "style", "link", "meta", "base",
        "form", "svg", "math", "template", "noscript",
    ]

    /// HTML elements (HTML Living Standard §4, with the obsolete ones of §16 that old markup
    /// still holds) and the few XML names strings carry: an angle bracket before one of these
    /// is markup wherever it appears.
    static let knownElements: Set<String> = [
        "a", "abbr", "acronym", "address", "applet", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "big",
        "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup",
        "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset",
        "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
        "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link",
        "main", "map", "mark", "marquee", "math", "menu", "meta", "meter", "nav", "nobr", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
        "script", "search", "section", "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub",
        "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title",
        "tr", "track", "tt", "u", "ul", "var", "video", "wbr", "xliff", "xml",
    ]

    /// Markup comparison and unsafe HTML for one translated string.
    ///
    /// An angle bracket in text is not always markup: `<unknown (%d)>` and
    /// `/Users/<utente>/Applications` are text, and their translations rightly change the words
    /// inside. A tag counts as markup when it is a known HTML element, when the
    /// string closes it (`<term>…</term>`) or it closes itself (`<icon/>`), or, in the
    /// translation, when the source uses the same name as markup.
    static func check(_ unit: TranslationUnit, source: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        let allTags = self.tags(in: unit.value), allSourceTags = self.tags(in: source)
        let sourceMarkup = markupNames(allSourceTags)
        let sourceTags = allSourceTags.filter { sourceMarkup.contains($0.name) }
        let translationMarkup = markupNames(allTags).union(sourceMarkup)
        let tags = allTags.filter { translationMarkup.contains($0.name) }
        if tags.map(\.signature).sorted() != sourceTags.map(\.signature).sorted() {
            findings.append(.init(.markupMismatch, key: unit.key, locale: unit.locale, path: unit.path,
                "tags \(describe(tags)) differ from the source's \(describe(sourceTags))"))
        }
        // Every tag-like sequence, markup or not: a browser does not ask whether a name is known.
        for tag in allTags {
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
        /// `<br/>`, `<icon />`.
        var closesItself: Bool { !closing && attributes.hasSuffix("/") }
    }

    /// The names among `tags` that are markup in their string: known HTML elements, names
    /// the string both opens and closes, and names that close themselves.
    static func markupNames(_ tags: [Tag]) -> Set<String> {
        let opened = Set(tags.filter { !$0.closing }.map(\.name)), closed = Set(tags.filter(\.closing).map(\.name))
        var names = Set(tags.map(\.name)).intersection(knownElements)
        names.formUnion(opened.intersection(closed))
        names.formUnion(tags.filter(\.closesItself).map(\.name))
        return names
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
