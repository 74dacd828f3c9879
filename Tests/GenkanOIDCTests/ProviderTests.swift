import Foundation
import GenkanHTTPClient
@testable import GenkanOIDC
import Testing

@Suite struct ProviderTests {
    let provider: FakeProvider
    let clock = TestClock()
    let oidc: OIDCProvider

    init() throws {
        provider = try FakeProvider()
        let clock = self.clock
        oidc = OIDCProvider(try configuration(), fetcher: provider, clock: { clock.now }, keyRefreshInterval: 5)
    }

    func keyFetches() -> Int { provider.requests.filter { $0.hasSuffix("/keys") }.count }

    @Test func keysAreCachedForTheirHTTPLifetime() throws {
        provider.publish([provider.rsa.publicJWK(keyID: "rsa-1")], maxAge: 120)
        _ = try oidc.verifyIDToken(try provider.rs256(FakeProvider.claims(now: clock.now)), rawNonce: "raw-nonce")
        _ = try oidc.verifyIDToken(try provider.rs256(FakeProvider.claims(now: clock.now)), rawNonce: "raw-nonce")
        #expect(keyFetches() == 1)
        clock.advance(by: 121)
        _ = try oidc.verifyIDToken(try provider.rs256(FakeProvider.claims(now: clock.now)), rawNonce: "raw-nonce")
        #expect(keyFetches() == 2)
        // The discovery document (max-age one day) was read once.
        #expect(provider.requests.filter { $0.hasSuffix("openid-configuration") }.count == 1)
    }

