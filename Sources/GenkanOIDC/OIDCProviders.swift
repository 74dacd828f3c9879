import GenkanHTTPClient

/// The configured OpenID providers, in the order their buttons appear.
///
/// ```swift
/// // accounts:signInWithIdp with postBody "id_token=…&providerId=apple.com&nonce=RAW"
/// switch providers.verifyIDToken(idToken, providerID: "apple.com", rawNonce: nonce) {
/// case .success(let token): … token.issuer, token.subject, token.email, token.emailVerified
/// case .failure(let failure): … failure.serverError ("INVALID_IDP_RESPONSE"), failure.code
/// }
/// ```
public final class OIDCProviders: Sendable {
    public let all: [OIDCProvider]

    /// - Parameters:
    ///   - client: the HTTP client every provider fetches with (timeouts, size limit, CA file).
    ///   - clock: seconds since 1970.
    public init(
        _ configurations: [OIDCProviderConfiguration], fetcher: any HTTPFetching = HTTPClient(),
        clock: @escaping @Sendable () -> Int, keyRefreshInterval: Int = 5
    ) {
        all = configurations.map { OIDCProvider($0, fetcher: fetcher, clock: clock, keyRefreshInterval: keyRefreshInterval) }
    }

    public var isEmpty: Bool { all.isEmpty }

    /// The provider configured under `name` (`google`, `apple`, `corp`).
    public func provider(named name: String) -> OIDCProvider? {
        all.first { $0.name == name }
    }

    /// The provider Firebase calls `providerID` (`google.com`, `apple.com`, `oidc.NAME`).
    public func provider(firebaseID providerID: String) -> OIDCProvider? {
        all.first { $0.configuration.firebaseProviderID == providerID }
    }

    /// Verifies an ID token for the provider Firebase calls `providerID` with the raw nonce its
    /// SHA-256 was made from (nil when the client sent none). Blocks while keys are fetched: call
    /// it from a worker thread.
    public func verifyIDToken(_ idToken: String, providerID: String, rawNonce: String?) -> Result<VerifiedIDToken, OIDCFailure> {
        guard let provider = provider(firebaseID: providerID) else { return .failure(.unknownProvider(providerID)) }
        do {
            return .success(try provider.verifyIDToken(idToken, rawNonce: rawNonce))
        } catch {
            return .failure(error)
        }
    }
}
