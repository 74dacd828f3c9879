extension PageRenderer {
    /// The page for an error status: what happened, and the way back to sign-in.
    func errorPage(_ status: ErrorStatus, locale: String) -> String {
        let title = texts.text(status.title, locale)
        var main = HTMLWriter()
        heading(title, into: &main)
        main.element("p", [HTMLAttribute("class", "error-message")], text: texts.text(status.message, locale))
        main.newline()
        main.element("p") { $0.element("a", [HTMLAttribute("href", SitePath.signIn.path)], text: texts.text(.backToSignIn, locale)) }
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }
}
