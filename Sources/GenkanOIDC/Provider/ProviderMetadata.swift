import GenkanJSON
import GenkanHTTPClient

/// `HTTPClient.checkedURL` under a name that reads well where a configuration is checked.
enum HTTPClientURL {
    static func check(_ url: String) throws(HTTPClientError) -> String { try HTTPClient.checkedURL(url) }
}

/// What a provider's discovery document says (OpenID Connect Discovery 1.0 §3).
public struct ProviderMetadata: Sendable, Equatable {
    public let issuer: String
    public let authorizationEndpoint: String
    public let tokenEndpoint: String
    public let jwksURI: String
    /// `token_endpoint_auth_methods_supported`; empty when not given (then `client_secret_basic`).
    public let tokenEndpointAuthMethods: [String]

    /// Reads a discovery document for `issuer`.
    ///
    /// - Throws: `.providerUnavailable` when it is not one, names another issuer (Discovery
    ///   §4.3: it must be exactly the one asked for), or lists an endpoint that is not HTTPS.
    public init(json bytes: [UInt8], issuer: String) throws(OIDCFailure) {
        guard let document = JSONReader.value(bytes), case .object = document else {
            throw .providerUnavailable("the discovery document of \(issuer) is not JSON")
        }
        guard document[member: "issuer"]?.stringValue == issuer else {
            throw .providerUnavailable(
                "the discovery document of \(issuer) names the issuer '\(document[member: "issuer"]?.stringValue ?? "")'")
        }
        func endpoint(_ name: String) throws(OIDCFailure) -> String {
            guard let url = document[member: name]?.stringValue else {
                throw .providerUnavailable("the discovery document of \(issuer) has no \(name)")
            }
            do {
                return try HTTPClientURL.check(url)
            } catch {
                throw .providerUnavailable("the \(name) of \(issuer) is not usable: \(error.detail)")
            }
        }
        self.issuer = issuer
        authorizationEndpoint = try endpoint("authorization_endpoint")
        tokenEndpoint = try endpoint("token_endpoint")
        jwksURI = try endpoint("jwks_uri")
        tokenEndpointAuthMethods = document[member: "token_endpoint_auth_methods_supported"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The discovery document's URL for `issuer` (Discovery §4.1: the issuer, then
    /// `/.well-known/openid-configuration`).
    public static func discoveryURL(issuer: String) -> String {
        (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
    }
}
