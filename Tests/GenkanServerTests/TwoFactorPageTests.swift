import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import Testing
@testable import GenkanServer
@testable import GenkanStore

/// `/account/two-factor` and `/signin/two-factor` in-process over a real SQLite file: the secret
/// read back from the page, codes made from it with the RFC 6238 code the core checks with, the
/// mails read from the outbox table.
@Suite struct TwoFactorPageTests {
    static let keys = try! TwoFactorKeys(fileText: String(repeating: "5a", count: 32))
    static let password = "correct horse battery"
    let model = AuthErrorModel()

    func text(_ key: String, _ locale: String = "en") -> String { escaped(model.text(key, locale: locale)) }

    func fixture() throws -> AppFixture { try AppFixture { $0.twoFactorKeys = Self.keys } }

    /// Taro signed up and his address verified (a second factor needs a verified address).
    func taroSignedIn(_ fixture: AppFixture, language: String = "en") async throws -> TestClient {
        let client = fixture.client(language: language)
        try #require(await client.submit("/signup", taro).status == 303)
        let store = try AccountStore(path: fixture.directory + "/genkan.sqlite")
        let account = try #require(try store.account(email: "taro@example.com")?.account)
        try store.markVerified(accountID: account.id)
        return client
    }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    /// The secret of an enrolment page, as an app reads the key typed from it.
    static func secret(_ page: TestClient.Response) throws -> TOTP {
        let key = try #require(SiteClient.firstMatch(#"<code data-totp-secret[^>]*>([A-Z2-7 ]+)</code>"#, in: page.body))
        return TOTP(secret: try #require(Base32.decode(key.replacingOccurrences(of: " ", with: ""))))
    }

    /// Enrols Taro's authenticator: its TOTP and the ten recovery codes shown.
    func enrol(_ client: TestClient) async throws -> (TOTP, [String]) {
        let setUp = await client.get("/account/two-factor")
        try #require(setUp.status == 200)
        let started = await client.post("/account/two-factor/set-up", [("csrf", setUp.csrf ?? ""), ("current-password", Self.password)])
        try #require(started.status == 200, "\(started.body)")
        let totp = try Self.secret(started)
        let enrollment = try #require(SiteClient.firstMatch(#"name="enrollment" value="([^"]+)""#, in: started.body))
        let done = await client.post("/account/two-factor/enable", [
            ("csrf", started.csrf ?? ""), ("enrollment", enrollment), ("code", totp.code(step: TOTP.step(at: Self.now()))),
        ])
        try #require(done.status == 200, "\(done.body)")
        let codes = SiteClient.allMatches(#"<code data-recovery-code>([0-9a-z-]+)</code>"#, in: done.body)
        return (totp, codes)
    }

    @Test func enrolmentShowsTheQRCodeAndKeyAndKeepsTheSecretThroughAWrongCode() async throws {
        let fixture = try fixture()
        let client = try await taroSignedIn(fixture, language: "ja")
        #expect(await client.get("/account").body.contains("href=\"/account/two-factor\""))
        let setUp = await client.get("/account/two-factor")
        #expect(setUp.status == 200 && setUp.body.contains("action=\"/account/two-factor/set-up\""))
        // The password is the proof: a wrong one is refused on its field, nothing is made.
        let wrong = await client.post("/account/two-factor/set-up", [("csrf", setUp.csrf ?? ""), ("current-password", "not it")])
        #expect(wrong.status == 422 && !wrong.body.contains("data-totp-secret"))
        let started = await client.post("/account/two-factor/set-up", [("csrf", setUp.csrf ?? ""), ("current-password", Self.password)])
        #expect(started.status == 200)
        #expect(started.body.contains("<svg") && started.body.contains("role=\"img\"") && started.body.contains("autocomplete=\"one-time-code\""))
        #expect(started.body.contains("inputmode=\"numeric\""))
        #expect(started.header("Cache-Control") == "no-store")
        let totp = try Self.secret(started)
        let enrollment = try #require(SiteClient.firstMatch(#"name="enrollment" value="([^"]+)""#, in: started.body))
        let step = TOTP.step(at: Self.now())
        let bad = (0...9).map { String(repeating: String($0), count: 6) }.first { code in
            (step - 1...step + 1).allSatisfy { totp.code(step: $0) != code }
        }!
        let refused = await client.post("/account/two-factor/enable", [("csrf", started.csrf ?? ""), ("enrollment", enrollment), ("code", bad)])
        #expect(refused.status == 422)
        #expect(refused.body.contains(escaped(model.message(for: .invalidVerificationCode, locale: "ja"))))
        #expect(try Self.secret(refused).secret == totp.secret)
        #expect(!refused.body.contains("value=\"\(bad)\""))
        let empty = await client.post("/account/two-factor/enable", [("csrf", started.csrf ?? ""), ("enrollment", enrollment), ("code", " ")])
        #expect(empty.status == 422)
        #expect(try Self.secret(empty).secret == totp.secret)
        let done = await client.post("/account/two-factor/enable", [
            ("csrf", started.csrf ?? ""), ("enrollment", enrollment), ("code", totp.code(step: step)),
        ])
        #expect(done.status == 200)
        let codes = SiteClient.allMatches(#"<code data-recovery-code>([0-9a-z-]+)</code>"#, in: done.body)
        #expect(codes.count == 10 && Set(codes).count == 10)
        // The download holds the same codes.
        let download = try #require(SiteClient.firstMatch(#"href="data:text/plain;charset=utf-8,([^"]+)" download"#, in: done.body))
        #expect(codes.allSatisfy { (download.removingPercentEncoding ?? "").contains($0) })
        let page = await client.get("/account/two-factor")
        #expect(page.body.contains(text("ui.recovery-codes.new", "ja")) && !page.body.contains("data-recovery-code"))
        let mails = try fixture.mails.all.filter { $0.recipient == "taro@example.com" }
        #expect(mails.contains { $0.text.contains(model.text("mail.two-factor.added.body", locale: "ja")) })
    }

    @Test func aSignInWaitsForTheCodeAndACodeWorksOnce() async throws {
        let fixture = try fixture()
        let client = try await taroSignedIn(fixture)
        let (totp, recovery) = try await enrol(client)
        let account = await client.get("/account")
        #expect(await client.post("/signout", [("csrf", account.csrf ?? "")]).status == 303)

        // The password alone leads to the second step, with no session.
        let first = await client.submit("/signin?return=/account/sessions", [
            ("email", "taro@example.com"), ("password", Self.password), ("return", "/account/sessions"),
        ])
        #expect(first.status == 303 && first.header("Location") == "/signin/two-factor")
        #expect(client.cookies["genkan_2fa"] != nil && client.cookies["genkan_session"] == nil)
        #expect(await client.get("/account").status == 303)
        let form = await client.get("/signin/two-factor")
        #expect(form.status == 200 && form.body.contains("autocomplete=\"one-time-code\"") && form.body.contains("inputmode=\"numeric\""))
        // The step belongs to this browser: its cookie in another one is no use.
        let stranger = fixture.client(language: "en")
        let strangerForm = await stranger.get("/signin/two-factor")
        #expect(strangerForm.status == 303)
        stranger.cookies["genkan_2fa"] = client.cookies["genkan_2fa"]
        let strangerPage = await stranger.get("/signin/two-factor")
        let next = totp.code(step: TOTP.step(at: Self.now()) + 1)
        let stolen = await stranger.post("/signin/two-factor", [("csrf", strangerPage.csrf ?? ""), ("code", next)])
        #expect(stolen.status == 303 && stolen.header("Location") == "/signin" && stranger.cookies["genkan_session"] == nil)

        let signedIn = await client.post("/signin/two-factor", [("csrf", form.csrf ?? ""), ("code", next)])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/account/sessions")
        #expect(client.cookies["genkan_session"] != nil && client.cookies["genkan_2fa"] == nil)

        // The same code again, in a new sign-in: refused, it was used.
        let again = try await signInToSecondStep(client)
        let replayed = await client.post("/signin/two-factor", [("csrf", again.csrf ?? ""), ("code", next)])
        #expect(replayed.status == 422 && replayed.body.contains(text("ui.second-step.code-used")))
        // A recovery code works once.
        let recovered = await client.post("/signin/two-factor", [("csrf", again.csrf ?? ""), ("code", recovery[0].uppercased())])
        #expect(recovered.status == 303)
        let third = try await signInToSecondStep(client)
        let reused = await client.post("/signin/two-factor", [("csrf", third.csrf ?? ""), ("code", recovery[0])])
        #expect(reused.status == 422 && reused.body.contains(escaped(model.message(for: .invalidVerificationCode, locale: "en"))))
        let second = await client.post("/signin/two-factor", [("csrf", third.csrf ?? ""), ("code", recovery[1])])
        #expect(second.status == 303)
        let left = await client.get("/account/two-factor")
        #expect(left.body.range(of: #"Recovery codes left: (<bdi>)?8(</bdi>)?<"#, options: .regularExpression) != nil)
    }

    /// Signs the client out and in with the password: the second step's page.
    func signInToSecondStep(_ client: TestClient) async throws -> TestClient.Response {
        let account = await client.get("/account")
        if account.status == 200 { _ = await client.post("/signout", [("csrf", account.csrf ?? "")]) }
        let first = await client.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)])
        try #require(first.header("Location") == "/signin/two-factor")
        return await client.get("/signin/two-factor")
    }

