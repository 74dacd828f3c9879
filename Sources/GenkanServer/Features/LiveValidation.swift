import GenkanHTTP
import GenkanJSON
import GenkanValidation

/// `POST /api/validate`: one field of a form as the user types (`form`, `field`, `value`, and
/// the other fields for context) → its issues with localized messages, and for a new password
/// the checklist. The page's CSRF token comes along as in a form post; each client address may
/// ask `RateLimits.validationPerAddress` times (cheap work, but a loop's time all the same).
struct LiveValidation: Sendable {
    let rules: ValidationViewModel
    let renderer: PageRenderer
    /// The forms whose fields the script may ask about, by their `data-form` name.
    let forms: [String: FormDescription]

    init(rules: ValidationViewModel, renderer: PageRenderer, forms: [FormDescription]) {
        self.rules = rules
        self.renderer = renderer
        self.forms = Dictionary(forms.map { ($0.kind.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func register(on api: RouteGroup<SiteContext, SiteContext>, with shared: SharedMiddleware) {
        api.narrowed(by: FormParsing()).group("", shared.csrf(.either), shared.validationPerClient.perClient())
            .post(.liveValidation, use: validate)
    }

    func validate(_ request: HTTPRequest, _ context: PostedContext<SiteContext>) -> Reply {
        let posted = context.formData
        guard let form = forms[posted["form"] ?? ""], let fieldName = FormField(rawValue: posted["field"] ?? ""),
            let field = form.field(fieldName)
        else { return context.refuse(.status(.badRequest), request) }
        var values: [FormField: String] = [:]
        for other in form.fields { values[other.field] = SubmittedText.value(posted[other.id] ?? "", for: other.field) }
        values[field.field] = SubmittedText.value(posted["value"] ?? "", for: field.field)
        let issues = rules.validateField(field.field, in: form.kind, values: values).issues
        let texts = renderer.texts
        var members: JSONValue.Members = [
            ("field", .string(field.id)),
            ("valid", .bool(issues.isEmpty)),
            ("issues", .array(issues.map { issue in
                .object([("code", .string(issue.code.rawValue)), ("message", .string(texts.message(for: issue, locale: context.locale)))])
            })),
        ]
        if field.input == .newSecret {
            let items = rules.checklist(password: values[field.field] ?? "", email: values[.email] ?? "", name: values[.name] ?? "")
            members.append(("checklist", .array(items.map { item in
                .object([
                    ("code", .string(item.issue.code.rawValue)), ("met", .bool(item.isMet)),
                    ("message", .string(renderer.checklistText(item, locale: context.locale))),
                ])
            })))
        }
        return .response(Responses.json(200, .object(members)))
    }
}
