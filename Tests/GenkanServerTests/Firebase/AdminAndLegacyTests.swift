import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// The legacy v3 names, the admin endpoints and the emulator's own, CORS, and the same account on
/// the pages and the API.
@Suite struct AdminAndLegacyTests {
    @Test func theLegacyNamesAnswerAsTheirV1Endpoints() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let v3 = FirebaseClient.v3
        let created = await api.call(v3 + "signupNewUser", ["email": "taro@example.com", "password": FirebaseClient.password])
        #expect(created.string("kind") == "identitytoolkit#SignupNewUserResponse")
        let signedIn = await api.call(v3 + "verifyPassword", ["email": "taro@example.com", "password": FirebaseClient.password])
        #expect(signedIn.string("kind") == "identitytoolkit#VerifyPasswordResponse" && signedIn["registered"] as? Bool == true)
        let token = try #require(signedIn.string("idToken"))
        #expect(await api.call(v3 + "getAccountInfo", ["idToken": token]).string("kind") == "identitytoolkit#GetAccountInfoResponse")
        #expect(await api.call(v3 + "setAccountInfo", ["idToken": token, "displayName": "Jiro"]).string("displayName") == "Jiro")
        #expect(
            await api.call(v3 + "getOobConfirmationCode", ["requestType": "VERIFY_EMAIL", "idToken": token]).string("email")
                == "taro@example.com")
        #expect(await api.call(v3 + "createAuthUri", ["identifier": "taro@example.com", "continueUri": "http://localhost"]).status == 200)
        #expect(await api.call(v3 + "resetPassword", ["oobCode": Secret.token()]).error == "INVALID_OOB_CODE")
        #expect(await api.call(v3 + "verifyPassword", ["email": "taro@example.com", "password": "nope nope nope"]).error == "INVALID_LOGIN_CREDENTIALS")
        #expect(await api.call(v3 + "deleteAccount", ["idToken": token]).string("kind") == "identitytoolkit#DeleteAccountResponse")
        // signInWithIdp's legacy name: served (Tests/e2e/test_oidc.py signs in through it); without
        // an assertion, and for a provider that is not configured, Firebase's errors.
        #expect(await api.call(v3 + "verifyAssertion", [:]).error == "INVALID_IDP_RESPONSE : postBody is missing")
        #expect(
            await api.call(v3 + "verifyAssertion", ["postBody": "id_token=x&providerId=google.com", "requestUri": "http://localhost"])
                .error == "OPERATION_NOT_ALLOWED : The identity provider configuration is not found.")
    }

    @Test func anAccountMadeOnEitherSideSignsInOnTheOther() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        // API → page.
        _ = await api.signUp()
        let browser = fixture.client()
        let page = await browser.submit("/signin", [("email", "TARO@example.com"), ("password", FirebaseClient.password)])
        #expect(page.status == 303 && page.header("Location") == "/account")
        // Page → API.
        let other = fixture.client()
        #expect(await other.submit("/signup", taro.map { $0.0 == "email" ? ($0.0, "hanako@example.com") : $0 }).status == 303)
        let signedIn = await api.signIn("hanako@example.com")
        #expect(signedIn.status == 200 && signedIn.string("displayName") == "タロウ Yamada")
        // A name changed through the API shows on the account page.
        _ = await api.call("accounts:update", ["idToken": signedIn.string("idToken")!, "displayName": "Hanako"])
        #expect(await other.get("/account").body.contains("Hanako"))
    }

    @Test func corsReflectsTheOriginAndAnswersPreflights() async throws {
        let fixture = try AppFixture.firebase()
        let client = fixture.client()
        let preflight = await client.send(
            "OPTIONS", FirebaseClient.v1 + "accounts:signUp?key=k", body: nil,
            headers: ["Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST",
                      "Access-Control-Request-Headers": "content-type,x-client-version"])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        // The headers asked for are reflected; without a list, the ones the SDKs send.
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type,x-client-version")
        #expect(preflight.header("Access-Control-Max-Age") == "86400")
        #expect(preflight.header("Vary") == "Origin, Access-Control-Request-Headers")
        let plain = await client.send(
            "OPTIONS", FirebaseClient.v3 + "verifyPassword", body: nil,
            headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST"])
        let allowed = plain.header("Access-Control-Allow-Headers")?.lowercased() ?? ""
        for header in ["content-type", "x-client-version", "x-firebase-locale", "x-firebase-gmpid", "authorization"] {
            #expect(allowed.contains(header), "\(header)")
        }
        let odd = await client.send(
            "OPTIONS", FirebaseClient.v1 + "accounts:lookup", body: nil,
            headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x\u{7F}y"])
        #expect(odd.header("Access-Control-Allow-Headers") == FirebaseCORS.allowedHeaders)
        // Errors carry it too, so the SDK can read them.
        let error = await client.send(
            "POST", FirebaseClient.v1 + "accounts:nothing", body: Array("{}".utf8), headers: ["Origin": "http://localhost:5173"])
        #expect(error.status == 404 && error.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        // The site's pages get none.
        let page = await client.get("/signin", headers: ["Origin": "http://localhost:5173"])
        #expect(page.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func adminEndpointsNeedTheEmulatorsOwner() async throws {
        let signed = try AppFixture.firebase()
        let path = "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts:lookup"
        #expect(await signed.firebase().call(path, ["localId": ["1"]], headers: ["Authorization": "Bearer owner"]).status == 403)
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        #expect(await api.call(path, ["localId": ["1"]]).error == "INSUFFICIENT_PERMISSION")
        let otherProject = "/identitytoolkit.googleapis.com/v1/projects/other/accounts:lookup"
        #expect(await api.call(otherProject, ["localId": ["1"]], headers: ["Authorization": "Bearer owner"]).status == 404)
    }

    @Test func adminCreatesLooksUpUpdatesListsAndDeletes() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let owner = ["Authorization": "Bearer owner"]
        let base = "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts"
        let created = await api.call(
            base, ["email": "taro@example.com", "password": FirebaseClient.password, "displayName": "Taro", "emailVerified": true],
            headers: owner)
        // New accounts get Firebase-shaped uids: 28 letters and digits.
        let taro = try #require(created.string("localId"))
        #expect(taro.utf8.count == 28 && taro.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(created.body == #"{"kind":"identitytoolkit#SignupNewUserResponse","localId":"\#(taro)","email":"taro@example.com","displayName":"Taro"}"#)
        #expect(await api.call(base, ["email": "TARO@example.com"], headers: owner).error == "EMAIL_EXISTS")
        let hanako = try #require(await api.call(base, ["email": "hanako@example.com"], headers: owner).string("localId"))  // no password
        #expect(await api.signIn("hanako@example.com", password: "anything at all").error == "INVALID_LOGIN_CREDENTIALS")
        let found = await api.call(base + ":lookup", ["localId": [taro], "email": ["HANAKO@example.com", "nobody@example.com"]], headers: owner)
        let users = try #require(found["users"] as? [[String: Any]])
        #expect(users.map { $0["email"] as? String } == ["taro@example.com", "hanako@example.com"])
        #expect(users[0]["emailVerified"] as? Bool == true)
        #expect(await api.call(base + ":lookup", ["localId": ["99"]], headers: owner).body == #"{"kind":"identitytoolkit#GetAccountInfoResponse"}"#)
        let updated = await api.call(
            base + ":update", ["localId": taro, "displayName": "Jiro", "disableUser": true, "email": "jiro@example.com"], headers: owner)
        #expect(updated.body == #"{"kind":"identitytoolkit#SetAccountInfoResponse","localId":"\#(taro)"}"#)
        #expect(await api.signIn("jiro@example.com").error == "USER_DISABLED")
        #expect(await api.call(base + ":update", ["localId": taro, "email": "hanako@example.com"], headers: owner).error == "EMAIL_EXISTS")
        #expect(await api.call(base + ":update", ["localId": "42"], headers: owner).error == "USER_NOT_FOUND")
        #expect(await api.call(base + ":update", [:], headers: owner).error == "MISSING_LOCAL_ID")
        let page = await api.raw("GET", base + ":batchGet?maxResults=1", body: nil, headers: owner)
        #expect((page["users"] as? [[String: Any]])?.count == 1 && page.string("nextPageToken") == "1")
        let rest = await api.raw("GET", base + ":batchGet?maxResults=1&nextPageToken=1", body: nil, headers: owner)
        #expect((rest["users"] as? [[String: Any]])?.first?["email"] as? String == "hanako@example.com")
        #expect(await api.call(base + ":delete", ["localId": hanako], headers: owner).body == #"{"kind":"identitytoolkit#DeleteAccountResponse"}"#)
        #expect(await api.call(base + ":delete", ["localId": hanako], headers: owner).error == "USER_NOT_FOUND")
    }

    @Test func adminLinksAndTheEmulatorsCodes() async throws {
        let fixture = try AppFixture.firebase(emulator: true)
        let api = fixture.firebase()
        let owner = ["Authorization": "Bearer owner"]
        _ = await api.signUp()
        let link = await api.call(
            "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts:sendOobCode",
            ["requestType": "PASSWORD_RESET", "email": "taro@example.com", "returnOobLink": true], headers: owner)
        #expect(link.json.keys.sorted() == ["email", "kind", "oobCode", "oobLink"])
        let oobLink = try #require(link.string("oobLink"))
        #expect(oobLink.hasPrefix("http://genkan.test/password/reset?code="))
        #expect(await fixture.client().get(String(oobLink.dropFirst("http://genkan.test".count))).status == 200)
        #expect(
            await api.call(
                "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts:sendOobCode",
                ["requestType": "PASSWORD_RESET", "email": "nobody@example.com", "returnOobLink": true], headers: owner
            ).error == "EMAIL_NOT_FOUND")
        // The client's reset request is listed with its code too.
        _ = await api.call("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "taro@example.com"])
        try await Task.sleep(for: .milliseconds(300))
        let codes = await api.raw("GET", "/emulator/v1/projects/demo-genkan/oobCodes", body: nil)
        let listed = try #require(codes["oobCodes"] as? [[String: Any]])
        #expect(listed.count == 2 && listed.allSatisfy { $0["requestType"] as? String == "PASSWORD_RESET" && $0["email"] as? String == "taro@example.com" })
        #expect(listed[0]["oobCode"] as? String == link.string("oobCode"))
        // Configuration and deleting every account.
        let config = await api.raw("GET", "/emulator/v1/projects/demo-genkan/config", body: nil)
        #expect(config.body == #"{"signIn":{"allowDuplicateEmails":false},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#)
        let change = await api.raw(
            "PATCH", "/emulator/v1/projects/demo-genkan/config", body: Array(#"{"signIn":{"allowDuplicateEmails":true}}"#.utf8))
        #expect(change.error == "OPERATION_NOT_ALLOWED : Genkan keeps one account per e-mail address.")
        #expect(await api.raw("DELETE", "/emulator/v1/projects/demo-genkan/accounts", body: nil).body == "{}")
        #expect(await api.signIn().error == "INVALID_LOGIN_CREDENTIALS")
        #expect(await api.raw("GET", "/emulator/v1/projects/other/oobCodes", body: nil).status == 404)
    }

    @Test func withoutEmulatorModeThereAreNoEmulatorEndpoints() async throws {
        let fixture = try AppFixture.firebase()
        #expect(await fixture.firebase().raw("GET", "/emulator/v1/projects/demo-genkan/oobCodes", body: nil).status == 404)
    }
}

/// Every error string the API can answer, read by `AuthErrorModel` as the apps' SDKs and Genkan's
/// own clients read them.
@Suite struct FirebaseErrorCatalogTests {
    /// Strings that mean an internal fault, which the model reads as one on purpose
    /// (`MISSING_CUSTOM_TOKEN`: the JS SDK's own mapping, since only a broken SDK omits the token).
    static let internalFaults: Set<FirebaseErrorCode> = [.notFound, .methodNotAllowed, .internalError, .missingCustomToken]

    @Test(arguments: FirebaseErrorCode.allCases) func everyStringParsesToACodeWithAMessageInEveryLanguage(_ code: FirebaseErrorCode) {
        let model = AuthErrorModel()
        let body = FirebaseError(code, code == .weakPassword ? "Password should be at least 8 characters" : nil).body.serialized()
        let parsed = AuthError(parsing: body)
        #expect(parsed.isRecognized, "\(code.rawValue) is not a string AuthErrorModel knows")
        if !Self.internalFaults.contains(code) {
            #expect(parsed.code != .internalError, "\(code.rawValue) → \(parsed.code)")
        }
        #expect(model.locales.count >= 12)
        for locale in model.locales {
            let message = model.message(for: parsed, locale: locale)
            #expect(!message.isEmpty && !message.contains("auth/"), "\(code.rawValue) in \(locale): \(message)")
        }
    }
}

/// Refusals that no route sees (the engine's limits, a full pool) under the API's prefixes.
@Suite struct FirebaseEngineRefusalTests {
    @Test func bodiesOverTheLimitAndAFullPoolAreFirebaseShaped() throws {
        let fixture = try AppFixture.firebase()
        let request = HTTPRequest(method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:signUp", headers: ["origin": "http://a.test"])
        let tooLarge = fixture.app.routes.refusal(status: 413, request: request)
        let body = tooLarge.body.decoded
        #expect(tooLarge.status == 413)
        #expect(body.hasPrefix(#"{"error":{"code":413,"message":"INVALID_ARGUMENT : Request payload size exceeds the limit.""#))
        #expect(tooLarge.headers["access-control-allow-origin"] == "http://a.test")
        let busy = fixture.app.routes.overloaded(request: request)
        let busyBody = busy.body.decoded
        #expect(busy.status == 503 && busyBody.contains(#""message":"UNAVAILABLE""#) && busy.headers["retry-after"] == "1")
        // The site's pages keep their own.
        let page = fixture.app.routes.refusal(status: 413, request: HTTPRequest(method: "POST", path: "/signup"))
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
    }
}
