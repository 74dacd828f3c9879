import GenkanValidation

extension GenkanApp {
    /// `POST /api/validate`: one field of a form as the user types (`form`, `field`, `value`, and
    /// the other fields for context) → its issues with localized messages, and for a new password
    /// the checklist. The page's CSRF token comes along like in a form post.
    func validate(_ visit: Visit) -> HTTPResponse {
        guard let parsed = postedForm(visit), case .success(let form) = parsed else {
            return apiError(400, visit: visit)
        }
        guard !visit.isNewPreSession, hasValidToken(form, binding: visit.anonymousBinding) else {
            return apiError(403, visit: visit)
        }
        guard let kind = FormKind(rawValue: form["form"] ?? ""), let field = FormField(rawValue: form["field"] ?? ""),
            kind.fields.contains(field)
        else {
            return apiError(400, visit: visit)
        }
        var values: [FormField: String] = [:]
        for other in kind.fields { values[other] = form[other.rawValue] ?? "" }
        values[field] = form["value"] ?? ""
        let issues = rules.validateField(field, in: kind, values: values)
        var members: [(String, JSONValue)] = [
            ("field", .string(field.rawValue)),
            ("valid", .bool(issues.isEmpty)),
            ("issues", .array(issues.map { issue in
                .object([("code", .string(issue.code.rawValue)), ("message", .string(texts.message(for: issue, locale: visit.locale)))])
            })),
        ]
        if kind == .signUp && field == .password {
            let items = rules.checklist(password: values[.password] ?? "", email: values[.email] ?? "", name: values[.name] ?? "")
            members.append(("checklist", .array(items.map { item in
                .object([
                    ("code", .string(item.issue.code.rawValue)), ("met", .bool(item.isMet)),
                    ("message", .string(renderer.checklistText(item, locale: visit.locale))),
                ])
            })))
        }
        return Responses.json(200, .object(members), visit: visit)
    }

    /// An error under `/api/`: JSON with the status, a stable code and the localized message.
    func apiError(_ status: Int, visit: Visit, extra: HTTPHeaders = [:]) -> HTTPResponse {
        let body = JSONValue.object([
            ("error", .object([
                ("status", .integer(status)),
                ("code", .string("http.\(status)")),
                ("message", .string(texts.text("ui.error.\(status).title", visit.locale))),
            ]))
        ])
        return Responses.json(status, body, visit: visit, extra: extra)
    }
}
