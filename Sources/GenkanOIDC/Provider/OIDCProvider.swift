import GenkanJSON
import GenkanHTTPClient
import Synchronization

/// Sends an HTTP request and reads the response: `HTTPClient`, or a stand-in in tests.
public protocol HTTPFetching: Sendable {
    func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse
}

extension HTTPClient: HTTPFetching {}

/// One configured OpenID provider at run time: its discovery document and signing keys, cached
/// for as long as their HTTP responses allow, the authorization URL, the token request and ID
/// token verification.
///
/// Every method that may fetch blocks its thread (run it on a worker thread); the caches are
/// shared by every thread.
public final class OIDCProvider: Sendable {
    public let configuration: OIDCProviderConfiguration
    private let fetcher: any HTTPFetching
    private let clock: @Sendable () -> Int
    private let cache = Mutex(Cache())
    /// Held while a document is fetched: one fetch at a time per provider, and the threads that
    /// waited find its result in the cache instead of fetching again (single flight).
    private let fetching = Mutex(())
    /// An unknown `kid` fetches the key set again at most this often, so tokens with made-up
    /// ids cannot turn into a flood of requests to the provider.
    public let keyRefreshInterval: Int
    /// How long a failed fetch is remembered: meanwhile every sign-in that needs the document is
    /// refused with that failure at once, so a failing provider costs one request per interval,
    /// not one per sign-in (a negative cache).
    public let failureRetryInterval: Int

    /// How long a document without a lifetime of its own is kept, and the bounds on any lifetime.
    static let defaultLifetime = 3600
    static let lifetimeBounds = 60...86_400

    private struct Cache {
        var metadata: (value: ProviderMetadata, expiresAt: Int)?
        var keys: (value: JSONWebKeySet, expiresAt: Int, fetchedAt: Int)?
        /// The last failure to fetch the discovery document or the key set, until it may be tried again.
        var failure: (error: OIDCFailure, until: Int)?
    }

