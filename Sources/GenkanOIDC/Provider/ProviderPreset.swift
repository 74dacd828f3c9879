/// What Genkan knows about a provider by its name: `google` and `apple` have their issuers,
/// scopes, ways of answering and brand rules built in; any other name is a generic OpenID
/// provider found through discovery.
public enum ProviderPreset: String, Sendable, CaseIterable {
    case google
    case apple
    /// Any other OpenID provider (Keycloak, Microsoft Entra, Okta, GitLab, …).
    case generic

    /// The preset a configured name selects.
    public init(name: String) {
        self = ProviderPreset(rawValue: name) ?? .generic
    }

    /// The issuer used when the configuration gives none.
    public var defaultIssuer: String? {
        switch self {
        case .google: "https://accounts.google.com"
        case .apple: "https://appleid.apple.com"
        case .generic: nil
        }
    }

    /// Issuers an ID token may name besides the configured one: Google documents both spellings
    /// of its own (`iss` is `https://accounts.google.com` or `accounts.google.com`).
    func alternateIssuers(of issuer: String) -> [String] {
        switch self {
        case .google where issuer == "https://accounts.google.com": ["accounts.google.com"]
        default: []
        }
    }

    /// The scopes asked for: Apple calls the profile scope `name` and sends the name only once,
    /// in the callback's `user` field, never in the ID token.
    public var defaultScopes: [String] {
        switch self {
        case .apple: ["openid", "name", "email"]
        case .google, .generic: ["openid", "email", "profile"]
        }
    }

    /// Apple answers a request for `name` or `email` only with `response_mode=form_post`: a POST
    /// from appleid.apple.com to the callback.
    public var usesFormPost: Bool { self == .apple }

    /// Apple takes the client id and secret in the token request's body only
    /// (`client_secret_post`); others follow their discovery document.
    public var postsClientSecret: Bool { self == .apple }

    /// The provider id Firebase uses for it (`accounts:signInWithIdp`'s `providerId`).
    public func firebaseProviderID(name: String) -> String {
        switch self {
        case .google: "google.com"
        case .apple: "apple.com"
        case .generic: "oidc." + name
        }
    }
}
