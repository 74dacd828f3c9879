import Foundation
import GenkanHTTPTesting
import GenkanLocalization
import GenkanStore
import Testing
@testable import GenkanHTTP
@testable import GenkanServer

/// Password reset, e-mail verification and the sign-up options, in-process over a real SQLite
/// file; mail is read from the outbox table (the fixture's sender is off) except where a test
/// checks delivery itself.
@Suite struct MailFlowTests {
    let model = AuthErrorModel()

    func message(_ code: AuthErrorCode, _ locale: String) -> String { escaped(model.message(for: code, locale: locale)) }

    /// Signs Taro up (a verification mail is queued) and returns his client.
    func signedUp(_ fixture: AppFixture, language: String = "en") async throws -> TestClient {
        let client = fixture.client(language: language)
        let created = await client.submit("/signup", taro)
        try #require(created.status == 303)
        return client
    }

    // MARK: Verification

    @Test func signUpQueuesAVerificationMailWhoseLinkVerifiesWithAButton() async throws {
        let fixture = try AppFixture()
        let client = try await signedUp(fixture, language: "ja")
        let mail = try #require(try fixture.mails.all.first)
        #expect(mail.recipient == "taro@example.com")
        #expect(mail.text.contains(model.text("mail.verify.intro", locale: "ja")))
        let link = try #require(mail.link("/verify-email"))
        #expect(!link.contains("taro") && !link.contains("example.com"))
        // A GET (a mail scanner) shows a button and verifies nothing, however often.
        for _ in 0..<2 {
            let page = await fixture.client().get(link)
            #expect(page.status == 200 && page.header("Referrer-Policy") == "no-referrer")
            #expect(page.body.contains("action=\"/verify-email\""))
        }
        #expect(await client.get("/account").body.contains("class=\"status-unverified\""))
        let visitor = fixture.client(language: "ja")
        let page = await visitor.get(link)
        let code = String(link.split(separator: "=").last!)
        let verified = await visitor.post("/verify-email", [("csrf", page.csrf ?? ""), ("code", code)])
        #expect(verified.status == 200)
        #expect(verified.body.contains(escaped(model.text("ui.verify.done.title", locale: "ja"))))
        #expect(await client.get("/account").body.contains("class=\"status-verified\""))
        // The link again: a friendly page, not an error.
        let again = await fixture.client(language: "en").get(link)
        #expect(again.status == 200 && again.body.contains("<bdi>taro@example.com</bdi> is already verified"))
    }

    @Test func aVerificationLinkExpiresAfterThreeDays() async throws {
        let clock = TestClock()
        let fixture = try AppFixture { $0.clock = clock.storeClock }
        _ = try await signedUp(fixture)
        let link = try #require(try fixture.mails.all.first?.link("/verify-email"))
        clock.advance(by: 3 * 86_400 + 1)
        let expired = await fixture.client(language: "en").get(link)
        #expect(expired.status == 400 && expired.body.contains(message(.expiredActionCode, "en")))
        #expect(expired.body.contains("href=\"/account\""))
    }

    @Test func sendAgainMailsANewLinkAndShowsANotice() async throws {
        let fixture = try AppFixture()
        let client = try await signedUp(fixture)
        let account = await client.get("/account")
        let resent = await client.post("/verify-email/resend", [("csrf", account.csrf ?? "")])
        #expect(resent.status == 303 && resent.header("Location") == "/account")
        let mails = try fixture.mails.all
        #expect(mails.count == 2)
        let page = await client.get("/account")
        #expect(page.body.contains("<div class=\"notice\" role=\"status\">We sent a new link to <bdi>taro@example.com</bdi>.</div>"))
        #expect(!(await client.get("/account").body.contains("class=\"notice\"")))  // one time only
        // The first link was replaced by the second.
        let first = try #require(mails[0].link("/verify-email"))
        #expect(await fixture.client().get(first).status == 400)
        #expect(await fixture.client().get(try #require(mails[1].link("/verify-email"))).status == 200)
        // Without the session's token, nothing is sent.
        #expect(await client.post("/verify-email/resend", [("csrf", "x")]).status == 403)
    }

