import Foundation
import GenkanHTTPTesting
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// `accounts:sendOobCode`, `accounts:resetPassword`, `accounts:update`, `accounts:delete` and
/// `accounts:createAuthUri`: success fields, every error string, and the mails with links to
/// Genkan's own pages in the language of `X-Firebase-Locale`.
@Suite struct OOBConformanceTests {
    /// The last link to `path` the outbox holds for `recipient`, as a path and query.
    func link(_ fixture: AppFixture, _ path: String, to recipient: String = "taro@example.com") throws -> String? {
        try fixture.mails.all.filter { $0.recipient == recipient }.compactMap { $0.link(path) }.last?
            .replacingOccurrences(of: "http://genkan.test", with: "")
    }

    func code(_ link: String) -> String { String(link.split(separator: "=").last!) }

    @Test func passwordResetMailsTheSitesLinkInTheRequestedLanguage() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        _ = await api.signUp()
        let answer = await api.call(
            "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "Taro@example.com"], headers: ["X-Firebase-Locale": "ja"])
        #expect(answer.body == #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"Taro@example.com"}"#)
        try await Task.sleep(for: .milliseconds(300))
        let mail = try #require(try fixture.mails.all.last)
        #expect(mail.recipient == "taro@example.com" && mail.text.contains("パスワード"))
        let link = try #require(try link(fixture, "/password/reset"))
        // Checking the code says what it is for, without using it.
        let check = await api.call("accounts:resetPassword", ["oobCode": code(link)])
        #expect(check.body == #"{"kind":"identitytoolkit#ResetPasswordResponse","email":"taro@example.com","requestType":"PASSWORD_RESET"}"#)
        // The site's reset page accepts the link the API sent.
        let page = await fixture.client().get(link)
        #expect(page.status == 200 && page.body.contains("new-password"))
        // An unknown address gets the same answer and no mail.
        let before = try fixture.mails.all.count
        let unknown = await api.call("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"])
        #expect(unknown.status == 200 && unknown.string("email") == "nobody@example.com")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try fixture.mails.all.count == before)
    }

    @Test func resetPasswordSetsTheNewPassword() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        _ = await api.signUp()
        _ = await api.call("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "taro@example.com"])
        try await Task.sleep(for: .milliseconds(300))
        let code = code(try #require(try link(fixture, "/password/reset")))
        #expect(
            await api.call("accounts:resetPassword", ["oobCode": code, "newPassword": "short"]).body
                == FirebaseClient.errorBody("WEAK_PASSWORD : Password should be at least 8 characters"))
        let done = await api.call("accounts:resetPassword", ["oobCode": code, "newPassword": "another horse battery"])
        #expect(done.body == #"{"kind":"identitytoolkit#ResetPasswordResponse","email":"taro@example.com","requestType":"PASSWORD_RESET"}"#)
        #expect(await api.signIn(password: "another horse battery").status == 200)
        // The address is verified by the reset (the link came to it), and the code is used up.
        #expect(
            await api.call("accounts:resetPassword", ["oobCode": code, "newPassword": "third horse battery"]).body
                == FirebaseClient.errorBody("INVALID_OOB_CODE"))
        // And the web page signs in with the new password.
        let browser = fixture.client()
        #expect(await browser.submit("/signin", [("email", "taro@example.com"), ("password", "another horse battery")]).status == 303)
    }

    @Test func resetPasswordErrors() async throws {
        let clock = TestClock()
        let fixture = try AppFixture.firebase(clock: clock)
        let api = fixture.firebase()
        _ = await api.signUp()
        #expect(await api.call("accounts:resetPassword", [:]).body == FirebaseClient.errorBody("MISSING_OOB_CODE"))
        #expect(await api.call("accounts:resetPassword", ["oobCode": Secret.token()]).body == FirebaseClient.errorBody("INVALID_OOB_CODE"))
        _ = await api.call("accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "taro@example.com"])
        try await Task.sleep(for: .milliseconds(300))
        let code = code(try #require(try link(fixture, "/password/reset")))
        clock.advance(by: 3600)
        #expect(
            await api.call("accounts:resetPassword", ["oobCode": code, "newPassword": "another horse battery"]).body
                == FirebaseClient.errorBody("EXPIRED_OOB_CODE"))
    }

    @Test func verificationByTheAPIOrThePage() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let token = try #require(await api.signUp().string("idToken"))
        let sent = await api.call("accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": token], headers: ["X-Firebase-Locale": "de"])
        #expect(sent.body == #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"taro@example.com"}"#)
        let link = try #require(try link(fixture, "/verify-email"))
        #expect(try fixture.mails.all.last?.text.contains("Adresse") == true)  // German
        // The code applied alone through accounts:update.
        let applied = await api.call("accounts:update", ["oobCode": code(link)])
        #expect(applied.status == 200 && applied["emailVerified"] as? Bool == true)
        #expect(applied.string("kind") == "identitytoolkit#SetAccountInfoResponse" && applied.string("localId")?.utf8.count == 28)
        let user = (await api.call("accounts:lookup", ["idToken": token])["users"] as? [[String: Any]])?.first
        #expect(user?["emailVerified"] as? Bool == true)
        // A second verification link works on the site's page too.
        _ = await api.call("accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": token])
        let page = await fixture.client().get(try #require(try self.link(fixture, "/verify-email")))
        #expect(page.status == 200)
        #expect(await api.call("accounts:sendOobCode", ["requestType": "VERIFY_EMAIL"]).error == "MISSING_ID_TOKEN")
    }

    @Test func anAddressChangeThroughTheLinkMailedToTheNewAddress() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let token = try #require(await api.signUp().string("idToken"))
        _ = await api.signUp("hanako@example.com", name: "Hanako")
        let sendChange: ([String: Any]) async -> FirebaseClient.Answer = { fields in
            await api.call("accounts:sendOobCode", ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": token].merging(fields) { $1 })
        }
        #expect(await sendChange(["newEmail": "HANAKO@example.com"]).body == FirebaseClient.errorBody("EMAIL_EXISTS"))
        #expect(await sendChange(["newEmail": "new@"]).body == FirebaseClient.errorBody("INVALID_EMAIL"))
        #expect(await sendChange([:]).body == FirebaseClient.errorBody("MISSING_NEW_EMAIL"))
        let sent = await sendChange(["newEmail": "taro.new@example.com"])
        #expect(sent.body == #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"taro@example.com"}"#)
        let link = try #require(try link(fixture, "/account/email/confirm", to: "taro.new@example.com"))
        let check = await api.call("accounts:resetPassword", ["oobCode": code(link)])
        #expect(
            check.body
                == #"{"kind":"identitytoolkit#ResetPasswordResponse","email":"taro@example.com","newEmail":"taro.new@example.com","requestType":"VERIFY_AND_CHANGE_EMAIL"}"#)
        let applied = await api.call("accounts:update", ["oobCode": code(link)])
        #expect(applied.string("email") == "taro.new@example.com" && applied.string("newEmail") == "taro.new@example.com")
        // The old address got the undo link, which the API applies too.
        let undo = try #require(try self.link(fixture, "/account/email/recover"))
        let recovered = await api.call("accounts:update", ["oobCode": code(undo)])
        #expect(recovered.string("email") == "taro@example.com")
        // Setting the address directly is refused under enumeration protection, as Firebase does.
        let fresh = try #require(await api.signIn().string("idToken"))
        #expect(
            await api.call("accounts:update", ["idToken": fresh, "email": "other@example.com"]).body
                == FirebaseClient.errorBody("OPERATION_NOT_ALLOWED : Please verify the new email before changing email."))
    }

    @Test func sendOOBCodeErrors() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        _ = await api.signUp()
        let cases: [([String: Any], String)] = [
            ([:], "MISSING_REQ_TYPE"),
            (["requestType": "VERIFY_PHONE", "email": "taro@example.com"],
             "INVALID_REQ_TYPE : Genkan sends PASSWORD_RESET, VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL and EMAIL_SIGNIN."),
            // (Another address than the others': sign-in links count with resets per address.)
            (["requestType": "EMAIL_SIGNIN", "email": "hanako@example.com"], "MISSING_CONTINUE_URI"),
            (["requestType": "EMAIL_SIGNIN", "email": "hanako@example.com", "continueUrl": "/finish"], "INVALID_CONTINUE_URI"),
            (["requestType": "PASSWORD_RESET"], "MISSING_EMAIL"),
            (["requestType": "PASSWORD_RESET", "email": "taro"], "INVALID_EMAIL"),
            (["requestType": "PASSWORD_RESET", "email": "taro@example.com", "continueUrl": "not a url"], "INVALID_CONTINUE_URI"),
            (["requestType": "VERIFY_EMAIL", "idToken": "x.y.z"], "INVALID_ID_TOKEN"),
        ]
        for (fields, message) in cases {
            #expect(await api.call("accounts:sendOobCode", fields).body == FirebaseClient.errorBody(message), "\(fields)")
        }
        let link = await api.call(
            "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "taro@example.com", "returnOobLink": true])
        #expect(link.status == 403 && link.error == "INSUFFICIENT_PERMISSION")
    }

    @Test func updateProfileFields() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let token = try #require(await api.signUp().string("idToken"))
        let updated = await api.call(
            "accounts:update", ["idToken": token, "displayName": "ﾀﾛｳ　Ｙａｍａｄａ", "photoUrl": "https://example.com/taro.png", "returnSecureToken": true])
        #expect(updated.status == 200)
        #expect(
            updated.json.keys.sorted() == [
                "displayName", "email", "emailVerified", "kind", "localId", "passwordHash", "photoUrl", "providerUserInfo",
            ])
        // The name is normalized as the sign-up page stores it.
        #expect(updated.string("displayName") == "タロウ Yamada" && updated.string("photoUrl") == "https://example.com/taro.png")
        let removed = await api.call("accounts:update", ["idToken": token, "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]])
        #expect(removed.string("displayName") == nil && removed.string("photoUrl") == nil)
        #expect(
            await api.call("accounts:update", ["idToken": token, "deleteAttribute": ["PASSWORD"]]).error
                == "INVALID_ARGUMENT : Genkan cannot delete the attribute 'PASSWORD'.")
        #expect(await api.call("accounts:update", ["displayName": "x"]).error == "MISSING_ID_TOKEN")
        #expect(
            await api.call("accounts:update", ["idToken": token, "password": "short"]).body
                == FirebaseClient.errorBody("WEAK_PASSWORD : Password should be at least 8 characters"))
        #expect(
            await api.call("accounts:update", ["idToken": token, "password": "abcdefghijklmnop"]).status == 400)
        #expect(await api.call("accounts:update", ["oobCode": Secret.token()]).body == FirebaseClient.errorBody("INVALID_OOB_CODE"))
    }

    @Test func deleteEndsTheAccountEverywhere() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        let created = await api.signUp()
        let token = try #require(created.string("idToken"))
        let browser = fixture.client()
        #expect(await browser.submit("/signin", [("email", "taro@example.com"), ("password", FirebaseClient.password)]).status == 303)
        #expect(await api.call("accounts:delete", ["idToken": token]).body == #"{"kind":"identitytoolkit#DeleteAccountResponse"}"#)
        #expect(await api.call("accounts:delete", ["idToken": token]).body == FirebaseClient.errorBody("USER_NOT_FOUND"))
        #expect(await api.call("accounts:delete", [:]).body == FirebaseClient.errorBody("MISSING_ID_TOKEN"))
        #expect(await browser.get("/account").status == 303)  // the browser's session went with the account
        #expect(try fixture.mails.all.last?.recipient == "taro@example.com")  // the goodbye
        #expect(await api.signUp().status == 200)  // the address is free again
    }

    @Test func createAuthURIRevealsNothing() async throws {
        let fixture = try AppFixture.firebase()
        let api = fixture.firebase()
        _ = await api.signUp()
        for identifier in ["taro@example.com", "nobody@example.com"] {
            let answer = await api.call("accounts:createAuthUri", ["identifier": identifier, "continueUri": "http://localhost/"])
            #expect(answer.status == 200 && answer.json.keys.sorted() == ["kind", "sessionId"])
            #expect(answer.string("kind") == "identitytoolkit#CreateAuthUriResponse")
        }
        let cases: [([String: Any], String)] = [
            (["continueUri": "http://localhost/"], "MISSING_IDENTIFIER"),
            (["identifier": "taro@example.com"], "MISSING_CONTINUE_URI"),
            (["identifier": "taro", "continueUri": "http://localhost/"], "INVALID_IDENTIFIER"),
            (["identifier": "taro@example.com", "continueUri": "localhost"], "INVALID_CONTINUE_URI"),
        ]
        for (fields, message) in cases {
            #expect(await api.call("accounts:createAuthUri", fields).body == FirebaseClient.errorBody(message), "\(fields)")
        }
    }
}
