import GenkanHTTP
import GenkanJSON
import GenkanValidation

/// Builders for the site's responses. Pages and redirects carry the request's standing cookies
/// (language, pre-session, a stale session's deletion); the security headers come from the
/// `SecurityHeaders` middleware.
enum Responses {
    static func html(
        _ status: Int, _ body: String, context: some SiteRequestContext, cookies: [SetCookie] = [], headers extra: HTTPHeaders = [:]
    ) -> HTTPResponse {
        html(status, body: .text(body), context: context, cookies: cookies, headers: extra)
    }

    /// A page whose HTML is already bytes (`BlankForms`).
    static func html(
        _ status: Int, body: HTTPResponse.Body, context: some SiteRequestContext, cookies: [SetCookie] = [], headers extra: HTTPHeaders = [:]
    ) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Content-Type": "text/html; charset=utf-8", "Content-Language": context.locale,
            // Pages carry per-visitor form tokens or account data: no cache may keep them.
            "Cache-Control": "no-store",
        ]
        for field in extra { headers.add(field.name, field.value) }
        addCookies(&headers, context: context, cookies: cookies)
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// 303 See Other (RFC 9110 §15.4.4): after a form post, the browser GETs the next page.
    static func redirect(_ location: String, context: some SiteRequestContext, cookies: [SetCookie] = []) -> HTTPResponse {
        var headers: HTTPHeaders = ["Location": location, "Cache-Control": "no-store"]
        addCookies(&headers, context: context, cookies: cookies)
        return HTTPResponse(status: 303, headers: headers)
    }

    /// 303 See Other to one of the site's pages.
    static func redirect(_ path: SitePath, context: some SiteRequestContext, cookies: [SetCookie] = []) -> HTTPResponse {
        redirect(path.path, context: context, cookies: cookies)
    }

    /// After a new session began (sign-in, sign-up, a reset, a password change): its cookie, and
    /// the way on, with a one-time notice if there is one.
    static func sessionStarted(
        _ token: String, lifetime: Int64, to location: String, context: some SiteRequestContext, notice: Notice? = nil,
        cookies extra: [SetCookie] = []
    ) -> HTTPResponse {
        var cookies = [context.setCookie(.session, token, maxAge: lifetime)] + extra
        if let notice { cookies.append(notice.cookie(context)) }
        return redirect(location, context: context, cookies: cookies)
    }

    static func json(_ status: Int, _ value: JSONValue, headers extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Cache-Control": "no-store"]
        for field in extra { headers.add(field.name, field.value) }
        return HTTPResponse(status: status, headers: headers, body: .bytes(value.serializedBytes()))
    }

    /// JSON for the page's own script, with the request's standing cookies and `cookies` (a
    /// passkey sign-in's session).
    static func json(_ status: Int, _ value: JSONValue, context: some SiteRequestContext, cookies: [SetCookie] = []) -> HTTPResponse {
        var response = json(status, value)
        addCookies(&response.headers, context: context, cookies: cookies)
        return response
    }

    private static func addCookies(_ headers: inout HTTPHeaders, context: some SiteRequestContext, cookies: [SetCookie]) {
        for cookie in context.standingCookies { headers.add("Set-Cookie", cookie.headerValue) }
        for cookie in cookies { headers.add("Set-Cookie", cookie.headerValue) }
    }
}
