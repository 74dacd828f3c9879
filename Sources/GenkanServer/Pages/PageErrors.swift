import GenkanHTTP
import GenkanJSON
import GenkanLocalization
import GenkanValidation

/// Refusals on the site's pages: a localized error page, or, on a route with a form, the form
/// again where the visitor can act (a rate limit, characters that could not be read).
struct PageErrors: ErrorPresenter {
    let forms: FormPages

    func response(for refusal: SiteRefusal, request: HTTPRequest, context: some SiteRequestContext) -> HTTPResponse {
        switch refusal {
        case .status(let status):
            return page(status, context: context)
        case .methodNotAllowed(let allowed):
            return page(.methodNotAllowed, context: context, headers: ["Allow": allowed.joined(separator: ", ")])
        case .tooManyRequests(let retryAfter):
            let headers: HTTPHeaders = ["Retry-After": String(retryAfter)]
            guard let form = context.form else { return page(.tooManyRequests, context: context, headers: headers) }
            return forms.page(
                form, context: context, status: 429, values: form.keptValues(context.posted),
                errors: [forms.error(.tooManyRequests, locale: context.locale)], hidden: form.keptHidden(context.posted),
                headers: headers)
        case .accountLocked:
            guard let form = context.form else { return page(.tooManyRequests, context: context) }
            let field = form.field(.currentPassword) == nil ? nil : FormField.currentPassword
            return forms.page(
                form, context: context, status: 429, values: form.keptValues(context.posted),
                errors: [PageError(field: field, message: forms.texts.text(.signInLocked, context.locale))],
                hidden: form.keptHidden(context.posted))
        case .overloaded(let retryAfter):
            return page(.unavailable, context: context, headers: ["Retry-After": String(retryAfter)])
        case .invalidEncoding:
            // The token cannot be checked, but nothing happens either: the user can fix the text.
            guard let form = context.form else { return page(.badRequest, context: context) }
            return forms.page(form, context: context, status: 422, values: [:], issues: [ValidationIssue(.formInvalidEncoding)])
        case .signInRequired(let returnTo):
            let location = returnTo.map { SitePath.signIn.with(FormDescription.returnField, $0) } ?? SitePath.signIn.path
            return Responses.redirect(location, context: context)
        }
    }

    private func page(_ status: ErrorStatus, context: some SiteRequestContext, headers: HTTPHeaders = [:]) -> HTTPResponse {
        Responses.html(
            status.rawValue, forms.renderer.errorPage(status, locale: context.locale), context: context, headers: headers)
    }
}

/// Refusals under `/api/`: JSON with the status, a stable code and the localized message.
struct JSONErrors: ErrorPresenter {
    let texts: PageTexts

    func response(for refusal: SiteRefusal, request: HTTPRequest, context: some SiteRequestContext) -> HTTPResponse {
        switch refusal {
        case .status(let status): return json(status, context: context)
        case .methodNotAllowed(let allowed):
            return json(.methodNotAllowed, context: context, headers: ["Allow": allowed.joined(separator: ", ")])
        case .tooManyRequests(let retryAfter):
            return json(.tooManyRequests, context: context, headers: ["Retry-After": String(retryAfter)])
        case .accountLocked: return json(.tooManyRequests, context: context)
        case .overloaded(let retryAfter):
            return json(.unavailable, context: context, headers: ["Retry-After": String(retryAfter)])
        case .invalidEncoding: return json(.badRequest, context: context)
        // No JSON route needs a session yet; a client without one is told it may not.
        case .signInRequired: return json(.forbidden, context: context)
        }
    }

    func json(_ status: ErrorStatus, context: some SiteRequestContext, headers: HTTPHeaders = [:]) -> HTTPResponse {
        let body = JSONValue.object([
            ("error", .object([
                ("status", .integer(status.rawValue)),
                ("code", .string("http.\(status.rawValue)")),
                ("message", .string(texts.text(status.title, context.locale))),
            ]))
        ])
        return Responses.json(status.rawValue, body, headers: headers)
    }
}
