import GenkanHTTP
import GenkanStore

/// A context of the Firebase-compatible API with its request body read (`FirebaseBody`).
struct APIContext: SiteRequestContext {
    var site: SiteContext
    /// The body: a JSON object, or the token endpoint's form with its names made camelCase.
    let body: APIRequestBody

    var account: Account? { nil }
    var posted: FormData? { nil }
}
