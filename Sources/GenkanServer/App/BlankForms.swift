import GenkanValidation

/// The sign-in and sign-up pages without errors, rendered once per locale at start and split
/// around the CSRF token, so serving one is two copies and a token (the page most visited).
struct BlankForms: Sendable {
    /// A base64url-shaped stand-in of a token's length: HTML escaping leaves it as it is.
    private static let placeholder = "CSRFTOKENPLACEHOLDERxxxxxxxxxxxxxxxxxxxxxxx"

    private let pages: [String: (before: String, after: String)]

    init(renderer: PageRenderer, locales: [String]) {
        var pages: [String: (before: String, after: String)] = [:]
        for kind in [FormKind.signIn, .signUp] {
            for locale in locales {
                let html = renderer.form(kind, locale: locale, state: FormState(), csrf: Self.placeholder)
                let parts = html.components(separatedBy: Self.placeholder)
                precondition(parts.count == 2, "the blank form must contain its token exactly once")
                pages["\(kind.rawValue)/\(locale)"] = (parts[0], parts[1])
            }
        }
        self.pages = pages
    }

    func page(_ kind: FormKind, locale: String, csrf: String) -> String {
        guard let parts = pages["\(kind.rawValue)/\(locale)"] else { return "" }
        var html = ""
        html.reserveCapacity(parts.before.utf8.count + csrf.utf8.count + parts.after.utf8.count)
        html += parts.before
        html += csrf
        html += parts.after
        return html
    }
}
