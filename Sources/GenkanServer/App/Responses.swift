import GenkanValidation

/// Builders for the site's responses; each adds the security headers and the visit's cookies.
enum Responses {
    static func html(_ status: Int, _ body: String, visit: Visit, cookies: [SetCookie] = [], extra: HTTPHeaders = [:])
        -> HTTPResponse
    {
        var headers: HTTPHeaders = [
            "Content-Type": "text/html; charset=utf-8", "Content-Language": visit.locale,
            // Pages carry per-visitor form tokens or account data: no cache may keep them.
            "Cache-Control": "no-store",
        ]
        for field in extra { headers.add(field.name, field.value) }
        finish(&headers, visit: visit, cookies: cookies)
        return secured(HTTPResponse(status: status, headers: headers, body: .text(body)))
    }

    /// 303 See Other (RFC 9110 §15.4.4): after a form post, the browser GETs the next page.
    static func redirect(_ location: String, visit: Visit, cookies: [SetCookie] = []) -> HTTPResponse {
        var headers: HTTPHeaders = ["Location": location, "Cache-Control": "no-store"]
        finish(&headers, visit: visit, cookies: cookies)
        return secured(HTTPResponse(status: 303, headers: headers))
    }

    static func json(_ status: Int, _ value: JSONValue, visit: Visit?, extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Cache-Control": "no-store"]
        for field in extra { headers.add(field.name, field.value) }
        return secured(HTTPResponse(status: status, headers: headers, body: .text(value.serialized())))
    }

    /// `response` with the security headers every response carries.
    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.constantHeaderLines = SecurityHeaders.lines
        return response
    }

    static func finish(_ headers: inout HTTPHeaders, visit: Visit, cookies: [SetCookie]) {
        for cookie in visit.standingCookies + cookies { headers.add("Set-Cookie", cookie.headerValue) }
    }
}
