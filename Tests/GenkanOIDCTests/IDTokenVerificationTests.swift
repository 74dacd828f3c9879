import GenkanJSON
import GenkanLocalization
import GenkanOIDC
import Testing

@Suite struct IDTokenVerificationTests {
    let provider: FakeProvider
    let clock = TestClock()
    let oidc: OIDCProvider

    init() throws {
        provider = try FakeProvider()
        let clock = self.clock
        oidc = OIDCProvider(try configuration(), fetcher: provider, clock: { clock.now })
    }

    func verify(_ token: String, nonce: String? = "raw-nonce") -> Result<VerifiedIDToken, OIDCFailure> {
        Result { () throws(OIDCFailure) in try oidc.verifyIDToken(token, rawNonce: nonce) }
    }

    @Test func goodRS256AndES256TokensVerify() throws {
        for token in [try provider.rs256(FakeProvider.claims(now: clock.now)), try provider.es256(FakeProvider.claims(now: clock.now))] {
            let verified = try verify(token).get()
            #expect(verified.subject == "subject-1")
            #expect(verified.email == "taro@example.com")
            #expect(verified.emailVerified)
            #expect(verified.names.first == "Taro Yamada")
        }
    }

    @Test func aChangedPayloadOrSignatureFails() throws {
        let token = try provider.rs256(FakeProvider.claims(now: clock.now))
        let parts = token.split(separator: ".").map(String.init)
        let other = try provider.rs256(FakeProvider.claims(now: clock.now, extra: [("sub", .string("someone-else"))]))
        let forged = [parts[0], String(other.split(separator: ".")[1]), parts[2]].joined(separator: ".")
        #expect(verify(forged) == .failure(.invalidSignature))
        var signature = Base64URL.decode(parts[2])!
        signature[10] ^= 1
        #expect(verify([parts[0], parts[1], Base64URL.encode(signature)].joined(separator: ".")) == .failure(.invalidSignature))
        let ecToken = try provider.es256(FakeProvider.claims(now: clock.now)).split(separator: ".").map(String.init)
        #expect(verify([ecToken[0], String(other.split(separator: ".")[1]), ecToken[2]].joined(separator: ".")) == .failure(.invalidSignature))
        // ES256 signatures are r||s, 64 bytes: a DER signature or a short one is refused.
        #expect(verify([ecToken[0], ecToken[1], Base64URL.encode([UInt8](repeating: 1, count: 70))].joined(separator: ".")) == .failure(.invalidSignature))
    }

