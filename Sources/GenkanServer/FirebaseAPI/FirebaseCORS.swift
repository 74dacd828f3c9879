import GenkanHTTP

/// Cross-origin access to the Firebase-compatible API: web apps call it with `fetch` from their own
/// origin, as they call Google's. The request's `Origin` is reflected (with `Vary: Origin`), on
/// every response under the API's prefixes, errors included, so the SDK can read Firebase's error
/// body; a preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered 204 here, before
/// routing, with the methods, the headers it asks for (reflected, as the emulator's `cors` does, so
/// a header a newer SDK adds is not refused; else the ones the SDKs send) and
/// `Access-Control-Max-Age`.
///
/// In emulator mode only the origins of `onlyFrom` are answered (loopback, `--base-url`,
/// `--authorized-domain`): the emulator's tokens are unsigned and its admin endpoints open to
/// `Bearer owner`, so a page on any other origin that the developer happens to have open must not
/// be able to read codes or delete accounts through the browser. Its requests still reach the
/// server (CORS protects the reader, not the server), but their answers stay unreadable and a
/// preflight for `Authorization` or `DELETE` fails, so such calls are never sent.
///
/// Runs as router middleware (so 404, 405 and 413 under the prefixes get it too) and leaves every
/// other path alone.
struct FirebaseCORS: Middleware {
    /// The API's path prefixes, each with its trailing `/` (made once: this runs for every request).
    private let directories: [String]
    /// The only origins answered; nil for every origin.
    private let allowed: ContinueOrigins?

    init(prefixes: [String], onlyFrom allowed: ContinueOrigins? = nil) {
        directories = prefixes.map { $0 + "/" }
        self.allowed = allowed
    }

    /// What the JS, iOS and Admin SDKs send besides the CORS-safelisted headers.
    static let allowedHeaders =
        "Authorization, Content-Type, X-Client-Version, X-Firebase-Client, X-Firebase-GMPID, X-Firebase-Locale, X-Firebase-AppCheck, X-Goog-Api-Key, X-Ios-Bundle-Identifier, X-Android-Package, X-Android-Cert"
    static let allowedMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
    /// How long a browser may keep a preflight's answer (a day; browsers cap it lower).
    static let maxAge = "86400"

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<SiteContext>) -> Reply {
        guard directories.contains(where: { request.path.hasPrefix($0) }) else { return next(request, context) }
        let origin = request.headers["origin"].flatMap { $0.isEmpty || $0.utf8.count > 512 ? nil : $0 } ?? "*"
        if let allowed, origin != "*", !allowed.allows(origin) {
            // No Access-Control-* header: the browser keeps the answer from the page.
            if request.method == "OPTIONS", request.headers["access-control-request-method"] != nil {
                var headers = HTTPHeaders()
                headers.add("Vary", "Origin")
                return .response(HTTPResponse(status: 204, headers: headers))
            }
            return next(request, context).map { response in
                var response = response
                response.headers.add("Vary", "Origin")
                return response
            }
        }
        if request.method == "OPTIONS", request.headers["access-control-request-method"] != nil {
            let asked = request.headers["access-control-request-headers"].flatMap(Self.headerList)
            var headers: HTTPHeaders = [
                "Access-Control-Allow-Origin": origin,
                "Access-Control-Allow-Methods": Self.allowedMethods,
                "Access-Control-Allow-Headers": asked ?? Self.allowedHeaders,
                "Access-Control-Max-Age": Self.maxAge,
            ]
            headers.add("Vary", "Origin, Access-Control-Request-Headers")
            return .response(HTTPResponse(status: 204, headers: headers))
        }
        return next(request, context).map { response in
            var response = response
            response.headers.set("Access-Control-Allow-Origin", origin)
            if origin != "*" { response.headers.add("Vary", "Origin") }
            return response
        }
    }

    /// A preflight's `Access-Control-Request-Headers` when it is a plain list of header names
    /// (RFC 9110 tokens, commas, spaces; at most 1 KiB), else nil.
    static func headerList(_ value: String) -> String? {
        guard !value.isEmpty, value.utf8.count <= 1024,
            value.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "!#$%&'*+-.^_`|~, ".utf8.contains(byte)
            })
        else { return nil }
        return value
    }
}
