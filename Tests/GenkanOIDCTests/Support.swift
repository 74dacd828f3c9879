import GenkanJSON
import GenkanHTTPClient
import GenkanOIDC
import Synchronization

/// An OpenID provider in the test's memory: its keys sign tokens the tests shape, and a fake
/// fetcher serves its discovery document and key set with the lifetimes the test chooses.
final class FakeProvider: HTTPFetching, @unchecked Sendable {
    static let issuer = "https://id.example"
    let rsa: RSAPrivateKey
    let ec: ES256PrivateKey
    private let state = Mutex(State())

    struct State {
        var published: [JSONWebKey] = []
        var keysMaxAge = 3600
        var requests: [String] = []
        var tokenResponse: (status: Int, body: String) = (200, "{}")
        var tokenRequests: [(fields: [(name: String, value: String)], headers: [(name: String, value: String)])] = []
    }

    init() throws {
        rsa = try Self.sharedRSA
        ec = try ES256PrivateKey.generate()
        state.withLock { $0.published = [rsa.publicJWK(keyID: "rsa-1"), ec.publicJWK(keyID: "ec-1")] }
    }

    /// One 2048-bit key for every test (generating one takes a moment).
    static let sharedRSAResult = Result { () throws(CryptoFailure) in try RSAPrivateKey.generate() }
    static var sharedRSA: RSAPrivateKey { get throws { try sharedRSAResult.get() } }

    func publish(_ keys: [JSONWebKey], maxAge: Int = 3600) { state.withLock { $0.published = keys; $0.keysMaxAge = maxAge } }
    func answerTokenRequests(status: Int, body: String) { state.withLock { $0.tokenResponse = (status, body) } }
    var requests: [String] { state.withLock { $0.requests } }
    var tokenRequests: [(fields: [(name: String, value: String)], headers: [(name: String, value: String)])] {
        state.withLock { $0.tokenRequests }
    }

    func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
        let snapshot = state.withLock { state -> State in
            state.requests.append(request.url)
            if case .postForm(let fields) = request.method { state.tokenRequests.append((fields, request.headers)) }
            return state
        }
        switch request.url {
        case Self.issuer + "/.well-known/openid-configuration":
            let document: JSONValue = .object([
                ("issuer", .string(Self.issuer)), ("authorization_endpoint", .string(Self.issuer + "/authorize")),
                ("token_endpoint", .string(Self.issuer + "/token")), ("jwks_uri", .string(Self.issuer + "/keys")),
            ])
            return HTTPClientResponse(status: 200, headers: [("cache-control", "max-age=86400")], body: Array(document.serialized().utf8))
        case Self.issuer + "/keys":
            return HTTPClientResponse(
                status: 200, headers: [("cache-control", "public, max-age=\(snapshot.keysMaxAge)")],
                body: Array(JSONWebKeySet(keys: snapshot.published).json.serialized().utf8))
        case Self.issuer + "/token":
            return HTTPClientResponse(status: snapshot.tokenResponse.status, headers: [], body: Array(snapshot.tokenResponse.body.utf8))
        default:
            return HTTPClientResponse(status: 404, headers: [], body: [])
        }
    }

    /// The claims of a good token for `client` at `now`, with `nonce`'s SHA-256.
    static func claims(now: Int, client: String = "client-1", nonce: String? = "raw-nonce", extra: [(String, JSONValue)] = [])
        -> [(String, JSONValue)]
    {
        var claims: [(String, JSONValue)] = [
            ("iss", .string(issuer)), ("aud", .string(client)), ("sub", .string("subject-1")), ("iat", .integer(now)),
            ("exp", .integer(now + 600)), ("email", .string("taro@example.com")), ("email_verified", .bool(true)),
            ("name", .string("Taro Yamada")),
        ]
        if let nonce { claims.append(("nonce", .string(Digest.sha256Hex(nonce)))) }
        for (name, value) in extra {
            claims.removeAll { $0.0 == name }
            if value != .null { claims.append((name, value)) }
        }
        return claims
    }

    func rs256(_ claims: [(String, JSONValue)], keyID: String? = "rsa-1", key: RSAPrivateKey? = nil) throws -> String {
        var header: [(String, JSONValue)] = [("alg", .string("RS256")), ("typ", .string("JWT"))]
        if let keyID { header.append(("kid", .string(keyID))) }
        let signer = key ?? rsa
        return try JSONWebToken.compact(header: .object(header), claims: .object(claims)) { (input) throws(CryptoFailure) in
            try signer.sign(input)
        }
    }

    func es256(_ claims: [(String, JSONValue)], keyID: String = "ec-1") throws -> String {
        let header: JSONValue = .object([("alg", .string("ES256")), ("kid", .string(keyID))])
        return try JSONWebToken.compact(header: header, claims: .object(claims)) { (input) throws(CryptoFailure) in try ec.sign(input) }
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let seconds = Mutex(1_800_000_000)
    var now: Int { seconds.withLock { $0 } }
    func advance(by delta: Int) { seconds.withLock { $0 += delta } }
}

func configuration(name: String = "corp", issuer: String = FakeProvider.issuer) throws -> OIDCProviderConfiguration {
    var settings = OIDCProviderSettings(name: name)
    settings.issuer = issuer
    settings.clientID = "client-1"
    settings.clientSecret = "secret:1"
    return try OIDCProviderConfiguration(settings)
}
