import Foundation
import GenkanHTTPTesting
@testable import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// `accounts:signUp`, `accounts:signInWithPassword`, `accounts:lookup` and Secure Token's
/// `v1/token`: each success's fields and each error string, with Firebase's exact JSON shapes.
@Suite struct SignInConformanceTests {
    @Test func signUpAnswersTheAccountAndItsTokens() async throws {
        let fixture = try AppFixture.firebase()
        let answer = await fixture.firebase().signUp()
        #expect(answer.status == 200)
        #expect(answer.json.keys.sorted() == ["displayName", "email", "expiresIn", "idToken", "kind", "localId", "refreshToken"])
        #expect(answer.string("kind") == "identitytoolkit#SignupNewUserResponse")
        #expect(answer.string("email") == "taro@example.com" && answer.string("displayName") == "Taro")
        #expect(answer.string("expiresIn") == "3600")  // a string, as Firebase sends it
        #expect(answer.string("refreshToken")?.count == 43)
        let claims = jwtParts(try #require(answer.string("idToken"))).payload
        #expect(claims["sub"] as? String == answer.string("localId") && claims["user_id"] as? String == answer.string("localId"))
        #expect(answer.headers["content-type"] == "application/json")
    }

    @Test func signUpErrors() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        _ = await api.signUp()
        let cases: [([String: Any], String)] = [
            (["email": "TARO@example.com", "password": FirebaseClient.password], "EMAIL_EXISTS"),
            (["email": "taro@example", "password": FirebaseClient.password], "INVALID_EMAIL"),
            (["password": FirebaseClient.password], "MISSING_EMAIL"),
            (["email": "", "password": FirebaseClient.password], "MISSING_EMAIL"),
            (["email": "hanako@example.com"], "MISSING_PASSWORD"),
            (["email": "hanako@example.com", "password": "short"], "WEAK_PASSWORD : Password should be at least 8 characters"),
            (["email": "hanako@example.com", "password": "password"], "WEAK_PASSWORD : Password does not meet the site's policy (password.in-blocklist)"),
            (["email": 7, "password": FirebaseClient.password], "INVALID_ARGUMENT : Invalid value at 'email', a string is expected."),
        ]
        for (fields, message) in cases {
            let answer = await api.call("accounts:signUp", fields)
            #expect(answer.status == 400, "\(fields)")
            #expect(answer.error == message, "\(fields)")
        }
        let exists = await api.call("accounts:signUp", ["email": "taro@example.com", "password": FirebaseClient.password])
        #expect(exists.body == FirebaseClient.errorBody("EMAIL_EXISTS"))
    }

