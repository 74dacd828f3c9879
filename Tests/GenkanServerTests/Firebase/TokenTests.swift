import Foundation
import GenkanHTTPTesting
import GenkanJSON
import GenkanOIDC
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// ID tokens: Firebase's claims, the Ed25519 signature against the published JWKS key, unsigned
/// tokens in emulator mode, and what Genkan checks that the emulator does not (expiry,
/// `valid_since`, recent sign-in).
@Suite struct TokenTests {
    /// A Firebase site on a clock the test moves, and the answer to one sign-up through its API.
    static func signedUp() async throws -> (clock: TestClock, fixture: AppFixture, created: FirebaseClient.Answer) {
        let clock = TestClock()
        let fixture = try AppFixture.firebase(clock: clock)
        return (clock, fixture, await fixture.firebase().signUp())
    }

    @Test func claimsAreFirebases() async throws {
        let clock = TestClock()
        let fixture = try AppFixture.firebase(clock: clock)
        let answer = await fixture.firebase().signUp()
        let (header, claims, _) = jwtParts(try #require(answer.string("idToken")))
        #expect(header["alg"] as? String == "EdDSA" && header["typ"] as? String == "JWT" && (header["kid"] as? String)?.count == 16)
        #expect(claims["iss"] as? String == "https://securetoken.google.com/demo-genkan")
        #expect(claims["aud"] as? String == "demo-genkan")
        #expect(claims["sub"] as? String == answer.string("localId") && claims["user_id"] as? String == answer.string("localId"))
        #expect(answer.string("localId")?.utf8.count == 28)
        let now = Int(clock.now)
        #expect(claims["iat"] as? Int == now && claims["exp"] as? Int == now + 3600 && claims["auth_time"] as? Int == now)
        #expect(claims["email"] as? String == "taro@example.com" && claims["email_verified"] as? Bool == false)
        #expect(claims["name"] as? String == "Taro")
        let firebase = try #require(claims["firebase"] as? [String: Any])
        #expect(firebase["sign_in_provider"] as? String == "password")
        #expect((firebase["identities"] as? [String: [String]])?["email"] == ["taro@example.com"])
    }

    @Test func theSignatureVerifiesWithThePublishedKey() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let token = try #require(await api.signUp().string("idToken"))
        let jwks = await api.raw("GET", "/securetoken.googleapis.com/v1/jwks", body: nil)
        #expect(jwks.status == 200 && jwks.headers["cache-control"] == "public, max-age=3600")
        let key = try #require((jwks["keys"] as? [[String: Any]])?.first)
        #expect(key["kty"] as? String == "OKP" && key["crv"] as? String == "Ed25519" && key["alg"] as? String == "EdDSA")
        #expect(key["kid"] as? String == jwtParts(token).header["kid"] as? String)
        let x = try #require(key["x"] as? String)
        let publicKey = try #require(Base64URL.decode(Substring(x)))
        let parts = token.split(separator: ".").map(String.init)
        let signature = try #require(Base64URL.decode(Substring(parts[2])))
        #expect(SigningKey.isValid(signature: signature, of: Array((parts[0] + "." + parts[1]).utf8), publicKey: publicKey))
        // One byte of the payload changed: the signature no longer fits.
        #expect(!SigningKey.isValid(signature: signature, of: Array((parts[0] + "." + parts[1] + "A").utf8), publicKey: publicKey))
        // The key survives a restart (kept in the store's secrets).
        try fixture.restart()
        let again = await fixture.firebase().raw("GET", "/securetoken.googleapis.com/v1/jwks", body: nil)
        #expect(again.body == jwks.body)
        #expect(await fixture.firebase().call("accounts:lookup", ["idToken": token]).status == 200)
    }

