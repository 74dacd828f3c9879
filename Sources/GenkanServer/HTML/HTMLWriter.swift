import GenkanLocalization

/// Writes HTML into one growing string, escaping by default: text and attribute values are
/// always escaped, tag and attribute names are constants of the source (or checked), and markup
/// that must go in as it is has its own type, `TrustedHTML`.
///
/// ```swift
/// var page = HTMLWriter()
/// page.element("h1", text: title)
/// page.newline()
/// page.start("a", [HTMLAttribute("href", "/signup")])
/// page.text(linkText)
/// page.end("a")
/// ```
struct HTMLWriter: Sendable {
    private(set) var html = ""

    init(capacity: Int = 1024) {
        html.reserveCapacity(capacity)
    }

    /// Text content, escaped.
    mutating func text(_ text: String) {
        HTML.escape(text, into: &html)
    }

    /// Markup that is already HTML.
    mutating func markup(_ trusted: TrustedHTML) {
        html += trusted.markup
    }

    /// A line break in the source (the pages keep one element per line, as a person would).
    mutating func newline() {
        html += "\n"
    }

    /// `<tag attributes…>`; also the whole of a void element (`input`, `meta`, `link`).
    mutating func start(_ tag: StaticString, _ attributes: [HTMLAttribute] = []) {
        html += "<"
        html += tag.description
        for attribute in attributes { write(attribute) }
        html += ">"
    }

    /// `</tag>`.
    mutating func end(_ tag: StaticString) {
        html += "</"
        html += tag.description
        html += ">"
    }

    /// `<tag attributes…>text</tag>`.
    mutating func element(_ tag: StaticString, _ attributes: [HTMLAttribute] = [], text: String) {
        start(tag, attributes)
        self.text(text)
        end(tag)
    }

    /// `<tag attributes…>…</tag>` with the content `body` writes.
    mutating func element(_ tag: StaticString, _ attributes: [HTMLAttribute] = [], _ body: (inout HTMLWriter) -> Void) {
        start(tag, attributes)
        body(&self)
        end(tag)
    }

    private mutating func write(_ attribute: HTMLAttribute) {
        html += " "
        html += attribute.name
        guard let value = attribute.value else { return }
        html += "=\""
        HTML.escape(value, into: &html)
        html += "\""
    }
}
