import GenkanHTTP
import GenkanLocalization
import GenkanStore
import GenkanValidation

/// Form pages as responses: a blank form (rendered ahead when it can be), or the form again with
/// what was typed (never a secret) and the problems, bound to the right CSRF token.
struct FormPages: Sendable {
    let renderer: PageRenderer
    let blanks: BlankForms
    let tokens: CSRFTokens

    var texts: PageTexts { renderer.texts }

    /// The form as a visitor first sees it; `hidden` carries fields such as where to return.
    /// The form as a visitor first sees it; `hidden` carries fields such as where to return,
    /// `values` what the form starts with (the current name), and a one-time notice waiting in a
    /// cookie is shown above it (and the cookie deleted).
    func blank(
        _ form: FormDescription, context: some SiteRequestContext, values: [FormField: String] = [:],
        hidden: [(name: String, value: String)] = [], intro: String? = nil, headers: HTTPHeaders = [:], passkeyProof: Bool = false
    ) -> HTTPResponse {
        let csrf = tokens.token(for: context.binding(form.binding))
        let notice = context.notice?.text(texts, account: context.account, locale: context.locale)
        var state = FormState(values: values, hidden: hidden, intro: intro, notice: notice)
        state.passkeyProof = passkeyProof
        if state.isBlank, let page = blanks.page(form, locale: context.locale, csrf: csrf) {
            return Responses.html(200, body: .bytes(page), context: context, headers: headers)
        }
        return Responses.html(
            200, renderer.form(form, locale: context.locale, state: state, csrf: csrf), context: context,
            cookies: context.noticeShown, headers: headers)
    }

    /// The form again after a problem: the kept values, each issue next to its field and every
    /// problem in the summary.
    func page(
        _ form: FormDescription, context: some SiteRequestContext, status: Int, values: [FormField: String],
        issues: [ValidationIssue] = [], errors: [PageError] = [], hidden: [(name: String, value: String)] = [],
        intro: String? = nil, headers: HTTPHeaders = [:], passkeyProof: Bool = false
    ) -> HTTPResponse {
        let fieldErrors = issues.map { PageError(field: $0.field, message: texts.message(for: $0, locale: context.locale)) }
        var state = FormState(values: values, errors: fieldErrors + errors, hidden: hidden, intro: intro)
        state.passkeyProof = passkeyProof
        let csrf = tokens.token(for: context.binding(form.binding))
        return Responses.html(
            status, renderer.form(form, locale: context.locale, state: state, csrf: csrf), context: context, headers: headers)
    }

    /// A `MessagePage` as a response, its buttons bound like a form for `binding`.
    func message(
        _ message: MessagePage, context: some SiteRequestContext, status: Int = 200, binding: CSRFBinding = .preSession,
        cookies: [SetCookie] = [], headers: HTTPHeaders = [:]
    ) -> HTTPResponse {
        let csrf = tokens.token(for: context.binding(binding))
        return Responses.html(
            status, renderer.message(message, locale: context.locale, csrf: csrf), context: context, cookies: cookies,
            headers: headers)
    }

    /// The message for a Firebase error, on the field it is about.
    func error(_ code: AuthErrorCode, field: FormField? = nil, locale: String) -> PageError {
        PageError(field: field, message: texts.message(for: code, locale: locale))
    }

    /// The message of an operation's failure (a blocking hook's in the site's words).
    func error(_ failure: AuthFailure, locale: String) -> PageError {
        PageError(field: failure.field, message: texts.message(for: failure, locale: locale))
    }
}