    @Test func requireVerifiedKeepsAnUnverifiedAccountOnTheVerifyPage() async throws {
        let fixture = try AppFixture { $0.requireVerified = true }
        let client = try await signedUp(fixture, language: "ja")
        let account = await client.get("/account")
        #expect(account.status == 303 && account.header("Location") == "/verify-email/required")
        let required = await client.get("/verify-email/required")
        #expect(required.status == 200)
        #expect(required.body.contains(escaped(model.text("ui.verify.required.title", locale: "ja"))))
        #expect(required.body.contains("action=\"/verify-email/resend\"") && required.body.contains("action=\"/signout\""))
        let resent = await client.post("/verify-email/resend", [("csrf", required.csrf ?? ""), ("return", "/verify-email/required")])
        #expect(resent.header("Location") == "/verify-email/required")
        let link = try #require(try fixture.mails.all.last?.link("/verify-email"))
        let page = await client.get(link)
        _ = await client.post("/verify-email", [("csrf", page.csrf ?? ""), ("code", String(link.split(separator: "=").last!))])
        #expect(await client.get("/account").status == 200)
        #expect(await client.get("/verify-email/required").header("Location") == "/account")
    }

    // MARK: Password reset

    @Test func forgotPasswordAnswersTheSameForAnyAddressAndMailsOnlyAnAccount() async throws {
        let fixture = try AppFixture()
        _ = try await signedUp(fixture)
        let before = try fixture.mails.all.count
        let known = await fixture.client(language: "en").submit("/password/forgot", [("email", "TARO@Example.com")])
        let unknown = await fixture.client(language: "en").submit("/password/forgot", [("email", "nobody@example.com")])
        #expect(known.status == 200 && unknown.status == 200)
        let normalize = { (body: String) in
            body.replacingOccurrences(of: "TARO@example.com", with: "X").replacingOccurrences(of: "nobody@example.com", with: "X")
                .replacingOccurrences(of: #"name="csrf" value="[^"]+""#, with: "", options: .regularExpression)
        }
        #expect(normalize(known.body) == normalize(unknown.body))
        #expect(known.body.contains("If an account exists for <bdi>TARO@example.com</bdi>"))
        // The mail is made right after the answer, on the pool.
        let deadline = Date().addingTimeInterval(5)
        while try fixture.mails.all.count == before, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let mails = try fixture.mails.all
        #expect(mails.count == before + 1 && mails.last?.recipient == "taro@example.com")
        #expect(mails.last?.link("/password/reset") != nil)
    }

    @Test func aResetEndsEverySessionSignsThisBrowserInAndMailsANotice() async throws {
        let fixture = try AppFixture()
        let phone = try await signedUp(fixture)
        let link = try #require(try await resetLink(fixture))
        let browser = fixture.client(language: "en")
        let form = await browser.get(link)
        #expect(form.status == 200 && form.header("Referrer-Policy") == "no-referrer")
        #expect(form.body.contains("Choose a new password for <bdi>taro@example.com</bdi>."))
        #expect(form.body.contains("id=\"new-password-checklist\""))
        let code = String(link.split(separator: "=").last!)
        // The policy applies with the account as context: the address is not a password.
        let weak = await browser.post("/password/reset", [
            ("csrf", form.csrf ?? ""), ("code", code), ("new-password", "taro@example.com"), ("password-confirmation", "taro@example.com"),
        ])
        #expect(weak.status == 422 && weak.body.contains("name=\"code\" value=\"\(code)\""))
        #expect(!weak.body.contains("value=\"taro@example.com\""))
        let done = await browser.post("/password/reset", [
            ("csrf", form.csrf ?? ""), ("code", code), ("new-password", "a brand new passphrase"),
            ("password-confirmation", "a brand new passphrase"),
        ])
        #expect(done.status == 303 && done.header("Location") == "/account")
        let account = await browser.get("/account")
        #expect(account.status == 200 && account.body.contains("Your password has been changed."))
        #expect(account.body.contains("class=\"status-verified\""))  // the link proved the mailbox
        #expect(await phone.get("/account").header("Location") == "/signin")
        #expect(try fixture.mails.all.contains { $0.text.contains(model.text("mail.password-changed.body-kept", locale: "en")) })
        // The link is used up; the old password no longer signs in, the new one does.
        let used = await fixture.client(language: "en").get(link)
        #expect(used.status == 400 && used.body.contains(message(.invalidActionCode, "en")))
        #expect(used.body.contains("href=\"/password/forgot\""))
        let old = await fixture.client().submit("/signin", [("email", "taro@example.com"), ("password", "correct horse battery")])
        #expect(old.status == 422)
        let new = await fixture.client().submit("/signin", [("email", "Taro@Example.COM"), ("password", "a brand new passphrase")])
        #expect(new.status == 303)
    }

    @Test func aResetLinkExpiresAfterAnHour() async throws {
        let clock = TestClock()
        let fixture = try AppFixture { $0.clock = clock.storeClock }
        _ = try await signedUp(fixture)
        let link = try #require(try await resetLink(fixture))
        clock.advance(by: 3599)
        #expect(await fixture.client().get(link).status == 200)
        clock.advance(by: 2)
        let expired = await fixture.client(language: "ja").get(link)
        #expect(expired.status == 400 && expired.body.contains(message(.expiredActionCode, "ja")))
    }

    @Test func aMangledCodeIsTheInvalidLinkPage() async throws {
        let fixture = try AppFixture()
        for path in ["/password/reset", "/password/reset?code=short", "/password/reset?code=" + String(repeating: "A", count: 43)] {
            let page = await fixture.client(language: "en").get(path)
            #expect(page.status == 400 && page.body.contains(message(.invalidActionCode, "en")), "\(path)")
        }
    }

    @Test func linksComeFromTheBaseURLNeverFromTheHostHeader() async throws {
        let fixture = try AppFixture()
        let client = fixture.client()
        let page = await client.get("/signup", headers: ["Host": "evil.example"])
        _ = await client.post("/signup", [("csrf", page.csrf ?? "")] + taro, headers: ["Host": "evil.example"])
        let mail = try #require(try fixture.mails.all.first)
        #expect(mail.link("/verify-email") != nil && !mail.text.contains("evil.example"))
    }

    @Test func forgotPasswordIsRateLimitedPerAddress() async throws {
        let fixture = try AppFixture { $0.rateLimits.resetPerAccount = .init(capacity: 2, refillPerMinute: 0) }
        for _ in 0..<2 {
            #expect(await fixture.client().submit("/password/forgot", [("email", "x@example.com")]).status == 200)
        }
        let limited = await fixture.client(language: "en").submit("/password/forgot", [("email", "X@example.com")])
        #expect(limited.status == 429 && limited.body.contains(message(.tooManyRequests, "en")))
        #expect(limited.body.contains("value=\"X@example.com\""))
    }

    /// Asks for a reset for Taro and waits for its mail's link.
    func resetLink(_ fixture: AppFixture) async throws -> String? {
        _ = await fixture.client().submit("/password/forgot", [("email", "taro@example.com")])
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let link = try fixture.mails.all.compactMap({ $0.link("/password/reset") }).last { return link }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    // MARK: Sign-up

    @Test func anAddressIsOneAccountWhateverItsCase() async throws {
        let fixture = try AppFixture()
        _ = try await signedUp(fixture)
        let again = await fixture.client(language: "en").submit("/signup", [
            ("name", "Taro"), ("email", "TARO@example.com"), ("password", "another good passphrase"),
            ("password-confirmation", "another good passphrase"),
        ])
        #expect(again.status == 422 && again.body.contains(message(.emailAlreadyInUse, "en")))
        let signedIn = await fixture.client().submit("/signin", [("email", "Taro@Example.COM"), ("password", "correct horse battery")])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/account")
    }

    @Test func privateSignUpAnswersAlikeAndTellsTheOwnerByMail() async throws {
        let fixture = try AppFixture { $0.privateSignUp = true }
        let first = await fixture.client(language: "en").submit("/signup", taro)
        let second = await fixture.client(language: "en").submit("/signup", taro)
        for response in [first, second] {
            #expect(response.status == 200)
            #expect(response.body.contains("We sent a message to <bdi>taro@example.com</bdi>."))
            #expect(!response.setCookies.contains { $0.hasPrefix("genkan_session=") })
        }
        let mails = try fixture.mails.all
        #expect(mails.count == 2)
        #expect(mails[0].link("/verify-email") != nil)
        #expect(mails[1].text.contains(model.text("mail.signup-attempt.body", locale: "en")))
        #expect(mails[1].text.contains("http://genkan.test/password/forgot"))
    }

    // MARK: Delivery

    @Test func theSenderDeliversToTheOutboxDirectory() async throws {
        let fixture = try AppFixture(sendsMail: true)
        _ = try await signedUp(fixture)
        let deadline = Date().addingTimeInterval(10)
        var files: [String] = []
        while files.isEmpty, Date() < deadline {
            files = (try? FileManager.default.contentsOfDirectory(atPath: fixture.outboxDirectory))?.filter { $0.hasSuffix(".eml") } ?? []
            if files.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        }
        let file = try #require(files.first)
        let bytes = try #require(FileManager.default.contents(atPath: fixture.outboxDirectory + "/" + file))
        let text = QueuedMails.decoded(Array(bytes))
        #expect(text.contains("Content-Type: multipart/alternative") && text.contains("To: taro@example.com"))
        #expect(try fixture.mails.all.isEmpty)  // delivered rows leave the table
    }
}
