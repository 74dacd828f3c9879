import GenkanHTTP
import GenkanOIDC

/// The configured OpenID providers with what the site needs around them: the threads their HTTP
/// calls block (discovery, keys, the token endpoint take up to the client's timeouts, which must
/// not hold the store's threads), and the callback URL each is registered with.
struct IdentityProviders: Sendable {
    let providers: OIDCProviders
    /// Threads for calls to providers; nil when none is configured.
    let pool: WorkerPool<Void>?
    let baseURL: BaseURL

    /// The redirect URI to register with the provider: the configured base URL (never the
    /// request's `Host`) and `/signin/NAME/callback`.
    func redirectURI(_ name: String) -> String {
        baseURL.value + SitePath.providerCallback.filled(name)
    }

    func provider(named name: String?) -> OIDCProvider? {
        name.flatMap(providers.provider(named:))
    }

    var buttons: [ProviderButton] { providers.all.map { ProviderButton($0.configuration) } }

    func stop() { pool?.stop() }
}
