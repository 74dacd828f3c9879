import GenkanValidation

/// Forms without errors or values, rendered once per locale at start and split around the CSRF
/// token, so serving one (the sign-in page is the page most visited) is two copies and a token.
struct BlankForms: Sendable {
    /// A base64url-shaped stand-in of a token's length: HTML escaping leaves it as it is.
    private static let placeholder = "CSRFTOKENPLACEHOLDERxxxxxxxxxxxxxxxxxxxxxxx"

    private struct Parts: Sendable {
        let before: String
        let after: String
    }

    private let pages: [FormKind: [String: Parts]]

    init(renderer: PageRenderer, forms: [FormDescription], locales: [String]) {
        var pages: [FormKind: [String: Parts]] = [:]
        for form in forms {
            for locale in locales {
                let html = renderer.form(form, locale: locale, state: FormState(), csrf: Self.placeholder)
                let parts = html.components(separatedBy: Self.placeholder)
                precondition(parts.count == 2, "the blank form must contain its token exactly once")
                pages[form.kind, default: [:]][locale] = Parts(before: parts[0], after: parts[1])
            }
        }
        self.pages = pages
    }

    /// The blank page of `form` in `locale` with `csrf`, or nil when it was not rendered ahead.
    func page(_ form: FormDescription, locale: String, csrf: String) -> String? {
        guard let parts = pages[form.kind]?[locale] else { return nil }
        var html = ""
        html.reserveCapacity(parts.before.utf8.count + csrf.utf8.count + parts.after.utf8.count)
        html += parts.before
        html += csrf
        html += parts.after
        return html
    }
}
