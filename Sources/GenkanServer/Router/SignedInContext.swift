import GenkanHTTP
import GenkanStore

/// A context with a live session and its account (`RequireSession`): a handler that takes it can
/// be registered only behind that middleware.
struct SignedInContext: SignedInRequestContext {
    var site: SiteContext
    let signedIn: SignedIn

    var posted: FormData? { nil }
}

/// A context with a live session, whatever else its route read: `SignedInContext`, and a posted
/// or validated form on top of one.
protocol SignedInRequestContext: SiteRequestContext {
    var signedIn: SignedIn { get }
}

extension SignedInRequestContext {
    var account: Account? { signedIn.account }
}
