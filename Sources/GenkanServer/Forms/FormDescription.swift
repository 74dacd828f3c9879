import GenkanHTTP
import GenkanValidation

/// A form described once: the fields in page order, its texts and where it posts. The one
/// `FormRenderer` draws any description, for the page without JavaScript, for the blank form
/// rendered ahead, and the live-validation API validates the fields it lists.
struct FormDescription: Sendable {
    /// A line of text with a link, under the form (`Don't have an account? Create one`).
    struct Link: Sendable {
        let prompt: PageKey?
        let text: PageKey
        let href: String

        init(prompt: PageKey? = nil, text: PageKey, to path: SitePath) {
            self.prompt = prompt
            self.text = text
            href = path.path
        }
    }

    /// Which form of GenkanValidation checks it (also its `data-form` name for the script).
    let kind: FormKind
    /// The route the form is served at and posts to (`Router` refuses a form registered at another).
    let route: SitePath
    /// The route's path with its parameters filled in: the form's `action`.
    let path: String
    let title: PageKey
    let intro: PageKey?
    let submit: PageKey
    let fields: [FieldDescription]
    let links: [Link]
    /// What the form's CSRF token is bound to: the pre-session for anonymous forms.
    let binding: CSRFBinding
    /// Hidden fields the form carries from page to page (where to return after signing in).
    let carries: [String]
    /// Whether the configured OpenID providers' buttons go under the form ("Sign in with Google"):
    /// sign-in and sign-up.
    var offersProviders = false
    /// What the title and the submit button name, when they take a parameter ("Connect %@").
    var subject: String? = nil
    /// Whether "sign in with a passkey" goes under the form (sign-in), where passkeys work.
    var offersPasskeySignIn = false
    /// Whether a passkey may stand in for the current password (a sensitive form): the form then
    /// has a "confirm with a passkey" button when the account has a passkey (`FormState.passkeyProof`).
    var offersPasskeyProof = false

    init(
        _ kind: FormKind, route: SitePath, parameters: [String] = [], title: PageKey, intro: PageKey? = nil, submit: PageKey,
        fields: [FieldDescription], links: [Link] = [], binding: CSRFBinding = .preSession, carries: [String] = []
    ) {
        self.kind = kind
        self.route = route
        self.path = route.filled(parameters)
        self.title = title
        self.intro = intro
        self.submit = submit
        self.fields = fields
        self.links = links
        self.binding = binding
        self.carries = carries
    }

    /// The description of `field`, if the form has it.
    func field(_ field: FormField) -> FieldDescription? {
        fields.first { $0.field == field }
    }

    /// What was typed into the form's fields, secrets left out: what a page may show again.
    func keptValues(_ form: FormData?) -> [FormField: String] {
        guard let form else { return [:] }
        var values: [FormField: String] = [:]
        for field in fields where field.input.isKept {
            if let value = form[field.id] { values[field.field] = value }
        }
        return values
    }

    /// The carried hidden fields of a posted form, to carry on when the form is shown again.
    func keptHidden(_ form: FormData?) -> [(name: String, value: String)] {
        guard let form else { return [] }
        return carries.compactMap { name in form[name].map { (name, $0) } }
    }
}