    @Test func aBodyThatIsNotAnObjectIsInvalidArgument() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        for body in ["[1]", "\"text\"", "{", "{\"email\":", "nul", "12"] {
            let answer = await api.raw("POST", "accounts:signInWithPassword", body: Array(body.utf8))
            #expect(answer.status == 400, "\(body)")
            #expect(
                answer.body
                    == #"{"error":{"code":400,"message":"INVALID_ARGUMENT : Invalid JSON payload received.","errors":[{"message":"INVALID_ARGUMENT : Invalid JSON payload received.","domain":"global","reason":"invalid"}],"status":"INVALID_ARGUMENT"}}"#,
                "\(body)")
        }
        // A string field over the cap is refused before anything else.
        let long = await api.call("accounts:signInWithPassword", ["email": String(repeating: "a", count: 9000), "password": "x"])
        #expect(long.error == "INVALID_ARGUMENT : 'email' is too long.")
    }

    @Test func signInAnswersTheAccountAndItsTokens() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let answer = await api.signIn("Taro@Example.com")
        #expect(answer.status == 200)
        #expect(
            answer.json.keys.sorted() == ["displayName", "email", "expiresIn", "idToken", "kind", "localId", "refreshToken", "registered"])
        #expect(answer.string("kind") == "identitytoolkit#VerifyPasswordResponse")
        #expect(answer["registered"] as? Bool == true && answer.string("localId") == created.string("localId"))
        #expect(answer.string("email") == "taro@example.com" && answer.string("expiresIn") == "3600")
        #expect(answer.string("refreshToken") != created.string("refreshToken"))
    }

    @Test func signInErrors() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        _ = await api.signUp()
        let cases: [([String: Any], String)] = [
            (["email": "taro@example.com", "password": "wrong horse battery"], "INVALID_LOGIN_CREDENTIALS"),
            // Enumeration protection: an unknown address is the same error.
            (["email": "nobody@example.com", "password": FirebaseClient.password], "INVALID_LOGIN_CREDENTIALS"),
            (["email": "taro@", "password": FirebaseClient.password], "INVALID_EMAIL"),
            (["password": FirebaseClient.password], "MISSING_EMAIL"),
            (["email": "taro@example.com"], "MISSING_PASSWORD"),
            (["email": "taro@example.com", "password": ""], "MISSING_PASSWORD"),
        ]
        for (fields, message) in cases {
            let answer = await api.call("accounts:signInWithPassword", fields)
            #expect(answer.body == FirebaseClient.errorBody(message), "\(fields)")
        }
        let store = try AccountStore(location: fixture.configuration.database)
        let id = try #require(try store.account(email: "taro@example.com")?.account.id)
        try store.setDisabled(accountID: id, true)
        #expect(await api.signIn().body == FirebaseClient.errorBody("USER_DISABLED"))
        // The wrong password of a disabled account does not say it is disabled.
        #expect(await api.signIn(password: "wrong horse battery").error == "INVALID_LOGIN_CREDENTIALS")
    }

    @Test func signInIsLimitedPerAccountWithTheSiteLimits() async throws {
        // Only wrong passwords count (`SignInThrottle`): two from this address on the account, then
        // even the right one is refused (`FirebaseLimitTests` has the rest).
        let fixture = try AppFixture.firebase { configuration in
            configuration.rateLimits.signIn.perAddressAndAccount = .init(capacity: 2, refillPerMinute: 0.001)
        }
        let api = fixture.firebase()
        _ = await api.signUp()
        #expect(await api.signIn(password: "wrong horse battery").error == "INVALID_LOGIN_CREDENTIALS")
        #expect(await api.signIn(password: "wrong horse battery").error == "INVALID_LOGIN_CREDENTIALS")
        let limited = await api.signIn()
        #expect(limited.body == FirebaseClient.errorBody("TOO_MANY_ATTEMPTS_TRY_LATER"))
        #expect(limited.headers["retry-after"] != nil)
        // The page's sign-in is refused by the same count.
        let page = await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", FirebaseClient.password)])
        #expect(page.status == 429)
    }

    @Test func lookupAnswersTheUserRecord() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let answer = await api.call("accounts:lookup", ["idToken": created.string("idToken")!])
        #expect(answer.status == 200)
        #expect(answer.string("kind") == "identitytoolkit#GetAccountInfoResponse")
        let users = try #require(answer["users"] as? [[String: Any]])
        #expect(users.count == 1)
        let user = users[0]
        #expect(
            user.keys.sorted() == [
                "createdAt", "disabled", "displayName", "email", "emailVerified", "lastLoginAt", "localId", "passwordHash",
                "passwordUpdatedAt", "providerUserInfo", "validSince",
            ])
        #expect(user["localId"] as? String == created.string("localId") && user["emailVerified"] as? Bool == false)
        #expect(user["passwordHash"] as? String == "UkVEQUNURUQ=" && user["disabled"] as? Bool == false)
        #expect((user["createdAt"] as? String).flatMap(Int64.init).map { $0 % 1000 == 0 } == true)
        let provider = try #require((user["providerUserInfo"] as? [[String: Any]])?.first)
        #expect(provider["providerId"] as? String == "password" && provider["rawId"] as? String == "taro@example.com")
    }

    @Test func lookupErrors() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let token = try #require(created.string("idToken"))
        #expect(await api.call("accounts:lookup", [:]).body == FirebaseClient.errorBody("MISSING_ID_TOKEN"))
        #expect(await api.call("accounts:lookup", ["idToken": "not.a.token"]).body == FirebaseClient.errorBody("INVALID_ID_TOKEN"))
        // A token whose payload was changed no longer verifies.
        var parts = token.split(separator: ".").map(String.init)
        let forged = jwtParts(token).payload.merging(["user_id": "2", "sub": "2"]) { $1 }
        parts[1] = Secret.base64URL(Array(try JSONSerialization.data(withJSONObject: forged)))
        #expect(await api.call("accounts:lookup", ["idToken": parts.joined(separator: ".")]).error == "INVALID_ID_TOKEN")
        // An unsigned token (the emulator's kind) is refused outside emulator mode.
        parts[2] = ""
        parts[0] = Secret.base64URL(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        parts[1] = token.split(separator: ".").map(String.init)[1]
        #expect(await api.call("accounts:lookup", ["idToken": parts.joined(separator: ".")]).error == "INVALID_ID_TOKEN")
        // The account is deleted: USER_NOT_FOUND; disabled: USER_DISABLED.
        let store = try AccountStore(location: fixture.configuration.database)
        try store.setDisabled(accountID: 1, true)
        #expect(await api.call("accounts:lookup", ["idToken": token]).body == FirebaseClient.errorBody("USER_DISABLED"))
        try store.deleteAccount(id: 1)
        #expect(await api.call("accounts:lookup", ["idToken": token]).body == FirebaseClient.errorBody("USER_NOT_FOUND"))
    }

    @Test func refreshTokensWithAFormOrJSON() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let refresh = try #require(created.string("refreshToken"))
        // The web SDK: a form, snake_case.
        let form = await fixture.client().send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k",
            body: Array("grant_type=refresh_token&refresh_token=\(refresh)".utf8))
        #expect(form.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(form.body.utf8)) as? [String: Any])
        #expect(
            json.keys.sorted() == ["access_token", "expires_in", "id_token", "project_id", "refresh_token", "token_type", "user_id"])
        #expect(json["token_type"] as? String == "Bearer" && json["expires_in"] as? String == "3600")
        #expect(json["refresh_token"] as? String == refresh && json["user_id"] as? String == created.string("localId"))
        #expect(json["project_id"] as? String == "demo-genkan" && json["access_token"] as? String == json["id_token"] as? String)
        // The iOS SDK: JSON, camelCase.
        let ios = await api.call("/securetoken.googleapis.com/v1/token", ["grantType": "refresh_token", "refreshToken": refresh])
        #expect(ios.status == 200 && ios.string("id_token") != nil)
        let lookup = await api.call("accounts:lookup", ["idToken": ios.string("id_token")!])
        #expect(lookup.status == 200)
    }

    @Test func refreshErrors() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let refresh = try #require(created.string("refreshToken"))
        let path = "/securetoken.googleapis.com/v1/token"
        #expect(await api.call(path, ["refreshToken": refresh]).body == FirebaseClient.errorBody("MISSING_GRANT_TYPE"))
        #expect(await api.call(path, ["grantType": "password", "refreshToken": refresh]).body == FirebaseClient.errorBody("INVALID_GRANT_TYPE"))
        #expect(await api.call(path, ["grantType": "refresh_token"]).body == FirebaseClient.errorBody("MISSING_REFRESH_TOKEN"))
        #expect(
            await api.call(path, ["grantType": "refresh_token", "refreshToken": Secret.token()]).body
                == FirebaseClient.errorBody("INVALID_REFRESH_TOKEN"))
        let store = try AccountStore(location: fixture.configuration.database)
        try store.setDisabled(accountID: 1, true)
        #expect(await api.call(path, ["grantType": "refresh_token", "refreshToken": refresh]).body == FirebaseClient.errorBody("USER_DISABLED"))
        try store.deleteAccount(id: 1)
        #expect(await api.call(path, ["grantType": "refresh_token", "refreshToken": refresh]).error == "INVALID_REFRESH_TOKEN")
    }

    @Test func unknownPathsAndMethodsAreFirebaseShaped() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let missing = await api.call("accounts:signInWithPhoneNumber", [:])
        #expect(missing.status == 404)
        #expect(
            missing.body
                == #"{"error":{"code":404,"message":"NOT_FOUND","errors":[{"message":"NOT_FOUND","domain":"global","reason":"notFound"}],"status":"NOT_FOUND"}}"#)
        let wrongMethod = await api.raw("GET", "accounts:lookup", body: nil)
        #expect(wrongMethod.status == 405 && wrongMethod.error == "METHOD_NOT_ALLOWED" && wrongMethod.headers["allow"] == "POST")
        let v2 = await api.raw("GET", "/identitytoolkit.googleapis.com/v2/recaptchaConfig", body: nil)
        #expect(v2.status == 404 && v2.error == "NOT_FOUND")
    }

    @Test func withoutTheOptionThereIsNoAPI() async throws {
        let fixture = try AppFixture()
        let answer = await FirebaseClient(client: fixture.client()).call("accounts:signUp", ["email": "a@example.com"])
        #expect(answer.status == 404 && answer.body.contains("<html"))
    }
}