    @Test func algorithmsOtherThanRS256AndES256AreRefused() throws {
        let claims = Base64URL.encode(JSONValue.object(FakeProvider.claims(now: clock.now)).serialized())
        for alg in ["none", "HS256", "RS512", "PS256"] {
            let header = Base64URL.encode(#"{"alg":"\#(alg)","kid":"rsa-1"}"#)
            #expect(verify("\(header).\(claims).c2ln") == .failure(.unsupportedAlgorithm(alg)))
        }
        // An RSA key cannot check an ES256 signature (algorithm confusion): no key fits.
        let header = Base64URL.encode(#"{"alg":"ES256","kid":"rsa-1"}"#)
        #expect(verify("\(header).\(claims).c2ln") == .failure(.unknownKey("rsa-1")))
        #expect(verify("two.parts") == .failure(.malformedToken("not three dot-separated parts (JWE and unsecured tokens are refused)")))
    }

    @Test func claimsAreChecked() throws {
        let now = clock.now
        let cases: [([(String, JSONValue)], OIDCFailure)] = [
            ([("iss", .string("https://evil.example"))], .wrongIssuer("https://evil.example")),
            ([("aud", .string("client-2"))], .wrongAudience("client-2")),
            ([("aud", .array([.string("client-1"), .string("client-2")]))], .wrongAudience("client-1 client-2")),
            ([("exp", .integer(now - 61))], .expired),
            ([("iat", .integer(now + 61))], .issuedInFuture),
            ([("sub", .null)], .missingClaim("sub")),
            ([("exp", .null)], .missingClaim("exp")),
            ([("nonce", .string(Digest.sha256Hex("another")))], .nonceMismatch),
            ([("nonce", .string("raw-nonce"))], .nonceMismatch),  // the raw value is not its hash
            ([("nonce", .null)], .missingNonce),
        ]
        for (change, failure) in cases {
            #expect(verify(try provider.rs256(FakeProvider.claims(now: now, extra: change))) == .failure(failure), "\(change)")
        }
        // Within the leeway, and several audiences with us as the authorized party.
        #expect(throws: Never.self) { try verify(try provider.rs256(FakeProvider.claims(now: now, extra: [("exp", .integer(now - 30))]))).get() }
        let azp: [(String, JSONValue)] = [("aud", .array([.string("client-1"), .string("other")])), ("azp", .string("client-1"))]
        #expect(throws: Never.self) { try verify(try provider.rs256(FakeProvider.claims(now: now, extra: azp))).get() }
        // A token with a nonce when the caller holds none, and the reverse.
        #expect(verify(try provider.rs256(FakeProvider.claims(now: now)), nonce: nil) == .failure(.missingNonce))
        #expect(throws: Never.self) { try verify(try provider.rs256(FakeProvider.claims(now: now, nonce: nil)), nonce: nil).get() }
    }

    @Test func applesStringBooleansAreRead() throws {
        let token = try provider.rs256(FakeProvider.claims(now: clock.now, extra: [("email_verified", .string("true"))]))
        #expect(try verify(token).get().emailVerified)
        let unverified = try provider.rs256(FakeProvider.claims(now: clock.now, extra: [("email_verified", .string("false"))]))
        #expect(try !verify(unverified).get().emailVerified)
    }

    @Test func failuresMapToFirebaseCodes() {
        #expect(OIDCFailure.invalidSignature.code == .invalidCredential)
        #expect(OIDCFailure.invalidSignature.serverError == "INVALID_IDP_RESPONSE")
        #expect(OIDCFailure.expired.code == .invalidCredential)
        #expect(OIDCFailure.nonceMismatch.code == .missingOrInvalidNonce)
        #expect(OIDCFailure.missingNonce.serverError == "MISSING_OR_INVALID_NONCE")
        #expect(OIDCFailure.unknownProvider("x").code == .invalidProviderID)
        #expect(OIDCFailure.cancelled("access_denied").code == .webContextCancelled)
        #expect(OIDCFailure.providerUnavailable("x").code == .internalError)
    }

    @Test func theRegistryFindsProvidersByFirebaseID() throws {
        let clock = self.clock
        let providers = OIDCProviders([try configuration()], fetcher: provider, clock: { clock.now })
        let token = try provider.rs256(FakeProvider.claims(now: clock.now))
        #expect(try providers.verifyIDToken(token, providerID: "oidc.corp", rawNonce: "raw-nonce").get().subject == "subject-1")
        #expect(providers.verifyIDToken(token, providerID: "google.com", rawNonce: "raw-nonce") == .failure(.unknownProvider("google.com")))
    }
}

extension Result where Success == VerifiedIDToken, Failure == OIDCFailure {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.failure(let a), .failure(let b)): a == b
        case (.success(let a), .success(let b)): a.subject == b.subject && a.issuer == b.issuer
        default: false
        }
    }
}

/// Found by fuzz-jose: an RSA key whose exponent (or modulus) is all zero bytes read as a key with
/// an empty exponent, which the set then wrote as `"e":""` and could not read back. A zero is no
/// key; leading zero bytes of a real one are still dropped.
@Test func anRSAKeyOfValueZeroIsNoKey() throws {
    let modulus = Base64URL.encode([0] + Array(repeating: UInt8(0xC3), count: 256))
    #expect(JSONWebKey(json: .object([("kty", .string("RSA")), ("n", .string(modulus)), ("e", .string("AAA"))])) == nil)
    #expect(JSONWebKey(json: .object([("kty", .string("RSA")), ("n", .string("AAAA")), ("e", .string("AQAB"))])) == nil)
    let key = try #require(JSONWebKey(json: .object([("kty", .string("RSA")), ("n", .string(modulus)), ("e", .string("AAEAAQ"))])))
    #expect(key.material == .rsa(modulus: Array(repeating: 0xC3, count: 256), exponent: [1, 0, 1]))
}
