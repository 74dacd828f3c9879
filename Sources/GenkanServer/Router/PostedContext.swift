import GenkanHTTP
import GenkanStore

/// A context with the posted form (`FormParsing`), on top of `Base`.
struct PostedContext<Base: SiteRequestContext>: PostedRequestContext {
    var base: Base
    let formData: FormData

    init(_ base: Base, form: FormData) {
        self.base = base
        formData = form
    }

    var site: SiteContext {
        get { base.site }
        set { base.site = newValue }
    }

    var account: Account? { base.account }
}

extension PostedContext: SignedInRequestContext where Base: SignedInRequestContext {
    var signedIn: SignedIn { base.signedIn }
}

/// A context with a posted form: `PostedContext`, and `FormContext` (the form validated).
protocol PostedRequestContext: SiteRequestContext {
    var formData: FormData { get }
}

extension PostedRequestContext {
    var posted: FormData? { formData }
}

extension FormParsing where Context: SiteRequestContext, NextContext == PostedContext<Context> {
    /// Hands on a `PostedContext`; a body that cannot be decoded is refused in the route's form.
    init() {
        self.init { context, form in PostedContext(context, form: form) }
    }
}
