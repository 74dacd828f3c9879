import GenkanHTTP

extension PageRenderer {
    /// The page for an error status: what happened, and the way back to sign-in.
    func errorPage(_ status: ErrorStatus, locale: String) -> String {
        let title = texts.text(status.title, locale)
        var main = HTMLWriter()
        heading(title, into: &main)
        main.element("p", [HTMLAttribute("class", "error-message")], text: texts.text(status.message, locale))
        main.newline()
        main.linkLine(texts.text(.backToSignIn, locale), href: SitePath.signIn.path)
        main.newline()
        return page(locale: locale, title: title, main: TrustedHTML(main))
    }
}