    @Test func anUnknownKeyIDFetchesTheKeysAgainAtMostEveryInterval() throws {
        _ = try oidc.verifyIDToken(try provider.rs256(FakeProvider.claims(now: clock.now)), rawNonce: "raw-nonce")
        let rotated = try RSAPrivateKey.generate()
        provider.publish([provider.rsa.publicJWK(keyID: "rsa-1"), rotated.publicJWK(keyID: "rsa-2")])
        let token = try provider.rs256(FakeProvider.claims(now: clock.now), keyID: "rsa-2", key: rotated)
        // Too soon after the last fetch: the unknown kid is refused without asking the provider.
        #expect(throws: OIDCFailure.unknownKey("rsa-2")) { try oidc.verifyIDToken(token, rawNonce: "raw-nonce") }
        #expect(keyFetches() == 1)
        clock.advance(by: 5)
        #expect(try oidc.verifyIDToken(token, rawNonce: "raw-nonce").subject == "subject-1")
        #expect(keyFetches() == 2)
        // Made-up ids cost one fetch per interval, not one per token.
        for _ in 0..<3 {
            #expect(throws: OIDCFailure.unknownKey("made-up")) {
                try oidc.verifyIDToken(try provider.rs256(FakeProvider.claims(now: clock.now), keyID: "made-up"), rawNonce: "raw-nonce")
            }
        }
        #expect(keyFetches() == 2)
    }

    @Test func aTokenWithoutKeyIDIsCheckedAgainAfterARotation() throws {
        provider.publish([provider.rsa.publicJWK(keyID: "rsa-1")])
        _ = try oidc.verifyIDToken(try provider.rs256(FakeProvider.claims(now: clock.now), keyID: nil), rawNonce: "raw-nonce")
        let rotated = try RSAPrivateKey.generate()
        provider.publish([rotated.publicJWK(keyID: "rsa-2")])
        clock.advance(by: 5)
        let token = try provider.rs256(FakeProvider.claims(now: clock.now), keyID: nil, key: rotated)
        #expect(try oidc.verifyIDToken(token, rawNonce: "raw-nonce").subject == "subject-1")
    }

    @Test func weakRSAKeysAreNotUsed() throws {
        let weak = try RSAPrivateKey.generate(bits: 1024)
        provider.publish([weak.publicJWK(keyID: "weak")])
        let token = try provider.rs256(FakeProvider.claims(now: clock.now), keyID: "weak", key: weak)
        #expect(throws: OIDCFailure.unknownKey("weak")) { try oidc.verifyIDToken(token, rawNonce: "raw-nonce") }
    }

    @Test func theAuthorizationURLCarriesPKCEAndTheNoncesHash() throws {
        let pending = PendingAuthorization(state: "the-state", nonce: "raw-nonce", codeVerifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        // RFC 7636 Appendix B.
        #expect(pending.codeChallenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let url = try oidc.authorizationURL(for: pending, redirectURI: "https://genkan.test/signin/corp/callback")
        #expect(url.hasPrefix(FakeProvider.issuer + "/authorize?response_type=code&client_id=client-1"))
        #expect(url.contains("redirect_uri=https%3A%2F%2Fgenkan.test%2Fsignin%2Fcorp%2Fcallback"))
        #expect(url.contains("&state=the-state&nonce=" + Digest.sha256Hex("raw-nonce")))
        #expect(url.contains("&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"))
        #expect(url.contains("scope=openid%20email%20profile"))
        #expect(!url.contains("response_mode"))
        let fresh = PendingAuthorization.new()
        #expect(fresh.state.utf8.count == 43 && fresh.nonce != fresh.state && fresh.codeVerifier != fresh.nonce)
    }

    @Test func theTokenRequestAuthenticatesWithBasicAndReadsErrors() throws {
        provider.answerTokenRequests(status: 200, body: #"{"access_token":"a","id_token":"the.id.token","token_type":"Bearer"}"#)
        #expect(try oidc.redeem(code: "code-1", codeVerifier: "verifier", redirectURI: "https://genkan.test/cb") == "the.id.token")
        let request = try #require(provider.tokenRequests.last)
        #expect(request.fields.map(\.name) == ["grant_type", "code", "redirect_uri", "code_verifier"])
        // RFC 6749 §2.3.1: id and secret form-encoded, then Basic ("secret:1" has a colon).
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Basic Y2xpZW50LTE6c2VjcmV0JTNBMQ==" })
        provider.answerTokenRequests(status: 400, body: #"{"error":"invalid_grant"}"#)
        #expect(throws: OIDCFailure.providerError("token endpoint: invalid_grant")) {
            try oidc.redeem(code: "code-1", codeVerifier: "verifier", redirectURI: "https://genkan.test/cb")
        }
        provider.answerTokenRequests(status: 503, body: "")
        #expect(throws: OIDCFailure.providerUnavailable("corp token endpoint: HTTP 503")) {
            try oidc.redeem(code: "code-1", codeVerifier: "verifier", redirectURI: "https://genkan.test/cb")
        }
    }

    @Test func applesClientSecretIsAnES256JWTFromTheTeamsKey() throws {
        let key = try ES256PrivateKey.generate()
        let file = "/tmp/genkan-oidc-test-\(Digest.randomToken()).p8"
        try key.pem.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var settings = OIDCProviderSettings(name: "apple")
        settings.issuer = FakeProvider.issuer
        settings.clientID = "com.example.web"
        settings.appleTeamID = "TEAM123"
        settings.appleKeyID = "KEY123"
        settings.appleKeyFile = file
        let clock = self.clock
        let apple = OIDCProvider(try OIDCProviderConfiguration(settings), fetcher: provider, clock: { clock.now })
        let secret = try apple.clientSecret()
        let token = try JSONWebToken(compact: secret)
        #expect(token.header == .object([("alg", .string("ES256")), ("kid", .string("KEY123"))]))
        #expect(token.claims[member: "iss"] == .string("TEAM123"))
        #expect(token.claims[member: "sub"] == .string("com.example.web"))
        #expect(token.claims[member: "aud"] == .string(FakeProvider.issuer))
        #expect(token.claims[member: "exp"] == .integer(clock.now + 300))
        try IDTokenVerifier.checkSignature(token, keys: JSONWebKeySet(keys: [key.publicJWK(keyID: "KEY123")]))
        // Apple's token request carries the secret in its body, with form_post answers.
        provider.answerTokenRequests(status: 200, body: #"{"id_token":"x.y.z"}"#)
        _ = try apple.redeem(code: "c", codeVerifier: "v", redirectURI: "https://genkan.test/cb")
        let request = try #require(provider.tokenRequests.last)
        #expect(request.fields.map(\.name).suffix(2) == ["client_id", "client_secret"])
        #expect(!request.headers.contains { $0.name == "Authorization" })
        #expect(try apple.authorizationURL(for: .new(), redirectURI: "https://genkan.test/cb").hasSuffix("&response_mode=form_post"))
    }
}