    public init(
        _ configuration: OIDCProviderConfiguration, fetcher: any HTTPFetching, clock: @escaping @Sendable () -> Int,
        keyRefreshInterval: Int = 5, failureRetryInterval: Int = 30
    ) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.clock = clock
        self.keyRefreshInterval = keyRefreshInterval
        self.failureRetryInterval = failureRetryInterval
    }

    public var name: String { configuration.name }

    // MARK: Discovery and keys

    /// The discovery document, from the cache while it is fresh.
    public func metadata() throws(OIDCFailure) -> ProviderMetadata {
        if let cached = freshMetadata() { return cached }
        return try singleFlight { () throws(OIDCFailure) -> ProviderMetadata in
            // Another thread may have fetched it while this one waited.
            if let cached = freshMetadata() { return cached }
            let now = clock()
            let url = ProviderMetadata.discoveryURL(issuer: configuration.issuer)
            let response = try fetch(HTTPClientRequest(url: url, headers: [("Accept", "application/json")]), what: "discovery document")
            let metadata = try ProviderMetadata(json: response.body, issuer: configuration.issuer)
            let expiresAt = now + Self.lifetime(of: response)
            cache.withLock { $0.metadata = (metadata, expiresAt) }
            return metadata
        }
    }

    private func freshMetadata() -> ProviderMetadata? {
        let now = clock()
        guard let cached = cache.withLock({ $0.metadata }), now < cached.expiresAt else { return nil }
        return cached.value
    }

    /// Runs `fetch` while no other thread fetches for this provider, unless a fetch failed less
    /// than `failureRetryInterval` ago: that failure is thrown again without a request. A failure
    /// of `fetch` is remembered for the interval.
    private func singleFlight<T>(_ fetch: () throws(OIDCFailure) -> T) throws(OIDCFailure) -> T {
        try fetching.withLock { (_: inout ()) throws(OIDCFailure) -> T in
            let now = clock()
            if let failure = cache.withLock({ $0.failure }), now < failure.until { throw failure.error }
            do throws(OIDCFailure) {
                let value = try fetch()
                cache.withLock { $0.failure = nil }
                return value
            } catch {
                if case .providerUnavailable = error {
                    cache.withLock { $0.failure = (error, now + failureRetryInterval) }
                }
                throw error
            }
        }
    }

    /// The signing keys; fetched again when stale, or when `keyID` is not among them (or, with
    /// `refresh`, in any case) and the set is older than `keyRefreshInterval`: the provider has
    /// rotated its keys. Returns whether this call fetched them.
    func keySet(
        forKeyID keyID: String?, algorithm: SignatureAlgorithm, refresh: Bool = false
    ) throws(OIDCFailure) -> (keys: JSONWebKeySet, fetched: Bool) {
        if let cached = cachedKeys(forKeyID: keyID, algorithm: algorithm, refresh: refresh) { return (cached, false) }
        let metadata = try metadata()
        return try singleFlight { () throws(OIDCFailure) -> (keys: JSONWebKeySet, fetched: Bool) in
            // A thread that fetched while this one waited counts as this one's fetch.
            if let cached = cachedKeys(forKeyID: keyID, algorithm: algorithm, refresh: refresh) { return (cached, false) }
            let now = clock()
            let response = try fetch(HTTPClientRequest(url: metadata.jwksURI, headers: [("Accept", "application/json")]), what: "key set")
            guard let keys = JSONWebKeySet(json: response.body) else {
                throw .providerUnavailable("the key set of \(configuration.issuer) is not a JWK Set")
            }
            let expiresAt = now + Self.lifetime(of: response)
            cache.withLock { $0.keys = (keys, expiresAt, now) }
            return (keys, true)
        }
    }

    /// The cached key set when it is fresh and has the key wanted, or was fetched less than
    /// `keyRefreshInterval` ago (fetching again so soon would not help).
    private func cachedKeys(forKeyID keyID: String?, algorithm: SignatureAlgorithm, refresh: Bool) -> JSONWebKeySet? {
        let now = clock()
        guard let cached = cache.withLock({ $0.keys }), now < cached.expiresAt else { return nil }
        let wanted = !refresh && cached.value.key(id: keyID, for: algorithm) != nil
        return wanted || now - cached.fetchedAt < keyRefreshInterval ? cached.value : nil
    }

    /// The response's freshness lifetime, within `lifetimeBounds`.
    static func lifetime(of response: HTTPClientResponse) -> Int {
        let lifetime = response.freshnessLifetime ?? defaultLifetime
        return min(max(lifetime, lifetimeBounds.lowerBound), lifetimeBounds.upperBound)
    }

    private func fetch(_ request: HTTPClientRequest, what: String) throws(OIDCFailure) -> HTTPClientResponse {
        let response: HTTPClientResponse
        do {
            response = try fetcher.send(request)
        } catch {
            throw .providerUnavailable("\(configuration.name) \(what): \(error)")
        }
        guard response.status == 200 else {
            throw .providerUnavailable("\(configuration.name) \(what): HTTP \(response.status) from \(Self.withoutQuery(request.url))")
        }
        return response
    }

    static func withoutQuery(_ url: String) -> String { String(url.prefix { $0 != "?" }) }

    /// The origin the browser is sent to (`https://accounts.google.com`): the authorization
    /// endpoint's once the discovery document is cached, the issuer's before. Never fetches: a
    /// page's Content Security Policy names it (`form-action`) for a form that leads there.
    public var authorizationOrigin: String {
        let endpoint = cache.withLock { $0.metadata?.value.authorizationEndpoint } ?? configuration.issuer
        return Self.origin(of: endpoint)
    }

    /// `scheme://host[:port]` of an absolute URL.
    static func origin(of url: String) -> String {
        guard let separator = url.range(of: "://") else { return url }
        let rest = url[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<separator.upperBound]) + authority
    }

    // MARK: The flow

    /// The URL that sends the browser to the provider: the code flow with PKCE (S256), the
    /// state, and the nonce's SHA-256; Apple's answers come back by `form_post`.
    public func authorizationURL(for pending: PendingAuthorization, redirectURI: String) throws(OIDCFailure) -> String {
        let endpoint = try metadata().authorizationEndpoint
        var parameters: [(name: String, value: String)] = [
            ("response_type", "code"), ("client_id", configuration.clientID), ("redirect_uri", redirectURI),
            ("scope", configuration.scopes.joined(separator: " ")), ("state", pending.state), ("nonce", pending.nonceHash),
            ("code_challenge", pending.codeChallenge), ("code_challenge_method", "S256"),
        ]
        if configuration.preset.usesFormPost { parameters.append(("response_mode", "form_post")) }
        return endpoint + (endpoint.contains("?") ? "&" : "?") + HTTPClientRequest.formBody(parameters)
    }

    /// Exchanges an authorization code for the provider's tokens and returns the ID token, not yet
    /// verified (RFC 6749 §4.1.3, with RFC 7636's `code_verifier`).
    public func redeem(code: String, codeVerifier: String, redirectURI: String) throws(OIDCFailure) -> String {
        guard !code.isEmpty, code.utf8.count <= 2048 else { throw .providerError("no usable code") }
        let metadata = try metadata()
        var fields: [(name: String, value: String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", codeVerifier),
        ]
        var headers: [(name: String, value: String)] = [("Accept", "application/json")]
        let secret = try clientSecret()
        // RFC 6749 §2.3.1: Basic unless the provider lists only client_secret_post, or is Apple.
        let methods = metadata.tokenEndpointAuthMethods
        if !configuration.preset.postsClientSecret && (methods.isEmpty || methods.contains("client_secret_basic")) {
            let user = HTTPClientRequest.percentEncoded(configuration.clientID), password = HTTPClientRequest.percentEncoded(secret)
            headers.append(("Authorization", "Basic " + Self.base64(Array("\(user):\(password)".utf8))))
        } else {
            fields += [("client_id", configuration.clientID), ("client_secret", secret)]
        }
        let response: HTTPClientResponse
        do {
            response = try fetcher.send(HTTPClientRequest(url: metadata.tokenEndpoint, method: .postForm(fields), headers: headers))
        } catch {
            throw .providerUnavailable("\(configuration.name) token endpoint: \(error)")
        }
        let body = JSONReader.value(response.body)
        guard response.status == 200 else {
            // RFC 6749 §5.2: 400 with {"error": "invalid_grant"} for a used or unknown code.
            if let error = body?[member: "error"]?.stringValue, (400..<500).contains(response.status) {
                throw .providerError("token endpoint: \(error.prefix(64))")
            }
            throw .providerUnavailable("\(configuration.name) token endpoint: HTTP \(response.status)")
        }
        guard let idToken = body?[member: "id_token"]?.stringValue else {
            throw .providerError("the token response has no id_token")
        }
        return idToken
    }

    /// The client secret for a token request: the configured one, or Apple's ES256 JWT (RFC 7523
    /// §2.2 shape as Apple documents it: `iss` the team, `sub` the client, `aud` Apple), valid
    /// for five minutes and made afresh each time.
    public func clientSecret() throws(OIDCFailure) -> String {
        switch configuration.credential {
        case .secret(let secret):
            return secret
        case .appleKey(let teamID, let keyID, let key):
            let now = clock()
            let header: JSONValue = .object([("alg", .string("ES256")), ("kid", .string(keyID))])
            let claims: JSONValue = .object([
                ("iss", .string(teamID)), ("iat", .integer(now)), ("exp", .integer(now + 300)),
                ("aud", .string(configuration.issuer)), ("sub", .string(configuration.clientID)),
            ])
            do {
                return try JSONWebToken.compact(header: header, claims: claims) { (input) throws(CryptoFailure) in try key.sign(input) }
            } catch {
                throw .misconfigured("signing Apple's client secret: \(error)")
            }
        }
    }

    // MARK: Verification

    /// Verifies an ID token from this provider: signature against its keys (fetched again once
    /// for an unknown `kid`), issuer, audience (the client id or a configured native app's),
    /// lifetime, and the nonce against `rawNonce`'s SHA-256.
    ///
    /// This is what the Firebase-compatible API's `accounts:signInWithIdp` calls with the
    /// `id_token` and raw `nonce` of its `postBody`.
    public func verifyIDToken(_ compact: String, rawNonce: String?) throws(OIDCFailure) -> VerifiedIDToken {
        let token = try JSONWebToken(compact: compact)
        guard let algorithm = token.algorithm else {
            throw .unsupportedAlgorithm(token.header[member: "alg"]?.stringValue ?? "(none)")
        }
        let (keys, fetched) = try keySet(forKeyID: token.keyID, algorithm: algorithm)
        let expectations = IDTokenExpectations(
            issuers: configuration.acceptedIssuers, audiences: configuration.audiences, rawNonce: rawNonce)
        do {
            return try IDTokenVerifier.verify(token, keys: keys, expecting: expectations, now: clock())
        } catch .invalidSignature where token.keyID == nil && !fetched {
            // A token without `kid` was checked with the provider's only key, which may have been
            // replaced since: look once more.
            let (fresh, refetched) = try keySet(forKeyID: nil, algorithm: algorithm, refresh: true)
            guard refetched else { throw .invalidSignature }
            return try IDTokenVerifier.verify(token, keys: fresh, expecting: expectations, now: clock())
        }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        var text = Base64URL.encode(bytes).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