    @Test func wrongCodesEndTheStepAndThenReachNoCheckAndTheOwnerIsMailed() async throws {
        let fixture = try fixture()
        let client = try await taroSignedIn(fixture)
        let (totp, _) = try await enrol(client)
        let step = TOTP.step(at: Self.now())
        let wrong = (0...9).map { String(repeating: String($0), count: 6) }.filter { code in
            (step - 2...step + 2).allSatisfy { totp.code(step: $0) != code }
        }[0]
        // Five wrong codes end a step; the next sign-in starts from the password.
        var page = try await signInToSecondStep(client)
        for _ in 0..<4 {
            let refused = await client.post("/signin/two-factor", [("csrf", page.csrf ?? ""), ("code", wrong)])
            #expect(refused.status == 422)
        }
        let fifth = await client.post("/signin/two-factor", [("csrf", page.csrf ?? ""), ("code", wrong)])
        #expect(fifth.status == 422)
        let ended = await client.post("/signin/two-factor", [("csrf", page.csrf ?? ""), ("code", wrong)])
        #expect(ended.status == 303 && ended.header("Location") == "/signin")
        #expect(await client.get("/signin").body.contains(escaped(model.message(for: .invalidMultiFactorSession, locale: "en"))))
        // Ten checks in all (one spent by the enrolment): the tenth wrong one fills the account's bucket.
        page = try await signInToSecondStep(client)
        for _ in 0..<4 { _ = await client.post("/signin/two-factor", [("csrf", page.csrf ?? ""), ("code", wrong)]) }
        let locked = await client.post("/signin/two-factor", [("csrf", page.csrf ?? ""), ("code", totp.code(step: step + 1))])
        #expect(locked.status == 429 && locked.body.contains(text("ui.second-step.locked")))
        let mails = try fixture.mails.all.filter { $0.recipient == "taro@example.com" }
        #expect(mails.filter { $0.text.contains(model.text("mail.two-factor.codes-guessed.body", locale: "en")) }.count == 1)
    }

