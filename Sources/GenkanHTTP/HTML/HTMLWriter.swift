/// Writes HTML into one growing string, escaping by default: text and attribute values are
/// always escaped, tag and attribute names are constants of the source (or checked), and markup
/// that must go in as it is has its own type, `TrustedHTML`.
///
/// ```swift
/// var page = HTMLWriter()
/// page.element("h1", text: title)
/// page.newline()
/// page.start("a", [HTMLAttribute("href", SitePath.signUp.path)])
/// page.text(linkText)
/// page.end("a")
/// ```
public struct HTMLWriter: Sendable {
    public private(set) var html = ""

    public init(capacity: Int = 1024) {
        html.reserveCapacity(capacity)
    }

    /// Text content, escaped; each FSI…PDI pair the catalog put around a value
    /// (`BidiIsolation`) becomes a `<bdi>` element holding just that value, which is how HTML
    /// isolates a value's direction. A stray PDI is dropped and an isolate left open is closed,
    /// so the markup stays balanced whatever the text holds.
    public mutating func text(_ text: String) {
        // U+2068 and U+2069 both start with the byte E2 in UTF-8: most texts skip the scan.
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains(where: Self.isIsolateMark) else {
            Self.escape(text, into: &html)
            return
        }
        var open = 0
        var run = ""
        for scalar in text.unicodeScalars {
            if scalar == Self.firstStrongIsolate {
                Self.escape(run, into: &html)
                run = ""
                html += "<bdi>"
                open += 1
            } else if scalar == Self.popDirectionalIsolate {
                guard open > 0 else { continue }
                Self.escape(run, into: &html)
                run = ""
                html += "</bdi>"
                open -= 1
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        Self.escape(run, into: &html)
        for _ in 0..<open { html += "</bdi>" }
    }

    /// The content of an element that holds only text (`<title>`, HTML's escapable raw text):
    /// escaped, with isolate marks left as characters, since no element can go there.
    public mutating func rawText(_ text: String) {
        Self.escape(text, into: &html)
    }

    /// U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, which a message catalog
    /// puts around a value that keeps its own direction (Unicode Bidirectional Algorithm, UAX #9).
    public static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    public static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` as character references (HTML Living
    /// Standard §13.1.4), safe in element content and in quoted attribute values. The runs
    /// between those bytes are appended whole: nearly every text is one run.
    public static func escape(_ text: String, into html: inout String) {
        let bytes = text.utf8
        var run = bytes.startIndex
        var index = run
        while index != bytes.endIndex {
            let reference: String
            switch bytes[index] {
            case UInt8(ascii: "&"): reference = "&amp;"
            case UInt8(ascii: "<"): reference = "&lt;"
            case UInt8(ascii: ">"): reference = "&gt;"
            case UInt8(ascii: "\""): reference = "&quot;"
            case UInt8(ascii: "'"): reference = "&#39;"
            default:
                bytes.formIndex(after: &index)
                continue
            }
            // The five are ASCII: the index is on a character boundary.
            html += text[run..<index]
            html += reference
            bytes.formIndex(after: &index)
            run = index
        }
        if run == bytes.startIndex {
            html += text
        } else {
            html += text[run...]
        }
    }

    private static func isIsolateMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == Self.firstStrongIsolate || scalar == Self.popDirectionalIsolate
    }

    /// Markup that is already HTML.
    public mutating func markup(_ trusted: TrustedHTML) {
        html += trusted.markup
    }

    /// A line break in the source (the pages keep one element per line, as a person would).
    public mutating func newline() {
        html += "\n"
    }

    /// `<tag attributes…>`; also the whole of a void element (`input`, `meta`, `link`).
    public mutating func start(_ tag: StaticString, _ attributes: [HTMLAttribute] = []) {
        html += "<"
        html += tag.description
        for attribute in attributes { write(attribute) }
        html += ">"
    }

    /// `</tag>`.
    public mutating func end(_ tag: StaticString) {
        html += "</"
        html += tag.description
        html += ">"
    }

    /// `<tag attributes…>text</tag>`.
    public mutating func element(_ tag: StaticString, _ attributes: [HTMLAttribute] = [], text: String) {
        start(tag, attributes)
        self.text(text)
        end(tag)
    }

    /// `<title>text</title>`: plain text, isolate marks kept as characters (see `rawText`).
    public mutating func title(_ text: String) {
        start("title")
        rawText(text)
        end("title")
    }

    /// Closes `<body>` and `<html>`, each on its line, and gives the whole document.
    public mutating func endingDocument() -> String {
        end("body")
        newline()
        end("html")
        newline()
        return html
    }

    /// `<p><a class="linkClass" href="href">text</a></p>`: a link on a line of its own (a way on,
    /// or, with a class, a link that looks like a button).
    public mutating func linkLine(_ text: String, href: String, linkClass: String? = nil) {
        start("p")
        element("a", linkClass.map { [HTMLAttribute("class", $0), HTMLAttribute("href", href)] } ?? [HTMLAttribute("href", href)], text: text)
        end("p")
    }

    /// `<tag attributes…>…</tag>` with the content `body` writes.
    public mutating func element(_ tag: StaticString, _ attributes: [HTMLAttribute] = [], _ body: (inout HTMLWriter) -> Void) {
        start(tag, attributes)
        body(&self)
        end(tag)
    }

    private mutating func write(_ attribute: HTMLAttribute) {
        html += " "
        html += attribute.name
        guard let value = attribute.value else { return }
        html += "=\""
        Self.escape(value, into: &html)
        html += "\""
    }
}
