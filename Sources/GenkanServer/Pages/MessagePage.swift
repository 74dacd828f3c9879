import GenkanHTTP

/// A page that says something and offers ways on: "check your e-mail", "this link can't be
/// used", "your address is verified". One shape for all of them.
struct MessagePage: Sendable {
    /// A form that is one button, posting to `action` with the page's CSRF token.
    struct Button: Sendable {
        let action: String
        let label: String
        var hidden: [(name: String, value: String)] = []
        /// Secondary buttons look like links beside the main one.
        var className = "primary"
    }

    let title: String
    var paragraphs: [String] = []
    /// Shown first, in a box that announces itself (a one-time notice).
    var notice: String?
    var buttons: [Button] = []
    var links: [(text: String, href: String)] = []
    /// What the page's address carries besides the language (a link's code), which switching the
    /// language keeps.
    var keeping: [(name: String, value: String)] = []
}

extension PageRenderer {
    /// A `MessagePage`, its buttons bound to `csrf`.
    func message(_ message: MessagePage, locale: String, csrf: String) -> String {
        var main = HTMLWriter()
        heading(message.title, into: &main)
        notice(message.notice, into: &main)
        for paragraph in message.paragraphs {
            main.element("p", [HTMLAttribute("class", "message")], text: paragraph)
            main.newline()
        }
        if !message.buttons.isEmpty {
            main.start("div", [HTMLAttribute("class", "actions")])
            main.newline()
            for button in message.buttons {
                main.start("form", [HTMLAttribute("method", "post"), HTMLAttribute("action", button.action)])
                main.newline()
                hiddenInput("csrf", csrf, into: &main)
                for (name, value) in button.hidden { hiddenInput(name, value, into: &main) }
                main.element(
                    "button", [
                        HTMLAttribute("type", "submit"), HTMLAttribute("class", button.className),
                        HTMLAttribute("data-progress", texts.text(.progressWait, locale)),
                    ], text: button.label)
                main.newline()
                main.end("form")
                main.newline()
            }
            main.end("div")
            main.newline()
        }
        for link in message.links {
            main.element("p", [HTMLAttribute("class", "switch")]) { $0.element("a", [HTMLAttribute("href", link.href)], text: link.text) }
            main.newline()
        }
        return page(locale: locale, title: message.title, main: TrustedHTML(main), keeping: message.keeping)
    }

    /// The one-time notice box, if there is one: a polite live region, so a screen reader reads it.
    func notice(_ text: String?, into html: inout HTMLWriter) {
        guard let text else { return }
        html.element("div", [HTMLAttribute("class", "notice"), HTMLAttribute("role", "status")], text: text)
        html.newline()
    }
}