    @Test func removalNeedsThePasswordAndACode() async throws {
        let fixture = try fixture()
        let client = try await taroSignedIn(fixture)
        let (totp, recovery) = try await enrol(client)
        let form = await client.get("/account/two-factor/remove")
        #expect(form.status == 200 && form.body.contains("name=\"current-password\"") && form.body.contains("name=\"code\""))
        let noCode = await client.post("/account/two-factor/remove", [("csrf", form.csrf ?? ""), ("current-password", Self.password), ("code", "")])
        #expect(noCode.status == 422)
        let wrongPassword = await client.post("/account/two-factor/remove", [
            ("csrf", form.csrf ?? ""), ("current-password", "not it"), ("code", recovery[1]),
        ])
        #expect(wrongPassword.status == 422)
        #expect(await client.get("/account/two-factor").body.contains("/account/two-factor/remove"))
        let removed = await client.post("/account/two-factor/remove", [
            ("csrf", form.csrf ?? ""), ("current-password", Self.password), ("code", recovery[1]),
        ])
        #expect(removed.status == 303 && removed.header("Location") == "/account/two-factor")
        #expect(await client.get("/account/two-factor").body.contains(text("ui.notice.two-factor-removed")))
        _ = totp
        // Signing in is the password alone again.
        let account = await client.get("/account")
        _ = await client.post("/signout", [("csrf", account.csrf ?? "")])
        let signIn = await client.submit("/signin", [("email", "taro@example.com"), ("password", Self.password)])
        #expect(signIn.header("Location") == "/account")
        let mails = try fixture.mails.all.filter { $0.recipient == "taro@example.com" }
        #expect(mails.contains { $0.text.contains(model.text("mail.two-factor.removed.body", locale: "en")) })
    }
}

