import GenkanHTTP
import GenkanStore

/// A context whose route looked the session up (`SessionLookup`), which may have found none: a
/// page that reads differently for a signed-in visitor (sign-in sends one on to `/account`).
struct SessionContext: SiteRequestContext {
    var site: SiteContext
    /// The live session and its account, or nil for a visitor without one.
    let signedIn: SignedIn?

    var account: Account? { signedIn?.account }
    var posted: FormData? { nil }
}
