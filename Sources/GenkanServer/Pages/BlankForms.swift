import GenkanHTTP
import GenkanValidation
import Synchronization

/// Forms without errors or values, rendered once per form and locale and split around the CSRF
/// token, so serving one (the sign-in page is the page most visited) is its token and a few copies
/// into one array of bytes: no string is grown, and none is checked again for valid UTF-8.
///
/// A page is rendered the first time a visitor asks for it in its language, not at start: with 49
/// languages most pairs are never asked for on a given server, and rendering them all would make
/// every start (and every test's site) pay for all of them.
struct BlankForms: Sendable {
    /// A base64url-shaped stand-in of a token's length: HTML escaping leaves it as it is.
    private static let placeholder = "CSRFTOKENPLACEHOLDERxxxxxxxxxxxxxxxxxxxxxxx"

    /// The page cut at each place the token goes (the sign-in page has two forms), as UTF-8.
    private struct Parts: Sendable {
        let pieces: [[UInt8]]
        /// The bytes of all the pieces.
        let count: Int

        init(pieces: [String]) {
            self.pieces = pieces.map { Array($0.utf8) }
            count = self.pieces.reduce(0) { $0 + $1.count }
        }
    }

    private struct Key: Hashable {
        let form: FormKind
        let locale: String
    }

    private final class Rendered: Sendable {
        let pages = Mutex<[Key: Parts]>([:])
    }

    private let renderer: PageRenderer
    private let forms: [FormKind: FormDescription]
    private let locales: Set<String>
    private let rendered = Rendered()

    /// The blank pages of `forms` in `locales`, rendered as they are first asked for.
    init(renderer: PageRenderer, forms: [FormDescription], locales: [String]) {
        self.renderer = renderer
        self.forms = Dictionary(forms.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.locales = Set(locales)
    }

    /// The blank page of `form` in `locale` with `csrf`, as UTF-8, or nil when it is not one of
    /// the forms and locales rendered ahead.
    func page(_ form: FormDescription, locale: String, csrf: String) -> [UInt8]? {
        guard let parts = parts(form.kind, locale: locale) else { return nil }
        var csrf = csrf
        return csrf.withUTF8 { token in
            [UInt8](unsafeUninitializedCapacity: parts.count + token.count * (parts.pieces.count - 1)) { buffer, count in
                var page = ByteWriter(buffer)
                for (index, piece) in parts.pieces.enumerated() {
                    if index > 0 { page.append(token) }
                    piece.withUnsafeBufferPointer { page.append($0) }
                }
                count = page.count
            }
        }
    }

    /// The parts of a form's page: looked up (the way every request goes), else rendered when the
    /// form and the locale are among those rendered ahead.
    private func parts(_ kind: FormKind, locale: String) -> Parts? {
        let key = Key(form: kind, locale: locale)
        if let known = rendered.pages.withLock({ $0[key] }) { return known }
        guard let form = forms[kind], locales.contains(locale) else { return nil }
        // Rendered outside the lock: two requests may both render the first time, which costs a
        // render, never a wait.
        let html = renderer.form(form, locale: locale, state: FormState(), csrf: Self.placeholder)
        let pieces = html.components(separatedBy: Self.placeholder)
        guard pieces.count >= 2 else { return nil }   // the token must occur
        let parts = Parts(pieces: pieces)
        rendered.pages.withLock { $0[key] = parts }
        return parts
    }
}
