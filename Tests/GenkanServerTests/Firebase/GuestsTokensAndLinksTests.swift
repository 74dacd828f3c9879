import Foundation
import GenkanHTTPTesting
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// The API in-process, further: anonymous accounts and their linking, custom tokens,
/// custom claims, revocation, e-mail link sign-in (API and site), and where links may lead.
/// (`Tests/e2e/test_firebase_tokens.py` and `test_firebase_js.py` drive the same with the Admin
/// SDK and the JavaScript SDK.)
@Suite struct GuestsTokensAndLinksTests {
    static let owner = ["Authorization": "Bearer owner"]
    static let admin = "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts"
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
    static let refreshPath = "/securetoken.googleapis.com/v1/token?key=fake-api-key"

    /// A custom token as the Admin SDKs make it for the emulator: `alg: none`, no signature.
    static func unsignedToken(_ claims: [String: Any]) -> String {
        func encode(_ object: [String: Any]) -> String {
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return encode(["alg": "none", "typ": "JWT"]) + "." + encode(claims) + "."
    }

    static func provider(_ token: String) -> String? {
        (jwtParts(token).payload["firebase"] as? [String: Any])?["sign_in_provider"] as? String
    }

    @Test func aGuestIsLinkedToAPasswordAndKeepsItsUID() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let guest = await api.call("accounts:signUp", ["returnSecureToken": true])
        #expect(guest.status == 200)
        let uid = try #require(guest.string("localId")), token = try #require(guest.string("idToken"))
        #expect(Self.provider(token) == "anonymous" && jwtParts(token).payload["email"] == nil)
        let user = try #require((await api.call("accounts:lookup", ["idToken": token])["users"] as? [[String: Any]])?.first)
        #expect(user["email"] == nil && user["passwordHash"] == nil && (user["providerUserInfo"] as? [Any] ?? []).isEmpty)
        // The JS SDK 10's linkWithCredential: accounts:signUp with the guest's ID token.
        let linked = await api.call(
            "accounts:signUp",
            ["idToken": token, "email": "guest@example.com", "password": FirebaseClient.password, "returnSecureToken": true])
        #expect(linked.status == 200 && linked.string("localId") == uid && linked.string("email") == "guest@example.com")
        #expect(Self.provider(try #require(linked.string("idToken"))) == "password")
        #expect(await api.signIn("guest@example.com").string("localId") == uid)
        // A second password is refused; another guest cannot take the address.
        let twice = await api.call(
            "accounts:signUp", ["idToken": try #require(linked.string("idToken")), "email": "guest@example.com", "password": FirebaseClient.password])
        #expect(twice.status == 400)
        let other = try #require(await api.call("accounts:signUp", [:]).string("idToken"))
        let taken = await api.call("accounts:signUp", ["idToken": other, "email": "GUEST@example.com", "password": FirebaseClient.password])
        #expect(taken.error == "EMAIL_EXISTS")
        // Linked, the account signs in on the site like any other.
        let page = await fixture.client().submit("/signin", [("email", "guest@example.com"), ("password", FirebaseClient.password)])
        #expect(page.status == 303 && page.header("Location") == "/account")
    }

    @Test func customTokensInEmulatorMode() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let token = Self.unsignedToken(["aud": Self.audience, "uid": "backend-1", "claims": ["role": "admin", "level": 2]])
        let first = await api.call("accounts:signInWithCustomToken", ["token": token, "returnSecureToken": true])
        #expect(first.status == 200 && first["isNewUser"] as? Bool == true)
        let claims = jwtParts(try #require(first.string("idToken"))).payload
        #expect(claims["sub"] as? String == "backend-1" && claims["user_id"] as? String == "backend-1")
        #expect(claims["role"] as? String == "admin" && claims["level"] as? Int == 2 && claims["email"] == nil)
        #expect(Self.provider(try #require(first.string("idToken"))) == "custom")
        #expect(await api.call("accounts:signInWithCustomToken", ["token": token])["isNewUser"] as? Bool == false)
        // Tokens refreshed from this sign-in keep its claims.
        let refreshed = await api.call(Self.refreshPath, ["grantType": "refresh_token", "refreshToken": try #require(first.string("refreshToken"))])
        #expect(refreshed.string("user_id") == "backend-1")
        #expect(jwtParts(try #require(refreshed.string("id_token"))).payload["role"] as? String == "admin")
        // The account exists, by its uid, without an address.
        let users = await api.call(Self.admin + ":lookup", ["localId": ["backend-1"]], headers: Self.owner)["users"] as? [[String: Any]]
        #expect(users?.count == 1 && users?.first?["email"] == nil)
        // Refusals, none of which makes an account.
        #expect(await api.call("accounts:signInWithCustomToken", [:]).error == "MISSING_CUSTOM_TOKEN")
        #expect(await api.call("accounts:signInWithCustomToken", ["token": "garbage"]).error?.hasPrefix("INVALID_CUSTOM_TOKEN") == true)
        let idTokenAudience = Self.unsignedToken(["aud": "demo-genkan", "uid": "backend-2"])
        #expect(await api.call("accounts:signInWithCustomToken", ["token": idTokenAudience]).error?.hasPrefix("INVALID_CUSTOM_TOKEN") == true)
        let reserved = Self.unsignedToken(["aud": Self.audience, "uid": "backend-2", "claims": ["sub": "someone"]])
        #expect(await api.call("accounts:signInWithCustomToken", ["token": reserved]).error?.hasPrefix("FORBIDDEN_CLAIM") == true)
        let long = Self.unsignedToken(["aud": Self.audience, "uid": String(repeating: "x", count: 129)])
        #expect(await api.call("accounts:signInWithCustomToken", ["token": long]).error?.hasPrefix("INVALID_CUSTOM_TOKEN") == true)
        let none = await api.call(Self.admin + ":lookup", ["localId": ["backend-2"]], headers: Self.owner)
        #expect(none["users"] == nil)
        // Outside emulator mode an unsigned token signs in nobody.
        let signed = try AppFixture.firebase()
        let refused = await signed.firebase().call("accounts:signInWithCustomToken", ["token": token])
        #expect(refused.status == 400 && refused.string("idToken") == nil)
    }

    @Test func claimsReachTheNextRefreshAndRevocationEndsOlderTokens() async throws {
        let clock = TestClock()
        let fixture = try AppFixture.firebase(emulator: true, clock: clock)
        let api = fixture.firebase()
        let signedUp = await api.signUp()
        let uid = try #require(signedUp.string("localId"))
        let refresh = try #require(signedUp.string("refreshToken")), idToken = try #require(signedUp.string("idToken"))
        let set = await api.call(Self.admin + ":update", ["localId": uid, "customAttributes": #"{"role":"editor"}"#], headers: Self.owner)
        #expect(set.status == 200)
        let user = (await api.call(Self.admin + ":lookup", ["localId": [uid]], headers: Self.owner)["users"] as? [[String: Any]])?.first
        #expect(user?["customAttributes"] as? String == #"{"role":"editor"}"#)
        let refreshed = await api.call(Self.refreshPath, ["grantType": "refresh_token", "refreshToken": refresh])
        #expect(jwtParts(try #require(refreshed.string("id_token"))).payload["role"] as? String == "editor")
        // Reserved names, other JSON, too long: refused, nothing changed.
        func update(_ attributes: String) async -> String? {
            await api.call(Self.admin + ":update", ["localId": uid, "customAttributes": attributes], headers: Self.owner).error
        }
        #expect(await update(#"{"firebase":1}"#)?.hasPrefix("FORBIDDEN_CLAIM") == true)
        #expect(await update("[1]") == "INVALID_CLAIMS")
        #expect(await update("{\"b\":\"" + String(repeating: "x", count: 1000) + "\"}") == "CLAIMS_TOO_LARGE")
        #expect(jwtParts(try #require(await api.signIn().string("idToken"))).payload["role"] as? String == "editor")
        // A user cannot set their own claims.
        #expect(await api.call("accounts:update", ["idToken": idToken, "customAttributes": "{}"]).status == 403)

        // Revocation: older refresh and ID tokens are refused, the account stays enabled.
        clock.advance(by: 10)
        let revoked = await api.call(Self.admin + ":update", ["localId": uid, "validSince": String(clock.now)], headers: Self.owner)
        #expect(revoked.status == 200)
        #expect(await api.call(Self.refreshPath, ["grantType": "refresh_token", "refreshToken": refresh]).error == "TOKEN_EXPIRED")
        #expect(await api.call("accounts:lookup", ["idToken": idToken]).error == "TOKEN_EXPIRED")
        let after = await api.signIn()
        #expect(after.status == 200)
        #expect(await api.call("accounts:lookup", ["idToken": try #require(after.string("idToken"))]).status == 200)
        let looked = (await api.call(Self.admin + ":lookup", ["localId": [uid]], headers: Self.owner)["users"] as? [[String: Any]])?.first
        #expect(looked?["validSince"] as? String == String(clock.now) && looked?["disabled"] as? Bool == false)
    }

    @Test func anEmailLinkSignsInOnceAndMakesAVerifiedAccount() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let sent = await api.call(
            "accounts:sendOobCode",
            ["requestType": "EMAIL_SIGNIN", "email": "New@example.com", "continueUrl": "http://localhost:5173/finish?step=2", "canHandleCodeInApp": true])
        #expect(sent.status == 200 && sent.string("email") == "New@example.com")
        // The emulator's links lead to this machine (an app in development), never anywhere.
        let away = await api.call(
            "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "New@example.com", "continueUrl": "http://app.test/finish"])
        #expect(away.error?.hasPrefix("UNAUTHORIZED_DOMAIN") == true, "\(away.body)")
        let codes = await api.raw("GET", "/emulator/v1/projects/demo-genkan/oobCodes", body: nil)
        let entry = try #require((codes["oobCodes"] as? [[String: Any]])?.first { $0["requestType"] as? String == "EMAIL_SIGNIN" })
        let link = try #require(entry["oobLink"] as? String), code = try #require(entry["oobCode"] as? String)
        let parts = try #require(URLComponents(string: link))
        let query = Dictionary(uniqueKeysWithValues: (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(parts.path == "/__/auth/action" && query["mode"] == "signIn" && query["oobCode"] == code)
        #expect(query["apiKey"] == "fake-api-key" && query["continueUrl"] == "http://localhost:5173/finish?step=2")
        // The mail carries the same link.
        #expect(try fixture.mails.all.contains { $0.recipient == "New@example.com" && $0.text.contains(code) })
        // The action handler sends the browser on to the app with the code; nothing is used up.
        let handler = await fixture.client().get(parts.path + "?" + (parts.percentEncodedQuery ?? ""))
        #expect(handler.status == 303)
        let location = try #require(handler.header("Location"))
        let target = try #require(URLComponents(string: location))
        let forwarded = Dictionary(uniqueKeysWithValues: (target.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(target.host == "localhost" && target.path == "/finish" && forwarded["step"] == "2")
        #expect(forwarded["mode"] == "signIn" && forwarded["oobCode"] == code && forwarded["apiKey"] == "fake-api-key")
        // Another address is refused; the right one signs in, makes the account, verified.
        #expect(await api.call("accounts:signInWithEmailLink", ["email": "other@example.com", "oobCode": code]).status == 400)
        let signedIn = await api.call("accounts:signInWithEmailLink", ["email": "new@example.com", "oobCode": code, "returnSecureToken": true])
        #expect(signedIn.status == 200 && signedIn["isNewUser"] as? Bool == true)
        let token = try #require(signedIn.string("idToken"))
        #expect(jwtParts(token).payload["email_verified"] as? Bool == true)
        #expect(await api.call("accounts:signInWithEmailLink", ["email": "new@example.com", "oobCode": code]).error == "INVALID_OOB_CODE")
        // An existing account: not new, the same uid.
        let taro = try #require(await api.signUp().string("localId"))
        _ = await api.call(
            "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "taro@example.com", "continueUrl": "http://127.0.0.1:5173/finish"])
        let listed = await api.raw("GET", "/emulator/v1/projects/demo-genkan/oobCodes", body: nil)
        let taros = try #require((listed["oobCodes"] as? [[String: Any]])?.last { $0["email"] as? String == "taro@example.com" }?["oobCode"] as? String)
        let again = await api.call("accounts:signInWithEmailLink", ["email": "taro@example.com", "oobCode": taros])
        #expect(again["isNewUser"] as? Bool == false && again.string("localId") == taro)
    }

    @Test func outsideTheEmulatorLinksLeadOnlyToAllowedOrigins() async throws {
        let fixture = try AppFixture.firebase { $0.authorizedDomains = ["app.example", "https://shop.example:8443"] }
        let api = fixture.firebase()
        var count = 0
        func send(_ url: String) async -> FirebaseClient.Answer {
            count += 1
            return await api.call(
                "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "u\(count)@example.com", "continueUrl": url])
        }
        for refused in ["https://evil.example/finish", "https://app.example.evil.example/", "https://app.example@evil.example/",
                        "https://shop.example/finish"] {
            #expect(await send(refused).error?.hasPrefix("UNAUTHORIZED_DOMAIN") == true, "\(refused)")
        }
        for allowed in ["https://shop.example:8443/finish", "http://app.example:3000/finish", "http://genkan.test/done"] {
            #expect(await send(allowed).status == 200, "\(allowed)")
        }
        // The handler checks again, whatever a link says.
        let evil = "/__/auth/action?mode=signIn&oobCode=\(Secret.token())&apiKey=k&continueUrl=https%3A%2F%2Fevil.example%2F"
        #expect(await fixture.client().get(evil).status == 400)
    }

    @Test func theSitesSignInLinkAnswersAlikeMailsOnlyAnAccountAndWorksOnce() async throws {
        let fixture = try AppFixture.firebase()
        _ = await fixture.firebase().signUp()
        let known = await fixture.client().submit("/signin/link", [("email", "taro@example.com")])
        let unknown = await fixture.client().submit("/signin/link", [("email", "nobody@example.com")])
        #expect(known.status == 200 && unknown.status == 200)
        #expect(known.body.replacingOccurrences(of: "taro@example.com", with: "X").count
            == unknown.body.replacingOccurrences(of: "nobody@example.com", with: "X").count)
        var link: String?
        for _ in 0..<50 where link == nil {
            try await Task.sleep(for: .milliseconds(50))
            link = try fixture.mails.all.compactMap { $0.link("/signin/link/confirm") }.last
        }
        let confirm = try #require(link).replacingOccurrences(of: "http://genkan.test", with: "")
        #expect(try fixture.mails.all.allSatisfy { $0.recipient != "nobody@example.com" })
        // Opening the link signs nothing in; its button does, once.
        let browser = fixture.client()
        let page = await browser.get(confirm)
        #expect(page.status == 200 && page.body.contains("taro@example.com"))
        #expect(await browser.get("/account").status == 303)
        let code = String(confirm.split(separator: "=").last!)
        let signedIn = await browser.post("/signin/link/confirm", [("csrf", page.csrf ?? ""), ("code", code)])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/account")
        #expect(await browser.get("/account").status == 200)
        let again = fixture.client()
        let used = await again.get(confirm)
        #expect(used.status == 400)
    }
}
