import GenkanHTTP

extension MailContent {
    /// The text/plain part: paragraphs separated by blank lines, each action as its label with
    /// the URL on the next line (mail clients make it a link).
    func text() -> String {
        var blocks = [greeting]
        for part in parts {
            switch part {
            case .paragraph(let text): blocks.append(text)
            case .action(let label, let url): blocks.append(label + "\n" + url)
            }
        }
        if let footer { blocks.append("-- \n" + footer) }  // RFC 3676 §4.3 signature separator
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The text/html part: the same paragraphs, actions as buttons with the URL repeated under
    /// them for clients that hide links. Styles are inline: mail clients ignore style sheets.
    func html(locale: String, direction: String, linkFallback: String) -> String {
        var page = HTMLWriter(capacity: 4096)
        page.markup(TrustedHTML(constant: "<!doctype html>\n"))
        page.start("html", [HTMLAttribute("lang", locale), HTMLAttribute("dir", direction)])
        page.newline()
        page.start("head")
        page.start("meta", [HTMLAttribute("charset", "utf-8")])
        page.title(subject)
        page.end("head")
        page.newline()
        page.start("body", [HTMLAttribute("style", "font-family: sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;")])
        page.newline()
        page.element("p", text: greeting)
        page.newline()
        for part in parts {
            switch part {
            case .paragraph(let text):
                page.element("p", text: text)
            case .action(let label, let url):
                page.element("p") { line in
                    line.element("a", [
                        HTMLAttribute("href", url),
                        HTMLAttribute(
                            "style",
                            "display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px;"),
                    ], text: label)
                }
                page.newline()
                page.element("p", [HTMLAttribute("style", "font-size: 14px; color: #4a4a4a;")]) { line in
                    line.text(linkFallback)
                    line.start("br")
                    // A URL reads left to right in any language: in a right-to-left paragraph a
                    // final "/" or "=" would otherwise show at its left end.
                    line.element("a", [HTMLAttribute("href", url), HTMLAttribute("dir", "ltr")], text: url)
                }
            }
            page.newline()
        }
        if let footer {
            page.start("hr")
            page.newline()
            page.element("p", [HTMLAttribute("style", "font-size: 14px; color: #4a4a4a;")], text: footer)
            page.newline()
        }
        return page.endingDocument()
    }
}