extension TwoFactorPageTests {
    @Test func requiringASecondFactorLeadsEveryPageToItsSetUp() async throws {
        let fixture = try AppFixture {
            $0.twoFactorKeys = Self.keys
            $0.requireTwoFactor = true
        }
        let client = fixture.client(language: "en")
        try #require(await client.submit("/signup", taro).status == 303)
        // Adding one needs a verified address: first the page that sends the link.
        #expect(await client.get("/account").header("Location") == "/verify-email/required")
        let store = try AccountStore(path: fixture.directory + "/genkan.sqlite")
        try store.markVerified(accountID: try #require(try store.account(email: "taro@example.com")?.account).id)
        for path in ["/account", "/account/name", "/account/sessions"] {
            #expect(await client.get(path).header("Location") == "/account/two-factor", "\(path)")
        }
        _ = try await enrol(client)
        #expect(await client.get("/account").status == 200)
        #expect(await client.get("/account/name").status == 200)
    }
}

extension TwoFactorPageTests {
    /// The Admin SDK sees the factor too: `getUser` (lookup) and `listUsers` (batchGet) carry
    /// `mfaInfo` for the enrolled account only.
    @Test func theAdminAPIListsAFactorAddedOnThePage() async throws {
        let fixture = try AppFixture.firebase(emulator: true) { $0.twoFactorKeys = Self.keys }
        let client = try await taroSignedIn(fixture)
        _ = try await enrol(client)
        let api = fixture.firebase()
        let owner = ["Authorization": "Bearer owner"]
        let base = "/identitytoolkit.googleapis.com/v1/projects/demo-genkan/accounts"
        let hanako = try #require(await api.call(base, ["email": "hanako@example.com"], headers: owner).string("localId"))
        let found = await api.call(base + ":lookup", ["email": ["taro@example.com"], "localId": [hanako]], headers: owner)
        let users = try #require(found["users"] as? [[String: Any]])
        #expect(users.map { $0["email"] as? String } == ["hanako@example.com", "taro@example.com"])
        #expect(users[0]["mfaInfo"] == nil)
        let info = try #require((users[1]["mfaInfo"] as? [[String: Any]])?.first)
        #expect(info["totpInfo"] is [String: Any] && (info["mfaEnrollmentId"] as? String)?.isEmpty == false)
        #expect((info["enrolledAt"] as? String)?.hasSuffix("Z") == true)
        let listed = await api.raw("GET", base + ":batchGet?maxResults=10", body: nil, headers: owner)
        let page = try #require(listed["users"] as? [[String: Any]])
        #expect(page.map { $0["email"] as? String } == ["taro@example.com", "hanako@example.com"])
        #expect((page[0]["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] as? String == info["mfaEnrollmentId"] as? String)
        #expect(page[1]["mfaInfo"] == nil)
    }

    /// One factor whichever door: added on the page, asked for by the API's e-mail link sign-in
    /// (`mfaPendingCredential`, no tokens), which `mfaSignIn:finalize` then finishes.
    @Test func aFactorAddedOnThePageIsAskedForByTheAPIsEmailLinkSignIn() async throws {
        let fixture = try AppFixture.firebase(emulator: true) { $0.twoFactorKeys = Self.keys }
        let client = try await taroSignedIn(fixture)
        let (totp, _) = try await enrol(client)
        let api = fixture.firebase()
        let sent = await api.call(
            "accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "taro@example.com", "continueUrl": "http://127.0.0.1:5173/finish"])
        #expect(sent.status == 200)
        let listed = await api.raw("GET", "/emulator/v1/projects/demo-genkan/oobCodes", body: nil)
        let entries = listed["oobCodes"] as? [[String: Any]] ?? []
        let signInCodes = entries.compactMap { entry -> String? in entry["requestType"] as? String == "EMAIL_SIGNIN" ? entry["oobCode"] as? String : nil }
        let code = try #require(signInCodes.last)
        let first = await api.call("accounts:signInWithEmailLink", ["email": "taro@example.com", "oobCode": code, "returnSecureToken": true])
        #expect(first.status == 200 && first.string("idToken") == nil && first.string("refreshToken") == nil)
        let pending = try #require(first.string("mfaPendingCredential"))
        let hints = first["mfaInfo"] as? [[String: Any]] ?? []
        let hint = try #require(hints.first)
        #expect(hint["totpInfo"] != nil)
        let enrollmentID = hint["mfaEnrollmentId"] as? String ?? ""
        let next = totp.code(step: TOTP.step(at: Self.now()) + 1)
        let fields: [String: Any] = [
            "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID, "totpVerificationInfo": ["verificationCode": next],
        ]
        let finished = await api.call("/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize?key=fake-api-key", fields)
        #expect(finished.status == 200 && finished.string("idToken") != nil, "\(finished.body)")
    }
}
