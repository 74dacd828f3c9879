import GenkanHTTP
import GenkanJSON
import GenkanStore

/// Reads the API's request body and hands on an `APIContext` holding it: a JSON object (the SDKs), or a form
/// (`application/x-www-form-urlencoded`, the web SDK's token refresh) whose snake_case names
/// become the camelCase ones JSON uses, as the emulator converts them. A body that is neither
/// (not JSON, an array, a number) is refused as Firebase refuses it: 400 `INVALID_ARGUMENT`.
///
/// The language of the mail a request causes is `X-Firebase-Locale`, which both SDKs send
/// (`auth.languageCode`); without it, the request's locale from `Accept-Language`.
struct FirebaseBody: Middleware {
    let texts: PageTexts
    /// Whether a form body is read as a form (the token endpoint); elsewhere every body is JSON,
    /// whatever its `Content-Type` says (`curl -d` sends JSON as a form).
    var acceptsForm = false

    func handle(_ request: HTTPRequest, context: SiteContext, next: @escaping RouteHandler<APIContext>) -> Reply {
        var context = context
        let body: APIRequestBody
        let type = request.headers["content-type"]?.lowercased() ?? ""
        if acceptsForm, type.hasPrefix("application/x-www-form-urlencoded") {
            guard let form = try? FormData(request.body) else { return context.refuse(.status(.badRequest), request) }
            var members: [(name: String, value: JSONValue)] = []
            for (name, value) in form.fields {
                let name = Self.camelCase(name)
                members.removeAll { $0.name == name }
                members.append((name, .string(value)))
            }
            body = APIRequestBody(members)
        } else {
            guard let members = JSONValue.apiObject(parsing: request.body) else { return context.refuse(.status(.badRequest), request) }
            body = APIRequestBody(members)
        }
        if let asked = request.headers["x-firebase-locale"], let locale = texts.supportedLocale(asked) {
            context.locale = locale
        }
        return next(request, APIContext(site: context, body: body))
    }

    /// `refresh_token` → `refreshToken`.
    static func camelCase(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else {
                result.append(upper ? Character(character.uppercased()) : character)
                upper = false
            }
        }
        return result
    }
}
