import GenkanHTTP
import GenkanStore
import GenkanValidation

/// A context with the route's form posted and valid (`FormValidating`), on top of `Base`: its
/// prepared values (`Values`) are not optional here.
struct FormContext<Base: SiteRequestContext, Values: FormValues>: PostedRequestContext {
    var base: Base
    let formData: FormData
    /// The form the route is registered with (not optional here, as the route's is elsewhere).
    let form: FormDescription
    /// What the valid form holds, prepared for the store.
    let values: Values

    var site: SiteContext {
        get { base.site }
        set { base.site = newValue }
    }

    var account: Account? { base.account }
}

extension FormContext: SignedInRequestContext where Base: SignedInRequestContext {
    var signedIn: SignedIn { base.signedIn }
}