    @Test func emulatorTokensAreUnsigned() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let signedUp = await api.signUp()
        let token = try #require(signedUp.string("idToken"))
        let (header, claims, signature) = jwtParts(token)
        #expect(header.count == 2 && header["alg"] as? String == "none" && header["typ"] as? String == "JWT")
        #expect(signature.isEmpty && claims["user_id"] as? String == signedUp.string("localId"))
        #expect(await api.call("accounts:lookup", ["idToken": token]).status == 200)
        let jwks = await api.raw("GET", "/securetoken.googleapis.com/v1/jwks", body: nil)
        #expect(jwks.body == #"{"keys":[]}"#)
    }

    @Test func anExpiredTokenIsRefused() async throws {
        let (clock, fixture, created) = try await Self.signedUp()
        let api = fixture.firebase()
        let token = try #require(created.string("idToken"))
        clock.advance(by: 3599)
        #expect(await api.call("accounts:lookup", ["idToken": token]).status == 200)
        clock.advance(by: 1)
        #expect(await api.call("accounts:lookup", ["idToken": token]).body == FirebaseClient.errorBody("TOKEN_EXPIRED"))
        // The refresh token still gives a new one.
        let refreshed = await api.call(
            "/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": created.string("refreshToken")!])
        #expect(await api.call("accounts:lookup", ["idToken": refreshed.string("id_token")!]).status == 200)
        // Its auth_time is still the sign-in's.
        #expect(jwtParts(refreshed.string("id_token")!).payload["auth_time"] as? Int == Int(clock.now - 3600))
    }

    @Test func aPasswordResetOnThePagesVoidsTokensAndRefreshTokens() async throws {
        let (clock, fixture, created) = try await Self.signedUp()
        let api = fixture.firebase()
        let token = try #require(created.string("idToken")), refresh = try #require(created.string("refreshToken"))
        clock.advance(by: 10)
        // Through the site's forgot-password page and the link it mails.
        let browser = fixture.client(language: "en")
        #expect(await browser.submit("/password/forgot", [("email", "taro@example.com")]).status == 200)
        try await Task.sleep(for: .milliseconds(300))
        let link = try #require(try fixture.mails.all.compactMap { $0.link("/password/reset") }.last)
        let page = await browser.get(link.replacingOccurrences(of: "http://genkan.test", with: ""))
        let code = String(link.split(separator: "=").last!)
        let reset = await browser.post(
            "/password/reset",
            [("csrf", page.csrf ?? ""), ("code", code), ("new-password", "another horse battery"),
             ("password-confirmation", "another horse battery")])
        #expect(reset.status == 303)
        #expect(await api.call("accounts:lookup", ["idToken": token]).body == FirebaseClient.errorBody("TOKEN_EXPIRED"))
        #expect(
            await api.call("/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": refresh]).error
                == "INVALID_REFRESH_TOKEN")
        // The new password signs in through the API.
        #expect(await api.signIn(password: "another horse battery").status == 200)
        #expect(await api.signIn().error == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test func sensitiveChangesNeedARecentSignIn() async throws {
        let (clock, fixture, created) = try await Self.signedUp()
        let api = fixture.firebase()
        let refresh = try #require(created.string("refreshToken"))
        clock.advance(by: 301)
        // A refreshed token keeps the old sign-in time: still too old.
        let refreshed = await api.call("/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": refresh])
        let token = try #require(refreshed.string("id_token"))
        let tooOld = FirebaseClient.errorBody("CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        #expect(await api.call("accounts:update", ["idToken": token, "password": "another horse battery"]).body == tooOld)
        #expect(await api.call("accounts:delete", ["idToken": token]).body == tooOld)
        #expect(
            await api.call("accounts:sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": token, "newEmail": "new@example.com"])
                .body == tooOld)
        // A name is not sensitive.
        #expect(await api.call("accounts:update", ["idToken": token, "displayName": "Jiro"]).status == 200)
        // Signing in again makes it recent.
        let fresh = try #require(await api.signIn().string("idToken"))
        // (`valid_since` is in seconds, as Firebase's: a token of the same second survives.)
        clock.advance(by: 1)
        let changed = await api.call("accounts:update", ["idToken": fresh, "password": "another horse battery"])
        #expect(changed.status == 200 && changed.string("idToken") != nil && changed.string("refreshToken") != nil)
        // The password change voids the token used for it, and every other.
        #expect(await api.call("accounts:lookup", ["idToken": fresh]).error == "TOKEN_EXPIRED")
        #expect(await api.call("accounts:lookup", ["idToken": changed.string("idToken")!]).status == 200)
        #expect(
            await api.call("/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": refresh]).error
                == "INVALID_REFRESH_TOKEN")
    }
}
